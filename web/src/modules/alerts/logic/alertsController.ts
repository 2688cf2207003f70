import { browserScheduler, type Scheduler } from '../../timing/scheduler';
import type { Alert, AlertInput } from '../types/alert';
import { addAlert, autoDismissDelay, normalizeAlert, parseStoredAlert, removeAlert, STORED_ALERT_KEY } from './alertsList';

/** Where the alert list lives (a jotai store in the app, a plain variable in tests). */
export type AlertsStore = {
  get: () => readonly Alert[];
  set: (next: Alert[]) => void;
};

/** Timer functions, injectable so tests can drive time. */
export type AlertsScheduler = Scheduler;

/** The part of Web Storage the stored alert needs. */
export type AlertsStorage = Pick<Storage, 'getItem' | 'removeItem'>;

export type AlertsController = {
  /** Shows an alert (defaults filled in) and schedules its auto-dismiss; returns the alert shown. */
  pushAlert: (input: AlertInput) => Alert;
  /** Removes an alert and cancels its pending auto-dismiss. */
  dismissAlert: (id: string) => void;
  /** Shows the alert kept under localStorage 'storedAlert', if any, and removes the key. */
  showStoredAlert: (storage: AlertsStorage) => Alert | null;
};

const defaultScheduler: AlertsScheduler = browserScheduler;

/** Alert actions over a store: push, dismiss, auto-dismiss timers, the stored alert. */
export function createAlertsController(
  store: AlertsStore,
  scheduler: AlertsScheduler = defaultScheduler,
  now: () => Date = () => new Date(),
): AlertsController {
  const timers = new Map<string, unknown>();

  const cancelTimer = (id: string): void => {
    if (timers.has(id)) {
      scheduler.clearTimeout(timers.get(id));
      timers.delete(id);
    }
  };

  const dismissAlert = (id: string): void => {
    cancelTimer(id);
    store.set(removeAlert(store.get(), id));
  };

  const show = (alert: Alert): Alert => {
    cancelTimer(alert.id);
    store.set(addAlert(store.get(), alert));
    const delay = autoDismissDelay(alert);
    if (delay !== null) {
      timers.set(
        alert.id,
        scheduler.setTimeout(() => {
          timers.delete(alert.id);
          store.set(removeAlert(store.get(), alert.id));
        }, delay),
      );
    }
    return alert;
  };

  return {
    pushAlert: (input) => show(normalizeAlert(input, now())),
    dismissAlert,
    showStoredAlert: (storage) => {
      const raw = storage.getItem(STORED_ALERT_KEY);
      if (raw === null) return null;
      storage.removeItem(STORED_ALERT_KEY);
      const alert = parseStoredAlert(raw, now());
      return alert ? show(alert) : null;
    },
  };
}
