import { MESSAGES } from '@app/validation';
import { act, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { fakeGateway, type FakeCall, renderWithApp, restoreFetch } from '../../../testing/renderWithApp';
import { masterAdminUser } from '../../../testing/signedInUser.fixture';
import { signedInFlagAtom } from '../../session/state/signedInFlagAtom';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { tokenAtom } from '../../session/state/tokenAtom';
import { LoginCredentials } from './LoginCredentials';

const RIGHT_PASSWORD = 'Right-Password-1';
const query = (call: FakeCall) => new URL(call.path, 'http://app.test').searchParams;

/** The gateway's account calls: the right password, a taken email and a taken mobile #. */
function gateway() {
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

function renderSignedIn() {
  const store = createStore();
  store.set(tokenAtom, 'session-token');
  store.set(signedInUserAtom, masterAdminUser);
  store.set(signedInFlagAtom, true);
  return renderWithApp(<LoginCredentials />, { store, path: '/settings/loginCredentials', userEvent: { advanceTimers: jest.advanceTimersByTime } });
}

async function openDialog(user: ReturnType<typeof renderSignedIn>['user'], row: string, title: string): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name: `Change ${row}` }));
  return screen.findByRole('dialog', { name: title });
}

/** Step 1: the password, then Continue; resolves with step 2 shown. */
async function reauthenticate(user: ReturnType<typeof renderSignedIn>['user'], dialog: HTMLElement): Promise<void> {
  await user.type(within(dialog).getByLabelText('Password'), `${RIGHT_PASSWORD}{Enter}`);
  await within(dialog).findByText('Send code');
}

// Fake timers: the duplicate checks' pause and the resend countdown pass in fake time.
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  restoreFetch();
  jest.useRealTimers();
});

