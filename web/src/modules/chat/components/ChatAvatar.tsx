import { TeamOutlined } from '@ant-design/icons';
import { Avatar, Badge, theme } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactElement } from 'react';

const useStyles = createStyles(({ token, css }) => ({
  group: css`
    &.ant-avatar {
      background: ${token.colorPrimaryBg};
      color: ${token.colorPrimary};
      flex-shrink: 0;
    }
  `,
  user: css`
    &.ant-avatar {
      background: ${token.colorPrimary};
      flex-shrink: 0;
    }
  `,
}));

type ChatAvatarProps =
  | { kind: 'user'; name: string; src?: string; size?: number }
  | { kind: 'group'; memberCount: number; size?: number };

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0][0]}${words.at(-1)?.[0] ?? ''}` : (words[0]?.slice(0, 2) ?? '?');
  return letters.toUpperCase();
}

/** A person's avatar (picture, else initials), or a group icon with its member count. */
export function ChatAvatar(props: ChatAvatarProps): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  const size = props.size ?? 40;
  if (props.kind === 'group') {
    return (
      <Badge count={props.memberCount} size="small" color={token.colorTextSecondary} offset={[-2, size - 6]} showZero title={`${props.memberCount} members`}>
        <Avatar size={size} icon={<TeamOutlined />} className={styles.group} />
      </Badge>
    );
  }
  return (
    // fontSize inline: it scales with the size prop, and antd's Avatar writes its own font size inline.
    <Avatar size={size} src={props.src || undefined} alt={props.name} className={styles.user} style={{ fontSize: size * 0.4 }}>
      {initials(props.name)}
    </Avatar>
  );
}
