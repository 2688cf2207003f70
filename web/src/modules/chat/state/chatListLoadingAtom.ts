import { atom } from 'jotai';

/** Whether the chat list of the current tab is loading. */
export const chatListLoadingAtom = atom(false);
