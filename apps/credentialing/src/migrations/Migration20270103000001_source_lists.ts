import { Migration } from '@mikro-orm/migrations';

/**
 * The source lists beside the LEIE mirror (SAM.gov exclusions, Medicare opt-outs, state Medicaid
 * lists, OFAC SDN): one table of rows for every list (`source_rows`, keyed by an md5 identity that
 * includes the list), their aliases (OFAC), each import and what it changed; the view
 * `sanction_rows` shows the LEIE mirror and these rows in one shape, for the search and the
 * matches' snapshots. Frozen.
 */
export class Migration20270103000001SourceLists extends Migration {
  override name = 'Migration20270103000001_source_lists';
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE IF NOT EXISTS source_rows (
        row_key text PRIMARY KEY,
        source text NOT NULL,
        content_hash text NOT NULL,
        entity boolean NOT NULL DEFAULT false,
        last_name text, first_name text, mid_name text, bus_name text, general text, specialty text,
        npi text, dob date, address text, city text, state text, zip text,
        excl_type text, excl_date date, rein_date date,
        detail jsonb NOT NULL DEFAULT '{}',
        aliases text,
        last_key text, first_key text, search_text text,
        import_id bigint NOT NULL,
        line bigint NOT NULL
      )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS source_rows_source ON source_rows (source)`);
    this.addSql(`CREATE INDEX IF NOT EXISTS source_rows_npi ON source_rows (npi) WHERE npi IS NOT NULL`);
    this.addSql(`CREATE INDEX IF NOT EXISTS source_rows_name ON source_rows (last_key, first_key)`);
    this.addSql(`CREATE INDEX IF NOT EXISTS source_rows_search ON source_rows USING gin (search_text public.gin_trgm_ops)`);
    // Other names of a row (OFAC's aka / fka / nka), matched like its own name.
    this.addSql(`
      CREATE TABLE IF NOT EXISTS source_aliases (
        row_key text NOT NULL,
        source text NOT NULL,
        last_key text NOT NULL,
        first_key text NOT NULL
      )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS source_aliases_name ON source_aliases (last_key, first_key)`);
    this.addSql(`CREATE INDEX IF NOT EXISTS source_aliases_row ON source_aliases (source, row_key)`);
    this.addSql(`
      CREATE TABLE IF NOT EXISTS source_imports (
        id bigserial PRIMARY KEY,
        source text NOT NULL,
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
    this.addSql(`CREATE INDEX IF NOT EXISTS source_imports_source ON source_imports (source, id)`);
    this.addSql(`
      CREATE TABLE IF NOT EXISTS source_changes (
        import_id bigint NOT NULL,
        row_key text NOT NULL,
        change text NOT NULL,
        PRIMARY KEY (import_id, row_key)
      )`);
    this.addSql(`ALTER TABLE exclusion_matches ADD COLUMN IF NOT EXISTS source text NOT NULL DEFAULT 'leie'`);
    this.addSql(`
      CREATE OR REPLACE VIEW sanction_rows AS
        SELECT 'leie'::text AS source, row_key, false AS entity, last_name, first_name, mid_name, bus_name, general, specialty, npi, dob, address, city, state, zip,
               excl_type, excl_date, rein_date, waiver_date, waiver_state, last_key, first_key, search_text, '{}'::jsonb AS detail
          FROM leie_exclusions
        UNION ALL
        SELECT source, row_key, entity, last_name, first_name, mid_name, bus_name, general, specialty, npi, dob, address, city, state, zip,
               excl_type, excl_date, rein_date, NULL::date, NULL::text, last_key, first_key, search_text, detail
          FROM source_rows`);
  }
}
