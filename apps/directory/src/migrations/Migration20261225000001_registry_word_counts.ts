import { Migration } from '@mikro-orm/migrations';
import { CREATE_WORD_COUNTS_SQL } from '../registry/schema';

/**
 * `registry_org_word_counts`: how many entries each word has in `registry_org_words` (the
 * organisation-words search drives from the typed word with the fewest), created and filled
 * from the words table of a mirror imported before it existed. Idempotent.
 */
export class Migration20261225000001RegistryWordCounts extends Migration {
  override name = 'Migration20261225000001_registry_word_counts';
  override async up(): Promise<void> {
    this.addSql(CREATE_WORD_COUNTS_SQL);
  }
}
