import { Migration } from '@mikro-orm/migrations';

/**
 * An NPI match's clearance (asked by the master admin with evidence, confirmed by a second
 * person) kept with the match, and the documents each provider's file holds (the files of
 * `/api/files` its events name), so the gateway serves them only to those who may see the file.
 * Frozen.
 */
export class Migration20261230000001ClearanceDocuments extends Migration {
  override name = 'Migration20261230000001_clearance_documents';
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE exclusion_matches ADD COLUMN IF NOT EXISTS clearance jsonb`);
    this.addSql(`
      CREATE TABLE IF NOT EXISTS credentialing_documents (
        name text NOT NULL,
        provider_id uuid NOT NULL,
        PRIMARY KEY (name, provider_id)
      )`);
  }
}
