import { atom } from 'jotai';
import type { GroupChat } from '../types/chat';

/** The signed-in user's group chats, as listed in the Group Chats tab. */
export const groupChatsAtom = atom<GroupChat[]>([]);
