import { defineEntity, p } from '@mikro-orm/postgresql';
import type { notifications } from '@app/contracts';

/** Read model of notifications, one row per notification, for the drawer's list and filters. */
export const NotificationSchema = defineEntity({
  name: 'Notification',
  tableName: 'notifications',
  properties: {
    id: p.uuid().primary(),
    accountId: p.uuid(),
    kind: p.text(),
    status: p.text().$type<notifications.NotificationStatus>(),
    alertLevel: p.text().$type<notifications.NotificationAlertLevel>(),
    category: p.text(),
    icon: p.text(),
    heading: p.text(),
    body: p.text(),
    requestMetaData: p.json<notifications.NotificationRequestMetaData>().nullable(),
    sourceEventId: p.text(),
    createdAt: p.datetime(),
    readAt: p.datetime().nullable(),
    raisedPosition: p.bigint('string'),
    /** The account request the notification asks to decide, and its status (pending, approved, declined). */
    accountRequestId: p.uuid().nullable(),
    accountRequestStatus: p.text().nullable(),
    /** The credentialing file the notification opens; the exclusion match a Danger alert is about, and when it was done. */
    providerId: p.uuid().nullable(),
    exclusionMatchId: p.text().nullable(),
    doneAt: p.datetime().nullable(),
  },
});
export class Notification extends NotificationSchema.class {}
NotificationSchema.setClass(Notification);
