import { atom } from 'jotai';

/** Whether the Set/Reset Password dialog is open. */
export const resetPasswordDialogOpenAtom = atom(false);
