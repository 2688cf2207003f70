import { createStyles } from 'antd-style';
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

const useStyles = createStyles(({ token, css }) => ({
  screen: css`
    display: flex;
    height: calc(100dvh - ${TOP_BAR_HEIGHT});
    min-height: 360px;
    background: ${token.colorBgLayout};
    overflow: hidden;
  `,
  list: css`
    width: ${CHAT_DRAWER_WIDTH_PX}px;
    flex-shrink: 0;
    background: ${token.colorBgContainer};
    border-inline-end: 1px solid ${token.colorBorderSecondary};
    display: flex;
    flex-direction: column;
    min-height: 0;
  `,
  fullWidth: css`
    width: 100%;
  `,
}));

/**
 * The chat screen (/chat): the chat drawer (320 px; the whole width at 700 px or narrower,
 * where it collapses while a room is shown) and the room. Entering loads the DMs and opens the
 * first; the top-bar badge clears 3 s later.
 */
export function ChatScreen(): ReactElement {
  const { styles, cx } = useStyles();
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
    <main className={styles.screen}>
      {listShown ? (
        <aside aria-label="Chats" className={cx(styles.list, mobile && styles.fullWidth)}>
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
