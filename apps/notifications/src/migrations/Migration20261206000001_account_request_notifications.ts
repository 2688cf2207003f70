import { Migration } from '@mikro-orm/migrations';

/** Notifications about an account request: which request, and whether it is still pending. */
export class Migration20261206000001AccountRequestNotifications extends Migration {
  override name = 'Migration20261206000001_account_request_notifications';
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE notifications ADD COLUMN IF NOT EXISTS account_request_id uuid`);
    this.addSql(`ALTER TABLE notifications ADD COLUMN IF NOT EXISTS account_request_status text`);
  }
}
