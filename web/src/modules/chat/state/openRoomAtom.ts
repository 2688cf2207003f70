import { atom } from 'jotai';
import type { OpenRoom } from '../types/chat';

/** The room shown in the main area, or null ('Select Chat Room'). */
export const openRoomAtom = atom<OpenRoom | null>(null);
