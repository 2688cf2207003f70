import { atom } from 'jotai';
import type { ChatTab } from '../types/chat';

/** The chat drawer's tab: DM's (0) or Group Chats (1). */
export const chatTabAtom = atom<ChatTab>(0);
