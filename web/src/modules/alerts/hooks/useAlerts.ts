import { useAtomValue, useStore } from 'jotai';
import { useMemo } from 'react';
import { type AlertsController, createAlertsController } from '../logic/alertsController';
import { alertsAtom } from '../state/alertsAtom';
import type { Alert, AlertInput } from '../types/alert';

type JotaiStore = ReturnType<typeof useStore>;

/** One controller per jotai store, so every caller shares the auto-dismiss timers. */
const controllers = new WeakMap<JotaiStore, AlertsController>();

function controllerFor(store: JotaiStore): AlertsController {
  let controller = controllers.get(store);
  if (!controller) {
    controller = createAlertsController({
      get: () => store.get(alertsAtom),
      set: (next) => store.set(alertsAtom, next),
    });
    controllers.set(store, controller);
  }
  return controller;
}

export type UseAlertsResult = {
  alerts: Alert[];
  pushAlert: (alert: AlertInput) => Alert;
  dismissAlert: (id: string) => void;
  showStoredAlert: () => Alert | null;
};

/** The alert list and the actions on it: push (with auto-dismiss), dismiss, show the stored alert. */
export function useAlerts(): UseAlertsResult {
  const store = useStore();
  const alerts = useAtomValue(alertsAtom);
  const actions = useMemo(() => {
    const controller = controllerFor(store);
    return {
      pushAlert: controller.pushAlert,
      dismissAlert: controller.dismissAlert,
      showStoredAlert: () => controller.showStoredAlert(window.localStorage),
    };
  }, [store]);
  return { alerts, ...actions };
}
