import { masterAdminUser } from '../../../testing/signedInUser.fixture';
import { createStore } from 'jotai';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import type { SignedInUser } from '../../session/types/signedInUser';
import { queryClientFor } from '../../api/queryClient';
import { notificationKeys } from './notificationsCache';
import { notificationsCountAtom } from '../state/notificationsCountAtom';
import { notificationsDrawerOpenAtom } from '../state/notificationsDrawerOpenAtom';
import { notificationsFilterAtom } from '../state/notificationsFilterAtom';
import { notificationsLoadingAtom } from '../state/notificationsLoadingAtom';
import { notificationsUnreadAtom } from '../state/notificationsUnreadAtom';
import type { Notification, NotificationFilter } from '../types/notification';
import { createNotificationsController, type NotificationsCalls } from './notificationsController';

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void };

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Calls that wait until the test answers them, and remember what was asked. */
function fakeCalls() {
  const pending = {
    list: [] as Array<{ filter: NotificationFilter; answer: Deferred<{ notifications?: unknown }> }>,
    counts: [] as Array<Deferred<{ notificationsCount?: number; unread?: number }>>,
    markRead: [] as Array<{ id: string; answer: Deferred<{ notificationsCount?: number; unread?: number }> }>,
    markAllRead: [] as Array<Deferred<{ notificationsCount?: number; unread?: number }>>,
    resets: 0,
  };
  const calls: NotificationsCalls = {
    list: (filter) => {
      const answer = deferred<{ notifications?: unknown }>();
      pending.list.push({ filter, answer });
      return answer.promise;
    },
    counts: () => {
      const answer = deferred<{ notificationsCount?: number; unread?: number }>();
      pending.counts.push(answer);
      return answer.promise;
    },
    markRead: (id) => {
      const answer = deferred<{ notificationsCount?: number; unread?: number }>();
      pending.markRead.push({ id, answer });
      return answer.promise;
    },
    markAllRead: () => {
      const answer = deferred<{ notificationsCount?: number; unread?: number }>();
      pending.markAllRead.push(answer);
      return answer.promise;
    },
    resetCount: () => {
      pending.resets += 1;
      return Promise.resolve({ success: true, notificationsCount: 0 });
    },
  };
  return { calls, pending };
}

const user: SignedInUser = masterAdminUser;

