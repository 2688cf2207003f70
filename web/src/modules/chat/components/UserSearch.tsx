import { SearchOutlined } from '@ant-design/icons';
import { Flex, Input, List, Spin, Typography, theme } from 'antd';
import { type ReactElement, useEffect, useState } from 'react';
import { useDebouncedValue } from '../../ui/hooks/useDebouncedValue';
import { chatApi } from '../api/chatApi';
import { CHAT_SEARCH_DEBOUNCE_MS } from '../constants/chatConstants';
import { toChatUser } from '../logic/chatRecords';
import type { ChatUser } from '../types/chat';
import { ChatAvatar } from './ChatAvatar';
import { Highlighted } from './Highlighted';

type UserSearchProps = {
  label: string;
  /** Called when a result is picked. */
  onPick: (user: ChatUser) => void;
  /** Users not offered (already members). */
  excludeIds?: readonly string[];
  autoFocus?: boolean;
};

/** A users search (300 ms after the last keystroke) whose results can be picked. */
export function UserSearch({ label, onPick, excludeIds = [], autoFocus }: UserSearchProps): ReactElement {
  const { token } = theme.useToken();
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), CHAT_SEARCH_DEBOUNCE_MS);
  const [results, setResults] = useState<{ term: string; users: ChatUser[] } | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!term) {
      setResults(null);
      return undefined;
    }
    let live = true;
    setLoading(true);
    chatApi
      .searchUsers(term)
      .then((reply) => {
        if (!live) return;
        const users = Array.isArray(reply?.users) ? reply.users.map(toChatUser).filter((u): u is ChatUser => u !== null) : [];
        setResults({ term, users });
      })
      .catch(() => live && setResults({ term, users: [] }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [term]);

  const shown = (results?.users ?? []).filter((user) => !excludeIds.includes(user._id));
  return (
    <Flex vertical gap={token.marginXS}>
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden style={{ color: token.colorTextTertiary }} />}
        placeholder={label}
        aria-label={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoFocus={autoFocus}
        suffix={loading ? <Spin size="small" /> : undefined}
      />
      {results ? (
        <List
          size="small"
          bordered
          aria-label="Users found"
          locale={{ emptyText: 'No users found' }}
          dataSource={shown}
          style={{ maxHeight: 250, overflowY: 'auto', background: token.colorBgContainer }}
          renderItem={(user) => (
            <List.Item
              key={user._id}
              role="button"
              tabIndex={0}
              aria-label={`${user.displayName} @${user.userName}`}
              onClick={() => onPick(user)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onPick(user);
                }
              }}
              style={{ cursor: 'pointer' }}
            >
              <Flex align="center" gap={token.marginSM} style={{ minWidth: 0 }}>
                <ChatAvatar kind="user" name={user.displayName} src={user.avatarImageUrl} size={32} />
                <Flex vertical style={{ minWidth: 0 }}>
                  <Typography.Text ellipsis>
                    <Highlighted text={user.displayName} term={results.term} />
                  </Typography.Text>
                  <Typography.Text type="secondary" ellipsis style={{ fontSize: token.fontSizeSM }}>
                    @<Highlighted text={user.userName} term={results.term} />
                    {user.npi ? ` · NPI ${user.npi}` : ''}
                  </Typography.Text>
                </Flex>
              </Flex>
            </List.Item>
          )}
        />
      ) : null}
    </Flex>
  );
}
