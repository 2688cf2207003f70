import { Migration } from '@mikro-orm/migrations';

/** Practices: the read models, the grid's indexes, the unique claims, the directory events already handled. */
export class Migration20261212000001Practices extends Migration {
  override name = 'Migration20261212000001_practices';
  override async up(): Promise<void> {
    for (const sql of SQL) this.addSql(sql);
  }
}

/** Frozen: the statements as they were when this migration shipped (never built from live definitions). */
const SQL: readonly string[] = [
  `SELECT pg_advisory_xact_lock(hashtext('@app/grid setup'))`,
  `CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public`,
  `CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`,
  `DO $grid$ BEGIN
    CREATE OR REPLACE FUNCTION public.f_unaccent_dict(regdictionary, text) RETURNS text
      LANGUAGE c IMMUTABLE PARALLEL SAFE STRICT AS '$libdir/unaccent', 'unaccent_dict';
  EXCEPTION WHEN insufficient_privilege THEN
    CREATE OR REPLACE FUNCTION public.f_unaccent_dict(regdictionary, text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $f$ SELECT public.unaccent($1, $2) $f$;
  END $grid$`,
  `CREATE OR REPLACE FUNCTION public.f_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $grid$ SELECT public.f_unaccent_dict('public.unaccent'::regdictionary, $1) $grid$`,
  `CREATE TABLE IF NOT EXISTS practices (
  id uuid PRIMARY KEY,
  npi text NOT NULL,
  practice_name text NOT NULL,
  display_name text NOT NULL,
  user_name text NOT NULL,
  email text NOT NULL,
  street1 text,
  suite text,
  city text,
  state text,
  zip text,
  zip_digits text,
  phone text,
  phone_display text,
  fax text,
  website text,
  description text,
  banner_url text,
  avatar_url text,
  created_at timestamptz NOT NULL,
  last_update timestamptz NOT NULL
)`,
  `CREATE TABLE IF NOT EXISTS practice_users (
  practice_id uuid NOT NULL,
  user_id uuid NOT NULL,
  access_type text NOT NULL,
  full_name text,
  npi text,
  avatar_url text,
  position integer NOT NULL DEFAULT 0,
  added_at timestamptz NOT NULL,
  PRIMARY KEY (practice_id, user_id)
)`,
  `CREATE TABLE IF NOT EXISTS practice_people (
  id uuid PRIMARY KEY,
  user_name text,
  first_name text,
  middle_name text,
  last_name text,
  display_name text,
  npi text,
  street1 text,
  city text,
  state text,
  zip text,
  phone text,
  avatar_url text,
  is_admin boolean NOT NULL DEFAULT false,
  is_master_admin boolean NOT NULL DEFAULT false,
  deleted boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
)`,
  `CREATE TABLE IF NOT EXISTS practice_claims (
  kind text NOT NULL,
  value text NOT NULL,
  practice_id uuid NOT NULL,
  PRIMARY KEY (kind, value)
)`,
  `CREATE INDEX IF NOT EXISTS "practices_practicename_trgm" ON "practices" USING gin ((lower(public.f_unaccent("practice_name"))) public.gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS "practices_practicename_prefix" ON "practices" ((lower(public.f_unaccent("practice_name"))) text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "practices_practicename_sort" ON "practices" ((lower(public.f_unaccent("practice_name")) COLLATE "C"), "id")`,
  `CREATE INDEX IF NOT EXISTS "practices_npi_trgm" ON "practices" USING gin ((lower(public.f_unaccent("npi"))) public.gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS "practices_npi_prefix" ON "practices" ((lower(public.f_unaccent("npi"))) text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "practices_npi_sort" ON "practices" ((lower(public.f_unaccent("npi")) COLLATE "C"), "id")`,
  `CREATE INDEX IF NOT EXISTS "practices_primarypracticeaddress_city" ON "practices" ((lower(public.f_unaccent("city"))) text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "practices_primarypracticeaddress_state" ON "practices" ((upper("state")))`,
  `CREATE INDEX IF NOT EXISTS "practices_primarypracticeaddress_zip" ON "practices" ("zip_digits" text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "practices_primarypracticeaddress_sort" ON "practices" ((lower(public.f_unaccent("city")) COLLATE "C"), "id")`,
  `CREATE INDEX IF NOT EXISTS "practices_phone_trgm" ON "practices" USING gin ((lower(public.f_unaccent("phone_display"))) public.gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS "practices_phone_prefix" ON "practices" ((lower(public.f_unaccent("phone_display"))) text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "practices_phone_sort" ON "practices" ((lower(public.f_unaccent("phone_display")) COLLATE "C"), "id")`,
  `CREATE INDEX IF NOT EXISTS "practices_lastupdate_sort" ON "practices" ("last_update", "id")`,
  `CREATE INDEX IF NOT EXISTS practices_npi ON practices (npi)`,
  `CREATE INDEX IF NOT EXISTS practices_user_name_lower ON practices (lower(user_name))`,
  `CREATE INDEX IF NOT EXISTS practice_users_user ON practice_users (user_id, practice_id)`,
  `CREATE INDEX IF NOT EXISTS practice_claims_practice ON practice_claims (practice_id)`,
  `CREATE TABLE IF NOT EXISTS processed_events (
      event_id text PRIMARY KEY,
      subject text NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now()
    )`,
];
