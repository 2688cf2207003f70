import { LEGAL_SUFFIXES } from '../domain/registry/search-term';

/**
 * The registry mirror's tables (schema of the directory service). `registry_providers` is the
 * live table searches read; a full import fills `registry_providers_next` (same columns, no
 * indexes while loading), indexes it, then swaps the two by renaming in one transaction.
 * Index and constraint names carry a generation number so the next import's can coexist.
 */
export const PROVIDERS_TABLE = 'registry_providers';
export const NEXT_TABLE = 'registry_providers_next';
export const OLD_TABLE = 'registry_providers_old';

/**
 * Search normalisation, in the database so the indexed columns and the searched values go
 * through the same function: lower case, accents off (`public.f_unaccent` of @app/grid's
 * setup), then only letters, digits and single spaces ('O’Brien-Smith' -> 'obriensmith').
 * `registry_org_key` drops dots and apostrophes ('L.L.C.' -> 'llc'), turns other punctuation into
 * spaces and drops legal-form words (LLC, PC, INC...) anywhere in the name (`registry_org_query`,
 * the tsquery of the former GIN search, is kept for databases that still call it).
 */
export const REGISTRY_FUNCTIONS_DDL: readonly string[] = [
  `CREATE OR REPLACE FUNCTION registry_norm(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $f$
     SELECT btrim(regexp_replace(regexp_replace(lower(public.f_unaccent($1)), '[^a-z0-9 ]+', '', 'g'), ' +', ' ', 'g'))
   $f$`,
  `CREATE OR REPLACE FUNCTION registry_org_key(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $f$
     SELECT btrim(regexp_replace(regexp_replace(
       ' ' || regexp_replace(regexp_replace(lower(public.f_unaccent($1)), '[.''’]+', '', 'g'), '[^a-z0-9]+', ' ', 'g') || ' ',
       ' (${LEGAL_SUFFIXES.join('|')})(?= )', ' ', 'g'), ' +', ' ', 'g'))
   $f$`,
  `CREATE OR REPLACE FUNCTION registry_org_query(text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $f$
     SELECT to_tsquery('simple', coalesce(string_agg(w || ':*', ' & '), ''))
       FROM unnest(string_to_array(registry_org_key($1), ' ')) AS w WHERE w <> ''
   $f$`,
];

/**
 * The mirror's table; `registry_providers_next` is created LIKE it. `npi` is in the C collation,
 * so the primary key also serves NPI prefixes (`LIKE '123%'`, read in order). The search columns
 * (`last_norm`, `first_norm`, `loc_city_norm`: `registry_norm`; `org_key`: `registry_org_key`)
 * are plain columns, not generated ones: a full import computes them in the importer for
 * ASCII values (the same result as the SQL functions, which `nppes-importer.int-spec.ts`
 * checks on every row) and with the SQL functions for the rest; an incremental upsert computes
 * them with the SQL functions (`PROVIDER_SEARCH_COLUMNS_SQL`).
 */
export function providersTableDdl(table = PROVIDERS_TABLE): string {
  return `CREATE TABLE IF NOT EXISTS ${table} (
    npi text COLLATE "C" NOT NULL,
    entity_type smallint,
    replacement_npi text,
    organization_name text,
    last_name text,
    first_name text,
    middle_name text,
    name_prefix text,
    name_suffix text,
    credential text,
    sex text,
    enumeration_date date,
    last_update date,
    deactivation_reason text,
    deactivation_date date,
    reactivation_date date,
    deactivated boolean NOT NULL DEFAULT false,
    mail_address_1 text, mail_address_2 text, mail_city text, mail_state text, mail_postal_code text,
    mail_country text, mail_phone text, mail_fax text,
    loc_address_1 text, loc_address_2 text, loc_city text, loc_state text, loc_postal_code text,
    loc_country text, loc_phone text, loc_fax text,
    primary_taxonomy_code text,
    primary_taxonomy_desc text,
    taxonomies jsonb NOT NULL DEFAULT '[]',
    sample boolean NOT NULL DEFAULT false,
    last_norm text COLLATE "C",
    first_norm text COLLATE "C",
    loc_city_norm text COLLATE "C",
    org_key text COLLATE "C"
  )`;
}

/** Index option of the search indexes, whose keys all end with the NPI (unique): deduplication would find nothing. */
const NO_DEDUP = 'WITH (deduplicate_items = off)';

/** The normalised search columns, in COPY order, and the SQL that computes each from its source. */
export const SEARCH_COLUMNS = ['last_norm', 'first_norm', 'loc_city_norm', 'org_key'] as const;
export const PROVIDER_SEARCH_COLUMNS_SQL: Record<(typeof SEARCH_COLUMNS)[number], string> = {
  last_norm: 'registry_norm(last_name)',
  first_norm: 'registry_norm(first_name)',
  loc_city_norm: 'registry_norm(loc_city)',
  org_key: 'registry_org_key(organization_name)',
};

