import { useStore } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAlerts } from '../../alerts/hooks/useAlerts';
import { STORED_ALERT_KEY } from '../../alerts/logic/alertsList';
import type { AlertInput } from '../../alerts/types/alert';
import { identityApi } from '../api/identityApi';
import { clearSession } from '../logic/sessionActions';
import { loggedOutByUserAtom } from '../state/loggedOutByUserAtom';
import { tokenAtom } from '../state/tokenAtom';

export const LOGGED_OUT_ALERT: AlertInput = {
  headerText: 'Logged out',
  headerIcon: 'security',
  bodyText: 'You have been logged out.',
  autoDismiss: true,
  autoDismissTime: 5000,
};

/**
 * Logs out (spec §4): tells the server, clears the two-factor token, user, email or user
 * name, token and signed-in flag, stores an alert in localStorage 'storedAlert', goes home
 * and shows the stored alert as a toast.
 */
export function useLogout(): (alert?: AlertInput | null) => Promise<void> {
  const store = useStore();
  const navigate = useNavigate();
  const { showStoredAlert } = useAlerts();
  return useCallback(
    async (alert: AlertInput | null = LOGGED_OUT_ALERT) => {
      // Set first: a 401 from the logout call clears the session too, and the route guard
      // must then send the user home without opening the Log In dialog.
      store.set(loggedOutByUserAtom, true);
      if (store.get(tokenAtom)) {
        try {
          await identityApi.logout();
        } catch {
          // Already logged by the API client; the browser forgets the session either way.
        }
      }
      clearSession(store);
      if (alert) {
        try {
          window.localStorage.setItem(STORED_ALERT_KEY, JSON.stringify(alert));
        } catch {
          // Storage unavailable: no alert.
        }
      }
      await navigate('/');
      showStoredAlert();
    },
    [store, navigate, showStoredAlert],
  );
}
