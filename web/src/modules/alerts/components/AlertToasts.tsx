import type { ReactElement } from 'react';
import { ToastStack } from '../../widgets/components/ToastStack';
import { useAlerts } from '../hooks/useAlerts';
import { useRealtimeAlerts } from '../hooks/useRealtimeAlerts';
import { useStoredAlertOnLoad } from '../hooks/useStoredAlertOnLoad';
import { visibleAlerts } from '../logic/alertsList';
import { AlertToast } from './AlertToast';

/** The toast area at the top right, below the top bar: app alerts, the stored alert on load and live alerts. */
export function AlertToasts(): ReactElement {
  const { alerts, dismissAlert } = useAlerts();
  useStoredAlertOnLoad();
  useRealtimeAlerts();
  const shown = visibleAlerts(alerts);

  return (
    <ToastStack label="Alerts">
      {shown.map((alert) => (
        <AlertToast key={alert.id} alert={alert} onClose={dismissAlert} />
      ))}
    </ToastStack>
  );
}
