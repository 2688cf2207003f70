import { Migration } from '@mikro-orm/migrations';

/**
 * The users grid at a million profiles (the spec's "Scale"): one trigram GIN index over the
 * name and the Primary Practice Address columns together, so a name filter and an address
 * filter meet inside the index (see profiles.schema.ts USERS_GRID_SCALE_INDEXES).
 */
export class Migration20261223000002UsersGridScale extends Migration {
  override name = 'Migration20261223000002_users_grid_scale';
  override async up(): Promise<void> {
    for (const sql of SQL) this.addSql(sql);
  }
}

/** Frozen: the statements as they were when this migration shipped (never built from live definitions). */
const SQL: readonly string[] = [
  `CREATE INDEX IF NOT EXISTS profiles_name_address_trgm ON profiles USING gin (
    (lower(public.f_unaccent(name))) public.gin_trgm_ops,
    (lower(public.f_unaccent(city))) public.gin_trgm_ops,
    (upper(state)) public.gin_trgm_ops,
    zip_digits public.gin_trgm_ops)`,
  `DROP INDEX IF EXISTS profiles_name_trgm`,
];
