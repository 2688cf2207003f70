import { useEffect } from 'react';
import { useAlerts } from './useAlerts';

/** On app load, shows the alert kept in localStorage 'storedAlert' and removes the key. */
export function useStoredAlertOnLoad(): void {
  const { showStoredAlert } = useAlerts();
  useEffect(() => {
    showStoredAlert();
  }, [showStoredAlert]);
}
