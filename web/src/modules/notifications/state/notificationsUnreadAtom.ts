import { atom } from 'jotai';

/** How many of the user's notifications are unread (all of them, not only those listed); null until known. */
export const notificationsUnreadAtom = atom<number | null>(null);
