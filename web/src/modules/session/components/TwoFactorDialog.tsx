import { MESSAGES } from '@app/validation';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { type ReactElement, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { hasStatus, serverMessage } from '../../api/apiError';
import { useDialogFormStyles } from '../../theme/dialogFormStyles';
import { AppDialog } from '../../ui/components/AppDialog';
import { FormError } from '../../ui/components/FormError';
import { identityApi } from '../api/identityApi';
import { startSession } from '../logic/sessionActions';
import { canContinueTwoFactor, twoFactorMessage } from '../logic/signInForms';
import { landingPathFor } from '../logic/storedUser';
import { returnPathAtom } from '../state/returnPathAtom';
import { twoFactorAuthTokenAtom } from '../state/twoFactorAuthTokenAtom';
import { twoFactorDialogOpenAtom } from '../state/twoFactorDialogOpenAtom';
import { twoFactorPhoneAtom } from '../state/twoFactorPhoneAtom';
import { usernameOrEmailAtom } from '../state/usernameOrEmailAtom';

/** The Enter 2FA Code dialog: the code sent by text message, a resend, Cancel and Continue. */
export function TwoFactorDialog(): ReactElement {
  const [open, setOpen] = useAtom(twoFactorDialogOpenAtom);
  const setReturnPath = useSetAtom(returnPathAtom);
  const cancel = (): void => {
    setOpen(false);
    setReturnPath(null);
  };
  return (
    <AppDialog title="Enter 2FA Code" open={open} onCancel={cancel} maskClosable={false}>
      <TwoFactorForm onCancel={cancel} onSignedIn={() => setOpen(false)} />
    </AppDialog>
  );
}

type TwoFactorFormProps = {
  onCancel: () => void;
  onSignedIn: () => void;
};

function TwoFactorForm({ onCancel, onSignedIn }: TwoFactorFormProps): ReactElement {
  const store = useStore();
  const navigate = useNavigate();
  const phone = useAtomValue(twoFactorPhoneAtom);
  const [code, setCode] = useState('');
  const [resent, setResent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const codeId = useId();
  const { styles: formStyles } = useDialogFormStyles();

  const verify = async (): Promise<void> => {
    if (!canContinueTwoFactor(code) || busy) return;
    setBusy('verify');
    setError(null);
    try {
      const reply = await identityApi.verify2FaForLogin({
        email: store.get(usernameOrEmailAtom) ?? '',
        _2faCode: code.trim(),
        _2faToken: store.get(twoFactorAuthTokenAtom) ?? '',
      });
      if (!reply.isSignedIn || !reply.token || !reply.usr) {
        setError(MESSAGES.incorrectCode);
        return;
      }
      startSession(store, { token: reply.token, user: reply.usr });
      // The page asked for before logging in, else the user's default page.
      const returnPath = store.get(returnPathAtom);
      store.set(returnPathAtom, null);
      onSignedIn();
      await navigate(returnPath ?? landingPathFor(reply.usr));
    } catch (failure) {
      if (hasStatus(failure, 401)) setError(MESSAGES.incorrectCode);
      else setError(serverMessage(failure));
    } finally {
      setBusy(null);
    }
  };

  const resend = async (): Promise<void> => {
    if (busy) return;
    setBusy('resend');
    setError(null);
    try {
      const reply = await identityApi.resend2FaCode({
        usernameOrEmail: store.get(usernameOrEmailAtom) ?? '',
        _2FaToken: store.get(twoFactorAuthTokenAtom) ?? '',
      });
      if (reply.phone) store.set(twoFactorPhoneAtom, reply.phone);
      setResent(true);
      setCode('');
    } catch (failure) {
      setError(serverMessage(failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Form layout="vertical" onFinish={() => void verify()} requiredMark={false}>
      <Typography.Paragraph role="status">{twoFactorMessage(phone, resent)}</Typography.Paragraph>
      <Form.Item label="Verification Code" htmlFor={codeId} className={formStyles.itemAboveLink}>
        <Input
          id={codeId}
          value={code}
          autoFocus
          autoComplete="one-time-code"
          inputMode="numeric"
          placeholder="6-digit code"
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
        />
      </Form.Item>
      <Typography.Paragraph className={formStyles.linkLine}>
        <Button type="link" size="small" className={formStyles.inlineLink} loading={busy === 'resend'} onClick={() => void resend()}>
          Send new code
        </Button>
      </Typography.Paragraph>
      <FormError message={error} />
      <Flex justify="flex-end" gap="small">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={busy === 'verify'} disabled={!canContinueTwoFactor(code)}>
          Continue
        </Button>
      </Flex>
    </Form>
  );
}
