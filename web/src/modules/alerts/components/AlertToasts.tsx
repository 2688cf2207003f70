import { theme } from 'antd';
import type { ReactElement } from 'react';
import { TOAST_Z_INDEX, TOP_BAR_HEIGHT } from '../../layout/constants/breakpoints';
import { useAlerts } from '../hooks/useAlerts';
import { useRealtimeAlerts } from '../hooks/useRealtimeAlerts';
import { useStoredAlertOnLoad } from '../hooks/useStoredAlertOnLoad';
import { visibleAlerts } from '../logic/alertsList';
import { AlertToast } from './AlertToast';

/** The toast area at the top right, below the top bar: app alerts, the stored alert on load and live alerts. */
export function AlertToasts(): ReactElement {
  const { token } = theme.useToken();
  const { alerts, dismissAlert } = useAlerts();
  useStoredAlertOnLoad();
  useRealtimeAlerts();
  const shown = visibleAlerts(alerts);

  return (
    <div
      aria-live="polite"
      aria-label="Alerts"
      role="region"
      style={{
        position: 'fixed',
        top: `calc(${TOP_BAR_HEIGHT} + ${token.marginXS}px)`,
        right: token.marginXS,
        zIndex: TOAST_Z_INDEX,
        display: 'flex',
        flexDirection: 'column',
        gap: token.marginXS,
        pointerEvents: 'none',
      }}
    >
      {shown.map((alert) => (
        <AlertToast key={alert.id} alert={alert} onClose={dismissAlert} />
      ))}
    </div>
  );
}
