import { z } from 'zod';
import { defineRpcs, schemaOf } from '../rpc-contract';
import type { Notification, NotificationFilter } from './notification';

const accountId = z.string().uuid('must be an account id');
const notificationId = z.string().uuid('must be a notification id');

/**
 * The filter as a browser may send it: a number, or a string in form data. Absent = All.
 * Anything but 0, 1 or 2 is refused (400 naming `filter`).
 */
export const NotificationFilterInput = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? 0 : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'must be 0 (All), 1 (Security) or 2 (New)' }),
) as unknown as z.ZodType<NotificationFilter>;

/** notifications.qry.list: the account's notifications, newest first, at most 100. */
export const ListNotificationsRequest = z.object({ accountId, filter: NotificationFilterInput });
export type ListNotificationsRequest = z.infer<typeof ListNotificationsRequest>;
/** A notification as the drawer shows it (the same shape as `user-notification-event`'s). */
export const NotificationView = schemaOf<Notification>()(
  z.object({
    _id: z.string(),
    status: z.enum(['Read', 'Unread']),
    alertLevel: z.enum(['Info', 'Success', 'Warning', 'Danger', 'Error']),
    category: z.string(),
    icon: z.string(),
    heading: z.string(),
    body: z.string(),
    creationDate: z.string(),
    requestMetaData: z.object({ browser: z.string().optional(), os: z.string().optional(), ip: z.string().optional() }).optional(),
    providerId: z.string().optional(),
    doneAt: z.string().optional(),
  }),
);
export const ListNotificationsReply = z.object({ notifications: z.array(NotificationView) });
export type ListNotificationsReply = z.infer<typeof ListNotificationsReply>;

/** notifications.qry.count: the bell count (notificationsCount, raised since the bell was last opened) and unread. */
export const CountNotificationsRequest = z.object({ accountId });
export type CountNotificationsRequest = z.infer<typeof CountNotificationsRequest>;
export const CountNotificationsReply = z.object({ notificationsCount: z.number().int(), unread: z.number().int() });
export type CountNotificationsReply = z.infer<typeof CountNotificationsReply>;

/** notifications.cmd.markRead: a notification of the account becomes Read (404 if not the account's). */
export const MarkNotificationReadRequest = z.object({ accountId, notificationId });
export type MarkNotificationReadRequest = z.infer<typeof MarkNotificationReadRequest>;

/** notifications.cmd.markAllRead */
export const MarkAllNotificationsReadRequest = z.object({ accountId });
export type MarkAllNotificationsReadRequest = z.infer<typeof MarkAllNotificationsReadRequest>;

/** notifications.cmd.resetBell: the bell was opened; its count goes back to 0. */
export const ResetBellRequest = z.object({ accountId });
export type ResetBellRequest = z.infer<typeof ResetBellRequest>;

/** What every notifications command answers: the counts after it. */
export const NotificationsCommandReply = CountNotificationsReply.extend({ success: z.literal(true) });
export type NotificationsCommandReply = z.infer<typeof NotificationsCommandReply>;

/** Gateway request bodies (the account always comes from the session, never from the body). */
export const GetNotificationsBody = z.object({ filter: NotificationFilterInput });
export const MarkNotificationReadBody = z.object({ notificationId });

/** The notifications service's calls: notifications.qry.<name> and notifications.cmd.<name>. */
export const NOTIFICATIONS_RPC = defineRpcs('notifications', {
  list: { kind: 'qry', request: ListNotificationsRequest, reply: ListNotificationsReply },
  /** Also what the gateway asks for the signed-in user record's `notificationsCount`. */
  count: { kind: 'qry', request: CountNotificationsRequest, reply: CountNotificationsReply },
  markRead: { kind: 'cmd', request: MarkNotificationReadRequest, reply: NotificationsCommandReply },
  markAllRead: { kind: 'cmd', request: MarkAllNotificationsReadRequest, reply: NotificationsCommandReply },
  resetBell: { kind: 'cmd', request: ResetBellRequest, reply: NotificationsCommandReply },
});
