import { Migration } from '@mikro-orm/migrations';

/** Notifications read models, per-account counters, and the record of integration events handled. */
export class Migration20261122000001Notifications extends Migration {
  override name = 'Migration20261122000001_notifications';
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE IF NOT EXISTS notifications (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL,
        kind text NOT NULL,
        status text NOT NULL CHECK (status IN ('Read', 'Unread')),
        alert_level text NOT NULL CHECK (alert_level IN ('Info', 'Success', 'Warning', 'Danger', 'Error')),
        category text NOT NULL,
        icon text NOT NULL,
        heading text NOT NULL,
        body text NOT NULL,
        request_meta_data jsonb,
        source_event_id text NOT NULL,
        created_at timestamptz NOT NULL,
        read_at timestamptz,
        -- Global position of the NotificationRaised event: raise order, for equal creation times.
        raised_position bigint NOT NULL
      )`);
    // The drawer: newest first, whole list, Security only, Unread only.
    this.addSql(`CREATE INDEX IF NOT EXISTS notifications_account_created ON notifications (account_id, created_at DESC, raised_position DESC)`);
    this.addSql(
      `CREATE INDEX IF NOT EXISTS notifications_account_category_created ON notifications (account_id, category, created_at DESC, raised_position DESC)`,
    );
    this.addSql(
      `CREATE INDEX IF NOT EXISTS notifications_account_unread_created ON notifications (account_id, created_at DESC, raised_position DESC) WHERE status = 'Unread'`,
    );
    this.addSql(`
      CREATE TABLE IF NOT EXISTS notification_counters (
        account_id uuid PRIMARY KEY,
        unread integer NOT NULL DEFAULT 0 CHECK (unread >= 0),
        bell_count integer NOT NULL DEFAULT 0 CHECK (bell_count >= 0),
        bell_reset_at timestamptz,
        updated_at timestamptz NOT NULL
      )`);
    // Integration events already handled (CloudEvent id), written in the transaction of the append:
    // a redelivered event is acknowledged without doing anything twice.
    this.addSql(`
      CREATE TABLE IF NOT EXISTS processed_events (
        event_id text PRIMARY KEY,
        subject text NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now()
      )`);
  }
}
