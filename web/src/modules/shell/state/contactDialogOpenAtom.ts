import { atom } from 'jotai';

/** Whether the Contact dialog (opened from the avatar menu) is open. */
export const contactDialogOpenAtom = atom(false);
