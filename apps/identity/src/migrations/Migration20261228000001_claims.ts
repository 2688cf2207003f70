import { Migration } from '@mikro-orm/migrations';

/**
 * One uniqueness mechanism. The accounts' unique values move from `account_uniques`
 * to the event store's one `claims` table (scope 'account.<kind>', owner = the account id),
 * which the store writes in the append's transaction; the old table is dropped.
 */
export class Migration20261228000001Claims extends Migration {
  override name = 'Migration20261228000001_claims';
  override async up(): Promise<void> {
    for (const sql of SQL) this.addSql(sql);
  }
}

/** Frozen: the statements as they were when this migration shipped (never built from live definitions). */
const SQL: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS claims (
  scope text NOT NULL,
  value text NOT NULL,
  owner text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, value)
)`,
  'CREATE INDEX IF NOT EXISTS claims_owner ON claims (owner, scope)',
  `INSERT INTO claims (scope, value, owner) SELECT 'account.' || kind, value, account_id::text FROM account_uniques ON CONFLICT DO NOTHING`,
  'DROP TABLE account_uniques',
];
