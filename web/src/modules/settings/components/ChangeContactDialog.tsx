import { isValidAccountMobile, isValidEmail, normalizeAccountMobile } from '@app/validation';
import { Button, Flex, Form, Input, Space } from 'antd';
import { type ReactElement, useId, useState } from 'react';
import { hasStatus, isApiError, serverMessage } from '../../api/apiError';
import type { AlertInput } from '../../alerts/types/alert';
import { identityApi } from '../../session/api/identityApi';
import { useLogout } from '../../session/hooks/useLogout';
import { useDialogFormStyles } from '../../theme/dialogFormStyles';
import { AppDialog } from '../../ui/components/AppDialog';
import { useDuplicateCheck } from '../hooks/useDuplicateCheck';
import { useStatusMessage } from '../hooks/useStatusMessage';
import {
  canSendEmailCode,
  canSendMobileCode,
  codeError,
  newEmailError,
  newMobileError,
} from '../logic/credentialForms';
import { isCodeRefusal } from '../logic/codeRefusal';
import { ReauthenticateStep } from './ReauthenticateStep';
import { StatusLine } from './StatusLine';

export type ContactKind = 'email' | 'mobile';

type ContactChange = {
  title: string;
  /** For the step 1 hint: "change your …". */
  changing: string;
  fieldLabel: string;
  submitLabel: string;
  inputType: 'email' | 'tel';
  autoComplete: string;
  placeholder: string;
  /** The value sent to the server: the trimmed email, or the mobile # in +E.164 form. */
  normalize: (value: string) => string;
  checkable: (value: string) => boolean;
  fieldError: (value: string, edited: boolean, duplicate: boolean | null) => string | undefined;
  canSend: (value: string, duplicate: boolean | null) => boolean;
  exists: (normalized: string) => Promise<boolean>;
  sendCode: (email: string, normalized: string) => Promise<unknown>;
  verify: (email: string, normalized: string, code: string) => Promise<unknown>;
  doneAlert: AlertInput;
};

const CHANGES: Record<ContactKind, ContactChange> = {
  email: {
    title: 'Change Email',
    changing: 'email',
    fieldLabel: 'New Email',
    submitLabel: 'Change Email',
    inputType: 'email',
    autoComplete: 'email',
    placeholder: 'name@example.com',
    normalize: (value) => value.trim(),
    checkable: (value) => isValidEmail(value.trim()),
    fieldError: newEmailError,
    canSend: canSendEmailCode,
    exists: (email) => identityApi.emailExists(email),
    sendCode: (email, newEmail) => identityApi.sendEmailVerificationCode(email, newEmail),
    verify: (email, newEmail, code) => identityApi.verifyEmailVerificationCode({ email, newEmail, code }),
    doneAlert: {
      headerText: 'Email changed',
      headerIcon: 'security',
      bodyText: 'Log in again with your new email.',
      autoDismiss: true,
      autoDismissTime: 6000,
    },
  },
  mobile: {
    title: 'Change Mobile #',
    changing: 'mobile #',
    fieldLabel: 'New Mobile #',
    submitLabel: 'Change Mobile #',
    inputType: 'tel',
    autoComplete: 'tel',
    placeholder: '+1 212 555 0147',
    // The server's rule (@app/validation): US unless it starts with +92 or 0092.
    normalize: (value) => normalizeAccountMobile(value.trim()) ?? value.trim(),
    checkable: (value) => isValidAccountMobile(value.trim()),
    fieldError: newMobileError,
    canSend: canSendMobileCode,
    exists: (mobile) => identityApi.mobileExists(mobile),
    sendCode: async (email, mobile) => {
      const reply = await identityApi.send2FAVerificationCode(email, mobile);
      // Older servers answer 200 with success false and the reason in msg.
      if (!reply.success) throw new Error(reply.msg || 'The code could not be sent.');
      return reply;
    },
    verify: (email, mobile, code) => identityApi.verifyMobileVerificationCode({ email, mobile, code }),
    doneAlert: {
      headerText: 'Mobile # changed',
      headerIcon: 'security',
      bodyText: 'Log in again; sign-in codes now go to your new mobile #.',
      autoDismiss: true,
      autoDismissTime: 6000,
    },
  },
};

type ChangeContactDialogProps = {
  kind: ContactKind;
  open: boolean;
  /** The account's current email (identifies the account to the server). */
  email: string;
  onClose: () => void;
};

/**
 * Change email or Change mobile # (spec §4 Account dialogs): step 1 reauthenticates with the
 * password; step 2 takes the new value, sends a verification code to it and submits the code.
 * Success closes the dialog and logs the user out.
 */
