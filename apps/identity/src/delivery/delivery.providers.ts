import { Logger, type Provider } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '@app/nest-kit';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { DevOutbox } from './dev-outbox';
import { Mailer, SmsSender } from './delivery.ports';
import { SmtpMailer } from './smtp-mailer';
import { TwilioSmsSender } from './twilio-sms-sender';

/**
 * SMTP when SMTP_URL is set, Twilio when TWILIO_* are set; otherwise (never in production:
 * the config requires both there) the development outbox.
 */
export const deliveryProviders: Provider[] = [
  {
    provide: DevOutbox,
    useFactory: (pool: Pool, c: IdentityConfig) => new DevOutbox(pool, c.NODE_ENV === 'production'),
    inject: [PG_POOL, IDENTITY_CONFIG],
  },
  {
    provide: Mailer,
    useFactory: (c: IdentityConfig, outbox: DevOutbox) => {
      if (c.SMTP_URL) return new SmtpMailer(c.SMTP_URL, c.MAIL_FROM);
      new Logger('Delivery').warn('SMTP_URL is not set: email goes to the development outbox');
      return outbox.mailer();
    },
    inject: [IDENTITY_CONFIG, DevOutbox],
  },
  {
    provide: SmsSender,
    useFactory: (c: IdentityConfig, outbox: DevOutbox) => {
      if (c.TWILIO_ACCOUNT_SID && c.TWILIO_AUTH_TOKEN && c.TWILIO_FROM) return new TwilioSmsSender(c.TWILIO_ACCOUNT_SID, c.TWILIO_AUTH_TOKEN, c.TWILIO_FROM);
      new Logger('Delivery').warn('TWILIO_* are not set: text messages go to the development outbox');
      return outbox.smsSender();
    },
    inject: [IDENTITY_CONFIG, DevOutbox],
  },
];
