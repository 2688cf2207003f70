/**
 * Notification icons are @ant-design/icons component names (such as 'LoginOutlined'). The
 * drawer renders these; any other name shows the fallback bell. The list is explicit so the
 * bundle carries a few icons rather than the whole set.
 */
export const NOTIFICATION_ICON_NAMES = [
  'BellOutlined',
  'SmileOutlined',
  'LoginOutlined',
  'LogoutOutlined',
  'LockOutlined',
  'UnlockOutlined',
  'KeyOutlined',
  'MailOutlined',
  'MobileOutlined',
  'SafetyOutlined',
  'SafetyCertificateOutlined',
  'UserOutlined',
  'UserAddOutlined',
  'TeamOutlined',
  'IdcardOutlined',
  'SolutionOutlined',
  'FileTextOutlined',
  'MessageOutlined',
  'CalendarOutlined',
  'MedicineBoxOutlined',
  'BankOutlined',
  'InfoCircleOutlined',
  'CheckCircleOutlined',
  'WarningOutlined',
  'ExclamationCircleOutlined',
  'CloseCircleOutlined',
] as const;

export type NotificationIconName = (typeof NOTIFICATION_ICON_NAMES)[number];

/** Shown for a missing or unknown icon name. */
export const FALLBACK_NOTIFICATION_ICON: NotificationIconName = 'BellOutlined';

/** The icon to render for a notification's icon name (the bell when unknown). */
export function notificationIconName(name: string | null | undefined): NotificationIconName {
  const trimmed = (name ?? '').trim();
  return (NOTIFICATION_ICON_NAMES as readonly string[]).includes(trimmed) ? (trimmed as NotificationIconName) : FALLBACK_NOTIFICATION_ICON;
}
