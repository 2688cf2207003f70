import { MESSAGES } from '@app/validation';
import { screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { fakeGateway, renderWithApp, restoreFetch } from '../../../testing/renderWithApp';
import { resetPasswordDialogOpenAtom } from '../state/resetPasswordDialogOpenAtom';
import { SessionDialogs } from './SessionDialogs';

const SEND_TEMP = '/api/v1/users/sendTempPassword';
const RESET = '/api/v1/users/resetPassword';

function openReset() {
  const store = createStore();
  store.set(resetPasswordDialogOpenAtom, true);
  return renderWithApp(<SessionDialogs />, { store });
}

afterEach(restoreFetch);

describe('Set/Reset Password dialog', () => {
  it('opens with the focus in Email; Proceed to Step 2 is disabled while it is empty', async () => {
    fakeGateway({});
    const { user } = openReset();
    await screen.findByRole('dialog', { name: 'Set/Reset Password' });
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(document.activeElement).toBe(email));
    const proceed = screen.getByRole('button', { name: 'Proceed to Step 2' });
    expect(proceed).toHaveProperty('disabled', true);
    await user.keyboard('someone@example.com');
    expect(proceed).toHaveProperty('disabled', false);
    // Step 2 waits for step 1.
    expect(screen.getByLabelText('Temporary Password').matches(':disabled')).toBe(true);
  });

  it("says 'Email not in system' for an unknown email", async () => {
    fakeGateway({ [`POST ${SEND_TEMP}`]: () => ({ body: { isEmailInvalid: true } }) });
    const { user } = openReset();
    await screen.findByRole('dialog', { name: 'Set/Reset Password' });
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.emailNotInSystem);
    expect(screen.getByLabelText('Temporary Password').matches(':disabled')).toBe(true);
  });

  it('step 2 checks the new password and its confirmation, then opens Log In', async () => {
    const gateway = fakeGateway({
      [`POST ${SEND_TEMP}`]: () => ({ body: { success: true } }),
      [`POST ${RESET}`]: () => ({ body: { success: true } }),
    });
    const { user } = openReset();
    await screen.findByRole('dialog', { name: 'Set/Reset Password' });
    await user.type(screen.getByLabelText('Email'), 'someone@example.com{Enter}');
    await screen.findByText('A temporary password has been sent to someone@example.com.');
    // Step 2 is active and starts in its first field.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Temporary Password')));
    const reset = screen.getByRole('button', { name: 'Reset Password' });

    await user.type(screen.getByLabelText('Temporary Password'), 'Tmp-12345');
    await user.type(screen.getByLabelText('New Password'), 'has space');
    expect(screen.getByText(MESSAGES.invalidPasswordReset)).toBeTruthy();
    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'Better-Password-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Better-Password-2');
    expect(screen.getByText(MESSAGES.passwordMismatchReset)).toBeTruthy();
    expect(reset).toHaveProperty('disabled', true);

    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'Better-Password-1');
    expect(screen.queryByText(MESSAGES.passwordMismatchReset)).toBeNull();
    expect(reset).toHaveProperty('disabled', false);
    await user.click(reset);

    expect(await screen.findByRole('dialog', { name: 'Log In' })).toBeTruthy();
    expect(gateway.callsTo(RESET)[0].body).toEqual({
      email: 'someone@example.com',
      tempPassword: 'Tmp-12345',
      newPassword: 'Better-Password-1',
      confirmNewPassword: 'Better-Password-1',
    });
  });
});
