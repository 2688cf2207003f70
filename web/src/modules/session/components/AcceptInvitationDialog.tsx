import { Button, Form, Input, Typography } from 'antd';
import { useAtom, useSetAtom, useStore } from 'jotai';
import { type ReactElement, useId, useState } from 'react';
import { isApiError, serverMessage } from '../../api/apiError';
import { useAlerts } from '../../alerts/hooks/useAlerts';
import { useDialogFormStyles } from '../../theme/dialogFormStyles';
import { AppDialog } from '../../ui/components/AppDialog';
import { FormError } from '../../ui/components/FormError';
import { identityApi } from '../api/identityApi';
import { canResetPassword, resetConfirmationError, resetNewPasswordError } from '../logic/signInForms';
import { invitationTokenAtom } from '../state/invitationTokenAtom';
import { loginDialogOpenAtom } from '../state/loginDialogOpenAtom';
import { usernameOrEmailAtom } from '../state/usernameOrEmailAtom';

/**
 * "Set your password", opened by an invitation's one-time link: the new password twice. Once set,
 * Log In opens with the account's email, and signing in lands where the link said (the
 * credentialing application). A link already used or expired says so.
 */
export function AcceptInvitationDialog(): ReactElement {
  const [token, setToken] = useAtom(invitationTokenAtom);
  return (
    <AppDialog title="Set your password" open={token !== null} onCancel={() => setToken(null)} maskClosable={false}>
      {token ? <AcceptInvitationForm token={token} /> : null}
    </AppDialog>
  );
}

function AcceptInvitationForm({ token }: { token: string }): ReactElement {
  const store = useStore();
  const { pushAlert } = useAlerts();
  const setToken = useSetAtom(invitationTokenAtom);
  const setLoginOpen = useSetAtom(loginDialogOpenAtom);
  const { styles: formStyles } = useDialogFormStyles();
  const ids = { next: useId(), confirm: useId() };
  const [newPassword, setNewPassword] = useState('');
  const [confirmNewPassword, setConfirmNewPassword] = useState('');
  const [edited, setEdited] = useState({ newPassword: false, confirmNewPassword: false });
  const [failure, setFailure] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const ready = canResetPassword({ tempPassword: token, newPassword, confirmNewPassword });

  const submit = async (): Promise<void> => {
    if (!ready || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const reply = await identityApi.acceptInvitation({ token, newPassword, confirmNewPassword });
      store.set(usernameOrEmailAtom, reply.email);
      pushAlert({ headerText: 'Password set', headerIcon: 'security', bodyText: 'Log in with your new password to complete your credentialing application.', autoDismiss: true, autoDismissTime: 6000 });
      setToken(null);
      setLoginOpen(true);
    } catch (error) {
      setFailure({ field: isApiError(error) ? error.field : undefined, message: serverMessage(error) ?? 'The password could not be set' });
    } finally {
      setBusy(false);
    }
  };

  const fieldMessage = (field: 'newPassword' | 'confirmNewPassword', local: string | undefined) => local ?? (failure?.field === field ? failure.message : undefined);
  const newPasswordMessage = fieldMessage('newPassword', resetNewPasswordError(newPassword, edited.newPassword));
  const confirmMessage = fieldMessage('confirmNewPassword', resetConfirmationError(newPassword, confirmNewPassword, edited.confirmNewPassword));
  const formMessage = failure && failure.field !== 'newPassword' && failure.field !== 'confirmNewPassword' ? failure.message : null;

  return (
    <Form layout="vertical" onFinish={() => void submit()} requiredMark={false}>
      <Typography.Paragraph type="secondary">Choose the password of your account; you then log in and complete your credentialing application.</Typography.Paragraph>
      <Form.Item label="New Password" htmlFor={ids.next} validateStatus={newPasswordMessage ? 'error' : undefined} help={newPasswordMessage} extra="At least 8 characters, no spaces" className={formStyles.item}>
        <Input.Password
          id={ids.next}
          value={newPassword}
          autoComplete="new-password"
          autoFocus
          onChange={(event) => {
            setNewPassword(event.target.value);
            setEdited((current) => ({ ...current, newPassword: true }));
            setFailure(null);
          }}
        />
      </Form.Item>
      <Form.Item label="Confirm New Password" htmlFor={ids.confirm} validateStatus={confirmMessage ? 'error' : undefined} help={confirmMessage} className={formStyles.lastItem}>
        <Input.Password
          id={ids.confirm}
          value={confirmNewPassword}
          autoComplete="new-password"
          onChange={(event) => {
            setConfirmNewPassword(event.target.value);
            setEdited((current) => ({ ...current, confirmNewPassword: true }));
            setFailure(null);
          }}
        />
      </Form.Item>
      <FormError message={formMessage} />
      <Button type="primary" htmlType="submit" block loading={busy} disabled={!ready}>
        Set Password
      </Button>
    </Form>
  );
}
