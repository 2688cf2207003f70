import nodemailer, { type Transporter } from 'nodemailer';
import { Mailer, type OutgoingEmail } from './delivery.ports';

/** Email over SMTP (SMTP_URL, e.g. smtps://user:password@smtp.example.com:465), sender MAIL_FROM. */
export class SmtpMailer extends Mailer {
  private readonly transport: Transporter;
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    this.transport = nodemailer.createTransport(smtpUrl);
  }
  async send(m: OutgoingEmail): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text });
  }
  close(): void {
    this.transport.close();
  }
}
