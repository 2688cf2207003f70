import { atom } from 'jotai';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';

/**
 * The bell count: notifications raised since the bell was last opened. It lives on the stored
 * user record (usr.notificationsCount, set at sign-in and by the signed-in check), so it starts
 * from there and survives a reload; the server's count call, live events and opening the bell
 * set it. Signed out it reads 0 and ignores writes.
 */
export const notificationsCountAtom = atom(
  (get) => get(signedInUserAtom)?.notificationsCount ?? 0,
  (get, set, count: number) => {
    const user = get(signedInUserAtom);
    const next = Math.max(0, Math.floor(count));
    if (user && user.notificationsCount !== next) set(signedInUserAtom, { ...user, notificationsCount: next });
  },
);
