import { Migration } from '@mikro-orm/migrations';

/** The credentialing file a notification opens, the exclusion match a Danger alert is about, and when it was done. */
export class Migration20261230000001NotificationLinks extends Migration {
  override name = 'Migration20261230000001_notification_links';
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE notifications ADD COLUMN IF NOT EXISTS provider_id uuid`);
    this.addSql(`ALTER TABLE notifications ADD COLUMN IF NOT EXISTS exclusion_match_id text`);
    this.addSql(`ALTER TABLE notifications ADD COLUMN IF NOT EXISTS done_at timestamptz`);
    this.addSql(`CREATE INDEX IF NOT EXISTS notifications_exclusion_alerts ON notifications (provider_id) WHERE exclusion_match_id IS NOT NULL AND done_at IS NULL`);
  }
}
