import { Migration } from '@mikro-orm/migrations';

/**
 * One uniqueness mechanism. The facilities' NPIs (unique per admin:
 * scope 'facility.npi', value '<admin id>:<npi>', owner = the facility id) and the profiles'
 * NPIs (scope 'profile.npi', owner = the profile id) move from `facility_npi_claims` and
 * `profile_npi_claims` to the event store's one `claims` table, which the store writes in the
 * append's transaction; the old tables are dropped.
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
  `INSERT INTO claims (scope, value, owner) SELECT 'facility.npi', owner_id::text || ':' || npi, facility_id::text FROM facility_npi_claims ON CONFLICT DO NOTHING`,
  `INSERT INTO claims (scope, value, owner) SELECT 'profile.npi', npi, profile_id::text FROM profile_npi_claims ON CONFLICT DO NOTHING`,
  'DROP TABLE facility_npi_claims',
  'DROP TABLE profile_npi_claims',
];
