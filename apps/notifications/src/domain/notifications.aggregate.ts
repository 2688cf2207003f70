import type { notifications } from '@app/contracts';
import type { NotificationEvent, NotificationRaised } from './notification.events';
import { NotificationNotFound } from './notifications.errors';
import type { NotificationContent } from './notification-texts';
import { newSignInNotification } from './notification-texts';
import { deviceKey, isNewDevice } from './sign-in-device';

/**
 * The notifications of one account (stream `notifications-<accountId>`): which exist and
 * whether they are read, the bell count (raised since the bell was last opened), and the
 * sign-in devices seen so far (browser, OS, IP), so "new sign-in" is decided here, from our
 * own history, not from what identity thinks.
 */
export type NotificationsState = {
  notifications: Map<string, notifications.NotificationStatus>;
  unread: number;
  bellCount: number;
  seenDevices: Set<string>;
  /** Notifications about an account request, and whether it is still pending. */
  accountRequests: Map<string, 'pending' | 'approved' | 'declined'>;
  /** Exclusion alerts: the provider and match each is about, and whether it is done (absent in states folded before). */
  exclusionAlerts?: Map<string, { providerId: string; matchId: string; done: boolean }>;
};

export const notificationsStreamId = (accountId: string) => `notifications-${accountId}`;

export const initialNotificationsState = (): NotificationsState => ({
  notifications: new Map(),
  unread: 0,
  bellCount: 0,
  seenDevices: new Set(),
  accountRequests: new Map(),
  exclusionAlerts: new Map(),
});

/**
 * Folds one event into the state. For speed on long streams it updates the collections of the
 * state it is given: states are always folded fresh from a stream and never shared.
 */
export function evolveNotifications(state: NotificationsState, event: NotificationEvent): NotificationsState {
  switch (event.type) {
    case 'NotificationRaised': {
      const d = event.data;
      if (state.notifications.has(d.notificationId)) return state;
      state.notifications.set(d.notificationId, 'Unread');
      if (d.kind === 'new-sign-in') state.seenDevices.add(deviceKey(d.requestMetaData));
      if (d.accountRequestId) state.accountRequests.set(d.notificationId, 'pending');
      if (d.providerId && d.exclusionMatchId) {
        state.exclusionAlerts ??= new Map();
        state.exclusionAlerts.set(d.notificationId, { providerId: d.providerId, matchId: d.exclusionMatchId, done: false });
      }
      return { ...state, unread: state.unread + 1, bellCount: state.bellCount + 1 };
    }
    case 'NotificationRead': {
      if (state.notifications.get(event.data.notificationId) !== 'Unread') return state;
      state.notifications.set(event.data.notificationId, 'Read');
      return { ...state, unread: state.unread - 1 };
    }
    case 'AllNotificationsRead': {
      for (const [id, status] of state.notifications) if (status === 'Unread') state.notifications.set(id, 'Read');
      return { ...state, unread: 0 };
    }
    case 'BellCountReset':
      return { ...state, bellCount: 0 };
    case 'NotificationDone': {
      const alert = state.exclusionAlerts?.get(event.data.notificationId);
      if (alert) alert.done = true;
      if (state.notifications.get(event.data.notificationId) !== 'Unread') return state;
      state.notifications.set(event.data.notificationId, 'Read');
      return { ...state, unread: state.unread - 1 };
    }
    case 'AccountRequestSettled':
      if (state.accountRequests.has(event.data.notificationId)) state.accountRequests.set(event.data.notificationId, event.data.outcome);
      return state;
    default:
      return state;
  }
}

type Raise = {
  notificationId: string;
  accountId: string;
  sourceEventId: string;
  createdAt: string;
  requestMetaData?: notifications.NotificationRequestMetaData;
  /** The account request the notification is about (master admins decide it from the drawer). */
  accountRequestId?: string;
  /** The credentialing file it opens, and the exclusion match it is about. */
  providerId?: string;
  exclusionMatchId?: string;
};