/**
 * The primary key and the search indexes (built after a bulk load: much faster than keeping
 * them up to date row by row):
 * - exact NPI and NPI prefix as you type: the primary key (C collation: LIKE 'digits%' is a range);
 * - person 'Last, First': (last_norm, first_norm, npi) in the C collation (prefix LIKE on both
 *   parts, results read in order), and the same behind `loc_state` / `loc_city_norm` for the
 *   state and city narrowings;
 * - organisation: `org_key` (exact and whole-name prefix); the words in any order have their own
 *   table, `registry_org_words` (below).
 */
export function providersIndexDdl(table: string, generation: number): string[] {
  const n = (kind: string) => `rp${generation}_${kind}`;
  // Every key ends with the NPI, so no two entries are equal: no deduplication to attempt.
  const index = (kind: string, columns: string, where: string) => `CREATE INDEX ${n(kind)} ON ${table} (${columns}) ${NO_DEDUP} WHERE ${where}`;
  return [
    `ALTER TABLE ${table} ADD CONSTRAINT ${n('pkey')} PRIMARY KEY (npi)`,
    index('person', 'last_norm, first_norm, npi', 'last_norm IS NOT NULL'),
    index('person_state', 'loc_state, last_norm, first_norm, npi', 'last_norm IS NOT NULL'),
    index('person_city', 'loc_city_norm, last_norm, first_norm, npi', 'last_norm IS NOT NULL'),
    index('org_key', 'org_key, npi', 'org_key IS NOT NULL'),
  ];
}

/**
 * Organisation words in any order: one row per word of each active organisation's `org_key`
 * (a word repeated in a name counts once), with the whole key, the NPI and the narrowing
 * columns. The B-tree on (word, org_key, npi) INCLUDE (loc_state, loc_city_norm) answers
 * "words starting with w" as an index range read in name order, with every other typed word
 * checked on the key in the same index entry (an index-only scan that stops at the limit):
 * the search drives from the typed word with the fewest entries. `registry_org_words_next` is
 * filled from `registry_providers_next` by a full import and swapped in with it.
 */
export const WORDS_TABLE = 'registry_org_words';
export const WORDS_NEXT_TABLE = 'registry_org_words_next';
export const WORDS_OLD_TABLE = 'registry_org_words_old';

export function orgWordsTableDdl(table = WORDS_TABLE): string {
  return `CREATE TABLE IF NOT EXISTS ${table} (
    word text COLLATE "C" NOT NULL,
    org_key text COLLATE "C" NOT NULL,
    npi text COLLATE "C" NOT NULL,
    loc_state text,
    loc_city_norm text COLLATE "C"
  )`;
}

export function orgWordsIndexDdl(table: string, generation: number): string[] {
  return [`CREATE INDEX row${generation}_word ON ${table} (word, org_key, npi) INCLUDE (loc_state, loc_city_norm) ${NO_DEDUP}`];
}

/**
 * A small keyed table of the mirror: its CREATE (the live table by default, or its `_next`
 * twin) and its primary key, added after a bulk fill (named with the import's generation).
 */
function keyedTableDdl(live: string, columns: string, keyPrefix: string, key: string) {
  return [
    (table = live) => `CREATE TABLE IF NOT EXISTS ${table} (${columns})`,
    (table: string, generation: number) => `ALTER TABLE ${table} ADD CONSTRAINT ${keyPrefix}${generation}_pkey PRIMARY KEY (${key})`,
  ] as const;
}

/**
 * How many entries each word has in `registry_org_words` (exact, one row per distinct word):
 * the organisation-words search drives from the typed word whose prefix has the fewest
 * entries, and a typed word no entry starts with ends the search at once. A full import
 * builds `registry_org_word_counts_next` from the new words table and swaps it in with it; an
 * incremental file adjusts the counts of the words it removes and adds, in its transaction.
 */
export const WORD_COUNTS_TABLE = 'registry_org_word_counts';
export const WORD_COUNTS_NEXT_TABLE = 'registry_org_word_counts_next';
export const WORD_COUNTS_OLD_TABLE = 'registry_org_word_counts_old';

export const [orgWordCountsTableDdl, orgWordCountsKeyDdl] = keyedTableDdl(WORD_COUNTS_TABLE, 'word text COLLATE "C" NOT NULL, n integer NOT NULL', 'rwc', 'word');

