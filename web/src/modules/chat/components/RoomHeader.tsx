import { DeleteOutlined, MenuFoldOutlined, MenuUnfoldOutlined, MoreOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Flex, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { useAtomValue, useSetAtom } from 'jotai';
import type { ReactElement } from 'react';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { CHAT_LABELS } from '../constants/chatConstants';
import { useChatController } from '../hooks/useChatController';
import { creatorName, dmCounterpart, groupMemberCount } from '../logic/chatRecords';
import { chatDrawerAtom } from '../state/chatDrawerAtom';
import type { OpenRoom } from '../types/chat';
import { ChatAvatar } from './ChatAvatar';

const useStyles = createStyles(({ token, css }) => ({
  header: css`
    padding: ${token.paddingXS}px ${token.padding}px;
    min-height: 60px;
    border-bottom: 1px solid ${token.colorBorderSecondary};
    background: ${token.colorBgContainer};
  `,
  titles: css`
    min-width: 0;
    flex: 1;
  `,
  title: css`
    &.ant-typography {
      margin: 0;
    }
  `,
  small: css`
    font-size: ${token.fontSizeSM}px;
  `,
  creator: css`
    &.ant-btn {
      padding: 0;
      height: auto;
      font-size: inherit;
    }
  `,
}));

type RoomHeaderProps = { room: OpenRoom; collapsed: boolean; onToggle: () => void };

/**
 * The room's header: the collapse toggle of the chat list, the counterpart's avatar (DM) or the
 * group icon with its member count, the title; in a group the creator's name opens the
 * participants drawer; a DM's menu has 'Delete Chat Room'.
 */
export function RoomHeader({ room, collapsed, onToggle }: RoomHeaderProps): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  const { modal } = App.useApp();
  const user = useAtomValue(signedInUserAtom);
  const setDrawer = useSetAtom(chatDrawerAtom);
  const controller = useChatController();
  const me = user ? { _id: user._id, userName: user.userName, displayName: user.displayName } : null;
  const other = room.chatType === 0 ? dmCounterpart(room.chat, me) : null;
  const title = room.chatType === 0 ? (other?.displayName ?? '') : room.chat.title;

  return (
    <Flex
      align="center"
      gap={token.marginSM}
      className={styles.header}
    >
      <Button
        type="text"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        aria-label={collapsed ? 'Show chat list' : 'Hide chat list'}
        aria-expanded={!collapsed}
        onClick={onToggle}
      />
      {room.chatType === 0 ? (
        <ChatAvatar kind="user" name={title} src={other?.avatarImageUrl} />
      ) : (
        <ChatAvatar kind="group" memberCount={groupMemberCount(room.chat)} />
      )}
      <Flex vertical className={styles.titles}>
        <Typography.Title level={5} ellipsis className={styles.title}>
          {title}
        </Typography.Title>
        {room.chatType === 0 ? (
          other?.userName ? (
            <Typography.Text type="secondary" ellipsis className={styles.small}>
              @{other.userName}
            </Typography.Text>
          ) : null
        ) : (
          <Typography.Text type="secondary" ellipsis className={styles.small}>
            {groupMemberCount(room.chat)} members · created by{' '}
            <Button
              type="link"
              size="small"
              onClick={() => setDrawer('participants')}
              aria-label={`${creatorName(room.chat, me)}: chat participants`}
              className={styles.creator}
            >
              {creatorName(room.chat, me)}
            </Button>
          </Typography.Text>
        )}
      </Flex>
      {room.chatType === 0 ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [{ key: 'delete', label: CHAT_LABELS.deleteChatRoom, icon: <DeleteOutlined />, danger: true }],
            onClick: () =>
              modal.confirm({
                title: `${CHAT_LABELS.deleteChatRoom}?`,
                content: `The conversation with ${title} is removed from your chats.`,
                okText: 'Delete',
                okButtonProps: { danger: true },
                cancelText: 'Cancel',
                onOk: () => controller.deleteDm(room.chat._id),
              }),
          }}
        >
          <Button type="text" icon={<MoreOutlined />} aria-label="Chat room menu" />
        </Dropdown>
      ) : null}
    </Flex>
  );
}
