import { BellOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import type { ReactElement } from 'react';
import { TopBarIconButton } from '../../shell/components/TopBarIconButton';
import { useNotificationsController } from '../hooks/useNotificationsController';
import { bellLabel } from '../logic/bellCount';
import { notificationsCountAtom } from '../state/notificationsCountAtom';

/** The top bar bell: its badge shows the count of new notifications; a click opens the drawer and resets it to 0. */
export function NotificationBell(): ReactElement {
  const count = useAtomValue(notificationsCountAtom);
  const controller = useNotificationsController();
  return <TopBarIconButton icon={<BellOutlined />} label={bellLabel(count)} count={count} onClick={() => void controller.openDrawer()} />;
}
