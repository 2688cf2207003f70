import { defineEntity, p } from '@mikro-orm/postgresql';

/** Per account: unread notifications, and the bell count (raised since the bell was last opened). */
export const NotificationCounterSchema = defineEntity({
  name: 'NotificationCounter',
  tableName: 'notification_counters',
  properties: {
    accountId: p.uuid().primary(),
    unread: p.integer().default(0),
    bellCount: p.integer().default(0),
    bellResetAt: p.datetime().nullable(),
    updatedAt: p.datetime(),
  },
});
export class NotificationCounter extends NotificationCounterSchema.class {}
NotificationCounterSchema.setClass(NotificationCounter);
