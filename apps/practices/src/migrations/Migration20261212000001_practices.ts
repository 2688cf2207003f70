import { Migration } from '@mikro-orm/migrations';
import { GRID_SETUP_DDL, gridIndexDdl } from '@app/grid';
import {
  PRACTICES_GRID,
  PRACTICES_LOOKUP_INDEXES,
  PRACTICES_TABLE_DDL,
  PRACTICE_CLAIMS_DDL,
  PRACTICE_PEOPLE_DDL,
  PRACTICE_USERS_TABLE_DDL,
} from '../practices/practices.schema';

/** Practices (issue #12): the read models, the grid's indexes, the unique claims, the directory events already handled. */
export class Migration20261212000001Practices extends Migration {
  override name = 'Migration20261212000001_practices';
  override async up(): Promise<void> {
    for (const sql of GRID_SETUP_DDL) this.addSql(sql);
    this.addSql(PRACTICES_TABLE_DDL);
    this.addSql(PRACTICE_USERS_TABLE_DDL);
    this.addSql(PRACTICE_PEOPLE_DDL);
    this.addSql(PRACTICE_CLAIMS_DDL);
    for (const sql of gridIndexDdl(PRACTICES_GRID)) this.addSql(sql);
    for (const sql of PRACTICES_LOOKUP_INDEXES) this.addSql(sql);
    this.addSql(`CREATE TABLE IF NOT EXISTS processed_events (
      event_id text PRIMARY KEY,
      subject text NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now()
    )`);
  }
}
