import { act, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { realtimeConnection } from '../../realtime/api/realtimeClient';
import type { RealtimeEvents } from '../../realtime/types/realtimeEvents';
import type { SocketHandlers } from '../../realtime/logic/realtimeConnection';
import { renderWithApp } from '../../../testing/renderWithApp';
import { useAlerts } from '../hooks/useAlerts';
import { useRealtimeAlerts } from '../hooks/useRealtimeAlerts';
import { STORED_ALERT_KEY } from '../logic/alertsList';
import { AlertToasts } from './AlertToasts';

/** The app's realtime connection on a fake socket, so the spec can push events as the gateway does. */
const sockets: SocketHandlers[] = [];
jest.mock('../../realtime/api/realtimeClient', () => {
  const { createRealtimeConnection } = jest.requireActual('../../realtime/logic/realtimeConnection');
  return {
    realtimeConnection: createRealtimeConnection({
      createSocket: (_token: string, handlers: SocketHandlers) => {
        sockets.push(handlers);
        return { reconnect: () => undefined, close: () => undefined };
      },
    }),
  };
});

function push(alert: RealtimeEvents['user-alert-event']): void {
  act(() => sockets[sockets.length - 1].onEvent('user-alert-event', alert));
}

const newSignIn: RealtimeEvents['user-alert-event'] = {
  id: 'n1',
  showAlert: true,
  autoDismiss: true,
  autoDismissTime: 8000,
  headerText: 'New sign-in to your account',
  headerIcon: 'LoginOutlined',
  bodyText: 'Mobile Safari 17 on iOS 17.0 from 203.0.113.7',
};

function toasts(): HTMLElement[] {
  return within(screen.getByRole('region', { name: 'Alerts' })).queryAllByRole('alert');
}

let pushAlert: ReturnType<typeof useAlerts>['pushAlert'] = () => {
  throw new Error('not rendered');
};
/** The toasts with live alerts, as the shell runs them once signed in. */
function LiveAlertToasts(): ReactElement {
  useRealtimeAlerts();
  return <AlertToasts />;
}

function PushProbe(): null {
  pushAlert = useAlerts().pushAlert;
  return null;
}

beforeEach(() => {
  jest.useFakeTimers();
  realtimeConnection.setToken('session-token');
  act(() => sockets[sockets.length - 1].onConnect());
});

afterEach(() => {
  realtimeConnection.setToken(null);
  jest.useRealTimers();
});

describe('alert toasts', () => {
  it("shows the live 'New sign-in' alert and dismisses it after its autoDismissTime", () => {
    renderWithApp(<LiveAlertToasts />, { userEvent: { advanceTimers: jest.advanceTimersByTime } });
    push(newSignIn);
    const [toast] = toasts();
    expect(within(toast).getByText('New sign-in to your account')).toBeTruthy();
    expect(toast.textContent).toContain('Mobile Safari 17 on iOS 17.0');
    // The footer says when it appeared.
    expect(toast.querySelector('footer time')?.textContent).toMatch(/UTC[+-]\d{2}:\d{2}$/);

    act(() => jest.advanceTimersByTime(7900));
    expect(toasts()).toHaveLength(1);
    act(() => jest.advanceTimersByTime(200));
    expect(toasts()).toHaveLength(0);
  });

  it('keeps an alert without autoDismiss until it is closed', async () => {
    const { user } = renderWithApp(<LiveAlertToasts />, { userEvent: { advanceTimers: jest.advanceTimersByTime } });
    push({ ...newSignIn, id: 'n2', autoDismiss: false });
    act(() => jest.advanceTimersByTime(60_000));
    expect(toasts()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Close alert' }));
    expect(toasts()).toHaveLength(0);
  });

  it('dismisses app alerts after their own time, and shows the stored alert once on load', () => {
    window.localStorage.setItem(STORED_ALERT_KEY, JSON.stringify({ headerText: 'Logged out', bodyText: 'You have been logged out.', autoDismiss: true, autoDismissTime: 5000 }));
    renderWithApp(
      <>
        <PushProbe />
        <LiveAlertToasts />
      </>,
    );
    expect(screen.getByText('Logged out')).toBeTruthy();
    expect(window.localStorage.getItem(STORED_ALERT_KEY)).toBeNull();
    act(() => {
      pushAlert({ headerText: 'Password set', bodyText: 'Log in with your new password.', autoDismiss: true, autoDismissTime: 2000 });
    });
    expect(toasts()).toHaveLength(2);
    act(() => jest.advanceTimersByTime(2000));
    expect(toasts().map((toast) => toast.querySelector('header')?.textContent)).toEqual(['Logged out']);
    act(() => jest.advanceTimersByTime(3000));
    expect(toasts()).toHaveLength(0);
  });
});
