/** An email to send: plain text. */
export type OutgoingEmail = { to: string; subject: string; text: string };
/** A text message to send; `to` in E.164. */
export type OutgoingSms = { to: string; body: string };

/** Port: sends email (SMTP via nodemailer, or the development outbox). */
export abstract class Mailer {
  abstract send(message: OutgoingEmail): Promise<void>;
}

/** Port: sends text messages (Twilio, or the development outbox). */
export abstract class SmsSender {
  abstract send(message: OutgoingSms): Promise<void>;
}
