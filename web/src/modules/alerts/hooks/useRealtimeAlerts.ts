import { useRealtimeEvent } from '../../realtime/hooks/useRealtimeEvent';
import { alertFromRealtime } from '../logic/realtimeAlert';
import { useAlerts } from './useAlerts';

/** Shows every live 'user-alert-event' as a toast (auto-dismissed when it says so). */
export function useRealtimeAlerts(): void {
  const { pushAlert } = useAlerts();
  useRealtimeEvent('user-alert-event', (alert) => {
    pushAlert(alertFromRealtime(alert));
  });
}
