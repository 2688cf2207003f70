import { Migration } from '@mikro-orm/migrations';

/**
 * Attempts refused by a throttle, counted per limit, subject (account id, identifier hash or
 * none), IP and window until the window is over and one `AttemptsThrottled` security event
 * records them (throttling/throttle-log.ts). The development outbox gets an index for pruning.
 */
export class Migration20261202000001ThrottleLog extends Migration {
  override name = 'Migration20261202000001_throttle_log';
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE IF NOT EXISTS throttle_log (
        limit_name text NOT NULL,
        subject text NOT NULL,
        account_id uuid,
        identifier_hash text,
        ip text NOT NULL,
        window_start timestamptz NOT NULL,
        window_seconds integer NOT NULL,
        attempts integer NOT NULL DEFAULT 1,
        first_at timestamptz NOT NULL DEFAULT now(),
        last_at timestamptz NOT NULL DEFAULT now(),
        browser text,
        os text,
        PRIMARY KEY (limit_name, subject, ip, window_start)
      )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS dev_outbox_created ON dev_outbox (created_at)`);
  }
}
