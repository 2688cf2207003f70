import { UserOutlined } from '@ant-design/icons';
import { Avatar, Typography, theme } from 'antd';
import { useAtomValue } from 'jotai';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { ADMIN_PROFILE_PATH } from '../constants/adminSections';

type MiniUserCardProps = { collapsed: boolean };

/** The signed-in user in the admin drawer header, linking to the admin profile. */
export function MiniUserCard({ collapsed }: MiniUserCardProps): ReactElement {
  const { token } = theme.useToken();
  const user = useAtomValue(signedInUserAtom);
  return (
    <Link
      to={ADMIN_PROFILE_PATH}
      // The name starts with the visible text (WCAG 2.5.3, axe: label-content-name-mismatch).
      aria-label={collapsed ? 'My admin profile' : `${user?.displayName ?? ''} @${user?.userName ?? ''}, my admin profile`}
      title={user?.displayName}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: token.marginSM,
        padding: collapsed ? `${token.paddingSM}px 0` : `${token.paddingSM}px ${token.padding}px`,
        justifyContent: collapsed ? 'center' : 'flex-start',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        color: 'inherit',
      }}
    >
      <Avatar
        size={collapsed ? 32 : 40}
        src={user?.avatarImageUrl || undefined}
        icon={<UserOutlined />}
        alt=""
        style={{ background: token.colorPrimaryBg, color: token.colorPrimary, flexShrink: 0 }}
      />
      {collapsed ? null : (
        <span style={{ minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <Typography.Text strong ellipsis>
            {user?.displayName}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis>
            @{user?.userName}
          </Typography.Text>
        </span>
      )}
    </Link>
  );
}
