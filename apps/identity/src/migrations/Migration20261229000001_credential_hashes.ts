import { Migration } from '@mikro-orm/migrations';

/**
 * Identity on EVENT_STORE=kurrentdb: password hashes written before their event, one
 * row per event that sets a password (`event_id`), counted only once that event is in the
 * account's stream (the newest such event's hash is the account's password; see
 * apps/identity/README.md, "KurrentDB"). Unused on Postgres, where `credentials` commits with
 * the events.
 */
export class Migration20261229000001CredentialHashes extends Migration {
  override name = 'Migration20261229000001_credential_hashes';
  override async up(): Promise<void> {
    for (const sql of SQL) this.addSql(sql);
  }
}

/** Frozen: the statements as they were when this migration shipped (never built from live definitions). */
const SQL: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS credential_hashes (
  event_id uuid PRIMARY KEY,
  account_id uuid NOT NULL,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)`,
  'CREATE INDEX IF NOT EXISTS credential_hashes_account ON credential_hashes (account_id)',
];
