import { theme } from 'antd';
import { useAtom } from 'jotai';
import { type ReactElement, useEffect } from 'react';
import { TOP_BAR_HEIGHT } from '../../layout/constants/breakpoints';
import { useIsMobile } from '../../layout/hooks/useIsMobile';
import { CHAT_DRAWER_WIDTH_PX } from '../constants/chatConstants';
import { useChatController } from '../hooks/useChatController';
import { chatListCollapsedAtom } from '../state/chatListCollapsedAtom';
import { ChatRoom } from './ChatRoom';
import { ChatSidebar } from './ChatSidebar';
import { NewChatDrawer } from './NewChatDrawer';
import { NewGroupChatDrawer } from './NewGroupChatDrawer';

/**
 * The chat screen (/chat): the chat drawer (320 px; the whole width at 700 px or narrower,
 * where it collapses while a room is shown) and the room. Entering loads the DMs and opens the
 * first; the top-bar badge clears 3 s later.
 */
export function ChatScreen(): ReactElement {
  const { token } = theme.useToken();
  const controller = useChatController();
  const mobile = useIsMobile();
  const [collapsed, setCollapsed] = useAtom(chatListCollapsedAtom);

  useEffect(() => {
    void controller.enter();
    return () => controller.leave();
  }, [controller]);

  useEffect(() => {
    setCollapsed(mobile);
  }, [mobile, setCollapsed]);

  const listShown = !collapsed;
  return (
    <main style={{ display: 'flex', height: `calc(100dvh - ${TOP_BAR_HEIGHT})`, minHeight: 360, background: token.colorBgLayout, overflow: 'hidden' }}>
      {listShown ? (
        <aside
          aria-label="Chats"
          style={{
            width: mobile ? '100%' : CHAT_DRAWER_WIDTH_PX,
            flexShrink: 0,
            background: token.colorBgContainer,
            borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
            display: 'flex',
            flexDirection: 'column',
            minHeight: 0,
          }}
        >
          <ChatSidebar onOpened={() => mobile && setCollapsed(true)} />
        </aside>
      ) : null}
      {!(mobile && listShown) ? (
        <ChatRoom
          mobile={mobile}
          collapsed={collapsed}
          onToggleList={() => setCollapsed((value) => !value)}
          onCloseRoom={() => {
            controller.closeRoom();
            setCollapsed(false);
          }}
        />
      ) : null}
      <NewChatDrawer />
      <NewGroupChatDrawer />
    </main>
  );
}
