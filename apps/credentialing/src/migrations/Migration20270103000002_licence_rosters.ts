import { Migration } from '@mikro-orm/migrations';

/**
 * State licence rosters (a state board's published list of its licences): one row per state and
 * licence number, with the board's name, type, status, dates and discipline flag, and the row as
 * published (the evidence of an automatic State board verification). Imports are rows of
 * `source_imports` (source `roster-<state>`). Frozen.
 */
export class Migration20270103000002LicenceRosters extends Migration {
  override name = 'Migration20270103000002_licence_rosters';
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE IF NOT EXISTS licence_rosters (
        state text NOT NULL,
        licence_key text NOT NULL,
        licence_number text NOT NULL,
        last_name text, first_name text, licence_type text, status text,
        issued_on date, expires_on date,
        disciplined boolean NOT NULL DEFAULT false,
        detail jsonb NOT NULL DEFAULT '{}',
        content_hash text NOT NULL,
        import_id bigint NOT NULL,
        line bigint NOT NULL,
        PRIMARY KEY (state, licence_key)
      )`);
  }
}
