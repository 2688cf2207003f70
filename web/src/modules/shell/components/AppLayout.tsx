import { theme } from 'antd';
import type { ReactElement } from 'react';
import { Outlet } from 'react-router';
import { AlertToasts } from '../../alerts/components/AlertToasts';
import { Notifications } from '../../notifications/components/Notifications';
import { useRealtimeSession } from '../../realtime/hooks/useRealtimeSession';
import { SessionDialogs } from '../../session/components/SessionDialogs';
import { useSessionRestore } from '../../session/hooks/useSessionRestore';
import { ContactDialog } from './ContactDialog';
import { SiteMapDrawer } from './SiteMapDrawer';
import { TopBar } from './TopBar';

/**
 * The global shell around every route: top bar, page, site map drawer, sign-in dialogs, the
 * notifications drawer and toasts; it keeps the realtime socket in step with the session.
 */
export function AppLayout(): ReactElement {
  const { token } = theme.useToken();
  useSessionRestore();
  useRealtimeSession();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: token.colorBgLayout }}>
      <TopBar />
      <div style={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Outlet />
      </div>
      <SiteMapDrawer />
      <SessionDialogs />
      <ContactDialog />
      <Notifications />
      <AlertToasts />
    </div>
  );
}
