import { atom } from 'jotai';

/**
 * True after the user logged out (or a credential change logged them out), until the next
 * sign-in: the route guard then sends them home without opening the Log In dialog.
 */
export const loggedOutByUserAtom = atom(false);
