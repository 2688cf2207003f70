import { z } from 'zod';
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
export type ListNotificationsReply = { notifications: Notification[] };

/** notifications.qry.count: the bell count (notificationsCount, raised since the bell was last opened) and unread. */
export const CountNotificationsRequest = z.object({ accountId });
export type CountNotificationsRequest = z.infer<typeof CountNotificationsRequest>;
export type CountNotificationsReply = { notificationsCount: number; unread: number };

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
export type NotificationsCommandReply = { success: true } & CountNotificationsReply;

/** Gateway request bodies (the account always comes from the session, never from the body). */
export const GetNotificationsBody = z.object({ filter: NotificationFilterInput });
export const MarkNotificationReadBody = z.object({ notificationId });

export const NOTIFICATIONS_RPC = {
  list: 'list',
  count: 'count',
  markRead: 'markRead',
  markAllRead: 'markAllRead',
  resetBell: 'resetBell',
} as const;
