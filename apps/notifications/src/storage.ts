import type { ServiceStorage } from '@app/nest-kit';
import { notificationsMigrations } from './migrations';
import { NotificationCounter } from './read-models/notification-counter.entity';
import { Notification } from './read-models/notification.entity';

/** What notifications keeps in Postgres besides its event store. */
export const notificationsStorage: ServiceStorage = { entities: [Notification, NotificationCounter], migrations: notificationsMigrations };
