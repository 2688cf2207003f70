import { atom } from 'jotai';

/** Whether the Log In dialog is open (set by the avatar menu's Log In and Sign Up). */
export const loginDialogOpenAtom = atom(false);
