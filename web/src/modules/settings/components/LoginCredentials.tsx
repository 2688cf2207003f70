import { Button, Card, Typography, theme } from 'antd';
import { useAtomValue } from 'jotai';
import { type ReactElement, useState } from 'react';
import { formatPhone } from '../../format';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { MASKED_PASSWORD } from '../logic/credentialForms';
import { ChangeContactDialog } from './ChangeContactDialog';
import { ChangePasswordDialog } from './ChangePasswordDialog';

type CredentialDialog = 'email' | 'password' | 'mobile';

type CredentialRowProps = {
  label: string;
  value: string;
  onChange: () => void;
  last?: boolean;
};

function CredentialRow({ label, value, onChange, last }: CredentialRowProps): ReactElement {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: token.margin,
        padding: `${token.paddingSM}px 0`,
        borderBottom: last ? undefined : `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <dt style={{ width: 96, flexShrink: 0, color: token.colorTextSecondary }}>{label}</dt>
      {/* A div in a dl holds only dt and dd: the Change link is part of the value. */}
      <dd style={{ margin: 0, flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: token.margin }}>
        <Typography.Text style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{value || '—'}</Typography.Text>
        <Button type="link" onClick={onChange} aria-label={`Change ${label}`} style={{ paddingInline: 0 }}>
          Change
        </Button>
      </dd>
    </div>
  );
}

/** Log In Credentials: email, masked password and mobile #, each with a Change link opening its dialog. */
export function LoginCredentials(): ReactElement {
  const user = useAtomValue(signedInUserAtom);
  const [open, setOpen] = useState<CredentialDialog | null>(null);
  const email = user?.email ?? '';
  const close = (): void => setOpen(null);

  return (
    <Card>
      <dl style={{ margin: 0 }}>
        <CredentialRow label="Email" value={email} onChange={() => setOpen('email')} />
        <CredentialRow label="Password" value={MASKED_PASSWORD} onChange={() => setOpen('password')} />
        <CredentialRow label="Mobile #" value={formatPhone(user?.mobile)} onChange={() => setOpen('mobile')} last />
      </dl>
      <ChangeContactDialog kind="email" open={open === 'email'} email={email} onClose={close} />
      <ChangePasswordDialog open={open === 'password'} email={email} onClose={close} />
      <ChangeContactDialog kind="mobile" open={open === 'mobile'} email={email} onClose={close} />
    </Card>
  );
}
