import { Migration } from '@mikro-orm/migrations';
import { ENDPOINTS_TABLE, PROVIDERS_TABLE, WORDS_TABLE, endpointsKeyDdl, endpointsTableDdl, orgWordsFillSql, orgWordsIndexDdl, orgWordsTableDdl } from '../registry/schema';

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
    this.addSql(`DO $m$
      DECLARE c text; ix text;
      BEGIN
        FOREACH c IN ARRAY ARRAY['last_norm', 'first_norm', 'loc_city_norm', 'org_key'] LOOP
          IF EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = '${PROVIDERS_TABLE}'::regclass AND attname = c AND attgenerated <> '') THEN
            EXECUTE format('ALTER TABLE ${PROVIDERS_TABLE} ALTER COLUMN %I DROP EXPRESSION', c);
          END IF;
        END LOOP;
        ALTER TABLE ${PROVIDERS_TABLE} DROP COLUMN IF EXISTS org_words;
        FOR ix IN SELECT indexname FROM pg_indexes
                   WHERE schemaname = current_schema() AND tablename = '${PROVIDERS_TABLE}' AND indexname LIKE 'rp%npi_prefix' LOOP
          EXECUTE format('DROP INDEX %I', ix);
        END LOOP;
        IF (SELECT c.collname FROM pg_attribute a JOIN pg_collation c ON c.oid = a.attcollation
             WHERE a.attrelid = '${PROVIDERS_TABLE}'::regclass AND a.attname = 'npi') IS DISTINCT FROM 'C' THEN
          ALTER TABLE ${PROVIDERS_TABLE} ALTER COLUMN npi TYPE text COLLATE "C";
        END IF;
      END $m$`);
    this.addSql(endpointsTableDdl(ENDPOINTS_TABLE));
    this.addSql(`DO $m$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = '${PROVIDERS_TABLE}'::regclass AND attname = 'endpoints' AND NOT attisdropped) THEN
        INSERT INTO ${ENDPOINTS_TABLE} (npi, list) SELECT npi, endpoints FROM ${PROVIDERS_TABLE} WHERE endpoints <> '[]';
        ALTER TABLE ${PROVIDERS_TABLE} DROP COLUMN endpoints;
      END IF;
      IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = '${ENDPOINTS_TABLE}'::regclass AND contype = 'p') THEN
        ${endpointsKeyDdl(ENDPOINTS_TABLE, 0)};
      END IF;
    END $m$`);
    this.addSql(orgWordsTableDdl(WORDS_TABLE));
    this.addSql(`DO $m$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM ${WORDS_TABLE}) THEN ${orgWordsFillSql(WORDS_TABLE, PROVIDERS_TABLE)}; END IF;
    END $m$`);
    for (const sql of orgWordsIndexDdl(WORDS_TABLE, 0)) this.addSql(sql.replace('CREATE INDEX', 'CREATE INDEX IF NOT EXISTS'));
  }
}
