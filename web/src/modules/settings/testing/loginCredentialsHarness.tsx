/** The Log In Credentials screen of its specs (LoginCredentials.spec.tsx, LoginCredentials.mobilePassword.spec.tsx) and the gateway's account calls. */
import { screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { fakeGateway, type FakeCall, renderWithApp, restoreFetch } from '../../../testing/renderWithApp';
import { masterAdminUser } from '../../../testing/signedInUser.fixture';
import { signedInFlagAtom } from '../../session/state/signedInFlagAtom';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { tokenAtom } from '../../session/state/tokenAtom';
import { LoginCredentials } from '../components/LoginCredentials';

export const RIGHT_PASSWORD = 'Right-Password-1';
export const query = (call: FakeCall) => new URL(call.path, 'http://app.test').searchParams;

/** The gateway's account calls: the right password, a taken email and a taken mobile #. */
export function gateway() {
  return fakeGateway({
    'POST /api/users/reauthenticate': (call) =>
      (call.body as { password: string }).password === RIGHT_PASSWORD
        ? { body: { success: true } }
        : { status: 401, body: { success: false, message: 'Invalid password', code: 'invalid_credentials' } },
    'GET /api/v1/users/exists/email/taken%40example.com': () => ({ body: { isDuplicate: true } }),
    'GET /api/v1/users/exists/email/free%40example.com': () => ({ body: { isDuplicate: false } }),
    'GET /api/v1/users/exists/mobile/%2B12025550147': () => ({ body: { isDuplicate: false } }),
    'GET /api/v1/users/exists/mobile/%2B923001234567': () => ({ body: { isDuplicate: true } }),
    'GET /api/users/sendEmailVerificationCode': () => ({ body: { success: true } }),
    'GET /api/users/send2FAVerificationCode': () => ({ body: { success: true } }),
    'GET /api/users/sendPasswordVerificationCode': () => ({ body: { success: true } }),
  });
}

export function renderSignedIn() {
  const store = createStore();
  store.set(tokenAtom, 'session-token');
  store.set(signedInUserAtom, masterAdminUser);
  store.set(signedInFlagAtom, true);
  return renderWithApp(<LoginCredentials />, { store, path: '/settings/loginCredentials', userEvent: { advanceTimers: jest.advanceTimersByTime } });
}

export async function openDialog(user: ReturnType<typeof renderSignedIn>['user'], row: string, title: string): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name: `Change ${row}` }));
  return screen.findByRole('dialog', { name: title });
}

/** Step 1: the password, then Continue; resolves with step 2 shown. */
export async function reauthenticate(user: ReturnType<typeof renderSignedIn>['user'], dialog: HTMLElement): Promise<void> {
  await user.type(within(dialog).getByLabelText('Password'), `${RIGHT_PASSWORD}{Enter}`);
  await within(dialog).findByText('Send code');
}


/** Fake timers: the duplicate checks' pause and the resend countdown pass in fake time. */
export function loginCredentialsFakeTimers(): void {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    restoreFetch();
    jest.useRealTimers();
  });
}
