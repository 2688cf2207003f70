import { LoginOutlined, UserAddOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps, theme } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import type { ReactElement } from 'react';
import { loginDialogOpenAtom } from '../../session/state/loginDialogOpenAtom';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import type { SignedInUser } from '../../session/types/signedInUser';

type AvatarMenuAction = 'logIn' | 'signUp';

/** The popup menu items: Log In and Sign Up when signed out. */
function menuItems(user: SignedInUser | null): NonNullable<MenuProps['items']> {
  if (!user) {
    return [
      { key: 'logIn' satisfies AvatarMenuAction, label: 'Log In', icon: <LoginOutlined /> },
      { key: 'signUp' satisfies AvatarMenuAction, label: 'Sign Up', icon: <UserAddOutlined /> },
    ];
  }
  // The signed-in menu (user card, Security & Settings, Contact, Logout) is added with sign-in.
  return [{ key: 'user', label: user.displayName || user.userName, disabled: true }];
}

/** The avatar at the end of the top bar, opening the account popup menu. */
export function AvatarMenu(): ReactElement {
  const { token } = theme.useToken();
  const user = useAtomValue(signedInUserAtom);
  const setLoginDialogOpen = useSetAtom(loginDialogOpenAtom);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const action = key as AvatarMenuAction;
    if (action === 'logIn' || action === 'signUp') setLoginDialogOpen(true);
  };

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      arrow={{ pointAtCenter: true }}
      menu={{ items: menuItems(user), onClick, style: { minWidth: 160 } }}
    >
      <Button type="text" shape="circle" aria-label="Account menu" title="Account" style={{ padding: 0 }}>
        <Avatar
          size={28}
          src={user?.avatarImageUrl || undefined}
          icon={<UserOutlined />}
          style={{ background: token.colorPrimaryBg, color: token.colorPrimary }}
        />
      </Button>
    </Dropdown>
  );
}
