import { atom } from 'jotai';

/** Bumped whenever the message list should scroll to its bottom (opening a room, a new message, 2 s after entry). */
export const chatScrollRequestAtom = atom(0);
