import { Migration } from '@mikro-orm/migrations';

/** Profiles: the read model and its grid indexes; the identity events already handled. */
export class Migration20261211000001Profiles extends Migration {
  override name = 'Migration20261211000001_profiles';
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
  `CREATE TABLE IF NOT EXISTS profiles (
  id uuid PRIMARY KEY,
  user_name text NOT NULL,
  user_name_lower text NOT NULL,
  email text NOT NULL,
  mobile text,
  mobile_display text,
  npi text,
  first_name text,
  middle_name text,
  last_name text,
  display_name text,
  name text,
  credentials text,
  specialty text,
  organization text,
  street1 text,
  street2 text,
  suite text,
  city text,
  state text,
  zip text,
  zip_digits text,
  phone text,
  fax text,
  website text,
  description text,
  banner_url text,
  avatar_url text,
  is_admin boolean NOT NULL DEFAULT false,
  is_provider boolean NOT NULL DEFAULT false,
  is_master_admin boolean NOT NULL DEFAULT false,
  practices jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL,
  last_update timestamptz NOT NULL
)`,
  `CREATE INDEX IF NOT EXISTS "profiles_name_trgm" ON "profiles" USING gin ((lower(public.f_unaccent("name"))) public.gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS "profiles_name_prefix" ON "profiles" ((lower(public.f_unaccent("name"))) text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "profiles_name_sort" ON "profiles" ((lower(public.f_unaccent("name")) COLLATE "C"), "id")`,
  `CREATE INDEX IF NOT EXISTS "profiles_credentials_trgm" ON "profiles" USING gin ((lower(public.f_unaccent("credentials"))) public.gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS "profiles_credentials_prefix" ON "profiles" ((lower(public.f_unaccent("credentials"))) text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "profiles_credentials_sort" ON "profiles" ((lower(public.f_unaccent("credentials")) COLLATE "C"), "id")`,
  `CREATE INDEX IF NOT EXISTS "profiles_specialty_trgm" ON "profiles" USING gin ((lower(public.f_unaccent("specialty"))) public.gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS "profiles_specialty_prefix" ON "profiles" ((lower(public.f_unaccent("specialty"))) text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "profiles_specialty_sort" ON "profiles" ((lower(public.f_unaccent("specialty")) COLLATE "C"), "id")`,
  `CREATE INDEX IF NOT EXISTS "profiles_primarypracticeaddress_city" ON "profiles" ((lower(public.f_unaccent("city"))) text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "profiles_primarypracticeaddress_state" ON "profiles" ((upper("state")))`,
  `CREATE INDEX IF NOT EXISTS "profiles_primarypracticeaddress_zip" ON "profiles" ("zip_digits" text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "profiles_primarypracticeaddress_sort" ON "profiles" ((lower(public.f_unaccent("city")) COLLATE "C"), "id")`,
  `CREATE INDEX IF NOT EXISTS "profiles_mobile_trgm" ON "profiles" USING gin ((lower(public.f_unaccent("mobile_display"))) public.gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS "profiles_mobile_prefix" ON "profiles" ((lower(public.f_unaccent("mobile_display"))) text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "profiles_mobile_sort" ON "profiles" ((lower(public.f_unaccent("mobile_display")) COLLATE "C"), "id")`,
  `CREATE INDEX IF NOT EXISTS "profiles_lastupdate_sort" ON "profiles" ("last_update", "id")`,
  `CREATE INDEX IF NOT EXISTS profiles_user_name_lower ON profiles (user_name_lower text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS profiles_email_lower ON profiles (lower(email))`,
  `CREATE INDEX IF NOT EXISTS profiles_npi ON profiles (npi)`,
  `CREATE INDEX IF NOT EXISTS profiles_display_name_trgm ON profiles USING gin ((lower(public.f_unaccent(display_name))) public.gin_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS profiles_user_name_trgm ON profiles USING gin (user_name_lower public.gin_trgm_ops)`,
  `CREATE TABLE IF NOT EXISTS processed_events (
      event_id text PRIMARY KEY,
      subject text NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now()
    )`,
];
