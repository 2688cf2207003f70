import { configure, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { fakeGateway, renderWithApp, restoreFetch } from '../../../testing/renderWithApp';
import { loginDialogOpenAtom } from '../state/loginDialogOpenAtom';
import { returnPathAtom } from '../state/returnPathAtom';
import { usernameOrEmailAtom } from '../state/usernameOrEmailAtom';
import { SessionDialogs } from './SessionDialogs';

const RESET = '/api/v1/users/resetPassword';
const EMAIL = 'jose@clinic.test';

configure({ asyncUtilTimeout: 15_000 });
afterEach(restoreFetch);

function follow(query: string) {
  const store = createStore();
  return renderWithApp(<SessionDialogs />, { store, path: `/${query}` });
}

describe('the set-password link of an invitation', () => {
  it('opens Set/Reset Password at step 2 for the email, then Log In; signing in will land on `next`', async () => {
    const fake = fakeGateway({ [`POST ${RESET}`]: () => ({ body: { success: true } }) });
    const { user, store, location } = follow(`?setPassword=${encodeURIComponent(EMAIL)}&next=${encodeURIComponent('/provider/credentialing')}`);
    const dialog = await screen.findByRole('dialog', { name: 'Set/Reset Password' });
    expect(dialog.textContent).toContain(`Enter the temporary password from the email sent to ${EMAIL}`);
    await waitFor(() => expect(location().search).toBe(''));
    expect(store.get(returnPathAtom)).toBe('/provider/credentialing');
    const reset = screen.getByRole('button', { name: 'Reset Password' });
    expect(reset).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Temporary Password'), 'Tmp-12345');
    await user.type(screen.getByLabelText('New Password'), 'Harbour-Lantern-77');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Harbour-Lantern-77');
    await user.click(reset);
    await waitFor(() => expect(store.get(loginDialogOpenAtom)).toBe(true));
    expect(fake.callsTo(RESET)[0].body).toEqual({ email: EMAIL, tempPassword: 'Tmp-12345', newPassword: 'Harbour-Lantern-77', confirmNewPassword: 'Harbour-Lantern-77' });
    expect(store.get(usernameOrEmailAtom)).toBe(EMAIL);
    expect(store.get(returnPathAtom)).toBe('/provider/credentialing');
  });

  it('ignores a `next` that leaves the site', async () => {
    fakeGateway({});
    const { store } = follow(`?setPassword=${encodeURIComponent(EMAIL)}&next=${encodeURIComponent('//evil.example/steal')}`);
    await screen.findByRole('dialog', { name: 'Set/Reset Password' });
    expect(store.get(returnPathAtom)).toBeNull();
  });
});
