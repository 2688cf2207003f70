import type { QueryClient } from '@tanstack/react-query';
import type { createStore } from 'jotai';
import { queryClientFor } from '../../api/queryClient';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { notificationsCache } from './notificationsCache';
import { notificationsCountAtom } from '../state/notificationsCountAtom';
import { notificationsDrawerOpenAtom } from '../state/notificationsDrawerOpenAtom';
import { notificationsFilterAtom } from '../state/notificationsFilterAtom';
import { notificationsLoadingAtom } from '../state/notificationsLoadingAtom';
import { notificationsUnreadAtom } from '../state/notificationsUnreadAtom';
import type { LiveNotification, Notification, NotificationCountsReply, NotificationFilter } from '../types/notification';
import { bellCountAfterLive, bellCountFromServer, countOf } from './bellCount';
import { DEFAULT_NOTIFICATION_FILTER } from './notificationFilters';
import {
  allRead,
  mergeLoaded,
  normalizeNotification,
  normalizeNotifications,
  prependNotification,
  unreadFromList,
  withStatus,
} from './notificationsList';

export type JotaiStore = ReturnType<typeof createStore>;

/** The server calls the controller makes (notificationsApi in the app, fakes in tests). */
export type NotificationsCalls = {
  list: (filter: NotificationFilter) => Promise<{ notifications?: unknown }>;
  counts: () => Promise<Partial<NotificationCountsReply>>;
  markRead: (notificationId: string) => Promise<Partial<NotificationCountsReply>>;
  markAllRead: () => Promise<Partial<NotificationCountsReply>>;
  resetCount: () => Promise<unknown>;
};

export type NotificationsController = {
  /** Fetches the bell count and the unread count (sign-in, app load, reconnect). */
  refreshCounts: () => Promise<void>;
  /** The bell was clicked: opens the drawer, resets the count to 0 here and on the server, loads the list. */
  openDrawer: () => Promise<void>;
  closeDrawer: () => void;
  /** Picks a filter and reloads the list from the server. */
  setFilter: (filter: NotificationFilter) => Promise<void>;
  /** Loads the list under the current filter. */
  reload: () => Promise<void>;
  /** Marks one notification read (at once here, then on the server; put back if that fails). */
  markRead: (id: string) => Promise<void>;
  /** Marks every notification read. */
  markAllRead: () => Promise<void>;
  /** A live 'user-notification-event'. */
  receive: (live: LiveNotification) => void;
  /** The socket (re)connected: nothing raised while offline is lost. */
  reconnected: () => Promise<void>;
  /** Forgets the list and closes the drawer (sign-out, another user). */
  reset: () => void;
};

/**
 * The notification actions: the list is server state in the query cache (logic/notificationsCache),
 * updated by live events and read marks; the jotai store holds the drawer, filter and counts. Answers that arrive after something newer
 * happened are merged or dropped: a count answer older than a live event or a bell reset is
 * ignored, a list answer keeps what arrived and what was marked read while it was on its way,
 * and only the newest list request is applied.
 */
