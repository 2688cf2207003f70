import type { RealtimeAlert, RealtimeNotification } from '../realtime';

/**
 * A notification as the web shows it in the 'Profile Notifications' drawer (spec §3). The same
 * shape travels in `user-notification-event` and answers `getNotifications`.
 */
export type Notification = RealtimeNotification;
export type NotificationAlertLevel = Notification['alertLevel'];
export type NotificationStatus = Notification['status'];
export type NotificationRequestMetaData = NonNullable<Notification['requestMetaData']>;
export type NotificationAlert = RealtimeAlert;

export const ALERT_LEVELS: readonly NotificationAlertLevel[] = ['Info', 'Success', 'Warning', 'Danger', 'Error'];

/** Categories the service raises; the drawer's Security filter selects 'Security'. */
export type NotificationCategory = 'Security' | 'General' | 'Practice' | 'Credentialing';

/** Icons are @ant-design/icons component names, so the web can render them by name. */
export type NotificationIcon = 'SmileOutlined' | 'LoginOutlined' | 'LockOutlined' | 'MailOutlined' | 'MobileOutlined' | 'BankOutlined' | 'SafetyCertificateOutlined' | 'UserAddOutlined';

/** The drawer's filter menu (spec §9): All (0), Security (1), New = Unread (2). */
export const NOTIFICATION_FILTER = { All: 0, Security: 1, New: 2 } as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTER)[keyof typeof NOTIFICATION_FILTER];

/** At most this many notifications answer one list query (newest first). */
export const NOTIFICATIONS_LIST_LIMIT = 100;

/** How long a security alert toast stays before dismissing itself. */
export const SECURITY_ALERT_DISMISS_MS = 8000;
