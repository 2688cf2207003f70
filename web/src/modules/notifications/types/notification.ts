import type { notifications } from '@app/contracts';

/** A notification as the drawer shows it (spec §3), from the contracts library. */
export type Notification = notifications.Notification;
export type NotificationAlertLevel = notifications.NotificationAlertLevel;
export type NotificationStatus = notifications.NotificationStatus;
export type NotificationRequestMetaData = notifications.NotificationRequestMetaData;
/** Whether the account request a notification is about is still waiting for the master admin. */
export type AccountRequestStatus = NonNullable<Notification['accountRequest']>['status'];
/** The drawer's filter: 0 All Notifications, 1 Security, 2 New (unread). */
export type NotificationFilter = notifications.NotificationFilter;

/** The payload of a live 'user-notification-event'. */
export type LiveNotification = { notification: Notification; notificationsCount: number };

/** getNotifications: the caller's notifications, newest first. */
export type GetNotificationsReply = { success: boolean; notifications: Notification[] };

/** The bell count (raised since the bell was last opened) and the number of unread notifications. */
export type NotificationCounts = { notificationsCount: number; unread: number };

/** What the count call and the mark-read commands answer. */
export type NotificationCountsReply = { success: boolean } & NotificationCounts;

/** resetNotificationsCount: the bell count is 0 again. */
export type ResetCountReply = { success: boolean; notificationsCount: number };
