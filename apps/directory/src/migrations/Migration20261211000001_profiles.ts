import { Migration } from '@mikro-orm/migrations';
import { GRID_SETUP_DDL, gridIndexDdl } from '@app/grid';
import { PROFILES_LOOKUP_INDEXES, PROFILES_TABLE_DDL, USERS_GRID } from '../profiles/profiles.schema';

/** Profiles (issue #11): the read model and its grid indexes; the identity events already handled. */
export class Migration20261211000001Profiles extends Migration {
  override name = 'Migration20261211000001_profiles';
  override async up(): Promise<void> {
    for (const sql of GRID_SETUP_DDL) this.addSql(sql);
    this.addSql(PROFILES_TABLE_DDL);
    for (const sql of gridIndexDdl(USERS_GRID)) this.addSql(sql);
    for (const sql of PROFILES_LOOKUP_INDEXES) this.addSql(sql);
    this.addSql(`CREATE TABLE IF NOT EXISTS processed_events (
      event_id text PRIMARY KEY,
      subject text NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now()
    )`);
  }
}
