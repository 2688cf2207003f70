import { atom } from 'jotai';

/** The search text applied to the chat lists (after the 300 ms pause). */
export const chatSearchTermAtom = atom('');
