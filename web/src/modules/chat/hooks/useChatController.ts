import { useStore } from 'jotai';
import { useMemo } from 'react';
import { chatApi } from '../api/chatApi';
import { type ChatController, createChatController, type JotaiStore } from '../logic/chatController';

/** One controller per jotai store, so the screen and the shell share its bookkeeping. */
const controllers = new WeakMap<JotaiStore, ChatController>();

/** The chat actions (open a room, switch tabs, send, …) for the app's store. */
export function useChatController(): ChatController {
  const store = useStore();
  return useMemo(() => {
    let controller = controllers.get(store);
    if (!controller) {
      controller = createChatController(store, chatApi);
      controllers.set(store, controller);
    }
    return controller;
  }, [store]);
}
