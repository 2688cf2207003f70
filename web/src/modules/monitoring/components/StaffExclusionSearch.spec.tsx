import { configure, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { ExclusionsPage } from '../../../pages/exclusions/ExclusionsPage';
import { fakeGateway, renderWithApp, restoreFetch } from '../../../testing/renderWithApp';
import { masterAdminUser } from '../../../testing/signedInUser.fixture';
import { signedInFlagAtom } from '../../session/state/signedInFlagAtom';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { tokenAtom } from '../../session/state/tokenAtom';
import type { SignedInUser } from '../../session/types/signedInUser';
import { AvatarMenu } from '../../shell/components/AvatarMenu';
import { exclusionRow } from '../testing/exclusionRow.fixture';

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);
afterEach(restoreFetch);

/** A practice user who is not a master admin (a Credentialer, or a provider: the server tells them apart). */
const practiceUser: SignedInUser = { ...masterAdminUser, _id: 'u7', userName: 'casey', displayName: 'Casey Credentialer', firstName: 'Casey', lastName: 'Credentialer', loggedInAs: 'provider', isAdmin: false, isMasterAdmin: false, isProvider: true };

const ROW = exclusionRow({ midName: null });

/** The gateway as it answers a credentialer (may search) or a provider (403, as the server's FileAccess.assertStaff). */
function gateway(staff: boolean) {
  return fakeGateway({
    'GET /api/v1/exclusions/access': () => ({ body: { searchExclusions: staff } }),
    'GET /api/v1/exclusions/search': () =>
      staff
        ? { body: { exclusions: [ROW], count: 1, mirror: { file: 'UPDATED.csv', importedAt: '2026-11-26T04:00:00.000Z', sample: false } } }
        : { status: 403, body: { success: false, message: 'Only the master admin and credentialing staff (Credentialer, Practice Manager, Practice Owner) search the exclusion list' } },
  });
}

function render(path = '/') {
  const store = createStore();
  store.set(tokenAtom, 'session-token');
  store.set(signedInUserAtom, practiceUser);
  store.set(signedInFlagAtom, true);
  return renderWithApp(null, {
    store,
    path,
    routes: [
      { path: '/', element: <AvatarMenu /> },
      { path: '/exclusions', element: <ExclusionsPage /> },
    ],
  });
}

describe('the exclusion list search for credentialing staff who are not admins', () => {
  it("a Credentialer finds 'OIG Exclusion List' in the account menu, opens /exclusions and searches", async () => {
    const fake = gateway(true);
    const app = render();
    await waitFor(() => expect(fake.callsTo('/api/v1/exclusions/access')).toHaveLength(1));
    await app.user.click(screen.getByRole('button', { name: 'Account menu' }));
    await app.user.click(await screen.findByRole('menuitem', { name: /OIG Exclusion List/ }));
    await waitFor(() => expect(app.location().pathname).toBe('/exclusions'));
    await app.user.type(await screen.findByLabelText('Search the exclusion list'), 'smith');
    expect(await screen.findByText('SMITH, JOHN')).toBeTruthy();
    expect(screen.getByText(/1 exclusion found/)).toBeTruthy();
  });

  it('a provider has no such menu entry, and the page shows the server refusing the search', async () => {
    const fake = gateway(false);
    const app = render();
    await waitFor(() => expect(fake.callsTo('/api/v1/exclusions/access')).toHaveLength(1));
    await app.user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: /Security & Settings/ })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /OIG Exclusion List/ })).toBeNull();
    app.unmount();
    const direct = render('/exclusions');
    await direct.user.type(await screen.findByLabelText('Search the exclusion list'), 'smith');
    expect(await screen.findByText(/credentialing staff/)).toBeTruthy();
    expect(screen.queryByText('SMITH, JOHN')).toBeNull();
  });
});