function notification(id: string, overrides: Partial<Notification> = {}): Notification {
  return {
    _id: id,
    status: 'Unread',
    alertLevel: 'Warning',
    category: 'Security',
    icon: 'LoginOutlined',
    heading: `Heading ${id}`,
    body: '',
    creationDate: '2021-10-11T20:04:00.000Z',
    ...overrides,
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  const store = createStore();
  store.set(signedInUserAtom, user);
  const { calls, pending } = fakeCalls();
  const controller = createNotificationsController(store, calls);
  const ids = () => listed(store).map((entry) => entry._id);
  return { store, controller, pending, ids };
}

/** The list as the drawer shows it: the query cache entry the controller keeps. */
const listed = (store: ReturnType<typeof createStore>): Notification[] => queryClientFor(store).getQueryData<Notification[]>(notificationKeys.list(store.get(signedInUserAtom)?._id ?? '')) ?? [];

describe('notifications controller', () => {
  it('starts the bell from the signed-in user and takes the server count', async () => {
    const { store, controller, pending } = setup();
    expect(store.get(notificationsCountAtom)).toBe(2);

    const refreshing = controller.refreshCounts();
    pending.counts[0].resolve({ notificationsCount: 5, unread: 7 });
    await refreshing;
    expect(store.get(notificationsCountAtom)).toBe(5);
    expect(store.get(notificationsUnreadAtom)).toBe(7);
    // The count is kept on the stored user record, so a reload starts from it.
    expect(store.get(signedInUserAtom)?.notificationsCount).toBe(5);
  });

  it('reads 0 and ignores writes while signed out', () => {
    const store = createStore();
    expect(store.get(notificationsCountAtom)).toBe(0);
    store.set(notificationsCountAtom, 3);
    expect(store.get(notificationsCountAtom)).toBe(0);
    expect(store.get(signedInUserAtom)).toBeNull();
  });

  it('opening the bell opens the drawer, resets the count here and on the server, and loads the list', async () => {
    const { store, controller, pending, ids } = setup();
    const opening = controller.openDrawer();
    expect(store.get(notificationsDrawerOpenAtom)).toBe(true);
    expect(store.get(notificationsCountAtom)).toBe(0);
    expect(pending.resets).toBe(1);
    expect(store.get(notificationsLoadingAtom)).toBe(true);
    expect(pending.list[0].filter).toBe(0);

    pending.list[0].answer.resolve({ notifications: [notification('b'), notification('a')] });
    await opening;
    expect(ids()).toEqual(['b', 'a']);
    expect(store.get(notificationsLoadingAtom)).toBe(false);
  });

  it('reloads from the server with the filter picked, applying only the newest answer', async () => {
    const { store, controller, pending, ids } = setup();
    const security = controller.setFilter(1);
    const fresh = controller.setFilter(2);
    expect(pending.list.map((request) => request.filter)).toEqual([1, 2]);
    expect(store.get(notificationsFilterAtom)).toBe(2);

    pending.list[1].answer.resolve({ notifications: [notification('new')] });
    pending.list[0].answer.resolve({ notifications: [notification('old')] });
    await Promise.all([security, fresh]);
    expect(ids()).toEqual(['new']);
  });

  it('takes the unread count from a list under All or New, not under Security', async () => {
    const { store, controller, pending } = setup();
    store.set(notificationsUnreadAtom, 5);
    const security = controller.setFilter(1);
    pending.list[0].answer.resolve({ notifications: [notification('a')] });
    await security;
    expect(store.get(notificationsUnreadAtom)).toBe(5);
    const all = controller.setFilter(0);
    pending.list[1].answer.resolve({ notifications: [notification('b', { category: 'General' }), notification('a', { status: 'Read' })] });
    await all;
    expect(store.get(notificationsUnreadAtom)).toBe(1);
  });

  it('keeps the list it showed when a reload fails', async () => {
    const { store, controller, pending, ids } = setup();
    const first = controller.reload();
    pending.list[0].answer.resolve({ notifications: [notification('a')] });
    await first;
    const second = controller.reload();
    pending.list[1].answer.reject(new Error('network'));
    await second;
    expect(ids()).toEqual(['a']);
    expect(store.get(notificationsLoadingAtom)).toBe(false);
  });

  it('puts a live notification on top and takes its count while the drawer is closed', () => {
    const { store, controller, pending, ids } = setup();
    store.set(notificationsUnreadAtom, 1);
    controller.receive({ notification: notification('c'), notificationsCount: 3 });
    expect(ids()).toEqual(['c']);
    expect(store.get(notificationsCountAtom)).toBe(3);
    expect(store.get(notificationsUnreadAtom)).toBe(2);
    expect(pending.resets).toBe(0);
  });

  it('keeps the bell at 0 and resets the server for a live notification while the drawer is open', async () => {
    const { store, controller, pending, ids } = setup();
    const opening = controller.openDrawer();
    pending.list[0].answer.resolve({ notifications: [] });
    await opening;
    controller.receive({ notification: notification('c'), notificationsCount: 1 });
    expect(ids()).toEqual(['c']);
    expect(store.get(notificationsCountAtom)).toBe(0);
    expect(pending.resets).toBe(2);
  });

  it('adds a live notification to the list only when it matches the filter', async () => {
    const { store, controller, pending, ids } = setup();
    const filtering = controller.setFilter(1);
    pending.list[0].answer.resolve({ notifications: [notification('a')] });
    await filtering;
    controller.receive({ notification: notification('welcome', { category: 'General' }), notificationsCount: 4 });
    expect(ids()).toEqual(['a']);
    expect(store.get(notificationsCountAtom)).toBe(4);
  });

  it('does not let a count answer older than a live notification undo it', async () => {
    const { store, controller, pending } = setup();
    const refreshing = controller.refreshCounts();
    controller.receive({ notification: notification('c'), notificationsCount: 3 });
    pending.counts[0].resolve({ notificationsCount: 2, unread: 2 });
    await refreshing;
    expect(store.get(notificationsCountAtom)).toBe(3);
  });

  it('keeps a notification that arrived while the list was loading', async () => {
    const { controller, pending, ids } = setup();
    const loading = controller.reload();
    controller.receive({ notification: notification('live'), notificationsCount: 1 });
    pending.list[0].answer.resolve({ notifications: [notification('a')] });
    await loading;
    expect(ids()).toEqual(['live', 'a']);
  });

  it('marks a notification read at once, then takes the unread count the server answers', async () => {
    const { store, controller, pending } = setup();
    const loading = controller.reload();
    pending.list[0].answer.resolve({ notifications: [notification('b'), notification('a')] });
    await loading;
    store.set(notificationsUnreadAtom, 2);

    const marking = controller.markRead('a');
    expect(listed(store).map((entry) => entry.status)).toEqual(['Unread', 'Read']);
    expect(store.get(notificationsUnreadAtom)).toBe(1);
    expect(pending.markRead[0].id).toBe('a');
    pending.markRead[0].answer.resolve({ notificationsCount: 0, unread: 1 });
    await marking;
    expect(store.get(notificationsUnreadAtom)).toBe(1);

    await controller.markRead('a');
    expect(pending.markRead).toHaveLength(1);
  });

  it('puts a notification back to unread when marking it read fails', async () => {
    const { store, controller, pending } = setup();
    const loading = controller.reload();
    pending.list[0].answer.resolve({ notifications: [notification('a')] });
    await loading;
    const marking = controller.markRead('a');
    pending.markRead[0].answer.reject(new Error('network'));
    await marking;
    expect(listed(store)[0].status).toBe('Unread');
  });

  it('marks all read', async () => {
    const { store, controller, pending } = setup();
    const loading = controller.reload();
    pending.list[0].answer.resolve({ notifications: [notification('b'), notification('a', { status: 'Read' })] });
    await loading;
    const marking = controller.markAllRead();
    expect(listed(store).every((entry) => entry.status === 'Read')).toBe(true);
    expect(store.get(notificationsUnreadAtom)).toBe(0);
    pending.markAllRead[0].resolve({ notificationsCount: 0, unread: 0 });
    await marking;
    expect(store.get(notificationsUnreadAtom)).toBe(0);
  });

  it('on reconnect refreshes the counts, and the list when the drawer is open', async () => {
    const { store, controller, pending } = setup();
    void controller.reconnected();
    expect(pending.counts).toHaveLength(1);
    expect(pending.list).toHaveLength(0);

    const opening = controller.openDrawer();
    pending.list[0].answer.resolve({ notifications: [] });
    await opening;
    const reconnecting = controller.reconnected();
    expect(pending.counts).toHaveLength(2);
    expect(pending.list).toHaveLength(2);
    // Raised while offline, seen now that the drawer shows it: the bell stays at 0, the server is reset.
    pending.counts[1].resolve({ notificationsCount: 1, unread: 1 });
    pending.list[1].answer.resolve({ notifications: [notification('missed')] });
    await reconnecting;
    await flush();
    expect(listed(store).map((entry) => entry._id)).toEqual(['missed']);
    expect(store.get(notificationsCountAtom)).toBe(0);
    expect(pending.resets).toBe(2);
  });

  it('forgets the list and closes the drawer on reset, ignoring answers still on their way', async () => {
    const { store, controller, pending, ids } = setup();
    const loading = controller.setFilter(2);
    store.set(notificationsDrawerOpenAtom, true);
    controller.reset();
    pending.list[0].answer.resolve({ notifications: [notification('a')] });
    await loading;
    expect(ids()).toEqual([]);
    expect(store.get(notificationsDrawerOpenAtom)).toBe(false);
    expect(store.get(notificationsFilterAtom)).toBe(0);
    expect(store.get(notificationsUnreadAtom)).toBeNull();
  });
});
