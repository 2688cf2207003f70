import { isValidEmail } from '@app/validation';
import { Button, Flex, Form, Input, Space } from 'antd';
import { type ReactElement, useId, useState } from 'react';
import { isApiError, serverMessage } from '../../api/apiError';
import { identityApi } from '../../session/api/identityApi';
import { useLogout } from '../../session/hooks/useLogout';
import { useDialogFormStyles } from '../../theme/dialogFormStyles';
import { AppDialog } from '../../ui/components/AppDialog';
import { useStatusMessage } from '../hooks/useStatusMessage';
import {
  accountConfirmationError,
  accountEmailError,
  accountPasswordError,
  canSubmitPasswordChange,
  codeError,
  STATUS_MESSAGE_MS,
} from '../logic/credentialForms';
import { isCodeRefusal } from '../logic/codeRefusal';
import { StatusLine } from './StatusLine';

type ChangePasswordDialogProps = {
  open: boolean;
  /** The account's email, prefilled. */
  email: string;
  onClose: () => void;
};

/**
 * Change password (spec §4): one step with the email, a code sent to it, the new password and
 * its confirmation. The status message hides after 3 s. Success closes and logs out.
 */
export function ChangePasswordDialog({ open, email, onClose }: ChangePasswordDialogProps): ReactElement {
  return (
    <AppDialog title="Change Password" open={open} onCancel={onClose} maskClosable={false}>
      <ChangePasswordForm email={email} onClose={onClose} />
    </AppDialog>
  );
}

type Field = 'email' | 'code' | 'newPassword' | 'confirmNewPassword';

function ChangePasswordForm({ email: accountEmail, onClose }: Omit<ChangePasswordDialogProps, 'open'>): ReactElement {
  const logout = useLogout();
  const [form, setForm] = useState({ email: accountEmail, code: '', newPassword: '', confirmNewPassword: '' });
  const [edited, setEdited] = useState<Record<Field, boolean>>({ email: false, code: false, newPassword: false, confirmNewPassword: false });
  const [codeRefused, setCodeRefused] = useState(false);
  const [passwordRefusal, setPasswordRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null);
  const [status, showStatus] = useStatusMessage(STATUS_MESSAGE_MS);
  const ids = { email: useId(), code: useId(), next: useId(), confirm: useId() };
  const { styles: formStyles } = useDialogFormStyles();

  const update = (field: Field, value: string): void => {
    setForm((current) => ({ ...current, [field]: value }));
    setEdited((current) => ({ ...current, [field]: true }));
    if (field === 'code') setCodeRefused(false);
    if (field === 'newPassword') setPasswordRefusal(null);
  };

  const messages = {
    email: accountEmailError(form.email, edited.email),
    code: codeError(form.code, edited.code, codeRefused),
    newPassword: passwordRefusal ?? accountPasswordError(form.newPassword, edited.newPassword),
    confirmNewPassword: accountConfirmationError(form.newPassword, form.confirmNewPassword, edited.confirmNewPassword),
  };
  const canSend = isValidEmail(form.email.trim());
  const canSubmit = canSubmitPasswordChange(form) && !codeRefused && !passwordRefusal;

  const sendCode = async (): Promise<void> => {
    if (!canSend || busy) return;
    setBusy('send');
    try {
      await identityApi.sendPasswordVerificationCode(form.email.trim());
      showStatus(`A verification code has been sent to ${form.email.trim()}`, 'success');
    } catch (failure) {
      const message = serverMessage(failure);
      if (message) showStatus(message, 'error');
    } finally {
      setBusy(null);
    }
  };

  const submit = async (): Promise<void> => {
    if (!canSubmit || busy) return;
    setBusy('verify');
    try {
      await identityApi.verifyPasswordVerificationCode({
        email: form.email.trim(),
        code: form.code.trim(),
        newPassword: form.newPassword,
        confirmNewPassword: form.confirmNewPassword,
      });
      onClose();
      await logout({
        headerText: 'Password changed',
        headerIcon: 'security',
        bodyText: 'Log in again with your new password.',
        autoDismiss: true,
        autoDismissTime: 6000,
      });
    } catch (failure) {
      // A refused new password (too common, say) shows under it; a refused code under the code.
      if (isApiError(failure) && failure.kind === 'http' && (failure.field === 'newPassword' || failure.field === 'confirmNewPassword')) {
        setPasswordRefusal(failure.message);
      } else if (isCodeRefusal(failure)) setCodeRefused(true);
      else showStatus(serverMessage(failure), 'error');
    } finally {
      setBusy(null);
    }
  };

  const item = (field: Field) => ({
    validateStatus: messages[field] ? ('error' as const) : undefined,
    help: messages[field],
    className: formStyles.item,
  });

  return (
    <Form layout="vertical" onFinish={() => void submit()} requiredMark={false}>
      <Form.Item label="Email" htmlFor={ids.email} {...item('email')}>
        <Space.Compact className={formStyles.fullWidth}>
          <Input id={ids.email} type="email" value={form.email} autoComplete="email" onChange={(event) => update('email', event.target.value)} />
          <Button onClick={() => void sendCode()} loading={busy === 'send'} disabled={!canSend}>
            Send code
          </Button>
        </Space.Compact>
      </Form.Item>
      <StatusLine status={status} />
      <Form.Item label="Verification Code" htmlFor={ids.code} {...item('code')}>
        <Input
          id={ids.code}
          value={form.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="6-digit code"
          onChange={(event) => update('code', event.target.value)}
        />
      </Form.Item>
      <Form.Item label="New Password" htmlFor={ids.next} extra="At least 8 characters, no spaces" {...item('newPassword')}>
        <Input.Password id={ids.next} value={form.newPassword} autoComplete="new-password" onChange={(event) => update('newPassword', event.target.value)} />
      </Form.Item>
      <Form.Item label="Confirm New Password" htmlFor={ids.confirm} {...item('confirmNewPassword')} className={formStyles.lastItem}>
        <Input.Password
          id={ids.confirm}
          value={form.confirmNewPassword}
          autoComplete="new-password"
          onChange={(event) => update('confirmNewPassword', event.target.value)}
        />
      </Form.Item>
      <Flex justify="flex-end" gap="small">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={busy === 'verify'} disabled={!canSubmit}>
          Change Password
        </Button>
      </Flex>
    </Form>
  );
}
