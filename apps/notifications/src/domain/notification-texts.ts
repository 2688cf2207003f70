import type { notifications } from '@app/contracts';
import type { NotificationKind } from './notification.events';

/** What a notification says and how it is shown; one place for every text the service writes. */
export type NotificationContent = {
  kind: NotificationKind;
  alertLevel: notifications.NotificationAlertLevel;
  category: notifications.NotificationCategory;
  icon: notifications.NotificationIcon;
  heading: string;
  body: string;
};

type RequestMeta = notifications.NotificationRequestMetaData | undefined;

const IF_NOT_YOU = "If this wasn't you, reset your password now.";

function clean(s: string | undefined, max: number): string | undefined {
  const t = s?.replace(/\s+/g, ' ').trim();
  return t ? t.slice(0, max) : undefined;
}

/** The request metadata kept with a notification: trimmed, bounded, empty parts dropped. */
export function cleanRequestMeta(request: RequestMeta): notifications.NotificationRequestMetaData | undefined {
  const browser = clean(request?.browser, 60);
  const os = clean(request?.os, 60);
  const ip = clean(request?.ip, 45);
  if (!browser && !os && !ip) return undefined;
  return { ...(browser ? { browser } : {}), ...(os ? { os } : {}), ...(ip ? { ip } : {}) };
}

/** 'Chrome 139 on Linux from 203.0.113.5', with 'unknown' for missing parts. */
export function describeDevice(request: RequestMeta): string {
  const m = cleanRequestMeta(request);
  return `${m?.browser ?? 'Unknown browser'} on ${m?.os ?? 'unknown OS'} from ${m?.ip ?? 'unknown IP'}`;
}

/** ' (Chrome 139 on Linux from 203.0.113.5)', or nothing when the request told us nothing. */
function fromDevice(request: RequestMeta): string {
  return cleanRequestMeta(request) ? ` (${describeDevice(request)})` : '';
}

/** 'jo***@example.com': enough to recognise the address, not to read it off a shared screen. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  return `${local.slice(0, local.length > 3 ? 2 : 1)}***${email.slice(at)}`;
}

/** The last four digits of a phone number. */
export function lastDigits(mobile: string, n = 4): string {
  return mobile.replace(/\D/g, '').slice(-n);
}

export function welcomeNotification(account: { displayName?: string; userName?: string }): NotificationContent {
  const name = clean(account.displayName, 40) ?? clean(account.userName, 20);
  return {
    kind: 'welcome',
    alertLevel: 'Success',
    category: 'General',
    icon: 'SmileOutlined',
    heading: name ? `Welcome, ${name}!` : 'Welcome!',
    body: 'Your account is ready. Complete your profile, and check Security & Settings to keep your sign-in details up to date.',
  };
}

export function newSignInNotification(request: RequestMeta): NotificationContent {
  return {
    kind: 'new-sign-in',
    alertLevel: 'Warning',
    category: 'Security',
    icon: 'LoginOutlined',
    heading: 'New sign-in to your account',
    body: `${describeDevice(request)}. If this wasn't you, change your password.`,
  };
}

export function passwordChangedNotification(via: 'reset' | 'change', request: RequestMeta): NotificationContent {
  return via === 'reset'
    ? {
        kind: 'password-reset',
        alertLevel: 'Warning',
        category: 'Security',
        icon: 'LockOutlined',
        heading: 'Your password was reset',
        body: `Your password was reset with a temporary password sent to your email${fromDevice(request)}. ${IF_NOT_YOU}`,
      }
    : {
        kind: 'password-changed',
        alertLevel: 'Warning',
        category: 'Security',
        icon: 'LockOutlined',
        heading: 'Your password was changed',
        body: `Your password was changed${fromDevice(request)}. ${IF_NOT_YOU}`,
      };
}

export function emailChangedNotification(email: string, request: RequestMeta): NotificationContent {
  return {
    kind: 'email-changed',
    alertLevel: 'Warning',
    category: 'Security',
    icon: 'MailOutlined',
    heading: 'Your email address was changed',
    body: `You now sign in with ${maskEmail(email)}${fromDevice(request)}. ${IF_NOT_YOU}`,
  };
}

export function mobileChangedNotification(mobile: string, request: RequestMeta): NotificationContent {
  const last = lastDigits(mobile);
  return {
    kind: 'mobile-changed',
    alertLevel: 'Warning',
    category: 'Security',
    icon: 'MobileOutlined',
    heading: 'Your mobile number was changed',
    body: `Sign-in codes now go to ${last ? `the number ending in ${last}` : 'a new number'}${fromDevice(request)}. ${IF_NOT_YOU}`,
  };
}

/** A visitor asked for an account: the master admin approves or declines it from the notification. */
export function accountRequestedNotification(request: { name: string; practice: string }): NotificationContent {
  const name = clean(request.name, 100) ?? 'Someone';
  const practice = clean(request.practice, 200);
  return {
    kind: 'account-requested',
    alertLevel: 'Info',
    category: 'General',
    icon: 'UserAddOutlined',
    heading: 'New account request',
    body: `${name}${practice ? ` (${practice})` : ''} asked for an account. Review the request to approve or decline it.`,
  };
}
