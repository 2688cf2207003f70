import { Migration } from '@mikro-orm/migrations';

/**
 * A person's NPI is unique among user profiles. The write side claims it in the
 * append's transaction (the primary key settles a race); existing profiles claim theirs here
 * (the oldest profile keeps an NPI that two already share).
 */
export class Migration20261226000001ProfileNpiClaims extends Migration {
  override name = 'Migration20261226000001_profile_npi_claims';
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE IF NOT EXISTS profile_npi_claims (
      npi text PRIMARY KEY,
      profile_id uuid NOT NULL
    )`);
    this.addSql('CREATE INDEX IF NOT EXISTS profile_npi_claims_profile ON profile_npi_claims (profile_id)');
    this.addSql(`INSERT INTO profile_npi_claims (npi, profile_id)
      SELECT DISTINCT ON (npi) npi, id FROM profiles WHERE npi IS NOT NULL AND npi <> '' ORDER BY npi, created_at, id
      ON CONFLICT DO NOTHING`);
  }
}
