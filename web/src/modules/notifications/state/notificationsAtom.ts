import { atom } from 'jotai';
import type { Notification } from '../types/notification';

/** The notifications listed in the drawer under the current filter, newest first. */
export const notificationsAtom = atom<Notification[]>([]);
