import { atom } from 'jotai';

/** Whether the Enter 2FA Code dialog is open. */
export const twoFactorDialogOpenAtom = atom(false);
