import type { ReactElement } from 'react';
import { useNotificationsSync } from '../hooks/useNotificationsSync';
import { NotificationsDrawer } from './NotificationsDrawer';

/** The notifications drawer and what keeps the bell and the list up to date (mounted once, in the shell). */
export function Notifications(): ReactElement {
  useNotificationsSync();
  return <NotificationsDrawer />;
}
