import type { MigrationDef } from '@app/nest-kit';
import { Migration20261122000001Notifications } from './Migration20261122000001_notifications';

export const notificationsMigrations: MigrationDef[] = [
  { name: 'Migration20261122000001_notifications', class: Migration20261122000001Notifications },
];
