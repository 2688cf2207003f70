import { MenuOutlined, SearchOutlined } from '@ant-design/icons';
import { useSetAtom } from 'jotai';
import type { ReactElement } from 'react';
import { NavBar } from '../../ui/components/NavBar';
import { siteMapOpenAtom } from '../state/siteMapOpenAtom';
import { AppLogo } from './AppLogo';
import { AvatarMenu } from './AvatarMenu';
import { TopBarIconButton } from './TopBarIconButton';

/** The global top bar: site map menu, logo, search and the account avatar. */
export function TopBar(): ReactElement {
  const openSiteMap = useSetAtom(siteMapOpenAtom);
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
          <AvatarMenu />
        </>
      }
    />
  );
}
