import { atom } from 'jotai';
import type { DmChat } from '../types/chat';

/** The signed-in user's direct-message chats, as listed in the DM's tab. */
export const dmChatsAtom = atom<DmChat[]>([]);
