import type { QueryClient } from '@tanstack/react-query';
import type { ChatType, DmChat, GroupChat, OpenRoom } from '../types/chat';

/** Where the chat screen's server state lives in the query cache, per signed-in user. */
export const chatKeys = {
  all: ['chat'] as const,
  /** A tab's list: the DMs (0) or the group chats (1). */
  list: (userId: string, chatType: ChatType) => ['chat', userId, 'list', chatType] as const,
  /** A room with its loaded messages. */
  room: (userId: string, chatType: ChatType, chatId: string) => ['chat', userId, 'room', chatType, chatId] as const,
  /** A chat file's content, read with the session token (its URL names the room's file). */
  file: (url: string) => ['chat', 'file', url] as const,
};

export type ChatList<T extends ChatType> = T extends 0 ? DmChat[] : GroupChat[];

/** Which room is open and how far it has loaded: client state (the room's data is in the cache). */
export type OpenRoomRef = { chatType: ChatType; chatId: string; loading: boolean; loadingEarlier?: boolean };

/** The room as the screen shows it: the reference joined with the cached chat. */
export function joinRoom(ref: OpenRoomRef | null, chat: DmChat | GroupChat | undefined): OpenRoom | null {
  if (!ref || !chat) return null;
  return { chatType: ref.chatType, chat, loading: ref.loading, loadingEarlier: ref.loadingEarlier } as OpenRoom;
}

/** Reads and writes a user's chat lists and rooms in the cache. */
export function chatCache(client: QueryClient, userId: () => string | null) {
  const listKey = (chatType: ChatType) => chatKeys.list(userId() ?? '', chatType);
  const roomKey = (chatType: ChatType, chatId: string) => chatKeys.room(userId() ?? '', chatType, chatId);
  return {
    listKey,
    roomKey,
    getList: <T extends ChatType>(chatType: T): ChatList<T> => (client.getQueryData<ChatList<T>>(listKey(chatType)) ?? []) as ChatList<T>,
    setList: <T extends ChatType>(chatType: T, update: (list: ChatList<T>) => ChatList<T>): void => {
      client.setQueryData<ChatList<T>>(listKey(chatType), (list) => update((list ?? []) as ChatList<T>));
    },
    getRoom: (chatType: ChatType, chatId: string) => client.getQueryData<DmChat | GroupChat>(roomKey(chatType, chatId)),
    setRoom: (chatType: ChatType, chat: DmChat | GroupChat): void => {
      client.setQueryData(roomKey(chatType, chat._id), chat);
    },
    /** Forgets every chat of every user (sign-out). */
    clear: (): void => client.removeQueries({ queryKey: chatKeys.all }),
  };
}
