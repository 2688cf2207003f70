import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { useRealtimeConnect } from '../../realtime/hooks/useRealtimeConnect';
import { useRealtimeEvent } from '../../realtime/hooks/useRealtimeEvent';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { useChatController } from './useChatController';

/**
 * The chat's realtime events for the whole app (mounted once, in the shell): on the chat
 * screen they update the lists and the open room; elsewhere a new message lights the top-bar
 * chat badge (also fetched on sign-in and after every reconnect). After a reconnect the chat
 * screen fetches unread counts and the open room again.
 * Signing out or another user signing in forgets the chats.
 */
export function useChatRealtime(): void {
  const controller = useChatController();
  const userId = useAtomValue(signedInUserAtom)?._id ?? null;
  const previous = useRef(userId);

  useEffect(() => {
    if (previous.current !== userId) controller.reset();
    previous.current = userId;
    if (userId) void controller.refreshIconBadge();
  }, [controller, userId]);

  useRealtimeConnect(() => {
    void controller.refreshIconBadge();
    void controller.reconnected();
  });
  useRealtimeEvent('new-message-event', (event) => controller.receiveMessage(event));
  useRealtimeEvent('new-chat-event', (event) => controller.receiveNewChat(event));
  useRealtimeEvent('delete-chat-event', (event) => controller.receiveDeleteChat(event));
  useRealtimeEvent('undelete-chat-event', (event) => controller.receiveUndeleteChat(event));
  useRealtimeEvent('gc-title-update-event', (event) => controller.receiveTitleUpdate(event));
}
