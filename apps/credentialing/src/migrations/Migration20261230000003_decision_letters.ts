import { Migration } from '@mikro-orm/migrations';

/**
 * The decision letters (PDF) of the files: one per decision, written once when the decision is
 * recorded and served only to those who may see the file. Frozen.
 */
export class Migration20261230000003DecisionLetters extends Migration {
  override name = 'Migration20261230000003_decision_letters';
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE IF NOT EXISTS credentialing_letters (
        letter_id uuid PRIMARY KEY,
        provider_id uuid NOT NULL,
        cycle_id uuid NOT NULL,
        file_name text NOT NULL,
        pdf bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`CREATE INDEX IF NOT EXISTS credentialing_letters_provider ON credentialing_letters (provider_id)`);
  }
}
