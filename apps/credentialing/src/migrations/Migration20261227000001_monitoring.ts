import { Migration } from '@mikro-orm/migrations';

/**
 * Continuous monitoring: the OIG LEIE exclusion mirror and its imports, the
 * screening's matches, the expirables' reminders sent, and what the grid needs to show an
 * exclusion found and an expired credential / lapsed recredentialing date. Frozen.
 */
export class Migration20261227000001Monitoring extends Migration {
  override name = 'Migration20261227000001_monitoring';
  override async up(): Promise<void> {
    const key = (col: string) => `regexp_replace(upper(public.f_unaccent(coalesce(${col}, ''))), '[^A-Z]', '', 'g')`;
    // The mirror: one row per excluded individual or entity, keyed by its identity (names, NPI, DOB, exclusion date).
    this.addSql(`
      CREATE TABLE IF NOT EXISTS leie_exclusions (
        row_key text PRIMARY KEY,
        content_hash text NOT NULL,
        last_name text, first_name text, mid_name text, bus_name text, general text, specialty text, upin text,
        npi text, dob date, address text, city text, state text, zip text,
        excl_type text, excl_date date, rein_date date, waiver_date date, waiver_state text,
        import_id bigint NOT NULL,
        line bigint NOT NULL,
        last_key text GENERATED ALWAYS AS (${key('last_name')}) STORED,
        first_key text GENERATED ALWAYS AS (${key('first_name')}) STORED,
        search_text text GENERATED ALWAYS AS (lower(public.f_unaccent(coalesce(last_name, '') || ' ' || coalesce(first_name, '') || ' ' || coalesce(mid_name, '') || ' ' || coalesce(bus_name, '')))) STORED
      )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS leie_exclusions_npi ON leie_exclusions (npi) WHERE npi IS NOT NULL`);
    this.addSql(`CREATE INDEX IF NOT EXISTS leie_exclusions_name ON leie_exclusions (last_key, first_key)`);
    this.addSql(`CREATE INDEX IF NOT EXISTS leie_exclusions_search ON leie_exclusions USING gin (search_text public.gin_trgm_ops)`);
    this.addSql(`
      CREATE TABLE IF NOT EXISTS leie_imports (
        id bigserial PRIMARY KEY,
        kind text NOT NULL,
        file_name text NOT NULL,
        sample boolean NOT NULL DEFAULT false,
        status text NOT NULL,
        rows_read integer NOT NULL DEFAULT 0,
        rows_imported integer NOT NULL DEFAULT 0,
        rows_rejected integer NOT NULL DEFAULT 0,
        rejects jsonb NOT NULL DEFAULT '[]',
        added integer NOT NULL DEFAULT 0,
        removed integer NOT NULL DEFAULT 0,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        screened_at timestamptz
      )`);
    // What each import changed (the incremental screening compares only these rows).
    this.addSql(`
      CREATE TABLE IF NOT EXISTS leie_changes (
        import_id bigint NOT NULL,
        row_key text NOT NULL,
        change text NOT NULL,
        PRIMARY KEY (import_id, row_key)
      )`);
    // The profiles' matching keys (same normalisation as the mirror's) and state.
    this.addSql(`ALTER TABLE credentialing_profiles ADD COLUMN IF NOT EXISTS state text`);
    this.addSql(`ALTER TABLE credentialing_profiles ADD COLUMN IF NOT EXISTS last_key text GENERATED ALWAYS AS (${key('last_name')}) STORED`);
    this.addSql(`ALTER TABLE credentialing_profiles ADD COLUMN IF NOT EXISTS first_key text GENERATED ALWAYS AS (${key('first_name')}) STORED`);
    this.addSql(`CREATE INDEX IF NOT EXISTS credentialing_profiles_npi ON credentialing_profiles (npi) WHERE npi IS NOT NULL`);
    this.addSql(`CREATE INDEX IF NOT EXISTS credentialing_profiles_name ON credentialing_profiles (last_key, first_key)`);
    // The screening's matches: one per provider and mirror row, open until a person resolves it.
    this.addSql(`
      CREATE TABLE IF NOT EXISTS exclusion_matches (
        provider_id uuid NOT NULL,
        row_key text NOT NULL,
        kind text NOT NULL,
        status text NOT NULL,
        snapshot jsonb NOT NULL,
        found_at timestamptz NOT NULL DEFAULT now(),
        cleared_at timestamptz,
        resolved_at timestamptz,
        resolved_by uuid,
        note text,
        evidence jsonb,
        PRIMARY KEY (provider_id, row_key)
      )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS exclusion_matches_row ON exclusion_matches (row_key)`);
    // The last screening of each provider (the monthly run's bookkeeping).
    this.addSql(`
      CREATE TABLE IF NOT EXISTS exclusion_screenings (
        provider_id uuid PRIMARY KEY,
        screened_at timestamptz NOT NULL,
        finding text NOT NULL,
        -- the day a screening was last recorded in the file (a verification, source OIG LEIE)
        recorded_on date
      )`);
    // When each periodic run last ran (the monthly screening, the daily expirables).
    this.addSql(`CREATE TABLE IF NOT EXISTS monitoring_runs (name text PRIMARY KEY, last_run_on date NOT NULL, last_run_at timestamptz NOT NULL)`);
    // Expirables: each credential's expiry (kept by the files projection) and the reminders sent.
    this.addSql(`
      CREATE TABLE IF NOT EXISTS credentialing_expirables (
        provider_id uuid NOT NULL,
        credential_id uuid NOT NULL,
        kind text NOT NULL,
        expires_on date NOT NULL,
        PRIMARY KEY (provider_id, credential_id)
      )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS credentialing_expirables_due ON credentialing_expirables (expires_on)`);
    this.addSql(`
      CREATE TABLE IF NOT EXISTS monitoring_reminders (
        subject_id text NOT NULL,
        due_on date NOT NULL,
        threshold integer NOT NULL,
        provider_id uuid NOT NULL,
        sent_on date NOT NULL,
        PRIMARY KEY (subject_id, due_on, threshold)
      )`);
    // The grid: an exclusion found, the day the first kind of credential lapses (its latest expiry passed).
    this.addSql(`ALTER TABLE credentialing_files ADD COLUMN IF NOT EXISTS exclusion text`);
    this.addSql(`ALTER TABLE credentialing_files ADD COLUMN IF NOT EXISTS lapses_on date`);
    this.addSql(`CREATE INDEX IF NOT EXISTS credentialing_files_exclusion ON credentialing_files (exclusion) WHERE exclusion IS NOT NULL`);
    this.addSql(`
      CREATE OR REPLACE VIEW credentialing_file_list AS
        SELECT f.provider_id, f.cycle, f.status, f.open_items, f.next_expiry, f.recredentialing_due_on, f.last_change,
               NULLIF(trim(concat_ws(' ', COALESCE(NULLIF(trim(concat_ws(', ', p.last_name, p.first_name)), ''), p.display_name))), '') AS provider,
               p.npi,
               f.exclusion,
               CASE WHEN f.exclusion IS NOT NULL THEN 'Exclusion found' END AS exclusion_found,
               CASE WHEN f.recredentialing_due_on < current_date AND f.status = 'Approved' THEN 'Lapsed'
                    WHEN f.lapses_on < current_date THEN 'Expired' END AS monitoring
          FROM credentialing_files f LEFT JOIN credentialing_profiles p ON p.id = f.provider_id`);
  }
}
