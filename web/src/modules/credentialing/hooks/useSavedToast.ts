import { useCallback } from 'react';
import { useAlerts } from '../../alerts';

/** How long a credentialing save's toast stays. */
export const SAVED_TOAST_MS = 5000;

/** The toast after a credentialing save: a 'Credentialing' success toast with what was done. */
export function useSavedToast(): (bodyText: string) => void {
  const { pushAlert } = useAlerts();
  return useCallback(
    (bodyText: string) => {
      pushAlert({ headerText: 'Credentialing', headerIcon: 'success', bodyText, autoDismiss: true, autoDismissTime: SAVED_TOAST_MS });
    },
    [pushAlert],
  );
}
