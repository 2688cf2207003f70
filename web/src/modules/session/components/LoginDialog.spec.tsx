import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@app/validation';
import { fakeGateway, renderWithApp, restoreFetch } from '../../../testing/renderWithApp';
import { loginDialogOpenAtom } from '../state/loginDialogOpenAtom';
import { createStore } from 'jotai';
import { SessionDialogs } from './SessionDialogs';

const SIGN_IN = '/api/v1/users/signIn';

function openLogIn() {
  const store = createStore();
  store.set(loginDialogOpenAtom, true);
  return renderWithApp(<SessionDialogs />, { store });
}

afterEach(restoreFetch);

describe('Log In dialog', () => {
  it('opens with the focus in Email, so the user can type at once', async () => {
    fakeGateway({});
    const { user } = openLogIn();
    const dialog = await screen.findByRole('dialog', { name: 'Log In' });
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(document.activeElement).toBe(email));
    await user.keyboard('someone@example.com');
    expect(email).toHaveProperty('value', 'someone@example.com');
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('enables Log In only when both the email and the password are filled in', async () => {
    fakeGateway({});
    const { user } = openLogIn();
    await screen.findByRole('dialog', { name: 'Log In' });
    const logIn = screen.getByRole('button', { name: 'Log In' });
    expect(logIn).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Email'), 'someone@example.com');
    expect(logIn).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    expect(logIn).toHaveProperty('disabled', false);
    await user.clear(screen.getByLabelText('Email'));
    expect(logIn).toHaveProperty('disabled', true);
  });

  it("says 'Incorrect Log In Credentials' and stays open when the server refuses them", async () => {
    const gateway = fakeGateway({
      [`POST ${SIGN_IN}`]: () => ({ status: 401, body: { success: false, message: 'Unauthorized', code: 'invalid_credentials' } }),
    });
    const { user } = openLogIn();
    await screen.findByRole('dialog', { name: 'Log In' });
    await user.type(screen.getByLabelText('Email'), 'someone@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.incorrectLogin);
    expect(screen.getByRole('dialog', { name: 'Log In' })).toBeTruthy();
    expect(gateway.callsTo(SIGN_IN)[0].body).toEqual({ usernameOrEmail: 'someone@example.com', password: 'wrong-password' });

    // Typing again clears the message.
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens Enter 2FA Code, naming the last digits of the mobile, when the credentials are right', async () => {
    fakeGateway({
      [`POST ${SIGN_IN}`]: () => ({ body: { twoFactorAuthToken: 'tfa-1', usernameOrEmail: 'someone@example.com', phone: '***-***-0123' } }),
    });
    const { user } = openLogIn();
    await screen.findByRole('dialog', { name: 'Log In' });
    await user.type(screen.getByLabelText('Email'), 'someone@example.com');
    await user.type(screen.getByLabelText('Password'), 'right-password{Enter}');
    const twoFactor = await screen.findByRole('dialog', { name: 'Enter 2FA Code' });
    expect(twoFactor.textContent).toContain('A verification code has been sent to mobile # ending in 0123');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log In' })).toBeNull());
  });

  it("opens Set/Reset Password from 'Set/Reset Password HERE'", async () => {
    fakeGateway({});
    const { user } = openLogIn();
    await screen.findByRole('dialog', { name: 'Log In' });
    await user.click(screen.getByRole('button', { name: 'Set/Reset Password HERE' }));
    expect(await screen.findByRole('dialog', { name: 'Set/Reset Password' })).toBeTruthy();
  });
});
