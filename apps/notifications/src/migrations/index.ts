import type { MigrationDef } from '@app/nest-kit';
import { Migration20261122000001Notifications } from './Migration20261122000001_notifications';
import { Migration20261206000001AccountRequestNotifications } from './Migration20261206000001_account_request_notifications';
import { Migration20261230000001NotificationLinks } from './Migration20261230000001_notification_links';

export const notificationsMigrations: MigrationDef[] = [
  { name: 'Migration20261122000001_notifications', class: Migration20261122000001Notifications },
  { name: 'Migration20261206000001_account_request_notifications', class: Migration20261206000001AccountRequestNotifications },
  { name: 'Migration20261230000001_notification_links', class: Migration20261230000001NotificationLinks },
];
