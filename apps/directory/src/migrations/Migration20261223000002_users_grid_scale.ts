import { Migration } from '@mikro-orm/migrations';
import { USERS_GRID_SCALE_INDEXES } from '../profiles/profiles.schema';

/**
 * The users grid at a million profiles (issue #11, "Scale"): one trigram GIN index over the
 * name and the Primary Practice Address columns together, so a name filter and an address
 * filter meet inside the index (see profiles.schema.ts USERS_GRID_SCALE_INDEXES).
 */
export class Migration20261223000002UsersGridScale extends Migration {
  override name = 'Migration20261223000002_users_grid_scale';
  override async up(): Promise<void> {
    for (const sql of USERS_GRID_SCALE_INDEXES) this.addSql(sql);
  }
}
