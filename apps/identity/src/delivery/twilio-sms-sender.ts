import twilio from 'twilio';
import { SmsSender, type OutgoingSms } from './delivery.ports';

/** Text messages through Twilio (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, sending number TWILIO_FROM). */
export class TwilioSmsSender extends SmsSender {
  private readonly client: ReturnType<typeof twilio>;
  constructor(
    accountSid: string,
    authToken: string,
    private readonly from: string,
  ) {
    super();
    this.client = twilio(accountSid, authToken);
  }
  async send(m: OutgoingSms): Promise<void> {
    await this.client.messages.create({ to: m.to, from: this.from, body: m.body });
  }
}
