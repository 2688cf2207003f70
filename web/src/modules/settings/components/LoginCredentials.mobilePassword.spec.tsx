import { MESSAGES } from '@app/validation';
import { act, screen, waitFor, within } from '@testing-library/react';
import { gateway, loginCredentialsFakeTimers, openDialog, query, reauthenticate, renderSignedIn } from '../testing/loginCredentialsHarness';

// LoginCredentials.spec.tsx's second half (Change Mobile #, Change Password), in a file of its own so that each file stays short.

loginCredentialsFakeTimers();

describe('Log In Credentials', () => {
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
