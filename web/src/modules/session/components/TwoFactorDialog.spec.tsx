import { MESSAGES } from '@app/validation';
import { act, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { Outlet, type RouteObject } from 'react-router';
import { masterAdminUser } from '../../../testing/signedInUser.fixture';
import { fakeGateway, renderWithApp, restoreFetch } from '../../../testing/renderWithApp';
import { isSignedInAtom } from '../state/isSignedInAtom';
import { loginDialogOpenAtom } from '../state/loginDialogOpenAtom';
import { twoFactorAuthTokenAtom } from '../state/twoFactorAuthTokenAtom';
import { twoFactorDialogOpenAtom } from '../state/twoFactorDialogOpenAtom';
import { twoFactorPhoneAtom } from '../state/twoFactorPhoneAtom';
import { usernameOrEmailAtom } from '../state/usernameOrEmailAtom';
import { RequireSignedIn } from './RequireSignedIn';
import { SessionDialogs } from './SessionDialogs';

const SIGN_IN = '/api/v1/users/signIn';
const VERIFY = '/api/v1/users/verify2FaForLogin';
const RESEND = '/api/v1/users/resend2FaCode';

/** Home, two signed-in pages behind the route guard, and the sign-in dialogs, as in the app. */
const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <>
        <Outlet />
        <SessionDialogs />
      </>
    ),
    children: [
      { index: true, element: <h1>Home</h1> },
      {
        element: <RequireSignedIn />,
        children: [
          { path: 'admin/*', element: <h1>Admin profile</h1> },
          { path: 'settings/:section', element: <h1>Settings</h1> },
        ],
      },
    ],
  },
];

const rightCode = (call: { body: unknown }) =>
  (call.body as { _2faCode: string })._2faCode === '123456'
    ? { body: { isSignedIn: true, token: 'session-token', usr: masterAdminUser } }
    : { status: 401, body: { success: false, message: 'Unauthorized', code: 'invalid_code' } };

function withChallenge() {
  const store = createStore();
  store.set(twoFactorDialogOpenAtom, true);
  store.set(twoFactorAuthTokenAtom, 'tfa-1');
  store.set(usernameOrEmailAtom, 'admin@e2e.test');
  store.set(twoFactorPhoneAtom, '***-***-0123');
  return store;
}

afterEach(restoreFetch);

describe('Enter 2FA Code dialog', () => {
  it('opens with the focus in the code, and enables Continue only from 6 characters', async () => {
    fakeGateway({});
    const { user } = renderWithApp(null, { routes, store: withChallenge() });
    await screen.findByRole('dialog', { name: 'Enter 2FA Code' });
    const code = screen.getByLabelText('Verification Code');
    await waitFor(() => expect(document.activeElement).toBe(code));
    const proceed = screen.getByRole('button', { name: 'Continue' });
    await user.keyboard('12345');
    expect(proceed).toHaveProperty('disabled', true);
    await user.keyboard('6');
    expect(proceed).toHaveProperty('disabled', false);
  });

  it("says 'Incorrect Code' for a refused code, and lands on the default page with the right one", async () => {
    const gateway = fakeGateway({ [`POST ${VERIFY}`]: rightCode });
    const { user, store, location } = renderWithApp(null, { routes, store: withChallenge() });
    await screen.findByRole('dialog', { name: 'Enter 2FA Code' });
    await user.type(screen.getByLabelText('Verification Code'), '654321{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.incorrectCode);
    expect(store.get(isSignedInAtom)).toBe(false);

    await user.clear(screen.getByLabelText('Verification Code'));
    await user.type(screen.getByLabelText('Verification Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location().pathname).toBe('/admin/profile/about'));
    expect(store.get(isSignedInAtom)).toBe(true);
    expect(gateway.callsTo(VERIFY).at(-1)?.body).toEqual({ email: 'admin@e2e.test', _2faCode: '123456', _2faToken: 'tfa-1' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enter 2FA Code' })).toBeNull());
  });

  it("'Send new code' resends and says so", async () => {
    const gateway = fakeGateway({ [`POST ${RESEND}`]: () => ({ body: { success: true, phone: '***-***-0123' } }) });
    const { user } = renderWithApp(null, { routes, store: withChallenge() });
    const dialog = await screen.findByRole('dialog', { name: 'Enter 2FA Code' });
    await user.click(screen.getByRole('button', { name: 'Send new code' }));
    await waitFor(() => expect(dialog.textContent).toContain('Verification code has been resent to mobile # ending in 0123'));
    expect(gateway.callsTo(RESEND)[0].body).toEqual({ usernameOrEmail: 'admin@e2e.test', _2FaToken: 'tfa-1' });
  });

  it('after signing in from a protected deep link, lands on that link, not the default page', async () => {
    fakeGateway({
      [`POST ${SIGN_IN}`]: () => ({ body: { twoFactorAuthToken: 'tfa-1', usernameOrEmail: 'admin@e2e.test', phone: '***-***-0123' } }),
      [`POST ${VERIFY}`]: rightCode,
    });
    const { user, location } = renderWithApp(null, { routes, path: '/settings/securityEventsLog?page=2#latest' });
    // Signed out: sent home with the Log In dialog open.
    await screen.findByRole('dialog', { name: 'Log In' });
    expect(location().pathname).toBe('/');

    await user.type(screen.getByLabelText('Email'), 'admin@e2e.test');
    await user.type(screen.getByLabelText('Password'), 'right-password{Enter}');
    await screen.findByRole('dialog', { name: 'Enter 2FA Code' });
    await user.type(screen.getByLabelText('Verification Code'), '123456{Enter}');

    await waitFor(() => expect(location().pathname).toBe('/settings/securityEventsLog'));
    expect(location().search).toBe('?page=2');
    expect(location().hash).toBe('#latest');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
  });

  it('forgets the deep link when the user cancels logging in', async () => {
    fakeGateway({
      [`POST ${SIGN_IN}`]: () => ({ body: { twoFactorAuthToken: 'tfa-1', usernameOrEmail: 'admin@e2e.test', phone: '***-***-0123' } }),
      [`POST ${VERIFY}`]: rightCode,
    });
    const { user, location, store } = renderWithApp(null, { routes, path: '/settings/securityEventsLog' });
    await screen.findByRole('dialog', { name: 'Log In' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log In' })).toBeNull());

    // Later, logging in from the avatar menu goes to the default page.
    act(() => store.set(loginDialogOpenAtom, true));
    await screen.findByRole('dialog', { name: 'Log In' });
    await user.type(screen.getByLabelText('Email'), 'admin@e2e.test');
    await user.type(screen.getByLabelText('Password'), 'right-password{Enter}');
    await screen.findByRole('dialog', { name: 'Enter 2FA Code' });
    await user.type(screen.getByLabelText('Verification Code'), '123456{Enter}');
    await waitFor(() => expect(location().pathname).toBe('/admin/profile/about'));
  });
});