/** Fills a counts table from a words table. */
export function orgWordCountsFillSql(target: string, words: string): string {
  return `INSERT INTO ${target} (word, n) SELECT word, count(*)::int FROM ${words} GROUP BY word`;
}

/**
 * Creates and fills `registry_org_word_counts` from the words table when it is missing (a
 * mirror imported before the counts existed: migration `Migration20261225000001_registry_word_counts`);
 * idempotent.
 */
export const CREATE_WORD_COUNTS_SQL = `DO $ensure$ BEGIN
  IF to_regclass('${WORD_COUNTS_TABLE}') IS NULL THEN
    ${orgWordCountsTableDdl(WORD_COUNTS_TABLE)};
    ${orgWordCountsFillSql(WORD_COUNTS_TABLE, WORDS_TABLE)};
    ${orgWordCountsKeyDdl(WORD_COUNTS_TABLE, 0)};
  END IF;
END $ensure$`;

/**
 * Incremental files: replaces the words of the organisations of `npiSource` (dropped, then
 * written again from their rows in `providers`) and keeps the counts exact, in one statement
 * (for the incremental file's transaction; one import at a time): each word's change (entries
 * added less entries dropped) is applied to its count, and a word left with no entry loses its
 * count row. Only the words of those organisations are touched.
 */
export function orgWordsReplaceSql(providers: string, npiSource: string): string {
  return `WITH gone AS (DELETE FROM ${WORDS_TABLE} WHERE npi IN (SELECT npi FROM ${npiSource}) RETURNING word),
     added AS (${orgWordsFillSql(WORDS_TABLE, providers, npiSource)} RETURNING word),
     delta AS (SELECT word, sum(d)::int AS d FROM (SELECT word, -1 AS d FROM gone UNION ALL SELECT word, 1 FROM added) x
                GROUP BY word HAVING sum(d) <> 0),
     next AS (SELECT delta.word, coalesce(c.n, 0) + delta.d AS n FROM delta LEFT JOIN ${WORD_COUNTS_TABLE} c ON c.word = delta.word),
     kept AS (INSERT INTO ${WORD_COUNTS_TABLE} AS c (word, n) SELECT word, n FROM next WHERE n > 0
              ON CONFLICT (word) DO UPDATE SET n = EXCLUDED.n)
   DELETE FROM ${WORD_COUNTS_TABLE} WHERE word IN (SELECT word FROM next WHERE n <= 0)`;
}

/**
 * Endpoints (the endpoint reference file), one row per NPI with its list in file order: a
 * table of their own (a full import builds it next to the index builds instead of rewriting
 * the providers that have endpoints), read by primary key for each search result.
 */
export const ENDPOINTS_TABLE = 'registry_endpoints';
export const ENDPOINTS_NEXT_TABLE = 'registry_endpoints_next';
export const ENDPOINTS_OLD_TABLE = 'registry_endpoints_old';

export const [endpointsTableDdl, endpointsKeyDdl] = keyedTableDdl(ENDPOINTS_TABLE, 'npi text COLLATE "C" NOT NULL, list jsonb NOT NULL', 're', 'npi');

/** Fills a words table from a providers table (all of it, or the NPIs of `npiSource`). */
export function orgWordsFillSql(target: string, providers: string, npiSource?: string): string {
  return `INSERT INTO ${target} (word, org_key, npi, loc_state, loc_city_norm)
    SELECT u.word, p.org_key, p.npi, p.loc_state, p.loc_city_norm
      FROM ${providers} p
      CROSS JOIN LATERAL (SELECT string_to_array(p.org_key, ' ') AS words) s
      CROSS JOIN LATERAL unnest(s.words) WITH ORDINALITY AS u(word, i)
     WHERE p.entity_type = 2 AND NOT p.deactivated AND p.org_key <> '' AND u.word <> ''
       AND array_position(s.words, u.word) = u.i${npiSource ? ` AND p.npi IN (SELECT npi FROM ${npiSource})` : ''}`;
}

/** One row per import run: which file, of what date, how it went (the status call reads the latest). */
export const REGISTRY_IMPORTS_DDL = `CREATE TABLE IF NOT EXISTS registry_imports (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('full', 'incremental')),
  file_name text NOT NULL,
  file_date date,
  endpoints_file text,
  sample boolean NOT NULL DEFAULT false,
  status text NOT NULL CHECK (status IN ('running', 'completed', 'failed')),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  rows_read bigint NOT NULL DEFAULT 0,
  rows_imported bigint NOT NULL DEFAULT 0,
  rows_rejected bigint NOT NULL DEFAULT 0,
  rejects jsonb NOT NULL DEFAULT '{}',
  endpoints_imported bigint NOT NULL DEFAULT 0,
  message text
)`;
