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

const REQUEST_ID = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';
const requested: Notification = {
  _id: 'n-request',
  status: 'Unread',
  alertLevel: 'Info',
  category: 'General',
  icon: 'UserAddOutlined',
  heading: 'New account request',
  body: 'Jane Doe (Doe Family Clinic) asked for an account. Review the request to approve or decline it.',
  creationDate: '2026-11-26T08:00:00.000Z',
  accountRequest: { requestId: REQUEST_ID, status: 'pending' },
};
const details = {
  requestId: REQUEST_ID,
  name: 'Jane Doe',
  email: 'jane.doe@clinic.org',
  mobile: '+12025550123',
  npi: null,
  practice: 'Doe Family Clinic',
  status: 'pending',
  requestedAt: '2026-11-26T08:00:00.000Z',
  decidedAt: null,
  userId: null,
  suggestedUserName: 'jane.doe',
};

function gateway(extra: Record<string, (call: FakeCall) => { status?: number; body?: unknown }>) {
  return fakeGateway({
    'GET /api/users/notificationsCount': () => ({ body: { success: true, notificationsCount: 1, unread: 1 } }),
    'POST /api/users/resetNotificationsCount': () => ({ body: { success: true, notificationsCount: 0 } }),
    'POST /api/v1/users/getNotifications': () => ({ body: { success: true, notifications: [requested] } }),
    'GET /api/users/accountRequest': () => ({ body: { success: true, request: details } }),
    ...extra,
  });
}

async function openDrawer() {
  const store = createStore();
  store.set(tokenAtom, 'session-token');
  store.set(signedInUserAtom, masterAdminUser);
  store.set(signedInFlagAtom, true);
  const app = renderWithApp(
    <nav aria-label="Main">
      <NotificationBell />
      <Notifications />
    </nav>,
    { store },
  );
  await app.user.click(await screen.findByRole('button', { name: /Notifications/ }));
  const drawer = await screen.findByRole('dialog', { name: 'Profile Notifications' });
  const review = await within(drawer).findByRole('group', { name: 'Account request of Jane Doe' });
  return { ...app, drawer, review };
}

afterEach(restoreFetch);

describe('an account request in the bell drawer (master admin)', () => {
  it("shows who asked and approves with the suggested user name, then shows the outcome", async () => {
    const calls = gateway({ 'POST /api/users/approveAccountRequest': () => ({ body: { success: true, userId: 'u-jane', userName: 'jane.doe' } }) });
    const { user, review, drawer } = await openDrawer();
    for (const text of ['jane.doe@clinic.org', '202-555-0123', 'Doe Family Clinic', 'None given']) expect(review.textContent).toContain(text);
    expect((within(review).getByLabelText('User name') as HTMLInputElement).value).toBe('jane.doe');
    expect(calls.callsTo('/api/users/accountRequest')[0].path).toContain(`requestId=${REQUEST_ID}`);

    await user.click(within(review).getByRole('button', { name: 'Approve' }));
    expect(await within(drawer).findByText(/Approved: the account was created/)).toBeTruthy();
    expect(calls.callsTo('/api/users/approveAccountRequest')[0].body).toEqual({ requestId: REQUEST_ID, userName: 'jane.doe' });
    expect(within(drawer).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('sends the user name the admin typed, and shows a taken one under the field', async () => {
    const calls = gateway({
      'POST /api/users/approveAccountRequest': () => ({ status: 409, body: { success: false, message: 'User Name Taken', field: 'userName', code: 'conflict' } }),
    });
    const { user, review } = await openDrawer();
    const userName = within(review).getByLabelText('User name');
    await user.clear(userName);
    await user.type(userName, 'jdoe');
    await user.click(within(review).getByRole('button', { name: 'Approve' }));
    expect(await within(review).findByText('User Name Taken')).toBeTruthy();
    expect(calls.callsTo('/api/users/approveAccountRequest')[0].body).toEqual({ requestId: REQUEST_ID, userName: 'jdoe' });
    // Approve again once the refused call has settled (its loading state ends after the error shows).
    expect(await within(review).findByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  it('declines after a confirmation, then shows the outcome', async () => {
    const calls = gateway({ 'POST /api/users/declineAccountRequest': () => ({ body: { success: true } }) });
    const { user, review, drawer } = await openDrawer();
    await user.click(within(review).getByRole('button', { name: 'Decline' }));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: 'Decline' }));
    expect(await within(drawer).findByText(/Declined: the requester was told by email/)).toBeTruthy();
    await waitFor(() => expect(calls.callsTo('/api/users/declineAccountRequest')[0].body).toEqual({ requestId: REQUEST_ID }));
  });
});
