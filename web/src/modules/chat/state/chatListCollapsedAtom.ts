import { atom } from 'jotai';

/** Whether the chat list drawer is collapsed (the header's toggle; on narrow screens while a room is shown). */
export const chatListCollapsedAtom = atom(false);
