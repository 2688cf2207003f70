import { Migration } from '@mikro-orm/migrations';

/**
 * The registry's organisation words in any order move from a GIN index on a tsvector to the
 * `registry_org_words` table (read in order, stops at the limit); the search columns become
 * plain columns the importer fills (no per-row generated expressions in a bulk load); `npi`
 * takes the C collation so the primary key also serves NPI prefixes (one index less); the
 * endpoints move to `registry_endpoints` (an import no longer rewrites the providers that have some).
 * Idempotent over both shapes: a database migrated before has the generated columns, a new one
 * was created in the new shape by the first registry migration.
 */
export class Migration20261223000001RegistryWords extends Migration {
  override name = 'Migration20261223000001_registry_words';
  override async up(): Promise<void> {
    for (const sql of SQL) this.addSql(sql);
  }
}

/** Frozen: the statements as they were when this migration shipped (never built from live definitions). */
const SQL: readonly string[] = [
  `DO $m$
      DECLARE c text; ix text;
      BEGIN
        FOREACH c IN ARRAY ARRAY['last_norm', 'first_norm', 'loc_city_norm', 'org_key'] LOOP
          IF EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'registry_providers'::regclass AND attname = c AND attgenerated <> '') THEN
            EXECUTE format('ALTER TABLE registry_providers ALTER COLUMN %I DROP EXPRESSION', c);
          END IF;
        END LOOP;
        ALTER TABLE registry_providers DROP COLUMN IF EXISTS org_words;
        FOR ix IN SELECT indexname FROM pg_indexes
                   WHERE schemaname = current_schema() AND tablename = 'registry_providers' AND indexname LIKE 'rp%npi_prefix' LOOP
          EXECUTE format('DROP INDEX %I', ix);
        END LOOP;
        IF (SELECT c.collname FROM pg_attribute a JOIN pg_collation c ON c.oid = a.attcollation
             WHERE a.attrelid = 'registry_providers'::regclass AND a.attname = 'npi') IS DISTINCT FROM 'C' THEN
          ALTER TABLE registry_providers ALTER COLUMN npi TYPE text COLLATE "C";
        END IF;
      END $m$`,
  `CREATE TABLE IF NOT EXISTS registry_endpoints (npi text COLLATE "C" NOT NULL, list jsonb NOT NULL)`,
  `DO $m$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'registry_providers'::regclass AND attname = 'endpoints' AND NOT attisdropped) THEN
        INSERT INTO registry_endpoints (npi, list) SELECT npi, endpoints FROM registry_providers WHERE endpoints <> '[]';
        ALTER TABLE registry_providers DROP COLUMN endpoints;
      END IF;
      IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'registry_endpoints'::regclass AND contype = 'p') THEN
        ALTER TABLE registry_endpoints ADD CONSTRAINT re0_pkey PRIMARY KEY (npi);
      END IF;
    END $m$`,
  `CREATE TABLE IF NOT EXISTS registry_org_words (
    word text COLLATE "C" NOT NULL,
    org_key text COLLATE "C" NOT NULL,
    npi text COLLATE "C" NOT NULL,
    loc_state text,
    loc_city_norm text COLLATE "C"
  )`,
  `DO $m$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM registry_org_words) THEN INSERT INTO registry_org_words (word, org_key, npi, loc_state, loc_city_norm)
    SELECT u.word, p.org_key, p.npi, p.loc_state, p.loc_city_norm
      FROM registry_providers p
      CROSS JOIN LATERAL (SELECT string_to_array(p.org_key, ' ') AS words) s
      CROSS JOIN LATERAL unnest(s.words) WITH ORDINALITY AS u(word, i)
     WHERE p.entity_type = 2 AND NOT p.deactivated AND p.org_key <> '' AND u.word <> ''
       AND array_position(s.words, u.word) = u.i; END IF;
    END $m$`,
  `CREATE INDEX IF NOT EXISTS row0_word ON registry_org_words (word, org_key, npi) INCLUDE (loc_state, loc_city_norm) WITH (deduplicate_items = off)`,
];