export type RaiseNotification = { type: 'RaiseNotification'; data: Raise & { content: NotificationContent } };
/** A sign-in happened; a notification is raised only when its device was not seen before. */
export type RecordSignIn = { type: 'RecordSignIn'; data: Raise & { requestMetaData: notifications.NotificationRequestMetaData | undefined } };
export type MarkNotificationRead = { type: 'MarkNotificationRead'; data: { accountId: string; notificationId: string; now: Date } };
export type MarkAllNotificationsRead = { type: 'MarkAllNotificationsRead'; data: { accountId: string; now: Date } };
export type ResetBellCount = { type: 'ResetBellCount'; data: { accountId: string; now: Date } };
/** The account request of a notification was decided: it shows the outcome instead of the buttons. */
export type SettleAccountRequest = {
  type: 'SettleAccountRequest';
  data: { accountId: string; notificationId: string; requestId: string; outcome: 'approved' | 'declined'; now: Date };
};

/**
 * A person resolved an exclusion match of the provider: its Danger alerts are done (all of the
 * provider's exclusion alerts when nothing stands any more, `standing` null).
 */
export type MarkExclusionAlertsDone = {
  type: 'MarkExclusionAlertsDone';
  data: { accountId: string; providerId: string; matchId: string; standing: string | null; now: Date };
};

export type NotificationsCommand = RaiseNotification | RecordSignIn | MarkNotificationRead | MarkAllNotificationsRead | ResetBellCount | SettleAccountRequest | MarkExclusionAlertsDone;

function raised(r: Raise, content: NotificationContent): NotificationRaised {
  const { kind, alertLevel, category, icon, heading, body } = content;
  return {
    type: 'NotificationRaised',
    data: {
      notificationId: r.notificationId,
      accountId: r.accountId,
      kind,
      alertLevel,
      category,
      icon,
      heading,
      body,
      ...(r.requestMetaData ? { requestMetaData: r.requestMetaData } : {}),
      sourceEventId: r.sourceEventId,
      createdAt: r.createdAt,
      ...(r.accountRequestId ? { accountRequestId: r.accountRequestId } : {}),
      ...(r.providerId ? { providerId: r.providerId } : {}),
      ...(r.providerId && r.exclusionMatchId ? { exclusionMatchId: r.exclusionMatchId } : {}),
    },
  };
}

export function decideNotifications(command: NotificationsCommand, state: NotificationsState): NotificationEvent[] {
  switch (command.type) {
    case 'RaiseNotification': {
      // The id is derived from the source event: raising it again is a no-op.
      if (state.notifications.has(command.data.notificationId)) return [];
      return [raised(command.data, command.data.content)];
    }
    case 'RecordSignIn': {
      const d = command.data;
      if (state.notifications.has(d.notificationId) || !isNewDevice(state.seenDevices, d.requestMetaData)) return [];
      return [raised(d, newSignInNotification(d.requestMetaData))];
    }
    case 'MarkNotificationRead': {
      const { accountId, notificationId, now } = command.data;
      const status = state.notifications.get(notificationId);
      if (!status) throw new NotificationNotFound();
      if (status === 'Read') return [];
      return [{ type: 'NotificationRead', data: { accountId, notificationId, readAt: now.toISOString() } }];
    }
    case 'MarkAllNotificationsRead': {
      if (state.unread === 0) return [];
      return [{ type: 'AllNotificationsRead', data: { accountId: command.data.accountId, readAt: command.data.now.toISOString() } }];
    }
    case 'ResetBellCount': {
      if (state.bellCount === 0) return [];
      return [{ type: 'BellCountReset', data: { accountId: command.data.accountId, at: command.data.now.toISOString() } }];
    }
    case 'SettleAccountRequest': {
      // Only a pending request's own notification changes; a redelivery or an unknown one does nothing.
      const { accountId, notificationId, requestId, outcome, now } = command.data;
      if (state.accountRequests.get(notificationId) !== 'pending') return [];
      return [{ type: 'AccountRequestSettled', data: { accountId, notificationId, requestId, outcome, settledAt: now.toISOString() } }];
    }
    case 'MarkExclusionAlertsDone': {
      // A redelivery finds them done already and decides nothing.
      const { accountId, providerId, matchId, standing, now } = command.data;
      const done: NotificationEvent[] = [];
      for (const [notificationId, alert] of state.exclusionAlerts ?? []) {
        if (alert.done || alert.providerId !== providerId || (alert.matchId !== matchId && standing !== null)) continue;
        done.push({ type: 'NotificationDone', data: { accountId, notificationId, doneAt: now.toISOString(), why: 'exclusion match resolved' } });
      }
      return done;
    }
  }
}
