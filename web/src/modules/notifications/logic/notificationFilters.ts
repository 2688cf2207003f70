import type { Notification, NotificationFilter } from '../types/notification';

/** The category the Security filter selects. */
export const SECURITY_CATEGORY = 'Security';

/** The drawer's filter menu (spec §9): All Notifications (0), Security (1), New (2). */
export const NOTIFICATION_FILTERS: ReadonlyArray<{ value: NotificationFilter; label: string }> = [
  { value: 0, label: 'All Notifications' },
  { value: 1, label: 'Security' },
  { value: 2, label: 'New' },
];

export const DEFAULT_NOTIFICATION_FILTER: NotificationFilter = 0;

/** The filter for a menu value (a number or its text); anything else is All (0). */
export function toNotificationFilter(value: unknown): NotificationFilter {
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return number === 1 || number === 2 ? number : 0;
}

/** The menu label of a filter. */
export function filterLabel(filter: NotificationFilter): string {
  return NOTIFICATION_FILTERS.find((option) => option.value === filter)?.label ?? NOTIFICATION_FILTERS[0].label;
}

/** Whether a notification belongs in the list under this filter: all, Security ones, or unread ones. */
export function matchesFilter(notification: Pick<Notification, 'category' | 'status'>, filter: NotificationFilter): boolean {
  switch (filter) {
    case 1:
      return notification.category === SECURITY_CATEGORY;
    case 2:
      return notification.status === 'Unread';
    default:
      return true;
  }
}

/** What the list says when it is empty under this filter. */
export function emptyListText(filter: NotificationFilter): string {
  switch (filter) {
    case 1:
      return 'No security notifications';
    case 2:
      return 'No new notifications';
    default:
      return 'No notifications yet';
  }
}
