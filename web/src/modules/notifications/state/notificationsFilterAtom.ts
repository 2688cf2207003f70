import { atom } from 'jotai';
import { DEFAULT_NOTIFICATION_FILTER } from '../logic/notificationFilters';
import type { NotificationFilter } from '../types/notification';

/** The drawer's filter: 0 All Notifications, 1 Security, 2 New. */
export const notificationsFilterAtom = atom<NotificationFilter>(DEFAULT_NOTIFICATION_FILTER);
