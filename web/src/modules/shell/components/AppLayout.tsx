import { theme } from 'antd';
import type { ReactElement } from 'react';
import { Outlet } from 'react-router';
import { AlertToasts } from '../../alerts/components/AlertToasts';
import { SiteMapDrawer } from './SiteMapDrawer';
import { TopBar } from './TopBar';

/** The global shell around every route: top bar, page, site map drawer and toasts. */
export function AppLayout(): ReactElement {
  const { token } = theme.useToken();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: token.colorBgLayout }}>
      <TopBar />
      <div style={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Outlet />
      </div>
      <SiteMapDrawer />
      <AlertToasts />
    </div>
  );
}
