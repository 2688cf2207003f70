import { Injectable, Logger } from '@nestjs/common';
import { ServiceUnavailable } from '@app/nest-kit';
import { Mailer, SmsSender, type OutgoingEmail } from './delivery.ports';

/** Sends after the events have committed; a failed delivery answers 503 (the user asks again). */
@Injectable()
export class Deliveries {
  private readonly logger = new Logger('Deliveries');
  constructor(
    private readonly mailer: Mailer,
    private readonly sms: SmsSender,
  ) {}

  async email(message: OutgoingEmail): Promise<void> {
    try {
      await this.mailer.send(message);
    } catch (e) {
      this.logger.error(`email to ${message.to} failed: ${(e as Error).message}`);
      throw new ServiceUnavailable('Could not send the email: try again later');
    }
  }

  async text(to: string, body: string): Promise<void> {
    try {
      await this.sms.send({ to, body });
    } catch (e) {
      this.logger.error(`text message to ${to} failed: ${(e as Error).message}`);
      throw new ServiceUnavailable('Could not send the text message: try again later');
    }
  }
}
