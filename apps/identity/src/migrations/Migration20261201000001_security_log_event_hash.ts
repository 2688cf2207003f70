import { Migration } from '@mikro-orm/migrations';

/**
 * Each security log entry holds the SHA-256 of its source event row (`event_hash`), covered by
 * the entry's own hash. The log is emptied and its projection's checkpoint dropped, so the
 * service rebuilds it from the event store at boot with every entry hashed the new way, before
 * anything is anchored (anchors of the old hashes would never match again). Entries without
 * `event_hash` still verify (audit.ts counts them), should a log ever hold some.
 */
export class Migration20261201000001SecurityLogEventHash extends Migration {
  override name = 'Migration20261201000001_security_log_event_hash';
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE security_log ADD COLUMN IF NOT EXISTS event_hash char(64)`);
    this.addSql(`DELETE FROM security_log`);
    this.addSql(`
      DO $$ BEGIN
        IF to_regclass('checkpoints') IS NOT NULL THEN
          DELETE FROM checkpoints WHERE name = 'security-log';
        END IF;
      END $$`);
  }
}
