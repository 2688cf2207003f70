import { MESSAGES } from '@app/validation';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { type ReactElement, useId, useState } from 'react';
import { isApiError, serverMessage } from '../../api/apiError';
import { FormError } from '../../ui/components/FormError';
import { identityApi } from '../../session/api/identityApi';
import { useDialogFormStyles } from '../../theme/dialogFormStyles';
import { canReauthenticate } from '../logic/credentialForms';

type ReauthenticateStepProps = {
  email: string;
  /** What the second step changes, for the hint ("email", "mobile #"). */
  changing: string;
  onVerified: () => void;
  /** Closes the dialog without changing anything. */
  onCancel: () => void;
};

/** Step 1 of the email and mobile dialogs: the current password, checked by the server; Cancel closes the dialog. */
export function ReauthenticateStep({ email, changing, onVerified, onCancel }: ReauthenticateStepProps): ReactElement {
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordId = useId();
  const { styles: formStyles } = useDialogFormStyles();

  const submit = async (): Promise<void> => {
    if (!canReauthenticate(password) || busy) return;
    setBusy(true);
    setError(null);
    try {
      await identityApi.reauthenticate({ email, password });
      onVerified();
    } catch (failure) {
      // A refused password shows 'Invalid password'; throttling and other refusals their message.
      if (isApiError(failure) && failure.kind === 'http' && (failure.status === 400 || failure.status === 401)) {
        setInvalid(true);
      } else setError(serverMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form layout="vertical" onFinish={() => void submit()} requiredMark={false}>
      <Typography.Paragraph type="secondary">
        Step 1 of 2: enter your password to change your {changing}.
      </Typography.Paragraph>
      <Form.Item
        label="Password"
        htmlFor={passwordId}
        validateStatus={invalid ? 'error' : undefined}
        help={invalid ? MESSAGES.invalidPasswordReset : undefined}
        className={formStyles.lastItem}
      >
        <Input.Password
          id={passwordId}
          value={password}
          autoFocus
          autoComplete="current-password"
          onChange={(event) => {
            setPassword(event.target.value);
            setInvalid(false);
            setError(null);
          }}
        />
      </Form.Item>
      <FormError message={error} />
      <Flex justify="flex-end" gap="small">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={busy} disabled={!canReauthenticate(password)}>
          Continue
        </Button>
      </Flex>
    </Form>
  );
}
