import { atom } from 'jotai';

/** Whether the 'Profile Notifications' drawer is open. */
export const notificationsDrawerOpenAtom = atom(false);
