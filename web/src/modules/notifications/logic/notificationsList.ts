import type { AccountRequestStatus, Notification, NotificationFilter, NotificationRequestMetaData } from '../types/notification';
import { matchesFilter } from './notificationFilters';

/** At most this many notifications are held (the server answers at most 100 too). */
export const NOTIFICATIONS_LIST_LIMIT = 100;

const LEVELS: readonly string[] = ['Info', 'Success', 'Warning', 'Danger', 'Error'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function requestMetaOf(value: unknown): NotificationRequestMetaData | undefined {
  if (!isRecord(value)) return undefined;
  const meta: NotificationRequestMetaData = {};
  for (const key of ['browser', 'os', 'ip'] as const) {
    const part = text(value[key]).trim();
    if (part) meta[key] = part;
  }
  return Object.keys(meta).length > 0 ? meta : undefined;
}

const REQUEST_STATUSES: readonly AccountRequestStatus[] = ['pending', 'approved', 'declined'];

function accountRequestOf(value: unknown): Notification['accountRequest'] {
  if (!isRecord(value) || !text(value.requestId)) return undefined;
  const status = REQUEST_STATUSES.find((s) => s === value.status) ?? 'pending';
  return { requestId: text(value.requestId), status };
}

/**
 * A notification from the server or a live event, or null when it is not one (no id). Unknown
 * statuses read as Unread and unknown levels as Info.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function normalizeNotification(value: unknown): Notification | null {
  if (!isRecord(value)) return null;
  const id = typeof value._id === 'string' || typeof value._id === 'number' ? String(value._id) : '';
  if (!id) return null;
  const requestMetaData = requestMetaOf(value.requestMetaData);
  const accountRequest = accountRequestOf(value.accountRequest);
  return {
    _id: id,
    status: value.status === 'Read' ? 'Read' : 'Unread',
    alertLevel: LEVELS.includes(text(value.alertLevel)) ? (value.alertLevel as Notification['alertLevel']) : 'Info',
    category: text(value.category),
    icon: text(value.icon),
    heading: text(value.heading),
    body: text(value.body),
    creationDate: text(value.creationDate),
    ...(requestMetaData ? { requestMetaData } : {}),
    ...(accountRequest ? { accountRequest } : {}),
    // The credentialing file it opens (an id), and when its matter was done.
    ...(typeof value.providerId === 'string' && UUID.test(value.providerId) ? { providerId: value.providerId } : {}),
    ...(typeof value.doneAt === 'string' && !Number.isNaN(Date.parse(value.doneAt)) ? { doneAt: value.doneAt } : {}),
  };
}

/** The notifications of a list answer (malformed entries left out, at most the list limit). */
export function normalizeNotifications(value: unknown): Notification[] {
  if (!Array.isArray(value)) return [];
  const list: Notification[] = [];
  const seen = new Set<string>();
  for (const entry of value) {
    const notification = normalizeNotification(entry);
    if (notification && !seen.has(notification._id)) {
      seen.add(notification._id);
      list.push(notification);
    }
    if (list.length >= NOTIFICATIONS_LIST_LIMIT) break;
  }
  return list;
}

/**
 * The list after a live notification: put on top when it belongs under the current filter (an
 * older copy with the same id is replaced), the list unchanged when it does not.
 */
export function prependNotification(
  list: readonly Notification[],
  notification: Notification,
  filter: NotificationFilter,
  limit: number = NOTIFICATIONS_LIST_LIMIT,
): Notification[] {
  if (!matchesFilter(notification, filter)) return [...list];
  return [notification, ...list.filter((existing) => existing._id !== notification._id)].slice(0, limit);
}

/**
 * A list answer merged with what happened while it was on its way: live notifications that
 * arrived meanwhile and are not in the answer stay on top; notifications marked read meanwhile
 * stay read.
 */
export function mergeLoaded(
  loaded: readonly Notification[],
  arrivedMeanwhile: readonly Notification[],
  readMeanwhile: ReadonlySet<string>,
  filter: NotificationFilter,
  limit: number = NOTIFICATIONS_LIST_LIMIT,
): Notification[] {
  const ids = new Set(loaded.map((notification) => notification._id));
  const fresh = arrivedMeanwhile.filter((notification) => !ids.has(notification._id) && matchesFilter(notification, filter));
  return [...fresh, ...loaded]
    .map((notification) => (readMeanwhile.has(notification._id) ? { ...notification, status: 'Read' as const } : notification))
    .slice(0, limit);
}

/** The list with one notification's status set (unchanged when it is not there). */
export function withStatus(list: readonly Notification[], id: string, status: Notification['status']): Notification[] {
  return list.map((notification) => (notification._id === id && notification.status !== status ? { ...notification, status } : notification));
}

/** The list with every notification Read. */
export function allRead(list: readonly Notification[]): Notification[] {
  return list.map((notification) => (notification.status === 'Read' ? notification : { ...notification, status: 'Read' as const }));
}

/** How many notifications of the list are unread. */
export function unreadIn(list: readonly Notification[]): number {
  return list.filter((notification) => notification.status === 'Unread').length;
}

/**
 * The user's unread count as a freshly loaded list tells it: under All and New a list shorter
 * than the limit holds every notification of the kind, so its unread ones are all there are;
 * null when the list cannot tell (Security, or a full list).
 */
export function unreadFromList(
  list: readonly Notification[],
  filter: NotificationFilter,
  answered: number,
  limit: number = NOTIFICATIONS_LIST_LIMIT,
): number | null {
  if (filter === 1 || answered >= limit) return null;
  return unreadIn(list);
}

/** 'Chrome 139 · Linux · 203.0.113.5' from the parts present, or null when none is. */
export function requestMetaText(meta: NotificationRequestMetaData | null | undefined): string | null {
  if (!meta) return null;
  const parts = [meta.browser, meta.os, meta.ip].map((part) => part?.trim()).filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The list with an account request's notifications showing its outcome (unchanged when none is about it). */
export function withAccountRequestStatus(list: readonly Notification[], requestId: string, status: AccountRequestStatus): Notification[] {
  return list.map((notification) =>
    notification.accountRequest?.requestId === requestId ? { ...notification, accountRequest: { requestId, status } } : notification,
  );
}
