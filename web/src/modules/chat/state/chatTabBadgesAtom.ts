import { atom } from 'jotai';
import type { ChatTabBadges } from '../types/chat';

/** The DM's and Group Chats tab badges: lit by a message of the other tab's type, cleared by switching to it. */
export const chatTabBadgesAtom = atom<ChatTabBadges>({ dm: false, group: false });
