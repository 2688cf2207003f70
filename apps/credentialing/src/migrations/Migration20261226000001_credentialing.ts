import { Migration } from '@mikro-orm/migrations';

/**
 * Credentialing read models: the files grid (one row per provider: the current cycle, folded),
 * what it learned of the directory's profiles and the practices' memberships, the invitations,
 * and the record of integration events handled. Frozen: never import live definitions here.
 */
export class Migration20261226000001Credentialing extends Migration {
  override name = 'Migration20261226000001_credentialing';
  override async up(): Promise<void> {
    // unaccent, pg_trgm and f_unaccent: the grid's text filters over credentialing_file_list.
    for (const sql of GRID_SETUP) this.addSql(sql);
    this.addSql(`
      CREATE TABLE IF NOT EXISTS credentialing_files (
        provider_id uuid PRIMARY KEY,
        cycle integer NOT NULL,
        status text NOT NULL,
        open_items integer NOT NULL,
        next_expiry date,
        recredentialing_due_on date,
        last_change timestamptz NOT NULL,
        -- The current cycle folded from the events (the projection's state).
        state jsonb NOT NULL
      )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS credentialing_files_due ON credentialing_files (recredentialing_due_on, provider_id)`);
    this.addSql(`
      CREATE TABLE IF NOT EXISTS credentialing_profiles (
        id uuid PRIMARY KEY,
        user_name text,
        email text,
        first_name text,
        middle_name text,
        last_name text,
        display_name text,
        npi text,
        is_provider boolean NOT NULL DEFAULT false,
        is_master_admin boolean NOT NULL DEFAULT false,
        deleted boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`
      CREATE TABLE IF NOT EXISTS credentialing_memberships (
        practice_id uuid NOT NULL,
        user_id uuid NOT NULL,
        access_type text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (practice_id, user_id)
      )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS credentialing_memberships_user ON credentialing_memberships (user_id)`);
    this.addSql(`
      CREATE OR REPLACE VIEW credentialing_file_list AS
        SELECT f.provider_id, f.cycle, f.status, f.open_items, f.next_expiry, f.recredentialing_due_on, f.last_change,
               NULLIF(trim(concat_ws(' ', COALESCE(NULLIF(trim(concat_ws(', ', p.last_name, p.first_name)), ''), p.display_name))), '') AS provider,
               p.npi
          FROM credentialing_files f LEFT JOIN credentialing_profiles p ON p.id = f.provider_id`);
    this.addSql(`
      CREATE TABLE IF NOT EXISTS processed_events (
        event_id text PRIMARY KEY,
        subject text NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now()
      )`);
  }
}

/** The grid setup (libs/grid GRID_SETUP_DDL) as it was when this migration shipped. */
const GRID_SETUP: readonly string[] = [
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
];
