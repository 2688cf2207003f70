import { CloseOutlined, CrownOutlined } from '@ant-design/icons';
import { Button, Flex, List, Tag, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactElement } from 'react';
import { CHAT_LABELS } from '../constants/chatConstants';
import type { ChatUser } from '../types/chat';
import { ChatAvatar } from './ChatAvatar';

const useStyles = createStyles(({ token, css }) => ({
  row: css`
    width: 100%;
    min-width: 0;
  `,
  names: css`
    min-width: 0;
    flex: 1;
  `,
  handle: css`
    &.ant-typography {
      font-size: ${token.fontSizeSM}px;
    }
  `,
  creatorTag: css`
    &.ant-tag {
      margin-inline-end: 0;
    }
  `,
}));

type MemberListProps = {
  creator: { displayName: string; userName: string };
  members: ChatUser[];
  /** With it, every member has a remove icon. */
  onRemove?: (user: ChatUser) => void;
};

/** The creator tagged 'Chat Creator', then the members (with a remove icon when editable). */
export function MemberList({ creator, members, onRemove }: MemberListProps): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  const row = (user: { displayName: string; userName: string }, end: ReactElement | null): ReactElement => (
    <Flex align="center" gap={token.marginSM} className={styles.row}>
      <ChatAvatar kind="user" name={user.displayName || user.userName} size={32} />
      <Flex vertical className={styles.names}>
        <Typography.Text ellipsis>{user.displayName || user.userName}</Typography.Text>
        {user.userName ? (
          <Typography.Text type="secondary" ellipsis className={styles.handle}>
            @{user.userName}
          </Typography.Text>
        ) : null}
      </Flex>
      {end}
    </Flex>
  );
  return (
    <List size="small" aria-label="Chat members" split>
      <List.Item>
        {row(
          creator,
          <Tag color="blue" icon={<CrownOutlined />} className={styles.creatorTag}>
            {CHAT_LABELS.chatCreator}
          </Tag>,
        )}
      </List.Item>
      {members.map((member) => (
        <List.Item key={member._id}>
          {row(
            member,
            onRemove ? (
              <Button type="text" size="small" danger icon={<CloseOutlined />} aria-label={`Remove ${member.displayName || member.userName}`} onClick={() => onRemove(member)} />
            ) : null,
          )}
        </List.Item>
      ))}
    </List>
  );
}
