import { Migration } from '@mikro-orm/migrations';

/**
 * The directory's copy of the practices service's registrations (which practice holds
 * which NPI, under which user name) and memberships (user, access type), kept from its events.
 */
export class Migration20261226000002PracticeMemberships extends Migration {
  override name = 'Migration20261226000002_practice_memberships';
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE IF NOT EXISTS practice_npis (
      practice_id uuid PRIMARY KEY,
      npi text NOT NULL,
      user_name text NOT NULL
    )`);
    this.addSql('CREATE INDEX IF NOT EXISTS practice_npis_npi ON practice_npis (npi)');
    this.addSql(`CREATE TABLE IF NOT EXISTS practice_members (
      practice_id uuid NOT NULL,
      user_id uuid NOT NULL,
      access_type text NOT NULL,
      PRIMARY KEY (practice_id, user_id)
    )`);
    this.addSql('CREATE INDEX IF NOT EXISTS practice_members_user ON practice_members (user_id)');
  }
}
