import { DeleteOutlined, MenuFoldOutlined, MenuUnfoldOutlined, MoreOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Flex, Typography, theme } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import type { ReactElement } from 'react';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { CHAT_LABELS } from '../constants/chatConstants';
import { useChatController } from '../hooks/useChatController';
import { creatorName, dmCounterpart, groupMemberCount } from '../logic/chatRecords';
import { chatDrawerAtom } from '../state/chatDrawerAtom';
import type { OpenRoom } from '../types/chat';
import { ChatAvatar } from './ChatAvatar';

type RoomHeaderProps = { room: OpenRoom; collapsed: boolean; onToggle: () => void };

/**
 * The room's header: the collapse toggle of the chat list, the counterpart's avatar (DM) or the
 * group icon with its member count, the title; in a group the creator's name opens the
 * participants drawer; a DM's menu has 'Delete Chat Room'.
 */
export function RoomHeader({ room, collapsed, onToggle }: RoomHeaderProps): ReactElement {
  const { token } = theme.useToken();
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
      style={{ padding: `${token.paddingXS}px ${token.padding}px`, minHeight: 60, borderBottom: `1px solid ${token.colorBorderSecondary}`, background: token.colorBgContainer }}
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
      <Flex vertical style={{ minWidth: 0, flex: 1 }}>
        <Typography.Title level={5} ellipsis style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {room.chatType === 0 ? (
          other?.userName ? (
            <Typography.Text type="secondary" ellipsis style={{ fontSize: token.fontSizeSM }}>
              @{other.userName}
            </Typography.Text>
          ) : null
        ) : (
          <Typography.Text type="secondary" ellipsis style={{ fontSize: token.fontSizeSM }}>
            {groupMemberCount(room.chat)} members · created by{' '}
            <Button
              type="link"
              size="small"
              onClick={() => setDrawer('participants')}
              aria-label={`${creatorName(room.chat, me)}: chat participants`}
              style={{ padding: 0, height: 'auto', fontSize: 'inherit' }}
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
