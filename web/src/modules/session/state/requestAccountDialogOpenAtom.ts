import { atom } from 'jotai';

/** Whether the 'Request an account' dialog is open (set by the avatar menu's Sign Up). */
export const requestAccountDialogOpenAtom = atom(false);
