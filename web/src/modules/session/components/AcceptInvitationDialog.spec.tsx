import { configure, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { fakeGateway, renderWithApp, restoreFetch } from '../../../testing/renderWithApp';
import { alertsAtom } from '../../alerts/state/alertsAtom';
import { loginDialogOpenAtom } from '../state/loginDialogOpenAtom';
import { returnPathAtom } from '../state/returnPathAtom';
import { usernameOrEmailAtom } from '../state/usernameOrEmailAtom';
import { SessionDialogs } from './SessionDialogs';

const ACCEPT = '/api/v1/users/acceptInvitation';
const TOKEN = 'q8Xz0d7kW3pLm2Vn9Rt5Yb1Hc4Jf6Gs8Ae0Ui2Oo7Kl';
const EMAIL = 'jose@clinic.test';

configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(60_000);
afterEach(restoreFetch);

function follow(query: string) {
  return renderWithApp(<SessionDialogs />, { store: createStore(), path: `/${query}` });
}

describe("an invitation's one-time link", () => {
  it('opens "Set your password" (no temporary password asked), sets it, then Log In with the email; signing in lands on the application', async () => {
    const fake = fakeGateway({ [`POST ${ACCEPT}`]: () => ({ body: { success: true, email: EMAIL } }) });
    const { user, store, location } = follow(`?invitation=${TOKEN}&next=${encodeURIComponent('/provider/credentialing')}`);
    const dialog = await screen.findByRole('dialog', { name: 'Set your password' });
    await waitFor(() => expect(location().search).toBe(''));
    expect(store.get(returnPathAtom)).toBe('/provider/credentialing');
    expect(within(dialog).queryByLabelText('Temporary Password')).toBeNull();
    const set = within(dialog).getByRole('button', { name: 'Set Password' });
    await user.type(within(dialog).getByLabelText('New Password'), 'Harbour-Lantern-77');
    await user.type(within(dialog).getByLabelText('Confirm New Password'), 'Harbour-Lantern-7');
    expect(within(dialog).getByText('Password Does Not Match')).toBeTruthy();
    expect(set).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('Confirm New Password'), '7');
    await waitFor(() => expect(set).toHaveProperty('disabled', false));
    await user.click(set);
    await waitFor(() => expect(store.get(loginDialogOpenAtom)).toBe(true));
    expect(fake.callsTo(ACCEPT)[0].body).toEqual({ token: TOKEN, newPassword: 'Harbour-Lantern-77', confirmNewPassword: 'Harbour-Lantern-77' });
    expect(store.get(usernameOrEmailAtom)).toBe(EMAIL);
    expect(store.get(alertsAtom).map((a) => a.bodyText)).toContain('Log in with your new password to complete your credentialing application.');
  });

  it('says so when the link was already used or has expired', async () => {
    fakeGateway({
      [`POST ${ACCEPT}`]: () => ({ status: 400, body: { success: false, message: 'This link was already used or has expired: ask for a new invitation, or use Set/Reset Password', field: 'token' } }),
    });
    const { user, store } = follow(`?invitation=${TOKEN}`);
    const dialog = await screen.findByRole('dialog', { name: 'Set your password' });
    await user.type(within(dialog).getByLabelText('New Password'), 'Harbour-Lantern-77');
    await user.type(within(dialog).getByLabelText('Confirm New Password'), 'Harbour-Lantern-77');
    await user.click(within(dialog).getByRole('button', { name: 'Set Password' }));
    expect(await within(dialog).findByText(/This link was already used or has expired/)).toBeTruthy();
    expect(store.get(loginDialogOpenAtom)).toBe(false);
  });

  it('ignores a `next` that leaves the site', async () => {
    fakeGateway({});
    const { store } = follow(`?invitation=${TOKEN}&next=${encodeURIComponent('//evil.example/steal')}`);
    await screen.findByRole('dialog', { name: 'Set your password' });
    expect(store.get(returnPathAtom)).toBeNull();
  });
});
