import type { notifications } from '@app/contracts';

/**
 * Internal events of an account's notifications (stream `notifications-<accountId>`). Every
 * event carries the account id so read models need not parse the stream id.
 */

/** Why the notification was raised; decides its text and, for sign-ins, records the device as seen. */
export type NotificationKind =
  | 'welcome'
  | 'new-sign-in'
  | 'password-changed'
  | 'password-reset'
  | 'email-changed'
  | 'mobile-changed'
  | 'practice-added'
  | 'practice-access-changed'
  | 'practice-removed'
  | 'credentialing-monitoring'
  | 'credentialing-notice'
  | 'account-requested';

export type NotificationRaised = {
  type: 'NotificationRaised';
  data: {
    notificationId: string;
    accountId: string;
    kind: NotificationKind;
    alertLevel: notifications.NotificationAlertLevel;
    category: notifications.NotificationCategory;
    icon: notifications.NotificationIcon;
    heading: string;
    body: string;
    requestMetaData?: notifications.NotificationRequestMetaData;
    /** The integration event (CloudEvent id) that caused it. */
    sourceEventId: string;
    createdAt: string;
    /** An account request the notification asks the master admin to decide. */
    accountRequestId?: string;
    /** The provider whose credentialing file the notification opens (credentialing monitoring). */
    providerId?: string;
    /** The exclusion match a Danger exclusion alert is about: done once a person resolves it. */
    exclusionMatchId?: string;
  };
};

/** The notification's matter was dealt with elsewhere (an exclusion match resolved): it is done, and read. */
export type NotificationDone = { type: 'NotificationDone'; data: { accountId: string; notificationId: string; doneAt: string; why: string } };

/** The account request of a notification was approved or declined (by this or another master admin). */
export type AccountRequestSettled = {
  type: 'AccountRequestSettled';
  data: { accountId: string; notificationId: string; requestId: string; outcome: 'approved' | 'declined'; settledAt: string };
};

export type NotificationRead = { type: 'NotificationRead'; data: { accountId: string; notificationId: string; readAt: string } };

export type AllNotificationsRead = { type: 'AllNotificationsRead'; data: { accountId: string; readAt: string } };

/** The user opened the bell: the bell count starts again from 0. */
export type BellCountReset = { type: 'BellCountReset'; data: { accountId: string; at: string } };

export type NotificationEvent = NotificationRaised | NotificationRead | AllNotificationsRead | BellCountReset | AccountRequestSettled | NotificationDone;

export const NOTIFICATION_EVENT_TYPES: readonly NotificationEvent['type'][] = [
  'NotificationRaised',
  'NotificationRead',
  'AllNotificationsRead',
  'BellCountReset',
  'AccountRequestSettled',
  'NotificationDone',
];
