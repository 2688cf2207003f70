import { CloseOutlined, CloudUploadOutlined, EditOutlined, VerticalAlignBottomOutlined } from '@ant-design/icons';
import { App, Button, Empty, Flex, Tooltip, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { useAtom, useAtomValue } from 'jotai';
import { type DragEvent, type ReactElement, useRef, useState } from 'react';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { SlideDrawer } from '../../widgets/components/SlideDrawer';
import { CHAT_LABELS } from '../constants/chatConstants';
import { useChatController } from '../hooks/useChatController';
import { useOpenRoom } from '../hooks/useChatCache';
import { refusedChatFileMessage } from '../logic/chatFiles';
import { dmCounterpart } from '../logic/chatRecords';
import { chatDrawerAtom } from '../state/chatDrawerAtom';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { ParticipantsDrawer } from './ParticipantsDrawer';
import { RoomHeader } from './RoomHeader';

const useStyles = createStyles(({ token, css }) => ({
  pane: css`
    flex: 1;
    min-width: 0;
  `,
  showList: css`
    margin-bottom: ${token.margin}px;
  `,
  room: css`
    flex: 1;
    min-width: 0;
    min-height: 0;
    position: relative;
  `,
  floatingBar: css`
    position: absolute;
    inset-inline-end: ${token.margin}px;
    bottom: ${token.marginLG}px;
    padding: ${token.paddingXXS}px;
    border-radius: 999px;
    background: ${token.colorBgElevated};
    box-shadow: ${token.boxShadowSecondary};
  `,
  composer: css`
    padding: ${token.paddingSM}px ${token.padding}px;
    border-top: 1px solid ${token.colorBorderSecondary};
    background: ${token.colorBgContainer};
  `,
  dropZone: css`
    position: absolute;
    inset: ${token.marginXS}px;
    border: 2px dashed ${token.colorPrimary};
    border-radius: ${token.borderRadiusLG}px;
    background: color-mix(in srgb, ${token.colorPrimaryBg} 92%, transparent);
    pointer-events: none;
    z-index: 2;
  `,
  dropIcon: css`
    font-size: 48px;
    color: ${token.colorPrimary};
  `,
  dropText: css`
    &.ant-typography {
      margin: 0;
      color: ${token.colorPrimary};
    }
  `,
}));

type ChatRoomProps = { mobile: boolean; collapsed: boolean; onToggleList: () => void; onCloseRoom: () => void };

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * The main area: the open room (header, messages, composer; a file dragged onto it shows 'Drop
 * file to upload'), or 'Select Chat Room'. On narrow screens a floating bar offers close,
 * compose (the compose drawer) and scroll-to-bottom.
 */
export function ChatRoom({ mobile, collapsed, onToggleList, onCloseRoom }: ChatRoomProps): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  const { message } = App.useApp();
  const room = useOpenRoom();
  const user = useAtomValue(signedInUserAtom);
  const [drawer, setDrawer] = useAtom(chatDrawerAtom);
  const controller = useChatController();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);

  if (!room) {
    return (
      <Flex vertical align="center" justify="center" className={styles.pane}>
        {collapsed ? (
          <Button className={styles.showList} onClick={onToggleList}>
            Show chat list
          </Button>
        ) : null}
        <Empty description={<Typography.Text type="secondary">{CHAT_LABELS.selectRoom}</Typography.Text>} />
      </Flex>
    );
  }

  const me = user ? { _id: user._id, userName: user.userName, displayName: user.displayName } : null;
  const title = room.chatType === 0 ? dmCounterpart(room.chat, me).displayName : room.chat.title;
  const scrollToBottom = (): void => {
    const element = scrollRef.current;
    if (element) element.scrollTop = element.scrollHeight;
  };

  const drop = {
    onDragEnter: (event: DragEvent<HTMLDivElement>) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setDragging(true);
    },
    onDragOver: (event: DragEvent<HTMLDivElement>) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: () => {
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop: (event: DragEvent<HTMLDivElement>) => {
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      for (const file of Array.from(event.dataTransfer?.files ?? [])) {
        const refused = refusedChatFileMessage(file.name);
        if (refused) message.warning(refused);
        else void controller.sendFile(file);
      }
    },
  };

  return (
    <Flex vertical className={styles.room} {...drop} data-dragging={dragging ? 'true' : 'false'} aria-label={`Chat room ${title}`} role="region">
      <RoomHeader room={room} collapsed={collapsed} onToggle={onToggleList} />
      <MessageList messages={room.chat.messages} me={me} loading={room.loading} showSenders={room.chatType === 1}
        scrollRef={scrollRef}
        hasMore={room.chat.hasMore}
        loadingEarlier={room.loadingEarlier}
        onLoadEarlier={() => void controller.loadEarlier()}
      />
      {mobile ? (
        <Flex
          role="toolbar"
          aria-label="Chat actions"
          gap={token.marginSM}
          className={styles.floatingBar}
        >
          <Tooltip title="Close chat room">
            <Button shape="circle" icon={<CloseOutlined />} aria-label="Close chat room" onClick={onCloseRoom} />
          </Tooltip>
          <Tooltip title="Compose">
            <Button type="primary" shape="circle" icon={<EditOutlined />} aria-label="Compose message" onClick={() => setDrawer('compose')} />
          </Tooltip>
          <Tooltip title="Scroll to bottom">
            <Button shape="circle" icon={<VerticalAlignBottomOutlined />} aria-label="Scroll to bottom" onClick={scrollToBottom} />
          </Tooltip>
        </Flex>
      ) : (
        <div className={styles.composer}>
          <Composer key={room.chat._id} title={title} onSend={controller.send} onFile={controller.sendFile} />
        </div>
      )}
      {mobile ? (
        <SlideDrawer open={drawer === 'compose'} onClose={() => setDrawer(null)} placement="bottom" size={180} title="Compose">
          <Composer key={room.chat._id} title={title} onSend={controller.send} onFile={controller.sendFile} onSent={() => setDrawer(null)} autoFocus />
        </SlideDrawer>
      ) : null}
      {room.chatType === 1 ? <ParticipantsDrawer chat={room.chat} /> : null}
      {dragging ? (
        <Flex
          vertical
          align="center"
          justify="center"
          gap={token.marginSM}
          aria-live="polite"
          className={styles.dropZone}
        >
          <CloudUploadOutlined aria-hidden className={styles.dropIcon} />
          <Typography.Title level={4} className={styles.dropText}>
            {CHAT_LABELS.dropFile}
          </Typography.Title>
        </Flex>
      ) : null}
    </Flex>
  );
}
