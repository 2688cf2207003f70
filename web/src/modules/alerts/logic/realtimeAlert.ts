import type { RealtimeAlert } from '@app/contracts';
import type { AlertHeaderIcon, AlertInput } from '../types/alert';

const HEADER_ICONS: readonly AlertHeaderIcon[] = ['info', 'success', 'warning', 'danger', 'error', 'bell', 'security', 'message'];

/**
 * Live alerts may name an @ant-design/icons component (the icon of the notification they
 * announce, such as 'LoginOutlined'); these are the header icons such names become.
 */
const ICON_NAME_HEADERS: Readonly<Record<string, AlertHeaderIcon>> = {
  LoginOutlined: 'security',
  LogoutOutlined: 'security',
  LockOutlined: 'security',
  UnlockOutlined: 'security',
  KeyOutlined: 'security',
  MailOutlined: 'security',
  MobileOutlined: 'security',
  SafetyOutlined: 'security',
  SafetyCertificateOutlined: 'security',
  SmileOutlined: 'success',
  CheckCircleOutlined: 'success',
  WarningOutlined: 'warning',
  ExclamationCircleOutlined: 'warning',
  CloseCircleOutlined: 'error',
  StopOutlined: 'error',
  MessageOutlined: 'message',
  CommentOutlined: 'message',
  InfoCircleOutlined: 'info',
  BellOutlined: 'bell',
};

/**
 * The toast header icon for a live alert's headerIcon: a toast icon name as is, an
 * @ant-design/icons name by its kind, anything else the bell (it came from a live event).
 */
export function realtimeHeaderIcon(headerIcon: string | null | undefined): AlertHeaderIcon {
  const name = (headerIcon ?? '').trim();
  const lower = name.toLowerCase() as AlertHeaderIcon;
  if (HEADER_ICONS.includes(lower)) return lower;
  return Object.hasOwn(ICON_NAME_HEADERS, name) ? ICON_NAME_HEADERS[name] : 'bell';
}

/**
 * A 'user-alert-event' as a toast: its id, visibility and auto-dismiss as sent, the header
 * icon mapped, and the footer with the date and time it appeared.
 */
export function alertFromRealtime(alert: RealtimeAlert): AlertInput {
  return {
    id: alert.id ? String(alert.id) : undefined,
    showAlert: alert.showAlert !== false,
    autoDismiss: Boolean(alert.autoDismiss),
    autoDismissTime: alert.autoDismissTime,
    headerText: String(alert.headerText ?? ''),
    headerIcon: realtimeHeaderIcon(alert.headerIcon),
    bodyText: String(alert.bodyText ?? ''),
    showTimestamp: true,
  };
}