describe('Log In Credentials', () => {
  it('shows the email, a masked password and the mobile #, each with a Change link', () => {
    gateway();
    renderSignedIn();
    expect(screen.getByText('admin@e2e.test')).toBeTruthy();
    expect(screen.getByText('••••••••')).toBeTruthy();
    for (const row of ['Email', 'Password', 'Mobile #']) expect(screen.getByRole('button', { name: `Change ${row}` })).toBeTruthy();
  });

  it('is a well-formed definition list: each group holds only its term and its value (the Change link inside the value)', () => {
    gateway();
    const { container } = renderSignedIn();
    const groups = Array.from(container.querySelectorAll('dl > div'));
    expect(groups).toHaveLength(3);
    for (const group of groups) expect(Array.from(group.children).map((child) => child.tagName)).toEqual(['DT', 'DD']);
    expect(container.querySelector('dd button[aria-label="Change Email"]')).not.toBeNull();
  });

  describe('Change Email', () => {
    it('opens on step 1 with the focus in Password, a disabled Continue and a Cancel that closes it', async () => {
      gateway();
      const { user } = renderSignedIn();
      const dialog = await openDialog(user, 'Email', 'Change Email');
      const password = within(dialog).getByLabelText('Password');
      await waitFor(() => expect(document.activeElement).toBe(password));
      expect(within(dialog).getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
      await user.keyboard('x');
      expect(within(dialog).getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', false);

      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change Email' })).toBeNull());
    });

    it("says 'Invalid password' for a wrong password and stays on step 1", async () => {
      gateway();
      const { user } = renderSignedIn();
      const dialog = await openDialog(user, 'Email', 'Change Email');
      await user.type(within(dialog).getByLabelText('Password'), 'wrong{Enter}');
      expect(await within(dialog).findByText(MESSAGES.invalidPasswordReset)).toBeTruthy();
      expect(within(dialog).queryByLabelText('New Email')).toBeNull();
    });

    it('step 2 starts in New Email, refuses a malformed or taken email, and sends a code to a free one', async () => {
      const calls = gateway();
      const { user } = renderSignedIn();
      const dialog = await openDialog(user, 'Email', 'Change Email');
      await reauthenticate(user, dialog);
      const newEmail = within(dialog).getByLabelText('New Email');
      await waitFor(() => expect(document.activeElement).toBe(newEmail));
      const send = within(dialog).getByRole('button', { name: 'Send code' });

      await user.keyboard('not-an-email');
      expect(within(dialog).getByText(MESSAGES.invalidEmailLower)).toBeTruthy();
      expect(send).toHaveProperty('disabled', true);

      await user.clear(newEmail);
      await user.type(newEmail, 'taken@example.com');
      expect(await within(dialog).findByText(MESSAGES.accountEmailExists, undefined, { timeout: 5000 })).toBeTruthy();
      expect(send).toHaveProperty('disabled', true);

      await user.clear(newEmail);
      await user.type(newEmail, 'free@example.com');
      await waitFor(() => expect(calls.callsTo('/api/v1/users/exists/email/free%40example.com')).toHaveLength(1), { timeout: 5000 });
      expect(within(dialog).queryByText(MESSAGES.accountEmailExists)).toBeNull();
      await user.click(send);
      expect(await within(dialog).findByText('A verification code has been sent to free@example.com')).toBeTruthy();
      const sent = calls.callsTo('/api/users/sendEmailVerificationCode')[0];
      expect(query(sent).get('newEmail')).toBe('free@example.com');

      // The change needs a six-digit code.
      const submit = within(dialog).getByRole('button', { name: 'Change Email' });
      expect(submit).toHaveProperty('disabled', true);
      await user.type(within(dialog).getByLabelText('Verification Code'), '12a');
      expect(within(dialog).getByText(MESSAGES.invalidCode)).toBeTruthy();
      await user.clear(within(dialog).getByLabelText('Verification Code'));
      await user.type(within(dialog).getByLabelText('Verification Code'), '123456');
      expect(submit).toHaveProperty('disabled', false);
    });
  });

  describe('Change Mobile #', () => {
    it('opens on step 1 with the focus in Password and a Cancel', async () => {
      gateway();
      const { user } = renderSignedIn();
      const dialog = await openDialog(user, 'Mobile #', 'Change Mobile #');
      await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Password')));
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change Mobile #' })).toBeNull());
    });

    it.each([
      ['a mistyped US number', '(555) 123-4567'],
      ['a short US number', '212 555 014'],
      ['a Pakistani landline', '+92 21 1234567'],
    ])("says 'Invalid mobile #' for %s (%s) and sends no code", async (_kind, typed) => {
      const calls = gateway();
      const { user } = renderSignedIn();
      const dialog = await openDialog(user, 'Mobile #', 'Change Mobile #');
      await reauthenticate(user, dialog);
      const mobile = within(dialog).getByLabelText('New Mobile #');
      await waitFor(() => expect(document.activeElement).toBe(mobile));
      await user.keyboard(typed);
      expect(within(dialog).getByText(MESSAGES.invalidMobileLower)).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: 'Send code' })).toHaveProperty('disabled', true);
      expect(calls.callsTo('/api/users/send2FAVerificationCode')).toHaveLength(0);
    });

    it('reads a number as US unless it starts with +92 or 0092, and sends the code to its E.164 form', async () => {
      const calls = gateway();
      const { user } = renderSignedIn();
      const dialog = await openDialog(user, 'Mobile #', 'Change Mobile #');
      await reauthenticate(user, dialog);
      const mobile = within(dialog).getByLabelText('New Mobile #');

      await user.type(mobile, '0092 300 1234567');
      expect(await within(dialog).findByText(MESSAGES.accountMobileExists, undefined, { timeout: 5000 })).toBeTruthy();

      await user.clear(mobile);
      await user.type(mobile, '(202) 555-0147');
      expect(within(dialog).queryByText(MESSAGES.invalidMobileLower)).toBeNull();
      const send = within(dialog).getByRole('button', { name: 'Send code' });
      await waitFor(() => expect(send).toHaveProperty('disabled', false));
      await user.click(send);
      await within(dialog).findByText('A verification code has been sent to (202) 555-0147');
      expect(query(calls.callsTo('/api/users/send2FAVerificationCode')[0]).get('mobile')).toBe('+12025550147');
    });
  });

  describe('Change Password', () => {
    it('opens with the focus in Email (prefilled), checks the new password and its confirmation', async () => {
      gateway();
      const { user } = renderSignedIn();
      const dialog = await openDialog(user, 'Password', 'Change Password');
      const email = within(dialog).getByLabelText('Email');
      await waitFor(() => expect(document.activeElement).toBe(email));
      expect(email).toHaveProperty('value', 'admin@e2e.test');
      const submit = within(dialog).getByRole('button', { name: 'Change Password' });

      await user.type(within(dialog).getByLabelText('New Password'), 'short');
      expect(within(dialog).getByText(MESSAGES.invalidPassword)).toBeTruthy();
      await user.type(within(dialog).getByLabelText('New Password'), '-but-long-now');
      expect(within(dialog).queryByText(MESSAGES.invalidPassword)).toBeNull();
      await user.type(within(dialog).getByLabelText('Confirm New Password'), 'something-else');
      expect(within(dialog).getByText(MESSAGES.passwordMismatch)).toBeTruthy();
      await user.clear(within(dialog).getByLabelText('Confirm New Password'));
      await user.type(within(dialog).getByLabelText('Confirm New Password'), 'short-but-long-now');
      expect(within(dialog).queryByText(MESSAGES.passwordMismatch)).toBeNull();
      expect(submit).toHaveProperty('disabled', true);
      await user.type(within(dialog).getByLabelText('Verification Code'), '123456');
      expect(submit).toHaveProperty('disabled', false);
    });

    it('shows that the code was sent, and hides the message after 3 seconds', async () => {
      gateway();
      const { user } = renderSignedIn();
      const dialog = await openDialog(user, 'Password', 'Change Password');
      jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
      try {
        await act(async () => {
          within(dialog).getByRole('button', { name: 'Send code' }).click();
        });
        await act(async () => {
          await jest.advanceTimersByTimeAsync(10);
        });
        expect(within(dialog).getByText('A verification code has been sent to admin@e2e.test')).toBeTruthy();
        await act(async () => {
          await jest.advanceTimersByTimeAsync(2900);
        });
        expect(within(dialog).queryByText('A verification code has been sent to admin@e2e.test')).toBeTruthy();
        await act(async () => {
          await jest.advanceTimersByTimeAsync(200);
        });
        expect(within(dialog).queryByText('A verification code has been sent to admin@e2e.test')).toBeNull();
      } finally {
        jest.useRealTimers();
      }
    });
  });
});
