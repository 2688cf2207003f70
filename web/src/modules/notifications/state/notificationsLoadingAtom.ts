import { atom } from 'jotai';

/** True while the list is being (re)loaded from the server. */
export const notificationsLoadingAtom = atom(false);
