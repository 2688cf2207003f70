import {
  ContactsOutlined,
  LoginOutlined,
  LogoutOutlined,
  SafetyOutlined,
  StopOutlined,
  SolutionOutlined,
  SwapOutlined,
  UserAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, Flex, type MenuProps } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import { type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { STAFF_EXCLUSIONS_PATH, useExclusionSearchAccess } from '../../monitoring/hooks/useExclusionSearchAccess';
import { COMMITTEE_PATH, useCommitteeRoles } from '../../committee/hooks/useCommitteeRoles';
import { useLogout } from '../../session/hooks/useLogout';
import { landingPathFor, profileSwitchFor } from '../../session/logic/storedUser';
import { isSignedInAtom } from '../../session/state/isSignedInAtom';
import { loginDialogOpenAtom } from '../../session/state/loginDialogOpenAtom';
import { requestAccountDialogOpenAtom } from '../../session/state/requestAccountDialogOpenAtom';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import type { SignedInUser } from '../../session/types/signedInUser';
import { createTokenStyles } from '../../theme/tokenStyles';
import { EllipsisText } from '../../ui/components/Typography';
import { contactDialogOpenAtom } from '../state/contactDialogOpenAtom';

type AvatarMenuAction = 'logIn' | 'signUp' | 'switchProfile' | 'exclusions' | 'committee' | 'settings' | 'contact' | 'logout';

const SETTINGS_PATH = '/settings/loginCredentials';

const useStyles = createTokenStyles('avatar-menu', (token) => ({
  avatar: { '&.ant-avatar': { background: token.colorPrimaryBg, color: token.colorPrimary, flexShrink: 0 } },
  card: { padding: `${token.paddingSM}px ${token.padding}px`, borderBottom: `1px solid ${token.colorBorderSecondary}` },
  names: { minWidth: 0 },
  name: { '&.ant-typography': { display: 'block' } },
  handle: { color: token.colorLink },
  popup: {
    background: token.colorBgElevated,
    borderRadius: token.borderRadiusLG,
    boxShadow: token.boxShadowSecondary,
    minWidth: 220,
    maxWidth: 'calc(100vw - 16px)',
    overflow: 'hidden',
  },
  trigger: { '&.ant-btn': { padding: 0 } },
}));

/**
 * The popup menu items: Log In and Sign Up when signed out; the account actions when signed in,
 * with the OIG exclusion list search for credentialing staff who are not master admins (theirs is
 * in the admin menu).
 */
function menuItems(user: SignedInUser | null, pathname: string, exclusionSearch: boolean, committee = false): NonNullable<MenuProps['items']> {
  if (!user) {
    return [
      { key: 'logIn' satisfies AvatarMenuAction, label: 'Log In', icon: <LoginOutlined /> },
      { key: 'signUp' satisfies AvatarMenuAction, label: 'Sign Up', icon: <UserAddOutlined /> },
    ];
  }
  const profileSwitch = profileSwitchFor(user, pathname);
  return [
    ...(profileSwitch ? [{ key: 'switchProfile' satisfies AvatarMenuAction, label: profileSwitch.label, icon: <SwapOutlined /> }] : []),
    ...(exclusionSearch && !user.isMasterAdmin ? [{ key: 'exclusions' satisfies AvatarMenuAction, label: 'OIG Exclusion List', icon: <StopOutlined /> }] : []),
    // Committee members and the Medical Director (the master admin's committee is in the admin menu).
    ...(committee && !user.isMasterAdmin ? [{ key: 'committee' satisfies AvatarMenuAction, label: 'Credentialing Committee', icon: <SolutionOutlined /> }] : []),
    { key: 'settings' satisfies AvatarMenuAction, label: 'Security & Settings', icon: <SafetyOutlined /> },
    { key: 'contact' satisfies AvatarMenuAction, label: 'Contact', icon: <ContactsOutlined /> },
    { type: 'divider' },
    { key: 'logout' satisfies AvatarMenuAction, label: 'Logout', icon: <LogoutOutlined /> },
  ];
}

type UserAvatarProps = {
  user: SignedInUser | null;
  size: number;
};

function UserAvatar({ user, size }: UserAvatarProps): ReactElement {
  const { styles } = useStyles();
  return (
    <Avatar
      size={size}
      src={user?.avatarImageUrl || undefined}
      icon={<UserOutlined />}
      alt=""
      className={styles.avatar}
    />
  );
}

type UserCardProps = {
  user: SignedInUser;
  onNavigate: () => void;
};

/** The card at the top of the signed-in menu: avatar, display name and the @handle linking to the user's profile. */
function UserCard({ user, onNavigate }: UserCardProps): ReactElement {
  const { styles, token } = useStyles();
  return (
    <Flex aria-label="Signed-in user" role="group" align="center" gap={token.marginSM} className={styles.card}>
      <UserAvatar user={user} size={40} />
      <div className={styles.names}>
        <EllipsisText strong className={styles.name} tooltip={user.displayName}>
          {user.displayName}
        </EllipsisText>
        <Link to={landingPathFor(user)} onClick={onNavigate} className={styles.handle}>
          @{user.userName}
        </Link>
      </div>
    </Flex>
  );
}

type MenuPopupProps = {
  user: SignedInUser;
  menu: ReactNode;
  onNavigate: () => void;
  open: boolean;
};

function MenuPopup({ user, menu, onNavigate, open }: MenuPopupProps): ReactElement {
  const { styles } = useStyles();
  const box = useRef<HTMLDivElement>(null);
  // Each time it opens, the menu takes the focus (the card above it is not the menu): the arrow keys walk its items.
  useEffect(() => {
    if (!open) return undefined;
    const frame = requestAnimationFrame(() => box.current?.querySelector<HTMLElement>('[role="menu"]')?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [open]);
  return (
    <div ref={box} className={styles.popup}>
      <UserCard user={user} onNavigate={onNavigate} />
      <div>{menu}</div>
    </div>
  );
}

/** The avatar at the end of the top bar, opening the account popup menu. */
export function AvatarMenu(): ReactElement {
  const signedIn = useAtomValue(isSignedInAtom);
  const storedUser = useAtomValue(signedInUserAtom);
  const user = signedIn ? storedUser : null;
  const setLoginDialogOpen = useSetAtom(loginDialogOpenAtom);
  const setRequestAccountOpen = useSetAtom(requestAccountDialogOpenAtom);
  const setContactOpen = useSetAtom(contactDialogOpenAtom);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const exclusionSearch = useExclusionSearchAccess(user && !user.isMasterAdmin ? user._id : null);
  const committeeRoles = useCommitteeRoles(!!user && !user.isMasterAdmin);
  const committee = committeeRoles.data?.me.committeeMember === true || committeeRoles.data?.me.medicalDirector === true;
  const { styles } = useStyles();

  const onClick: MenuProps['onClick'] = ({ key }) => {
    setOpen(false);
    const action = key as AvatarMenuAction;
    switch (action) {
      case 'logIn':
        setLoginDialogOpen(true);
        break;
      case 'signUp':
        setRequestAccountOpen(true);
        break;
      case 'switchProfile': {
        const target = user ? profileSwitchFor(user, pathname) : null;
        if (target) void navigate(target.to);
        break;
      }
      case 'exclusions':
        void navigate(STAFF_EXCLUSIONS_PATH);
        break;
      case 'committee':
        void navigate(COMMITTEE_PATH);
        break;
      case 'settings':
        void navigate(SETTINGS_PATH);
        break;
      case 'contact':
        setContactOpen(true);
        break;
      case 'logout':
        void logout();
        break;
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      // Opened by keyboard, the menu takes the focus: the arrow keys walk its items.
      autoFocus
      open={open}
      onOpenChange={setOpen}
      menu={{ items: menuItems(user, pathname, exclusionSearch, committee), onClick, style: { minWidth: 160, boxShadow: user ? 'none' : undefined } }}
      popupRender={user ? (menu) => <MenuPopup user={user} menu={menu} open={open} onNavigate={() => setOpen(false)} /> : undefined}
    >
      <Button type="text" shape="circle" aria-label="Account menu" title="Account" className={styles.trigger}>
        <UserAvatar user={user} size={28} />
      </Button>
    </Dropdown>
  );
}
