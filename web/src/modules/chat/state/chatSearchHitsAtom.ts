import { atom } from 'jotai';
import type { ChatSearchHits } from '../types/chat';

/** The chats the server found for the search text (by names, titles and message words), or null. */
export const chatSearchHitsAtom = atom<ChatSearchHits | null>(null);
