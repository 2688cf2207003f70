import { atom } from 'jotai';
import type { OpenRoomRef } from '../logic/chatCache';

/** Which room the main area shows, or null ('Select Chat Room'); its chat is in the query cache. */
export const openRoomAtom = atom<OpenRoomRef | null>(null);
