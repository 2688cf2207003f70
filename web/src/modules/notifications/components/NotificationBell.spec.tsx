import { screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { fakeGateway, type FakeCall, renderWithApp, restoreFetch } from '../../../testing/renderWithApp';
import { masterAdminUser } from '../../../testing/signedInUser.fixture';
import { signedInFlagAtom } from '../../session/state/signedInFlagAtom';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { tokenAtom } from '../../session/state/tokenAtom';
import type { Notification } from '../types/notification';
import { NotificationBell } from './NotificationBell';
import { Notifications } from './Notifications';

const newSignIn: Notification = {
  _id: 'n2',
  status: 'Unread',
  alertLevel: 'Warning',
  category: 'Security',
  icon: 'LoginOutlined',
  heading: 'New sign-in to your account',
  body: 'A new device signed in.',
  creationDate: '2025-03-04T15:06:00.000Z',
  requestMetaData: { browser: 'Mobile Safari 17', os: 'iOS 17.0', ip: '203.0.113.7' },
};
const welcome: Notification = {
  _id: 'n1',
  status: 'Read',
  alertLevel: 'Info',
  category: 'General',
  icon: 'SmileOutlined',
  heading: 'Welcome, Master Admin',
  body: 'Your account is ready.',
  creationDate: '2025-03-01T09:00:00.000Z',
};

/** The notification calls, over a list the spec can change. */
function gateway(list: Notification[]) {
  let bell = 2;
  const unread = () => list.filter((n) => n.status === 'Unread').length;
  const counts = () => ({ body: { success: true, notificationsCount: bell, unread: unread() } });
  return fakeGateway({
    'GET /api/users/notificationsCount': counts,
    'POST /api/users/resetNotificationsCount': () => {
      bell = 0;
      return { body: { success: true, notificationsCount: 0 } };
    },
    'POST /api/v1/users/getNotifications': (call: FakeCall) => {
      const filter = (call.body as { filter: number }).filter;
      const shown = list.filter((n) => filter === 0 || (filter === 1 ? n.category === 'Security' : n.status === 'Unread'));
      return { body: { success: true, notifications: shown } };
    },
    'POST /api/users/markNotificationRead': (call: FakeCall) => {
      const id = (call.body as { notificationId: string }).notificationId;
      list.forEach((n) => {
        if (n._id === id) n.status = 'Read';
      });
      return counts();
    },
  });
}

function renderBell() {
  const store = createStore();
  store.set(tokenAtom, 'session-token');
  store.set(signedInUserAtom, masterAdminUser);
  store.set(signedInFlagAtom, true);
  return renderWithApp(
    <nav aria-label="Main">
      <NotificationBell />
      <Notifications />
    </nav>,
    { store },
  );
}

afterEach(restoreFetch);

describe('the bell and Profile Notifications', () => {
  it('shows the new count on the bell; opening it shows the drawer, the list, and resets the count', async () => {
    const calls = gateway([newSignIn, welcome].map((n) => ({ ...n })));
    const { user } = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications (2 new)' });
    expect(bell.closest('.ant-badge')?.querySelector('.ant-badge-count')?.textContent).toBe('2');

    await user.click(bell);
    const drawer = await screen.findByRole('dialog', { name: 'Profile Notifications' });
    await waitFor(() => expect(within(drawer).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    await waitFor(() => expect(calls.callsTo('/api/users/resetNotificationsCount')).toHaveLength(1));

    const [first, second] = within(drawer).getAllByRole('listitem');
    expect(first.textContent).toContain('New sign-in to your account');
    expect(first.textContent).toContain('Mobile Safari 17 · iOS 17.0');
    expect(first.getAttribute('data-status')).toBe('Unread');
    expect(second.textContent).toContain('Welcome, Master Admin');
    expect(within(drawer).getByText('1 unread')).toBeTruthy();
  });

  it('filters Security and New, and marks a notification read when it is clicked', async () => {
    const calls = gateway([newSignIn, welcome].map((n) => ({ ...n })));
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications (2 new)' }));
    const drawer = await screen.findByRole('dialog', { name: 'Profile Notifications' });
    await waitFor(() => expect(within(drawer).getAllByRole('listitem')).toHaveLength(2));
    const filters = within(drawer).getByRole('radiogroup', { name: 'Filter notifications' });
    expect(within(filters).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'All Notifications',
      'Security',
      'New',
    ]);

    await user.click(within(filters).getByText('Security'));
    await waitFor(() => expect(within(drawer).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.callsTo('/api/v1/users/getNotifications').at(-1)?.body).toEqual({ filter: 1 });

    await user.click(within(filters).getByText('All Notifications'));
    await waitFor(() => expect(within(drawer).getAllByRole('listitem')).toHaveLength(2));
    await user.click(within(drawer).getByRole('button', { name: /New sign-in to your account/ }));
    await waitFor(() => expect(within(drawer).getAllByRole('listitem')[0].getAttribute('data-status')).toBe('Read'));
    expect(calls.callsTo('/api/users/markNotificationRead')[0].body).toEqual({ notificationId: 'n2' });
    expect(within(drawer).getByText('All caught up')).toBeTruthy();

    await user.click(within(filters).getByText('New'));
    expect(await within(drawer).findByText('No new notifications')).toBeTruthy();
  });
});
