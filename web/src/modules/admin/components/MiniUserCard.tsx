import { UserOutlined } from '@ant-design/icons';
import { Avatar, Flex, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useAtomValue } from 'jotai';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { ADMIN_PROFILE_PATH } from '../constants/adminSections';

type MiniUserCardProps = { collapsed: boolean };

const useStyles = createStyles(({ token, css }) => ({
  card: css`
    display: flex;
    align-items: center;
    gap: ${token.marginSM}px;
    padding: ${token.paddingSM}px ${token.padding}px;
    justify-content: flex-start;
    border-bottom: 1px solid ${token.colorBorderSecondary};
    color: inherit;
  `,
  collapsed: css`
    padding: ${token.paddingSM}px 0;
    justify-content: center;
  `,
  avatar: css`
    && {
      background: ${token.colorPrimaryBg};
      color: ${token.colorPrimary};
      flex-shrink: 0;
    }
  `,
  names: css`
    min-width: 0;
  `,
}));

/** The signed-in user in the admin drawer header, linking to the admin profile. */
export function MiniUserCard({ collapsed }: MiniUserCardProps): ReactElement {
  const { styles, cx } = useStyles();
  const user = useAtomValue(signedInUserAtom);
  return (
    <Link
      to={ADMIN_PROFILE_PATH}
      // The name starts with the visible text (WCAG 2.5.3, axe: label-content-name-mismatch).
      aria-label={collapsed ? 'My admin profile' : `${user?.displayName ?? ''} @${user?.userName ?? ''}, my admin profile`}
      title={user?.displayName}
      className={cx(styles.card, collapsed && styles.collapsed)}
    >
      <Avatar
        size={collapsed ? 32 : 40}
        src={user?.avatarImageUrl || undefined}
        icon={<UserOutlined />}
        alt=""
        className={styles.avatar}
      />
      {collapsed ? null : (
        <Flex component="span" vertical className={styles.names}>
          <Typography.Text strong ellipsis>
            {user?.displayName}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis>
            @{user?.userName}
          </Typography.Text>
        </Flex>
      )}
    </Link>
  );
}
