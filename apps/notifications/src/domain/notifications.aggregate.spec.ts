import type { NotificationEvent, NotificationRaised } from './notification.events';
import {
  decideNotifications,
  evolveNotifications,
  initialNotificationsState,
  type NotificationsCommand,
  type NotificationsState,
} from './notifications.aggregate';
import { NotificationNotFound } from './notifications.errors';
import { welcomeNotification } from './notification-texts';

const accountId = '0b7c3a52-6f0e-4a38-9d0b-5a9f4c1d2e3f';
const now = new Date('2026-11-22T10:00:00Z');
const given = (events: NotificationEvent[]): NotificationsState => events.reduce(evolveNotifications, initialNotificationsState());
const when = (command: NotificationsCommand, past: NotificationEvent[] = []) => decideNotifications(command, given(past));

const chrome = { browser: 'Chrome 139', os: 'Linux', ip: '203.0.113.5' };
let n = 0;
function signIn(request: { browser?: string; os?: string; ip?: string } | undefined, id = `n-${++n}`): NotificationsCommand {
  return { type: 'RecordSignIn', data: { accountId, notificationId: id, sourceEventId: `src-${id}`, createdAt: now.toISOString(), requestMetaData: request } };
}
/** The events of the sign-ins that raised a notification, one after the other. */
function history(...requests: Array<{ browser?: string; os?: string; ip?: string } | undefined>): NotificationEvent[] {
  const events: NotificationEvent[] = [];
  for (const r of requests) events.push(...when(signIn(r), events));
  return events;
}
function welcome(id = 'w-1'): NotificationRaised {
  const [e] = when({ type: 'RaiseNotification', data: { accountId, notificationId: id, sourceEventId: 'src-w', createdAt: now.toISOString(), content: welcomeNotification({ displayName: 'Ann' }) } });
  return e as NotificationRaised;
}

describe('a sign-in from a new device', () => {
  it('raises a Security warning for the very first sign-in of an account', () => {
    const [e] = when(signIn(chrome, 'first'));
    expect(e).toMatchObject({
      type: 'NotificationRaised',
      data: { notificationId: 'first', accountId, kind: 'new-sign-in', category: 'Security', alertLevel: 'Warning', requestMetaData: chrome },
    });
  });

  it('raises nothing for a repeated sign-in from the same browser, OS and IP', () => {
    expect(when(signIn(chrome), history(chrome))).toEqual([]);
  });

  it('treats case and surrounding spaces as the same device', () => {
    expect(when(signIn({ browser: ' chrome 139 ', os: 'LINUX', ip: '203.0.113.5 ' }), history(chrome))).toEqual([]);
  });

  it.each([
    ['another browser', { ...chrome, browser: 'Firefox 141' }],
    ['another browser version', { ...chrome, browser: 'Chrome 140' }],
    ['another OS', { ...chrome, os: 'Windows 11' }],
    ['another IP', { ...chrome, ip: '198.51.100.7' }],
  ])('raises one for %s', (_label, request) => {
    const [e] = when(signIn(request), history(chrome));
    expect(e).toMatchObject({ type: 'NotificationRaised', data: { kind: 'new-sign-in', requestMetaData: request } });
  });

  it('remembers every device seen, not only the last one', () => {
    const past = history(chrome, { ...chrome, ip: '198.51.100.7' });
    expect(past).toHaveLength(2);
    expect(when(signIn(chrome), past)).toEqual([]);
    expect(when(signIn({ ...chrome, ip: '198.51.100.7' }), past)).toEqual([]);
  });

  it('counts a sign-in without any metadata as one more device, seen once', () => {
    const past = history(chrome, undefined);
    expect(past).toHaveLength(2);
    expect(when(signIn({}), past)).toEqual([]);
  });

  it('is not confused by other notifications carrying request metadata', () => {
    const [changed] = when({
      type: 'RaiseNotification',
      data: {
        accountId,
        notificationId: 'pw',
        sourceEventId: 'src-pw',
        createdAt: now.toISOString(),
        requestMetaData: chrome,
        content: { kind: 'password-changed', alertLevel: 'Warning', category: 'Security', icon: 'LockOutlined', heading: 'h', body: 'b' },
      },
    });
    expect(when(signIn(chrome), [changed])).toHaveLength(1);
  });

  it('raises nothing twice for the same source event', () => {
    const past = when(signIn(chrome, 'same'));
    expect(when(signIn({ ...chrome, ip: '198.51.100.7' }, 'same'), past)).toEqual([]);
  });
});

describe('raising a notification', () => {
  it('is a no-op when the notification already exists', () => {
    const e = welcome('w-1');
    expect(when({ type: 'RaiseNotification', data: { ...e.data, content: welcomeNotification({}) } }, [e])).toEqual([]);
  });

  it('adds to the unread and bell counts', () => {
    const state = given([welcome('a'), welcome('b')]);
    expect(state.unread).toBe(2);
    expect(state.bellCount).toBe(2);
  });
});

describe('reading notifications', () => {
  it('marks an unread notification Read', () => {
    expect(when({ type: 'MarkNotificationRead', data: { accountId, notificationId: 'a', now } }, [welcome('a')])).toEqual([
      { type: 'NotificationRead', data: { accountId, notificationId: 'a', readAt: now.toISOString() } },
    ]);
  });

  it('does nothing for a notification already read', () => {
    const past: NotificationEvent[] = [welcome('a'), { type: 'NotificationRead', data: { accountId, notificationId: 'a', readAt: now.toISOString() } }];
    expect(when({ type: 'MarkNotificationRead', data: { accountId, notificationId: 'a', now } }, past)).toEqual([]);
    expect(given(past).unread).toBe(0);
  });

  it("rejects a notification that is not in the account's stream", () => {
    expect(() => when({ type: 'MarkNotificationRead', data: { accountId, notificationId: 'other', now } }, [welcome('a')])).toThrow(
      NotificationNotFound,
    );
  });

  it('marks all read once, and only when something is unread', () => {
    const past = [welcome('a'), welcome('b')];
    const events = when({ type: 'MarkAllNotificationsRead', data: { accountId, now } }, past);
    expect(events).toEqual([{ type: 'AllNotificationsRead', data: { accountId, readAt: now.toISOString() } }]);
    const after = given([...past, ...events]);
    expect(after.unread).toBe(0);
    expect([...after.notifications.values()]).toEqual(['Read', 'Read']);
    expect(when({ type: 'MarkAllNotificationsRead', data: { accountId, now } }, [...past, ...events])).toEqual([]);
  });
});

describe('the bell', () => {
  it('resets its count to 0 without reading anything', () => {
    const past = [welcome('a'), welcome('b')];
    const events = when({ type: 'ResetBellCount', data: { accountId, now } }, past);
    expect(events).toEqual([{ type: 'BellCountReset', data: { accountId, at: now.toISOString() } }]);
    const after = given([...past, ...events]);
    expect(after.bellCount).toBe(0);
    expect(after.unread).toBe(2);
  });

  it('counts only what was raised after the last reset', () => {
    const past: NotificationEvent[] = [welcome('a'), { type: 'BellCountReset', data: { accountId, at: now.toISOString() } }, welcome('b')];
    expect(given(past).bellCount).toBe(1);
  });

  it('records nothing when the count is already 0', () => {
    expect(when({ type: 'ResetBellCount', data: { accountId, now } })).toEqual([]);
  });
});
