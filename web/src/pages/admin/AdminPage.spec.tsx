import { screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { fakeGateway, renderWithApp, restoreFetch } from '../../testing/renderWithApp';
import { sampleProfile } from '../../modules/profiles/testing/profile.fixture';
import { masterAdminUser } from '../../testing/signedInUser.fixture';
import { signedInUserAtom } from '../../modules/session/state/signedInUserAtom';
import { alertsAtom } from '../../modules/alerts/state/alertsAtom';
import { ADMIN_ONLY_ALERT, AdminPage } from './AdminPage';

function renderAdmin(path: string) {
  const store = createStore();
  store.set(signedInUserAtom, masterAdminUser);
  return renderWithApp(null, { store, path, routes: [{ path: '/admin/*', element: <AdminPage /> }] });
}

afterEach(restoreFetch);

describe('admin shell', () => {
  it('shows the section title, the menu groups and the placeholder of a placeholder section', async () => {
    renderAdmin('/admin/companies');
    expect(await screen.findByText('My Companies placeholder')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Company Profiles' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    for (const name of ['User Profiles', 'Practice Profiles', 'Facility Profiles', 'Payer Profiles', 'Case Ledger', 'Payment Ledger']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
  });

  it('opens the OIG exclusion list search from the Profiles menu (beside Credentialing)', async () => {
    fakeGateway({ 'POST /api/v1/credentialing/getFiles': () => ({ body: { files: [], count: 0 } }) });
    const app = renderAdmin('/admin/credentialing');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    await app.user.click(within(nav).getByRole('link', { name: 'OIG Exclusion List' }));
    expect(app.location().pathname).toBe('/admin/exclusions');
    expect(await screen.findByRole('heading', { level: 1, name: 'OIG Exclusion List' })).toBeTruthy();
    expect(await screen.findByLabelText('Search the exclusion list')).toBeTruthy();
  });

  it('goes from /admin to the profile, and the mini user card links there', async () => {
    fakeGateway({ 'GET /api/users/getProviderProfile': () => ({ body: { user: { ...sampleProfile, _id: masterAdminUser._id, displayName: 'Master Admin' } } }) });
    const app = renderAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'Master Admin', level: 2 })).toBeTruthy();
    expect(app.location().pathname).toBe('/admin/profile/about');
    expect(screen.getByRole('link', { name: /my admin profile$/i }).getAttribute('href')).toBe('/admin/profile/about');
  });

  it('collapses and expands the drawer', async () => {
    const app = renderAdmin('/admin/payers');
    await screen.findByText('Payer Profiles placeholder');
    const drawer = screen.getByRole('complementary', { name: 'Admin drawer' });
    expect(drawer.getAttribute('data-collapsed')).toBe('false');
    await app.user.click(screen.getByRole('button', { name: 'Collapse admin menu' }));
    expect(drawer.getAttribute('data-collapsed')).toBe('true');
  });

  it('sends a signed-in user without the admin identity to /user with a message', async () => {
    const store = createStore();
    store.set(signedInUserAtom, { ...masterAdminUser, isAdmin: false, isMasterAdmin: false, isProvider: true, loggedInAs: 'provider' });
    const app = renderWithApp(null, {
      store,
      path: '/admin/users',
      routes: [
        { path: '/admin/*', element: <AdminPage /> },
        { path: '/user', element: <p>My workspace</p> },
      ],
    });
    expect(await screen.findByText('My workspace')).toBeTruthy();
    expect(app.location().pathname).toBe('/user');
    expect(screen.queryByRole('button', { name: /Create/ })).toBeNull();
    expect(store.get(alertsAtom).map((alert) => alert.bodyText)).toEqual([ADMIN_ONLY_ALERT.bodyText]);
  });
});
