import { screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { sampleProfile } from '../../profiles/testing/profile.fixture';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { masterAdminUser } from '../../../testing/signedInUser.fixture';
import { fakeGateway, renderWithApp, restoreFetch } from '../../../testing/renderWithApp';
import { UsersScreen } from './UsersScreen';

afterEach(restoreFetch);

const provider = { ...sampleProfile, _id: '0b0a7d4e-8e1b-4c1e-9a51-3f2f6c3a1d12', isAdmin: false, isProvider: true };

function renderUsers(user = masterAdminUser) {
  const store = createStore();
  store.set(signedInUserAtom, user);
  let isAdmin = false;
  const gateway = fakeGateway({
    'POST /api/v1/users/getUsers': () => ({ body: { users: [{ ...provider, isAdmin }], count: 1 } }),
    'POST /api/v1/users/grantAdmin': (call) => {
      isAdmin = (call.body as { isAdmin: boolean }).isAdmin;
      return { body: { success: true } };
    },
  });
  return { app: renderWithApp(<UsersScreen />, { store }), gateway };
}

describe('users grid: the admin identity', () => {
  it("lets the master admin grant and revoke a provider's admin identity from the row menu", async () => {
    const { app, gateway } = renderUsers();
    await screen.findByText('Doe, Jane');
    await app.user.click(screen.getByLabelText('Row menu'));
    await app.user.click(await screen.findByText('Grant Admin Identity'));
    await waitFor(() => expect(gateway.callsTo('/api/v1/users/grantAdmin').map((call) => call.body)).toEqual([{ userId: provider._id, isAdmin: true }]));
    expect(await screen.findByText('Doe, Jane is now an administrator')).toBeTruthy();

    await app.user.click(screen.getByLabelText('Row menu'));
    await app.user.click(await screen.findByText('Revoke Admin Identity'));
    await waitFor(() => expect(gateway.callsTo('/api/v1/users/grantAdmin')).toHaveLength(2));
    expect(gateway.callsTo('/api/v1/users/grantAdmin')[1].body).toEqual({ userId: provider._id, isAdmin: false });
  });

  it('offers no row menu to an administrator who is not the master admin', async () => {
    renderUsers({ ...masterAdminUser, isMasterAdmin: false });
    await screen.findByText('Doe, Jane');
    expect(screen.queryByLabelText('Row menu')).toBeNull();
  });
});
