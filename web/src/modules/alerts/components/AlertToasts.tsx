import type { ReactElement } from 'react';
import { ToastStack } from '../../widgets/components/ToastStack';
import { useAlerts } from '../hooks/useAlerts';
import { useStoredAlertOnLoad } from '../hooks/useStoredAlertOnLoad';
import { visibleAlerts } from '../logic/alertsList';
import { AlertToast } from './AlertToast';

/** The toast area at the top right, below the top bar: app alerts, the stored alert on load and live alerts (useRealtimeAlerts, run by the shell once signed in). */
export function AlertToasts(): ReactElement {
  const { alerts, dismissAlert } = useAlerts();
  useStoredAlertOnLoad();
  const shown = visibleAlerts(alerts);

  return (
    <ToastStack label="Alerts">
      {shown.map((alert) => (
        <AlertToast key={alert.id} alert={alert} onClose={dismissAlert} />
      ))}
    </ToastStack>
  );
}
