import { Migration } from '@mikro-orm/migrations';

/**
 * Chasing missing items: each practice's cadence as its staff set it (`credentialing_chasing`;
 * none: every 7 days, at most 4 times), and the chases sent (`credentialing_chases`: one row per
 * provider, item and chase number, so a re-run, a restart or a second instance sends each once).
 * Frozen.
 */
export class Migration20270106000002Chasing extends Migration {
  override name = 'Migration20270106000002_chasing';
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE IF NOT EXISTS credentialing_chasing (
        practice_id uuid PRIMARY KEY,
        every_days integer NOT NULL,
        max_times integer NOT NULL,
        set_by uuid NOT NULL,
        set_at timestamptz NOT NULL
      )`);
    this.addSql(`
      CREATE TABLE IF NOT EXISTS credentialing_chases (
        provider_id uuid NOT NULL,
        item_key text NOT NULL,
        chase integer NOT NULL,
        sent_on date NOT NULL,
        PRIMARY KEY (provider_id, item_key, chase)
      )`);
  }
}
