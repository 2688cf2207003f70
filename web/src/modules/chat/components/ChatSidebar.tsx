import { PlusOutlined, SearchOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Flex, Input, Spin, Tabs, Tooltip, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { useAtomValue, useSetAtom } from 'jotai';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { CHAT_LABELS, CHAT_SEARCH_DEBOUNCE_MS } from '../constants/chatConstants';
import { useChatController } from '../hooks/useChatController';
import { useChatList } from '../hooks/useChatCache';
import { dmCounterpart, groupMemberCount } from '../logic/chatRecords';
import { filterDms, filterGroups, previewOf } from '../logic/chatSearch';
import { messageTime } from '../logic/messageDays';
import { chatDrawerAtom } from '../state/chatDrawerAtom';
import { chatSearchHitsAtom } from '../state/chatSearchHitsAtom';
import { chatSearchTermAtom } from '../state/chatSearchTermAtom';
import { chatTabAtom } from '../state/chatTabAtom';
import { chatTabBadgesAtom } from '../state/chatTabBadgesAtom';
import { openRoomAtom } from '../state/openRoomAtom';
import type { ChatTab, ChatType } from '../types/chat';
import { ChatAvatar } from './ChatAvatar';
import { Highlighted } from './Highlighted';

const useStyles = createStyles(({ token, css, cx }) => {
  const item = css`
    display: flex;
    width: 100%;
    align-items: center;
    gap: ${token.marginSM}px;
    padding: ${token.paddingSM}px ${token.padding}px;
    border: 0;
    border-inline-start: 3px solid transparent;
    background: transparent;
    cursor: pointer;
    text-align: start;
    font: inherit;
    color: inherit;
  `;
  return {
    entry: css`
      list-style: none;
    `,
    item,
    active: cx(
      item,
      css`
        border-inline-start-color: ${token.colorPrimary};
        background: ${token.colorPrimaryBg};
      `,
    ),
    body: css`
      min-width: 0;
      flex: 1;
    `,
    grow: css`
      flex: 1;
    `,
    time: css`
      font-size: ${token.fontSizeSM - 1}px;
      flex-shrink: 0;
    `,
    preview: css`
      flex: 1;
      font-size: ${token.fontSizeSM}px;
    `,
    root: css`
      height: 100%;
      min-height: 0;
    `,
    head: css`
      padding: 0 ${token.paddingSM}px 0 ${token.padding}px;
      border-bottom: 1px solid ${token.colorBorderSecondary};
    `,
    tabs: css`
      flex: 1;
      min-width: 0;
    `,
    search: css`
      padding: ${token.paddingSM}px;
    `,
    searchIcon: css`
      color: ${token.colorTextTertiary};
    `,
    scroll: css`
      flex: 1;
      overflow-y: auto;
      min-height: 0;
    `,
    spinner: css`
      padding: ${token.paddingLG}px;
    `,
    empty: css`
      margin-top: ${token.marginXL}px;
    `,
    list: css`
      margin: 0;
      padding: 0;
    `,
  };
});

type ListEntry = { id: string; chatType: ChatType; title: string; preview: string; time: string; unread: number; avatar: ReactElement };

function ChatListItem({ entry, active, term, onOpen }: { entry: ListEntry; active: boolean; term: string; onOpen: () => void }): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  return (
    <li className={styles.entry}>
      <button
        type="button"
        onClick={onOpen}
        aria-current={active ? 'true' : undefined}
        aria-label={`${entry.title}${entry.unread ? ` (${entry.unread} unread)` : ''}`}
        data-chat-id={entry.id}
        className={active ? styles.active : styles.item}
      >
        {entry.avatar}
        <Flex vertical className={styles.body}>
          <Flex justify="space-between" align="baseline" gap={token.marginXS}>
            <Typography.Text strong={entry.unread > 0} ellipsis className={styles.grow}>
              <Highlighted text={entry.title} term={term} />
            </Typography.Text>
            {entry.time ? (
              <Typography.Text type="secondary" className={styles.time}>
                {entry.time}
              </Typography.Text>
            ) : null}
          </Flex>
          <Flex justify="space-between" align="center" gap={token.marginXS}>
            <Typography.Text type="secondary" ellipsis className={styles.preview}>
              <Highlighted text={entry.preview} term={term} />
            </Typography.Text>
            <Badge count={entry.unread} size="small" aria-label={`${entry.unread} unread`} />
          </Flex>
        </Flex>
      </button>
    </li>
  );
}

function shortTime(dateTime: string | undefined): string {
  if (!dateTime) return '';
  const full = messageTime(dateTime);
  return full ? full.split(' at ')[0] ?? '' : '';
}

