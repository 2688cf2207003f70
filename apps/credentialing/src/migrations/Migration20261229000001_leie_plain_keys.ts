import { Migration } from '@mikro-orm/migrations';

/**
 * The LEIE import at scale: the exclusion mirror's name keys and search text become
 * plain columns that the importer fills (domain/exclusion-keys.ts: the same expressions,
 * computed in Node for ASCII names and by Postgres for the others) instead of Postgres
 * computing them for every row as the rows are written. DROP EXPRESSION keeps each row's
 * computed value, so the rows already there keep their keys. The providers' keys stay generated. Frozen.
 */
export class Migration20261229000001LeiePlainKeys extends Migration {
  override name = 'Migration20261229000001_leie_plain_keys';
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE leie_exclusions ALTER COLUMN last_key DROP EXPRESSION IF EXISTS, ALTER COLUMN first_key DROP EXPRESSION IF EXISTS, ALTER COLUMN search_text DROP EXPRESSION IF EXISTS`);
  }
}
