import type { ReactElement } from 'react';
import { Toast } from '../../widgets/components/Toast';
import { headerIconOf } from '../logic/alertsList';
import type { Alert } from '../types/alert';
import { AlertHeaderIcon, useAlertAccentColor } from './AlertHeaderIcon';

type AlertToastProps = {
  alert: Alert;
  onClose: (id: string) => void;
};

/** One alert as a Toast: header icon and text, a close button, the body text and an optional time footer. */
export function AlertToast({ alert, onClose }: AlertToastProps): ReactElement {
  const icon = headerIconOf(alert);
  const accent = useAlertAccentColor(icon);
  return (
    <Toast
      id={alert.id}
      icon={<AlertHeaderIcon icon={icon} />}
      accentColor={accent}
      headerText={alert.headerText}
      closeLabel="Close alert"
      onClose={() => onClose(alert.id)}
      timestamp={alert.showTimestamp && alert.shownAt ? alert.shownAt : undefined}
    >
      {alert.bodyText}
    </Toast>
  );
}
