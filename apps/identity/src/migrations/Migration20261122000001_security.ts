import { Migration } from '@mikro-orm/migrations';

/**
 * One-time secrets (hashes only), throttling counters, the development outbox and the
 * hash-chained security event log.
 */
export class Migration20261122000001Security extends Migration {
  override name = 'Migration20261122000001_security';
  override async up(): Promise<void> {
    // Hashes of sign-in codes, temporary passwords and verification codes; one per account and purpose.
    this.addSql(`
      CREATE TABLE IF NOT EXISTS one_time_secrets (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL,
        purpose text NOT NULL,
        token_hash text UNIQUE,
        secret_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS one_time_secrets_account ON one_time_secrets (account_id, purpose)`);

    // Throttling shared by every identity instance: request windows and failure delays.
    this.addSql(`
      CREATE TABLE IF NOT EXISTS rate_limits (
        key text PRIMARY KEY,
        window_started_at timestamptz NOT NULL DEFAULT now(),
        hits integer NOT NULL DEFAULT 0,
        failures integer NOT NULL DEFAULT 0,
        last_failure_at timestamptz,
        blocked_until timestamptz
      )`);

    // Development outbox (no SMTP / Twilio configured).
    this.addSql(`
      CREATE TABLE IF NOT EXISTS dev_outbox (
        seq bigserial,
        id uuid PRIMARY KEY,
        channel text NOT NULL CHECK (channel IN ('email', 'sms')),
        to_address text NOT NULL,
        subject text,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS dev_outbox_to ON dev_outbox (to_address, created_at DESC)`);

    // The security event log: one entry per security event, in commit order, hash-chained.
    this.addSql(`
      CREATE TABLE IF NOT EXISTS security_log (
        seq bigint PRIMARY KEY,
        event_id uuid NOT NULL UNIQUE,
        global_position bigint NOT NULL,
        stream_id text NOT NULL,
        account_id uuid,
        type text NOT NULL,
        occurred_at timestamptz NOT NULL,
        ip text,
        browser text,
        os text,
        details jsonb NOT NULL,
        prev_hash char(64) NOT NULL,
        hash char(64) NOT NULL
      )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS security_log_account ON security_log (account_id, seq DESC)`);
    this.addSql(`CREATE INDEX IF NOT EXISTS security_log_time ON security_log (occurred_at)`);
    this.addSql(`CREATE INDEX IF NOT EXISTS security_log_type ON security_log (type, seq DESC)`);
  }
}
