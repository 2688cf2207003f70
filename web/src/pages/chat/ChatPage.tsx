import type { ReactElement } from 'react';
import { PageFrame } from '../../modules/ui/components/PageFrame';

/** /chat — direct and group chat, built in a later issue. */
export function ChatPage(): ReactElement {
  return <PageFrame title="Chat" description="Direct messages and group chats with file sharing." />;
}
