export { AlertToasts } from './components/AlertToasts';
export { useAlerts, type UseAlertsResult } from './hooks/useAlerts';
export { DEFAULT_AUTO_DISMISS_MS, STORED_ALERT_KEY } from './logic/alertsList';
export type { Alert, AlertHeaderIcon, AlertInput } from './types/alert';
