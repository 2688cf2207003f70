import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex, Input, List, Spin, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, useState } from 'react';
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

const useStyles = createStyles(({ token, css }) => ({
  icon: css`
    color: ${token.colorTextTertiary};
  `,
  list: css`
    max-height: 250px;
    overflow-y: auto;
    background: ${token.colorBgContainer};
  `,
  item: css`
    cursor: pointer;
  `,
  shrink: css`
    min-width: 0;
  `,
  small: css`
    font-size: ${token.fontSizeSM}px;
  `,
}));

/** A users search (300 ms after the last keystroke) whose results can be picked. */
export function UserSearch({ label, onPick, excludeIds = [], autoFocus }: UserSearchProps): ReactElement {
  const { token } = theme.useToken();
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), CHAT_SEARCH_DEBOUNCE_MS);
  const { styles } = useStyles();
  // One query per term (cached: typing a term again asks nothing); the last results stay while the next load.
  const search = useQuery({
    queryKey: ['chat', 'userSearch', term],
    queryFn: async () => {
      const reply = await chatApi.searchUsers(term);
      const users = Array.isArray(reply?.users) ? reply.users.map(toChatUser).filter((u): u is ChatUser => u !== null) : [];
      return { term, users };
    },
    enabled: Boolean(term),
    placeholderData: keepPreviousData,
  });
  const results = term ? (search.data ?? (search.isError ? { term, users: [] } : null)) : null;
  const loading = search.isFetching;

  const shown = (results?.users ?? []).filter((user) => !excludeIds.includes(user._id));
  return (
    <Flex vertical gap={token.marginXS}>
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden className={styles.icon} />}
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
          className={styles.list}
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
              className={styles.item}
            >
              <Flex align="center" gap={token.marginSM} className={styles.shrink}>
                <ChatAvatar kind="user" name={user.displayName} src={user.avatarImageUrl} size={32} />
                <Flex vertical className={styles.shrink}>
                  <Typography.Text ellipsis>
                    <Highlighted text={user.displayName} term={results.term} />
                  </Typography.Text>
                  <Typography.Text type="secondary" ellipsis className={styles.small}>
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