export function ChangeContactDialog({ kind, open, email, onClose }: ChangeContactDialogProps): ReactElement {
  const change = CHANGES[kind];
  return (
    <AppDialog title={change.title} open={open} onCancel={onClose} maskClosable={false}>
      <ChangeContactSteps change={change} email={email} onClose={onClose} />
    </AppDialog>
  );
}

type ChangeContactStepsProps = {
  change: ContactChange;
  email: string;
  onClose: () => void;
};

function ChangeContactSteps({ change, email, onClose }: ChangeContactStepsProps): ReactElement {
  const [step, setStep] = useState<1 | 2>(1);
  if (step === 1) return <ReauthenticateStep email={email} changing={change.changing} onVerified={() => setStep(2)} onCancel={onClose} />;
  return <NewValueStep change={change} email={email} onClose={onClose} />;
}

function NewValueStep({ change, email, onClose }: ChangeContactStepsProps): ReactElement {
  const logout = useLogout();
  const [value, setValue] = useState('');
  const [edited, setEdited] = useState(false);
  const [code, setCode] = useState('');
  const [codeEdited, setCodeEdited] = useState(false);
  const [codeRefused, setCodeRefused] = useState(false);
  const [serverDuplicate, setServerDuplicate] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null);
  const [status, showStatus] = useStatusMessage();
  const valueId = useId();
  const codeId = useId();
  const { styles: formStyles } = useDialogFormStyles();

  const normalized = change.normalize(value);
  const checked = useDuplicateCheck(value, change.checkable, (current) => change.exists(change.normalize(current)), `account ${change.changing}`);
  const duplicate = serverDuplicate !== null && serverDuplicate === normalized ? true : checked;
  const valueMessage = change.fieldError(value, edited, duplicate);
  const codeMessage = codeError(code, codeEdited, codeRefused);
  const canSend = change.canSend(value, duplicate);
  const canSubmit = canSend && code.trim().length === 6 && !codeMessage;

  const sendCode = async (): Promise<void> => {
    setEdited(true);
    if (!canSend || busy) return;
    setBusy('send');
    showStatus(null);
    try {
      await change.sendCode(email, normalized);
      showStatus(`A verification code has been sent to ${value.trim()}`, 'success');
    } catch (failure) {
      if (hasStatus(failure, 409)) setServerDuplicate(normalized);
      else if (isApiError(failure)) {
        const message = serverMessage(failure);
        if (message) showStatus(message, 'error');
      } else if (failure instanceof Error) showStatus(failure.message, 'error');
    } finally {
      setBusy(null);
    }
  };

  const submit = async (): Promise<void> => {
    if (!canSubmit || busy) return;
    setBusy('verify');
    showStatus(null);
    try {
      await change.verify(email, normalized, code.trim());
      onClose();
      await logout(change.doneAlert);
    } catch (failure) {
      if (hasStatus(failure, 409)) setServerDuplicate(normalized);
      else if (isCodeRefusal(failure)) setCodeRefused(true);
      else showStatus(serverMessage(failure), 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Form layout="vertical" onFinish={() => void submit()} requiredMark={false}>
      <Form.Item
        label={change.fieldLabel}
        htmlFor={valueId}
        validateStatus={valueMessage ? 'error' : undefined}
        help={valueMessage}
        className={formStyles.item}
      >
        <Space.Compact className={formStyles.fullWidth}>
          <Input
            id={valueId}
            type={change.inputType}
            value={value}
            autoFocus
            autoComplete={change.autoComplete}
            placeholder={change.placeholder}
            onChange={(event) => {
              setValue(event.target.value);
              setEdited(true);
              setCodeRefused(false);
              showStatus(null);
            }}
          />
          <Button onClick={() => void sendCode()} loading={busy === 'send'} disabled={!canSend}>
            Send code
          </Button>
        </Space.Compact>
      </Form.Item>
      <StatusLine status={status} />
      <Form.Item
        label="Verification Code"
        htmlFor={codeId}
        validateStatus={codeMessage ? 'error' : undefined}
        help={codeMessage}
        className={formStyles.lastItem}
      >
        <Input
          id={codeId}
          value={code}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="6-digit code"
          onChange={(event) => {
            setCode(event.target.value);
            setCodeEdited(true);
            setCodeRefused(false);
          }}
        />
      </Form.Item>
      <Flex justify="flex-end" gap="small">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={busy === 'verify'} disabled={!canSubmit}>
          {change.submitLabel}
        </Button>
      </Flex>
    </Form>
  );
}
