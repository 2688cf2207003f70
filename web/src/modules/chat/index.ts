export { ChatScreen } from './components/ChatScreen';
export { useChatController } from './hooks/useChatController';
export { useChatRealtime } from './hooks/useChatRealtime';
export { createChatController, type ChatController } from './logic/chatController';
export type * from './types/chat';
