import type { Notification } from '../types/notification';
import {
  allRead,
  mergeLoaded,
  normalizeNotification,
  normalizeNotifications,
  NOTIFICATIONS_LIST_LIMIT,
  prependNotification,
  requestMetaText,
  unreadFromList,
  unreadIn,
  withStatus,
} from './notificationsList';

function notification(id: string, overrides: Partial<Notification> = {}): Notification {
  return {
    _id: id,
    status: 'Unread',
    alertLevel: 'Warning',
    category: 'Security',
    icon: 'LoginOutlined',
    heading: `Heading ${id}`,
    body: `Body ${id}`,
    creationDate: '2021-10-11T20:04:00.000Z',
    ...overrides,
  };
}

const ids = (list: readonly Notification[]): string[] => list.map((entry) => entry._id);

describe('notifications list', () => {
  describe('reading notifications from the server', () => {
    it('keeps a well-formed notification as it is', () => {
      const value = notification('n1', { requestMetaData: { browser: 'Chrome 139', os: 'Linux', ip: '203.0.113.5' } });
      expect(normalizeNotification(value)).toEqual(value);
    });

    it('keeps the credentialing file a notification opens and when it was done; drops them when malformed', () => {
      const value = notification('n2', { providerId: '11111111-1111-4111-8111-111111111111', doneAt: '2026-12-02T10:00:00.000Z' });
      expect(normalizeNotification(value)).toEqual(value);
      const bad = normalizeNotification({ ...notification('n3'), providerId: '../admin', doneAt: 'soon' });
      expect(bad).not.toHaveProperty('providerId');
      expect(bad).not.toHaveProperty('doneAt');
    });

    it('refuses a value without an id, and reads unknown statuses and levels as Unread and Info', () => {
      expect(normalizeNotification(null)).toBeNull();
      expect(normalizeNotification({ heading: 'x' })).toBeNull();
      expect(normalizeNotification([])).toBeNull();
      expect(normalizeNotification({ _id: 'a', status: 'Seen', alertLevel: 'Critical' })).toEqual({
        _id: 'a',
        status: 'Unread',
        alertLevel: 'Info',
        category: '',
        icon: '',
        heading: '',
        body: '',
        creationDate: '',
      });
    });

    it('drops empty request metadata parts', () => {
      expect(normalizeNotification({ _id: 'a', requestMetaData: { browser: ' ', os: 'iOS 17.0', ip: 7 } })?.requestMetaData).toEqual({
        os: 'iOS 17.0',
      });
      expect(normalizeNotification({ _id: 'a', requestMetaData: { browser: '' } })).not.toHaveProperty('requestMetaData');
    });

    it('reads a list answer: malformed and repeated entries left out, at most the limit', () => {
      expect(ids(normalizeNotifications([notification('a'), { nope: 1 }, notification('b'), notification('a')]))).toEqual(['a', 'b']);
      expect(normalizeNotifications(undefined)).toEqual([]);
      const many = Array.from({ length: NOTIFICATIONS_LIST_LIMIT + 5 }, (_, index) => notification(`n${index}`));
      expect(normalizeNotifications(many)).toHaveLength(NOTIFICATIONS_LIST_LIMIT);
    });
  });

  describe('a live notification', () => {
    const list = [notification('b'), notification('a', { category: 'General', status: 'Read' })];

    it('goes on top under All', () => {
      expect(ids(prependNotification(list, notification('c', { category: 'General' }), 0))).toEqual(['c', 'b', 'a']);
    });

    it('goes on top under Security only when it is a Security one', () => {
      expect(ids(prependNotification(list, notification('c'), 1))).toEqual(['c', 'b', 'a']);
      expect(ids(prependNotification(list, notification('c', { category: 'General' }), 1))).toEqual(['b', 'a']);
    });

    it('goes on top under New only when it is unread', () => {
      expect(ids(prependNotification(list, notification('c'), 2))).toEqual(['c', 'b', 'a']);
      expect(ids(prependNotification(list, notification('c', { status: 'Read' }), 2))).toEqual(['b', 'a']);
    });

    it('replaces an older copy instead of showing it twice, and keeps the list within the limit', () => {
      expect(ids(prependNotification(list, notification('a', { category: 'General' }), 0))).toEqual(['a', 'b']);
      expect(ids(prependNotification(list, notification('c'), 0, 2))).toEqual(['c', 'b']);
    });

    it('leaves the given list alone', () => {
      const before = ids(list);
      prependNotification(list, notification('c'), 0);
      expect(ids(list)).toEqual(before);
    });
  });

  describe('a list answer merged with what happened meanwhile', () => {
    it('keeps live notifications that the answer does not have yet on top', () => {
      const merged = mergeLoaded([notification('b'), notification('a')], [notification('c'), notification('b')], new Set(), 0);
      expect(ids(merged)).toEqual(['c', 'b', 'a']);
    });

    it('leaves out live ones that do not match the filter', () => {
      const merged = mergeLoaded([notification('a')], [notification('c', { category: 'General' })], new Set(), 1);
      expect(ids(merged)).toEqual(['a']);
    });

    it('keeps notifications marked read meanwhile read', () => {
      const merged = mergeLoaded([notification('b'), notification('a')], [], new Set(['a']), 0);
      expect(merged.map((entry) => entry.status)).toEqual(['Unread', 'Read']);
    });
  });

  it('marks one notification or all of them read, and counts the unread', () => {
    const list = [notification('b'), notification('a')];
    expect(withStatus(list, 'a', 'Read').map((entry) => entry.status)).toEqual(['Unread', 'Read']);
    expect(withStatus(list, 'zzz', 'Read')).toEqual(list);
    expect(allRead(list).every((entry) => entry.status === 'Read')).toBe(true);
    expect(unreadIn(list)).toBe(2);
    expect(unreadIn(withStatus(list, 'b', 'Read'))).toBe(1);
    expect(unreadIn([])).toBe(0);
  });

  it('tells the unread count from a loaded list only when the list holds every notification of its kind', () => {
    const list = [notification('b'), notification('a', { status: 'Read' })];
    expect(unreadFromList(list, 0, 2)).toBe(1);
    expect(unreadFromList([notification('c')], 2, 1)).toBe(1);
    expect(unreadFromList([], 2, 0)).toBe(0);
    expect(unreadFromList(list, 1, 2)).toBeNull();
    expect(unreadFromList(list, 0, 2, 2)).toBeNull();
  });

  it("shows request metadata as 'browser · os · ip' from the parts present", () => {
    expect(requestMetaText({ browser: 'Chrome 139', os: 'Linux', ip: '203.0.113.5' })).toBe('Chrome 139 · Linux · 203.0.113.5');
    expect(requestMetaText({ browser: 'Mobile Safari 17', os: 'iOS 17.0' })).toBe('Mobile Safari 17 · iOS 17.0');
    expect(requestMetaText({ ip: '203.0.113.5', browser: ' ' })).toBe('203.0.113.5');
    expect(requestMetaText({})).toBeNull();
    expect(requestMetaText(undefined)).toBeNull();
  });
});
