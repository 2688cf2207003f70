import { Migration } from '@mikro-orm/migrations';

/**
 * The consumers' record of applied integration events (one rule for every service's consumers:
 * an event is applied once per CloudEvent id, in the transaction that records it).
 */
export class Migration20261227000001ProcessedEvents extends Migration {
  override name = 'Migration20261227000001_processed_events';
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE IF NOT EXISTS processed_events (
        event_id text PRIMARY KEY,
        subject text NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now()
      )`);
  }
}
