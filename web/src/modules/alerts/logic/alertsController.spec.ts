import { fakeClock } from '../../../testing/fakeClock';
import type { Alert } from '../types/alert';
import { type AlertsStorage, createAlertsController } from './alertsController';
import { STORED_ALERT_KEY } from './alertsList';


function memoryStore(): { get: () => readonly Alert[]; set: (next: Alert[]) => void; ids: () => string[] } {
  let list: readonly Alert[] = [];
  return {
    get: () => list,
    set: (next) => {
      list = next;
    },
    ids: () => list.map((alert) => alert.id),
  };
}

function memoryStorage(initial: Record<string, string>): AlertsStorage & { has: (key: string) => boolean } {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key) => values.get(key) ?? null,
    removeItem: (key) => {
      values.delete(key);
    },
    has: (key) => values.has(key),
  };
}

const now = () => new Date('2021-10-11T20:04:00.000Z');

describe('alerts controller', () => {
  it('shows a pushed alert until it is dismissed', () => {
    const store = memoryStore();
    const clock = fakeClock();
    const alerts = createAlertsController(store, clock, now);

    const alert = alerts.pushAlert({ id: 'a', headerText: 'Saved', bodyText: 'Done.' });
    expect(alert.shownAt).toBe('2021-10-11T20:04:00.000Z');
    expect(store.ids()).toEqual(['a']);

    clock.advance(60_000);
    expect(store.ids()).toEqual(['a']);

    alerts.dismissAlert('a');
    expect(store.ids()).toEqual([]);
  });

  it('dismisses an auto-dismiss alert after its auto-dismiss time', () => {
    const store = memoryStore();
    const clock = fakeClock();
    const alerts = createAlertsController(store, clock, now);

    alerts.pushAlert({ id: 'a', headerText: 'H', bodyText: 'B', autoDismiss: true, autoDismissTime: 3000 });
    alerts.pushAlert({ id: 'b', headerText: 'H', bodyText: 'B' });

    clock.advance(2999);
    expect(store.ids()).toEqual(['b', 'a']);
    clock.advance(1);
    expect(store.ids()).toEqual(['b']);
  });

  it('cancels the pending auto-dismiss when an alert is closed by hand', () => {
    const store = memoryStore();
    const clock = fakeClock();
    const alerts = createAlertsController(store, clock, now);

    alerts.pushAlert({ id: 'a', headerText: 'H', bodyText: 'B', autoDismiss: true, autoDismissTime: 3000 });
    alerts.dismissAlert('a');
    expect(clock.pending()).toBe(0);
  });

  it('restarts the auto-dismiss time when an alert with the same id is pushed again', () => {
    const store = memoryStore();
    const clock = fakeClock();
    const alerts = createAlertsController(store, clock, now);

    alerts.pushAlert({ id: 'a', headerText: 'H', bodyText: 'B', autoDismiss: true, autoDismissTime: 3000 });
    clock.advance(2000);
    alerts.pushAlert({ id: 'a', headerText: 'H2', bodyText: 'B', autoDismiss: true, autoDismissTime: 3000 });
    clock.advance(2000);
    expect(store.ids()).toEqual(['a']);
    clock.advance(1000);
    expect(store.ids()).toEqual([]);
  });

  it('shows the stored alert once and removes it from storage', () => {
    const store = memoryStore();
    const clock = fakeClock();
    const alerts = createAlertsController(store, clock, now);
    const storage = memoryStorage({
      [STORED_ALERT_KEY]: JSON.stringify({ id: 's', headerText: 'Welcome back', bodyText: 'Signed in.', autoDismiss: true, autoDismissTime: 1000 }),
    });

    const shown = alerts.showStoredAlert(storage);
    expect(shown?.headerText).toBe('Welcome back');
    expect(store.ids()).toEqual(['s']);
    expect(storage.has(STORED_ALERT_KEY)).toBe(false);

    expect(alerts.showStoredAlert(storage)).toBeNull();
    clock.advance(1000);
    expect(store.ids()).toEqual([]);
  });

  it('removes a malformed stored alert without showing it', () => {
    const store = memoryStore();
    const alerts = createAlertsController(store, fakeClock(), now);
    const storage = memoryStorage({ [STORED_ALERT_KEY]: '{broken' });

    expect(alerts.showStoredAlert(storage)).toBeNull();
    expect(store.ids()).toEqual([]);
    expect(storage.has(STORED_ALERT_KEY)).toBe(false);
  });
});
