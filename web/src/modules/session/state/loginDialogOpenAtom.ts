import { atom } from 'jotai';

/** Whether the Log In dialog is open (set by the avatar menu's Log In). */
export const loginDialogOpenAtom = atom(false);
