import type { ReactElement } from 'react';
import { LoginDialog } from './LoginDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { TwoFactorDialog } from './TwoFactorDialog';

/** The sign-in dialogs: Log In, Enter 2FA Code and Set/Reset Password. */
export function SessionDialogs(): ReactElement {
  return (
    <>
      <LoginDialog />
      <TwoFactorDialog />
      <ResetPasswordDialog />
    </>
  );
}
