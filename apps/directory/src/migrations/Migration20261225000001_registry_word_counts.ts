import { Migration } from '@mikro-orm/migrations';

/**
 * `registry_org_word_counts`: how many entries each word has in `registry_org_words` (the
 * organisation-words search drives from the typed word with the fewest), created and filled
 * from the words table of a mirror imported before it existed. Idempotent.
 */
export class Migration20261225000001RegistryWordCounts extends Migration {
  override name = 'Migration20261225000001_registry_word_counts';
  override async up(): Promise<void> {
    for (const sql of SQL) this.addSql(sql);
  }
}

/** Frozen: the statements as they were when this migration shipped (never built from live definitions). */
const SQL: readonly string[] = [
  `DO $ensure$ BEGIN
  IF to_regclass('registry_org_word_counts') IS NULL THEN
    CREATE TABLE IF NOT EXISTS registry_org_word_counts (word text COLLATE "C" NOT NULL, n integer NOT NULL);
    INSERT INTO registry_org_word_counts (word, n) SELECT word, count(*)::int FROM registry_org_words GROUP BY word;
    ALTER TABLE registry_org_word_counts ADD CONSTRAINT rwc0_pkey PRIMARY KEY (word);
  END IF;
END $ensure$`,
];
