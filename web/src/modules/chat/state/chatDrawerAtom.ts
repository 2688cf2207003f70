import { atom } from 'jotai';
import type { ChatDrawer } from '../types/chat';

/** Which drawer of the chat screen is open (New Chat, New Group Chat, participants, compose), or null. */
export const chatDrawerAtom = atom<ChatDrawer>(null);
