import type { ReactElement } from 'react';
import { ChatScreen } from '../../modules/chat/components/ChatScreen';
import { useDocumentTitle } from '../../modules/layout/hooks/useDocumentTitle';

/** /chat — direct and group chats with file sharing. */
export function ChatPage(): ReactElement {
  useDocumentTitle('Chat');
  return <ChatScreen />;
}