/**
 * The chat drawer: tabs DM's and Group Chats (each with a badge), the search box (applied 300 ms
 * after typing stops, matches marked), the new-chat icon and the list with unread counts.
 */
export function ChatSidebar({ onOpened }: { onOpened: () => void }): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  const controller = useChatController();
  const tab = useAtomValue(chatTabAtom);
  const badges = useAtomValue(chatTabBadgesAtom);
  const dmList = useChatList(0);
  const groupList = useChatList(1);
  const dms = dmList.chats;
  const groups = groupList.chats;
  const room = useAtomValue(openRoomAtom);
  const loading = (tab === 0 ? dmList : groupList).loading;
  const term = useAtomValue(chatSearchTermAtom);
  const hits = useAtomValue(chatSearchHitsAtom);
  const user = useAtomValue(signedInUserAtom);
  const setDrawer = useSetAtom(chatDrawerAtom);
  const [text, setText] = useState(term);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    const timer = setTimeout(() => void controller.search(text), CHAT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, controller]);

  const me = user ? { _id: user._id, userName: user.userName, displayName: user.displayName } : null;
  const entries: ListEntry[] =
    tab === 0
      ? filterDms(dms, term, hits, me).map((chat) => {
          const other = dmCounterpart(chat, me);
          return {
            id: chat._id,
            chatType: 0,
            title: other.displayName,
            preview: previewOf(chat),
            time: shortTime(chat.messages.at(-1)?.dateTime),
            unread: chat.unread,
            avatar: <ChatAvatar kind="user" name={other.displayName} src={other.avatarImageUrl} />,
          };
        })
      : filterGroups(groups, term, hits).map((chat) => ({
          id: chat._id,
          chatType: 1,
          title: chat.title,
          preview: previewOf(chat),
          time: shortTime(chat.messages.at(-1)?.dateTime),
          unread: chat.unread,
          avatar: <ChatAvatar kind="group" memberCount={groupMemberCount(chat)} />,
        }));

  const newLabel = tab === 0 ? CHAT_LABELS.newChat : CHAT_LABELS.newGroupChat;
  const tabLabel = (label: string, lit: boolean): ReactElement => (
    <Badge dot={lit} offset={[6, 0]}>
      <span>{label}</span>
    </Badge>
  );

  return (
    <Flex vertical className={styles.root}>
      <Flex align="center" gap={token.marginXS} className={styles.head}>
        <Tabs
          activeKey={String(tab)}
          onChange={(key) => void controller.switchTab(Number(key) as ChatTab)}
          items={[
            { key: '0', label: tabLabel(CHAT_LABELS.dmTab, badges.dm) },
            { key: '1', label: tabLabel(CHAT_LABELS.groupTab, badges.group) },
          ]}
          tabBarStyle={{ margin: 0, borderBottom: 0 }}
          className={styles.tabs}
        />
        <Tooltip title={newLabel}>
          <Button type="primary" shape="circle" icon={tab === 0 ? <PlusOutlined /> : <UsergroupAddOutlined />} aria-label={newLabel} onClick={() => setDrawer(tab === 0 ? 'newChat' : 'newGroupChat')} />
        </Tooltip>
      </Flex>
      <div className={styles.search}>
        <Input
          allowClear
          value={text}
          onChange={(event) => setText(event.target.value)}
          prefix={<SearchOutlined aria-hidden className={styles.searchIcon} />}
          placeholder={CHAT_LABELS.search}
          aria-label={CHAT_LABELS.search}
          title={CHAT_LABELS.search}
          className="chat-search"
          styles={{ input: { fontSize: token.fontSizeSM } }}
        />
      </div>
      <div className={styles.scroll}>
        {loading && entries.length === 0 ? (
          <Flex justify="center" className={styles.spinner}>
            <Spin />
          </Flex>
        ) : entries.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={term.trim() ? 'No matching chats' : tab === 0 ? 'No direct messages yet' : 'No group chats yet'}
            className={styles.empty}
          >
            {!term.trim() ? (
              <Button onClick={() => setDrawer(tab === 0 ? 'newChat' : 'newGroupChat')}>{newLabel}</Button>
            ) : null}
          </Empty>
        ) : (
          <ul aria-label={tab === 0 ? 'Direct messages' : 'Group chats'} className={styles.list}>
            {entries.map((entry) => (
              <ChatListItem
                key={entry.id}
                entry={entry}
                term={term}
                active={room?.chatId === entry.id}
                onOpen={() => {
                  void controller.openChat(entry.chatType, entry.id);
                  onOpened();
                }}
              />
            ))}
          </ul>
        )}
      </div>
    </Flex>
  );
}
