import { MESSAGES } from '@app/validation';
import { Button, Form, Input, type InputRef, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useAtom, useSetAtom, useStore } from 'jotai';
import { type ReactElement, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { hasStatus, isApiError, serverMessage } from '../../api/apiError';
import { useAlerts } from '../../alerts/hooks/useAlerts';
import { useDialogFormStyles } from '../../theme/dialogFormStyles';
import { AppDialog } from '../../ui/components/AppDialog';
import { FormError } from '../../ui/components/FormError';
import { identityApi } from '../api/identityApi';
import { canProceedToStep2, canResetPassword, resetConfirmationError, resetNewPasswordError } from '../logic/signInForms';
import { loginDialogOpenAtom } from '../state/loginDialogOpenAtom';
import { resetPasswordDialogOpenAtom } from '../state/resetPasswordDialogOpenAtom';
import { setPasswordLinkEmailAtom } from '../state/setPasswordLinkAtom';
import { usernameOrEmailAtom } from '../state/usernameOrEmailAtom';

const useStepStyles = createStyles(({ token, css }, active: boolean) => ({
  step: css`
    border: 0;
    margin: 0;
    padding: 0;
    min-width: 0;
  `,
  legend: css`
    font-weight: ${token.fontWeightStrong};
    color: ${active ? token.colorText : token.colorTextDisabled};
    margin-bottom: ${token.marginXS}px;
    padding: 0;
  `,
}));

const useStyles = createStyles(({ token, css }) => ({
  step2: css`
    margin-top: ${token.marginMD}px;
  `,
}));

/** The Set/Reset Password dialog: step 1 mails a temporary password, step 2 sets the new one. */
export function ResetPasswordDialog(): ReactElement {
  const [open, setOpen] = useAtom(resetPasswordDialogOpenAtom);
  const setLinkEmail = useSetAtom(setPasswordLinkEmailAtom);
  const cancel = (): void => {
    setOpen(false);
    setLinkEmail(null);
  };
  return (
    <AppDialog title="Set/Reset Password" open={open} onCancel={cancel} maskClosable={false}>
      <ResetPasswordForm />
    </AppDialog>
  );
}

type StepProps = {
  legend: string;
  active: boolean;
  children: ReactNode;
};

function Step({ legend, active, children }: StepProps): ReactElement {
  const { styles } = useStepStyles(active);
  return (
    <fieldset disabled={!active} className={styles.step}>
      <legend className={styles.legend}>
        {legend}
      </legend>
      {children}
    </fieldset>
  );
}

/** A server message naming one of step 2's fields shows under that field. */
type Step2Field = 'tempPassword' | 'newPassword' | 'confirmNewPassword';

function ResetPasswordForm(): ReactElement {
  const store = useStore();
  const { pushAlert } = useAlerts();
  const setResetOpen = useSetAtom(resetPasswordDialogOpenAtom);
  const setLoginOpen = useSetAtom(loginDialogOpenAtom);
  // A set-password link (an invitation or registration email) names the email and skips step 1:
  // the email already carries the temporary password.
  const [linkEmail] = useState(() => store.get(setPasswordLinkEmailAtom));
  const [email, setEmail] = useState(() => {
    const remembered = store.get(usernameOrEmailAtom) ?? '';
    return linkEmail ?? (remembered.includes('@') ? remembered : '');
  });
  const [step, setStep] = useState<1 | 2>(linkEmail ? 2 : 1);
  const [tempPassword, setTempPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmNewPassword, setConfirmNewPassword] = useState('');
  const [edited, setEdited] = useState({ newPassword: false, confirmNewPassword: false });
  const [step1Error, setStep1Error] = useState<string | null>(null);
  const [step2Error, setStep2Error] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<{ field: Step2Field; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { email: useId(), temp: useId(), next: useId(), confirm: useId() };
  const tempInput = useRef<InputRef>(null);
  const { styles } = useStyles();
  const { styles: formStyles } = useDialogFormStyles();

  // When step 2 becomes active, it starts in its first field.
  useEffect(() => {
    if (step === 2) tempInput.current?.focus();
  }, [step]);

  const sendTemporaryPassword = async (): Promise<void> => {
    if (!canProceedToStep2(email) || busy) return;
    setBusy(true);
    setStep1Error(null);
    try {
      const reply = await identityApi.sendTempPassword({ email: email.trim() });
      if (reply.isEmailInvalid) setStep1Error(MESSAGES.emailNotInSystem);
      else setStep(2);
    } catch (failure) {
      if (hasStatus(failure, 404) || (isApiError(failure) && (failure.body as { isEmailInvalid?: boolean } | undefined)?.isEmailInvalid)) {
        setStep1Error(MESSAGES.emailNotInSystem);
      } else setStep1Error(serverMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const form = { tempPassword, newPassword, confirmNewPassword };

  const resetPassword = async (): Promise<void> => {
    if (!canResetPassword(form) || busy) return;
    setBusy(true);
    setStep2Error(null);
    setFieldError(null);
    try {
      await identityApi.resetPassword({ email: email.trim(), ...form });
      store.set(usernameOrEmailAtom, email.trim());
      store.set(setPasswordLinkEmailAtom, null);
      pushAlert({
        headerText: 'Password set',
        headerIcon: 'security',
        bodyText: 'Log in with your new password.',
        autoDismiss: true,
        autoDismissTime: 5000,
      });
      setResetOpen(false);
      setLoginOpen(true);
    } catch (failure) {
      const message = serverMessage(failure);
      // A 401 refuses the temporary password; a 400 names the field it is about.
      const field = hasStatus(failure, 401) ? 'tempPassword' : isApiError(failure) ? failure.field : undefined;
      if (message && (field === 'tempPassword' || field === 'newPassword' || field === 'confirmNewPassword')) {
        setFieldError({ field, message });
      } else setStep2Error(message);
    } finally {
      setBusy(false);
    }
  };

  const messageFor = (field: Step2Field, local: string | undefined): string | undefined =>
    local ?? (fieldError?.field === field ? fieldError.message : undefined);
  const clearErrors = (): void => {
    setStep2Error(null);
    setFieldError(null);
  };

  const newPasswordMessage = messageFor('newPassword', resetNewPasswordError(newPassword, edited.newPassword));
  const confirmMessage = messageFor('confirmNewPassword', resetConfirmationError(newPassword, confirmNewPassword, edited.confirmNewPassword));
  const tempMessage = messageFor('tempPassword', undefined);

  return (
    <>
      <Form layout="vertical" onFinish={() => void sendTemporaryPassword()} requiredMark={false}>
        <Step legend="Step 1" active={step === 1}>
          <Form.Item label="Email" htmlFor={ids.email} className={formStyles.item}>
            <Input
              id={ids.email}
              type="email"
              value={email}
              autoComplete="email"
              autoFocus
              onChange={(event) => {
                setEmail(event.target.value);
                setStep1Error(null);
              }}
            />
          </Form.Item>
          <FormError message={step1Error} />
          <Button htmlType="submit" type={step === 1 ? 'primary' : 'default'} block loading={busy && step === 1} disabled={!canProceedToStep2(email)}>
            Proceed to Step 2
          </Button>
        </Step>
      </Form>
      <Form layout="vertical" onFinish={() => void resetPassword()} requiredMark={false} className={styles.step2}>
        <Step legend="Step 2" active={step === 2}>
          {step === 2 ? (
            <Typography.Paragraph type="secondary" role="status">
              {linkEmail ? `Enter the temporary password from the email sent to ${email.trim()}, then choose your password.` : `A temporary password has been sent to ${email.trim()}.`}
            </Typography.Paragraph>
          ) : null}
          <Form.Item
            label="Temporary Password"
            htmlFor={ids.temp}
            validateStatus={tempMessage ? 'error' : undefined}
            help={tempMessage}
            className={formStyles.item}
          >
            <Input.Password
              ref={tempInput}
              id={ids.temp}
              value={tempPassword}
              autoComplete="one-time-code"
              onChange={(event) => {
                setTempPassword(event.target.value);
                clearErrors();
              }}
            />
          </Form.Item>
          <Form.Item
            label="New Password"
            htmlFor={ids.next}
            validateStatus={newPasswordMessage ? 'error' : undefined}
            help={newPasswordMessage}
            extra="At least 8 characters, no spaces"
            className={formStyles.item}
          >
            <Input.Password
              id={ids.next}
              value={newPassword}
              autoComplete="new-password"
              onChange={(event) => {
                setNewPassword(event.target.value);
                setEdited((current) => ({ ...current, newPassword: true }));
                clearErrors();
              }}
            />
          </Form.Item>
          <Form.Item
            label="Confirm New Password"
            htmlFor={ids.confirm}
            validateStatus={confirmMessage ? 'error' : undefined}
            help={confirmMessage}
            className={formStyles.lastItem}
          >
            <Input.Password
              id={ids.confirm}
              value={confirmNewPassword}
              autoComplete="new-password"
              onChange={(event) => {
                setConfirmNewPassword(event.target.value);
                setEdited((current) => ({ ...current, confirmNewPassword: true }));
                clearErrors();
              }}
            />
          </Form.Item>
          <FormError message={step2Error} />
          <Button type="primary" htmlType="submit" block loading={busy && step === 2} disabled={step !== 2 || !canResetPassword(form)}>
            Reset Password
          </Button>
        </Step>
      </Form>
    </>
  );
}
