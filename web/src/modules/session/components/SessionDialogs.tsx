import type { ReactElement } from 'react';
import { useSetPasswordLink } from '../hooks/useSetPasswordLink';
import { AcceptInvitationDialog } from './AcceptInvitationDialog';
import { LoginDialog } from './LoginDialog';
import { RequestAccountDialog } from './RequestAccountDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { TwoFactorDialog } from './TwoFactorDialog';

/** The sign-in dialogs: Log In, Enter 2FA Code, Set/Reset Password (also opened by a set-password link), Set your password (an invitation's link) and Request an account. */
export function SessionDialogs(): ReactElement {
  useSetPasswordLink();
  return (
    <>
      <LoginDialog />
      <TwoFactorDialog />
      <ResetPasswordDialog />
      <AcceptInvitationDialog />
      <RequestAccountDialog />
    </>
  );
}