export function createNotificationsController(store: JotaiStore, api: NotificationsCalls, queryClient: QueryClient = queryClientFor(store)): NotificationsController {
  const cache = notificationsCache(queryClient, () => store.get(signedInUserAtom)?._id ?? null);
  /** Bumped whenever the count is set here, so an older count answer is not applied over it. */
  let countVersion = 0;
  /** Bumped for every list request (and reset), so only the newest answer is applied. */
  let listVersion = 0;
  /** Live notifications and read marks since the pending list request was sent. */
  let arrivedMeanwhile: Notification[] = [];
  let readMeanwhile = new Set<string>();

  const setCount = (count: number): void => {
    countVersion += 1;
    store.set(notificationsCountAtom, count);
  };

  const setUnread = (value: unknown): void => {
    const unread = countOf(value);
    if (unread !== null) store.set(notificationsUnreadAtom, unread);
  };

  const resetServerCount = (): void => {
    api.resetCount().catch(() => undefined);
  };

  const reload = async (): Promise<void> => {
    listVersion += 1;
    const mine = listVersion;
    const filter = store.get(notificationsFilterAtom);
    arrivedMeanwhile = [];
    readMeanwhile = new Set();
    store.set(notificationsLoadingAtom, true);
    try {
      const reply = await api.list(filter);
      if (mine !== listVersion) return;
      const loaded = normalizeNotifications(reply.notifications);
      const merged = mergeLoaded(loaded, arrivedMeanwhile, readMeanwhile, filter);
      cache.set(merged);
      const unread = unreadFromList(merged, filter, loaded.length);
      if (unread !== null) store.set(notificationsUnreadAtom, unread);
    } catch {
      // Logged by the API client; the list keeps what it showed.
    } finally {
      if (mine === listVersion) store.set(notificationsLoadingAtom, false);
    }
  };

  const refreshCounts = async (): Promise<void> => {
    const mine = countVersion;
    try {
      const reply = await api.counts();
      setUnread(reply.unread);
      if (mine !== countVersion) return;
      const next = bellCountFromServer(reply.notificationsCount, store.get(notificationsDrawerOpenAtom));
      if (!next) return;
      setCount(next.count);
      if (next.resetServer) resetServerCount();
    } catch {
      // Logged by the API client (a 401 there ends the session).
    }
  };

  const markRead = async (id: string): Promise<void> => {
    const before = cache.get().find((notification) => notification._id === id);
    if (before?.status === 'Read') return;
    readMeanwhile.add(id);
    cache.set(withStatus(cache.get(), id, 'Read'));
    const unread = store.get(notificationsUnreadAtom);
    if (unread !== null && before) store.set(notificationsUnreadAtom, Math.max(0, unread - 1));
    try {
      const reply = await api.markRead(id);
      setUnread(reply.unread);
    } catch {
      readMeanwhile.delete(id);
      cache.set(withStatus(cache.get(), id, 'Unread'));
      if (unread !== null) store.set(notificationsUnreadAtom, unread);
    }
  };

  const markAllRead = async (): Promise<void> => {
    const before = cache.get();
    const unread = store.get(notificationsUnreadAtom);
    for (const notification of before) if (notification.status === 'Unread') readMeanwhile.add(notification._id);
    cache.set(allRead(before));
    store.set(notificationsUnreadAtom, 0);
    try {
      const reply = await api.markAllRead();
      setUnread(reply.unread);
    } catch {
      // Put back what was unread (keeping anything that arrived since).
      const unreadIds = new Set(before.filter((notification) => notification.status === 'Unread').map((notification) => notification._id));
      for (const id of unreadIds) readMeanwhile.delete(id);
      cache.set(
        cache.get().map((notification) => (unreadIds.has(notification._id) ? { ...notification, status: 'Unread' as const } : notification)),
      );
      store.set(notificationsUnreadAtom, unread);
    }
  };

  return {
    refreshCounts,
    reload,
    markRead,
    markAllRead,
    openDrawer: async () => {
      store.set(notificationsDrawerOpenAtom, true);
      setCount(0);
      resetServerCount();
      await reload();
    },
    closeDrawer: () => {
      store.set(notificationsDrawerOpenAtom, false);
    },
    setFilter: async (filter) => {
      if (filter === store.get(notificationsFilterAtom) && store.get(notificationsLoadingAtom)) return;
      store.set(notificationsFilterAtom, filter);
      await reload();
    },
    receive: (live) => {
      const notification = normalizeNotification(live?.notification);
      if (!notification) return;
      const list = cache.get();
      const isNew = !list.some((existing) => existing._id === notification._id);
      cache.set(prependNotification(list, notification, store.get(notificationsFilterAtom)));
      arrivedMeanwhile = [notification, ...arrivedMeanwhile.filter((existing) => existing._id !== notification._id)];
      const unread = store.get(notificationsUnreadAtom);
      if (isNew && notification.status === 'Unread' && unread !== null) store.set(notificationsUnreadAtom, unread + 1);
      const open = store.get(notificationsDrawerOpenAtom);
      setCount(bellCountAfterLive(store.get(notificationsCountAtom), live.notificationsCount, open));
      if (open) resetServerCount();
    },
    reconnected: async () => {
      await Promise.all([refreshCounts(), store.get(notificationsDrawerOpenAtom) ? reload() : Promise.resolve()]);
    },
    reset: () => {
      listVersion += 1;
      countVersion += 1;
      arrivedMeanwhile = [];
      readMeanwhile = new Set();
      store.set(notificationsDrawerOpenAtom, false);
      store.set(notificationsFilterAtom, DEFAULT_NOTIFICATION_FILTER);
      cache.clear();
      store.set(notificationsLoadingAtom, false);
      store.set(notificationsUnreadAtom, null);
    },
  };
}
