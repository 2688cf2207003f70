import { MESSAGES } from '@app/validation';
import { screen, waitFor, within } from '@testing-library/react';
import { gateway, loginCredentialsFakeTimers, openDialog, query, reauthenticate, renderSignedIn } from '../testing/loginCredentialsHarness';

loginCredentialsFakeTimers();

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
});
