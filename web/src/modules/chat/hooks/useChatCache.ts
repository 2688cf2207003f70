import { skipToken, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { type ChatList, chatKeys, joinRoom } from '../logic/chatCache';
import { openRoomAtom } from '../state/openRoomAtom';
import type { ChatType, OpenRoom } from '../types/chat';

const NO_CHATS: never[] = [];

function useUserId(): string {
  return useAtomValue(signedInUserAtom)?._id ?? '';
}

/**
 * A tab's chat list from the cache (the controller fetches it; sends and realtime events
 * update it) and whether it is being fetched.
 */
export function useChatList<T extends ChatType>(chatType: T): { chats: ChatList<T>; loading: boolean } {
  const { data, fetchStatus } = useQuery<ChatList<T>>({ queryKey: chatKeys.list(useUserId(), chatType), queryFn: skipToken });
  return { chats: data ?? (NO_CHATS as ChatList<T>), loading: fetchStatus === 'fetching' };
}

/** The open room: the open-room reference joined with its chat in the cache. */
export function useOpenRoom(): OpenRoom | null {
  const ref = useAtomValue(openRoomAtom);
  const userId = useUserId();
  const { data } = useQuery({ queryKey: ref ? chatKeys.room(userId, ref.chatType, ref.chatId) : [...chatKeys.all, 'none'], queryFn: skipToken });
  return useMemo(() => joinRoom(ref, data as OpenRoom['chat'] | undefined), [ref, data]);
}
