import { screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import type { ReactElement } from 'react';
import { fakeGateway, renderWithApp, restoreFetch } from '../../../testing/renderWithApp';
import { masterAdminUser } from '../../../testing/signedInUser.fixture';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { tokenAtom } from '../../session/state/tokenAtom';
import { sampleProfile } from '../testing/profile.fixture';
import { ProfileCard } from './ProfileCard';
import { signedInFlagAtom } from '../../session/state/signedInFlagAtom';
import { useLiveSignedInUser } from '../../session/hooks/useLiveSignedInUser';
import { TopBar } from '../../shell/components/TopBar';

/** The top bar and one's own profile card, with the signed-in runtime's live user record. */
function OwnProfileHost(): ReactElement {
  useLiveSignedInUser();
  return (
    <>
      <TopBar />
      <ProfileCard userId={sampleProfile._id} tab="about" onTabChange={() => undefined} />
    </>
  );
}

// Fake timers: the user-name check's pause passes in fake time.
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  restoreFetch();
  jest.useRealTimers();
});

function renderCard(tab: 'about' | 'contact' = 'about', own = false) {
  let profile = { ...sampleProfile };
  const gateway = fakeGateway({
    'GET /api/users/getProviderProfile': () => ({ body: { user: profile } }),
    'GET /api/v1/users/exists/username/taken': () => ({ body: { isDuplicate: true } }),
    'POST /api/users/updateUserProfile': (call) => {
      const body = call.body as { displayName: string };
      profile = { ...profile, displayName: body.displayName };
      return { body: { success: true } };
    },
  });
  const store = createStore();
  store.set(tokenAtom, 'session-token');
  store.set(signedInUserAtom, own ? { ...masterAdminUser, _id: sampleProfile._id, userName: 'jdoe', displayName: 'Stale Name' } : masterAdminUser);
  store.set(signedInFlagAtom, true);
  const app = renderWithApp(own ? <OwnProfileHost /> : <ProfileCard userId={sampleProfile._id} tab={tab} onTabChange={() => undefined} />, { store, userEvent: { advanceTimers: jest.advanceTimersByTime } });
  return { ...app, gateway };
}

async function openEdit(app: ReturnType<typeof renderCard>): Promise<HTMLElement> {
  await app.user.click(await screen.findByRole('button', { name: 'Profile menu' }));
  await app.user.click(await screen.findByText('Edit Profile'));
  return screen.findByRole('dialog', { name: 'Edit User Profile' });
}

describe('ProfileCard', () => {
  it('shows the names, NPI and the About description', async () => {
    renderCard();
    expect(await screen.findByRole('heading', { name: 'Dr Jane Doe' })).toBeTruthy();
    expect(screen.getByText('@jdoe · NPI 1234567893')).toBeTruthy();
    expect(screen.getByText('Family medicine')).toBeTruthy();
  });

  it('shows the contact details with empty values hidden', async () => {
    renderCard('contact');
    expect(await screen.findByText('202-555-0148')).toBeTruthy();
    expect(screen.getByText('Mailing Address')).toBeTruthy();
    expect(screen.queryByText('Fax')).toBeNull();
    expect(screen.queryByText('Website')).toBeNull();
  });

  it('edits: copies values, checks the rules, saves and reloads', async () => {
    const app = renderCard();
    const drawer = await openEdit(app);
    const displayName = within(drawer).getByLabelText('Display Name') as HTMLInputElement;
    expect(displayName.value).toBe('Dr Jane Doe');
    expect(within(drawer).getByText(/Log In Credentials/)).toBeTruthy();
    const save = within(drawer).getByRole('button', { name: 'Save Changes' });

    await app.user.clear(displayName);
    await app.user.type(displayName, 'J');
    expect(await within(drawer).findByText('Invalid Display Name')).toBeTruthy();
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await app.user.type(displayName, 'ane Q');
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    await app.user.click(save);
    expect(await screen.findByRole('heading', { name: 'Jane Q' })).toBeTruthy();
    expect(app.gateway.callsTo('/api/users/updateUserProfile')[0]?.body).toMatchObject({ userId: sampleProfile._id, displayName: 'Jane Q', state: 'IL' });
  });

  it('refuses a user name taken by someone else after the pause', async () => {
    const app = renderCard();
    const drawer = await openEdit(app);
    const userName = within(drawer).getByLabelText('User Name');
    await app.user.clear(userName);
    await app.user.type(userName, 'taken');
    await waitFor(() => expect(app.gateway.callsTo('/api/v1/users/exists/username/taken')).toHaveLength(1), { timeout: 5000 });
    expect(await within(drawer).findByText('User Name Taken', {}, { timeout: 5000 })).toBeTruthy();
    expect((within(drawer).getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('closing resets what was typed', async () => {
    const app = renderCard();
    let drawer = await openEdit(app);
    await app.user.type(within(drawer).getByLabelText('City'), 'XYZ');
    await app.user.click(within(drawer).getByRole('button', { name: 'Cancel' }));
    drawer = await openEdit(app);
    expect((within(drawer).getByLabelText('City') as HTMLInputElement).value).toBe('Springfield');
  });

  it('a rename of one’s own profile shows in the top bar’s account menu without a reload', async () => {
    const app = renderCard('about', true);
    // The profile read after sign-in replaces the stale stored name.
    await waitFor(() => expect(app.store.get(signedInUserAtom)?.displayName).toBe('Dr Jane Doe'));
    const drawer = await openEdit(app);
    const displayName = within(drawer).getByLabelText('Display Name');
    await app.user.clear(displayName);
    await app.user.type(displayName, 'Jane Renamed');
    const save = within(drawer).getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    await app.user.click(save);
    expect(await screen.findByRole('heading', { name: 'Jane Renamed' })).toBeTruthy();

    await app.user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByText('Jane Renamed', { selector: '.ant-dropdown *' })).toBeTruthy();
    expect(app.store.get(signedInUserAtom)?.displayName).toBe('Jane Renamed');
  });
});
