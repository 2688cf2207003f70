import { Migration } from '@mikro-orm/migrations';

/**
 * The committee: the roles credentialing learned from identity's AccountRolesChanged
 * (`credentialing_committee_roles`: Committee member, Medical Director), the meetings folded from
 * their streams (`committee_meetings`: date, the folded meeting as JSON) and the minutes PDFs
 * generated from them (`committee_minutes`). Frozen.
 */
export class Migration20270101000001Committee extends Migration {
  override name = 'Migration20270101000001_committee';
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE IF NOT EXISTS credentialing_committee_roles (
        user_id uuid PRIMARY KEY,
        committee_member boolean NOT NULL DEFAULT false,
        medical_director boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`
      CREATE TABLE IF NOT EXISTS committee_meetings (
        meeting_id uuid PRIMARY KEY,
        meets_on date NOT NULL,
        state jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS committee_meetings_meets_on ON committee_meetings (meets_on DESC)`);
    this.addSql(`
      CREATE TABLE IF NOT EXISTS committee_minutes (
        minutes_id uuid PRIMARY KEY,
        meeting_id uuid NOT NULL,
        file_name text NOT NULL,
        pdf bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS committee_minutes_meeting ON committee_minutes (meeting_id, created_at DESC)`);
  }
}
