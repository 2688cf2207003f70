import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import type { identity } from '@app/contracts';
import { normalizePhone } from '@app/validation';
import { Mailer, SmsSender, type OutgoingEmail, type OutgoingSms } from './delivery.ports';

/** Recipients are stored normalised: emails lower-case, phones E.164. */
export function normalizeRecipient(to: string): string {
  const t = to.trim();
  if (t.includes('@')) return t.toLowerCase();
  return normalizePhone(t) ?? t;
}

/**
 * Development outbox, used when SMTP_URL / TWILIO_* are not set: every message is stored in
 * the identity table `dev_outbox`, printed in the log (codes included: that is its purpose)
 * and listed by GET /api/dev/outbox. It never exists in production: the config refuses to
 * start without both transports, and should anything still reach it, it refuses to store
 * (no table write, no body in the log) and to list. Rows older than a day are pruned by
 * housekeeping.
 */
export class DevOutbox {
  private readonly logger = new Logger('DevOutbox');
  constructor(
    private readonly pool: Pool,
    private readonly production: boolean,
  ) {}

  async store(channel: 'email' | 'sms', to: string, subject: string | null, body: string): Promise<void> {
    if (this.production) throw new Error(`the development outbox does not exist in production: configure ${channel === 'email' ? 'SMTP_URL' : 'TWILIO_*'}`);
    const recipient = normalizeRecipient(to);
    await this.pool.query('INSERT INTO dev_outbox (id, channel, to_address, subject, body) VALUES ($1, $2, $3, $4, $5)', [
      randomUUID(),
      channel,
      recipient,
      subject,
      body,
    ]);
    this.logger.log(`${channel} to ${recipient}${subject ? ` [${subject}]` : ''}: ${body}`);
  }

  /** Deletes the messages older than `maxAgeSeconds` (default a day); returns how many. */
  async prune(maxAgeSeconds = 86_400): Promise<number> {
    const { rowCount } = await this.pool.query(`DELETE FROM dev_outbox WHERE created_at < now() - make_interval(secs => $1)`, [maxAgeSeconds]);
    return rowCount ?? 0;
  }

  async list(to?: string, limit = 200): Promise<identity.DevOutboxMessage[]> {
    if (this.production) return [];
    const { rows } = await this.pool.query(
      `SELECT id, channel, to_address, subject, body, created_at FROM dev_outbox
        WHERE ($1::text IS NULL OR to_address = $1) ORDER BY created_at DESC, seq DESC LIMIT $2`,
      [to ? normalizeRecipient(to) : null, limit],
    );
    return rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      to: r.to_address,
      subject: r.subject,
      body: r.body,
      createdAt: (r.created_at as Date).toISOString(),
    }));
  }

  mailer(): Mailer {
    return new DevOutboxMailer(this);
  }

  smsSender(): SmsSender {
    return new DevOutboxSmsSender(this);
  }
}

class DevOutboxMailer extends Mailer {
  constructor(private readonly outbox: DevOutbox) {
    super();
  }
  async send(m: OutgoingEmail): Promise<void> {
    await this.outbox.store('email', m.to, m.subject, m.text);
  }
}

class DevOutboxSmsSender extends SmsSender {
  constructor(private readonly outbox: DevOutbox) {
    super();
  }
  async send(m: OutgoingSms): Promise<void> {
    await this.outbox.store('sms', m.to, null, m.body);
  }
}
