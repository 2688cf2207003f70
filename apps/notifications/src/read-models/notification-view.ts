import type { notifications } from '@app/contracts';
import type { NotificationRaised } from '../domain/notification.events';

type Row = {
  id: string;
  status: notifications.NotificationStatus;
  alertLevel: notifications.NotificationAlertLevel;
  category: string;
  icon: string;
  heading: string;
  body: string;
  createdAt: Date | string;
  requestMetaData?: notifications.NotificationRequestMetaData | null;
  accountRequestId?: string | null;
  accountRequestStatus?: string | null;
  providerId?: string | null;
  doneAt?: Date | string | null;
};

const REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;

/** A stored notification as the web receives it (spec §3 field names). */
export function toNotificationView(row: Row): notifications.Notification {
  return {
    _id: row.id,
    status: row.status,
    alertLevel: row.alertLevel,
    category: row.category,
    icon: row.icon,
    heading: row.heading,
    body: row.body,
    creationDate: new Date(row.createdAt).toISOString(),
    ...(row.requestMetaData ? { requestMetaData: row.requestMetaData } : {}),
    ...(row.accountRequestId
      ? {
          accountRequest: {
            requestId: row.accountRequestId,
            status: REQUEST_STATUSES.find((s) => s === row.accountRequestStatus) ?? 'pending',
          },
        }
      : {}),
    ...(row.providerId ? { providerId: row.providerId } : {}),
    ...(row.doneAt ? { doneAt: new Date(row.doneAt).toISOString() } : {}),
  };
}

/** The view of a notification just raised (what the read model will hold for it). */
export function viewOfRaised(event: NotificationRaised): notifications.Notification {
  const d = event.data;
  return toNotificationView({ id: d.notificationId, status: 'Unread', ...d, ...(d.accountRequestId ? { accountRequestStatus: 'pending' } : {}) });
}
