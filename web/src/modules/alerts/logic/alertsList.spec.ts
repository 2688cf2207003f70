import type { Alert } from '../types/alert';
import {
  addAlert,
  autoDismissDelay,
  DEFAULT_AUTO_DISMISS_MS,
  headerIconOf,
  normalizeAlert,
  parseStoredAlert,
  removeAlert,
  visibleAlerts,
} from './alertsList';

const now = new Date('2021-10-11T20:04:00.000Z');

function alertWith(overrides: Partial<Alert>): Alert {
  return normalizeAlert({ headerText: 'Saved', bodyText: 'Your changes were saved.', ...overrides }, now);
}

describe('alert list', () => {
  it('fills in the defaults of a new alert', () => {
    const alert = normalizeAlert({ headerText: 'Saved', bodyText: 'Done.' }, now, () => 'a1');
    expect(alert).toEqual({
      id: 'a1',
      showAlert: true,
      autoDismiss: false,
      autoDismissTime: DEFAULT_AUTO_DISMISS_MS,
      headerText: 'Saved',
      headerIcon: 'info',
      bodyText: 'Done.',
      showTimestamp: false,
      shownAt: '2021-10-11T20:04:00.000Z',
    });
  });

  it('keeps the values the caller gave', () => {
    const alert = normalizeAlert(
      { id: 'x', showAlert: false, autoDismiss: true, autoDismissTime: 1500, headerText: 'H', headerIcon: 'success', bodyText: 'B', showTimestamp: true },
      now,
    );
    expect(alert).toMatchObject({ id: 'x', showAlert: false, autoDismiss: true, autoDismissTime: 1500, headerIcon: 'success', showTimestamp: true });
  });

  it('puts a new alert on top and replaces one with the same id', () => {
    const first = alertWith({ id: 'a' });
    const second = alertWith({ id: 'b' });
    const list = addAlert(addAlert([], first), second);
    expect(list.map((alert) => alert.id)).toEqual(['b', 'a']);

    const updated = addAlert(list, alertWith({ id: 'a', headerText: 'Updated' }));
    expect(updated.map((alert) => alert.id)).toEqual(['a', 'b']);
    expect(updated[0].headerText).toBe('Updated');
  });

  it('removes an alert by id and ignores unknown ids', () => {
    const list = [alertWith({ id: 'a' }), alertWith({ id: 'b' })];
    expect(removeAlert(list, 'a').map((alert) => alert.id)).toEqual(['b']);
    expect(removeAlert(list, 'zzz')).toEqual(list);
  });

  it('shows only alerts whose showAlert is set', () => {
    const list = [alertWith({ id: 'a', showAlert: false }), alertWith({ id: 'b' })];
    expect(visibleAlerts(list).map((alert) => alert.id)).toEqual(['b']);
  });

  it('auto-dismisses only alerts with autoDismiss set', () => {
    expect(autoDismissDelay(alertWith({ autoDismiss: true, autoDismissTime: 3000 }))).toBe(3000);
    expect(autoDismissDelay(alertWith({ autoDismiss: false, autoDismissTime: 3000 }))).toBeNull();
  });

  it('falls back to the info icon for unknown header icons', () => {
    expect(headerIconOf({ headerIcon: 'Warning' })).toBe('warning');
    expect(headerIconOf({ headerIcon: 'fa-rocket' })).toBe('info');
  });
});

describe('stored alert parsing', () => {
  it('reads a stored alert', () => {
    const raw = JSON.stringify({
      id: 'stored-1',
      showAlert: true,
      autoDismiss: true,
      autoDismissTime: 4000,
      headerText: 'Password changed',
      headerIcon: 'security',
      bodyText: 'Sign in with your new password.',
    });
    expect(parseStoredAlert(raw, now)).toMatchObject({
      id: 'stored-1',
      autoDismiss: true,
      autoDismissTime: 4000,
      headerText: 'Password changed',
      headerIcon: 'security',
      bodyText: 'Sign in with your new password.',
      shownAt: now.toISOString(),
    });
  });

  it('accepts a numeric auto-dismiss time kept as text', () => {
    const raw = JSON.stringify({ headerText: 'H', bodyText: 'B', autoDismiss: true, autoDismissTime: '2500' });
    expect(parseStoredAlert(raw, now)?.autoDismissTime).toBe(2500);
  });

  it('ignores missing, malformed and empty stored alerts', () => {
    expect(parseStoredAlert(null)).toBeNull();
    expect(parseStoredAlert('')).toBeNull();
    expect(parseStoredAlert('{not json')).toBeNull();
    expect(parseStoredAlert('"just text"')).toBeNull();
    expect(parseStoredAlert('[1,2]')).toBeNull();
    expect(parseStoredAlert('{"id":"x"}')).toBeNull();
  });
});
