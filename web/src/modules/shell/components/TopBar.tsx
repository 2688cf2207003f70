import { MenuOutlined, MessageOutlined, SearchOutlined } from '@ant-design/icons';
import { useAtomValue, useSetAtom } from 'jotai';
import type { ReactElement } from 'react';
import { NotificationBell } from '../../notifications/components/NotificationBell';
import { isSignedInAtom } from '../../session/state/isSignedInAtom';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { NavBar } from '../../ui/components/NavBar';
import { siteMapOpenAtom } from '../state/siteMapOpenAtom';
import { AppLogo } from './AppLogo';
import { AvatarMenu } from './AvatarMenu';
import { TopBarIconButton } from './TopBarIconButton';

/** The global top bar: site map menu, logo, search, chat and notifications when signed in, and the account avatar. */
export function TopBar(): ReactElement {
  const openSiteMap = useSetAtom(siteMapOpenAtom);
  const signedIn = useAtomValue(isSignedInAtom);
  const user = useAtomValue(signedInUserAtom);
  return (
    <NavBar
      label="Main"
      sticky
      start={
        <>
          <TopBarIconButton icon={<MenuOutlined />} label="Open site map" onClick={() => openSiteMap(true)} />
          <AppLogo />
        </>
      }
      end={
        <>
          <TopBarIconButton icon={<SearchOutlined />} label="Search" to="/search" />
          {signedIn ? (
            <>
              <TopBarIconButton
                icon={<MessageOutlined />}
                label={user?.showChatIconBadge ? 'Chat (new messages)' : 'Chat'}
                to="/chat"
                dot={Boolean(user?.showChatIconBadge)}
              />
              <NotificationBell />
            </>
          ) : null}
          <AvatarMenu />
        </>
      }
    />
  );
}
