import { MESSAGES } from '@app/validation';
import { Button, Form, Input, Typography } from 'antd';
import { useAtom, useSetAtom, useStore } from 'jotai';
import { type ReactElement, useId, useState } from 'react';
import { hasStatus, serverMessage } from '../../api/apiError';
import { useDialogFormStyles } from '../../theme/dialogFormStyles';
import { AppDialog } from '../../ui/components/AppDialog';
import { FormError } from '../../ui/components/FormError';
import { identityApi } from '../api/identityApi';
import { keepTwoFactorChallenge } from '../logic/sessionActions';
import { canLogIn } from '../logic/signInForms';
import { loginDialogOpenAtom } from '../state/loginDialogOpenAtom';
import { returnPathAtom } from '../state/returnPathAtom';
import { resetPasswordDialogOpenAtom } from '../state/resetPasswordDialogOpenAtom';
import { twoFactorDialogOpenAtom } from '../state/twoFactorDialogOpenAtom';
import { usernameOrEmailAtom } from '../state/usernameOrEmailAtom';

/** The Log In dialog: email (or user name) and password, then the 2FA dialog. */
export function LoginDialog(): ReactElement {
  const [open, setOpen] = useAtom(loginDialogOpenAtom);
  const setReturnPath = useSetAtom(returnPathAtom);
  const cancel = (): void => {
    setOpen(false);
    setReturnPath(null);
  };
  return (
    <AppDialog title="Log In" open={open} onCancel={cancel} maskClosable={false}>
      <LoginForm />
    </AppDialog>
  );
}

function LoginForm(): ReactElement {
  const store = useStore();
  const setLoginOpen = useSetAtom(loginDialogOpenAtom);
  const setTwoFactorOpen = useSetAtom(twoFactorDialogOpenAtom);
  const setResetOpen = useSetAtom(resetPasswordDialogOpenAtom);
  const [usernameOrEmail, setUsernameOrEmail] = useState(() => store.get(usernameOrEmailAtom) ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailId = useId();
  const passwordId = useId();
  const { styles: formStyles } = useDialogFormStyles();

  const submit = async (): Promise<void> => {
    if (!canLogIn({ usernameOrEmail, password }) || busy) return;
    setBusy(true);
    setError(null);
    try {
      const entered = usernameOrEmail.trim();
      const reply = await identityApi.signIn({ usernameOrEmail: entered, password });
      keepTwoFactorChallenge(store, {
        twoFactorAuthToken: reply.twoFactorAuthToken,
        usernameOrEmail: reply.usernameOrEmail || entered,
        phone: reply.phone,
      });
      setLoginOpen(false);
      setTwoFactorOpen(true);
    } catch (failure) {
      // Network and parse failures are only logged (by the API client), as the spec says.
      if (hasStatus(failure, 401)) setError(MESSAGES.incorrectLogin);
      else setError(serverMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const openReset = (): void => {
    setLoginOpen(false);
    setResetOpen(true);
  };

  return (
    <Form layout="vertical" onFinish={() => void submit()} requiredMark={false}>
      <Form.Item label="Email" htmlFor={emailId} className={formStyles.item}>
        <Input
          id={emailId}
          value={usernameOrEmail}
          autoComplete="username"
          placeholder="Email or user name"
          autoFocus
          onChange={(event) => {
            setUsernameOrEmail(event.target.value);
            setError(null);
          }}
        />
      </Form.Item>
      <Form.Item label="Password" htmlFor={passwordId} className={formStyles.itemAboveLink}>
        <Input.Password
          id={passwordId}
          value={password}
          autoComplete="current-password"
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
          }}
        />
      </Form.Item>
      <Typography.Paragraph className={formStyles.linkLine}>
        <Button type="link" size="small" onClick={openReset} className={formStyles.inlineLink}>
          Set/Reset Password HERE
        </Button>
      </Typography.Paragraph>
      <FormError message={error} />
      <Button type="primary" htmlType="submit" block loading={busy} disabled={!canLogIn({ usernameOrEmail, password })}>
        Log In
      </Button>
    </Form>
  );
}
