import { useStore } from 'jotai';
import { useMemo } from 'react';
import { notificationsApi } from '../api/notificationsApi';
import { createNotificationsController, type JotaiStore, type NotificationsController } from '../logic/notificationsController';

/** One controller per jotai store, so every caller shares its request bookkeeping. */
const controllers = new WeakMap<JotaiStore, NotificationsController>();

/** The notification actions (open the bell, filter, mark read, …) for the app's store. */
export function useNotificationsController(): NotificationsController {
  const store = useStore();
  return useMemo(() => {
    let controller = controllers.get(store);
    if (!controller) {
      controller = createNotificationsController(store, notificationsApi);
      controllers.set(store, controller);
    }
    return controller;
  }, [store]);
}
