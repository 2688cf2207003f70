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
    'GET /api/v1/credentialing/committee/roles': () => ({
      body: { success: true, members: [{ userId: provider._id, name: 'Jane Doe', committeeMember: true, medicalDirector: false }], me: { committeeMember: false, medicalDirector: false, masterAdmin: true } },
    }),
    'POST /api/v1/users/grantCommitteeRole': () => ({ body: { success: true } }),
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

  it('lets the master admin designate the Medical Director and revoke a Committee member from the row menu', async () => {
    const { app, gateway } = renderUsers();
    await screen.findByText('Doe, Jane');
    await app.user.click(screen.getByLabelText('Row menu'));
    expect(await screen.findByText('Revoke Committee Member')).toBeTruthy();
    await app.user.click(await screen.findByText('Designate Medical Director'));
    await waitFor(() => expect(gateway.callsTo('/api/v1/users/grantCommitteeRole').map((call) => call.body)).toEqual([{ userId: provider._id, role: 'medicalDirector', granted: true }]));
    expect(await screen.findByText('Doe, Jane is now the Medical Director')).toBeTruthy();

    await app.user.click(screen.getByLabelText('Row menu'));
    expect(await screen.findByText('Revoke Medical Director')).toBeTruthy();
    await app.user.click(await screen.findByText('Revoke Committee Member'));
    await waitFor(() => expect(gateway.callsTo('/api/v1/users/grantCommitteeRole')[1]?.body).toEqual({ userId: provider._id, role: 'committeeMember', granted: false }));
    expect(await screen.findByText('Doe, Jane is no longer a Committee Member')).toBeTruthy();
  });

  it('offers no row menu to an administrator who is not the master admin', async () => {
    renderUsers({ ...masterAdminUser, isMasterAdmin: false });
    await screen.findByText('Doe, Jane');
    expect(screen.queryByLabelText('Row menu')).toBeNull();
  });
});
