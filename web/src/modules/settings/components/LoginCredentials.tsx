import { Button, Card, Flex, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { useAtomValue } from 'jotai';
import { type ReactElement, useState } from 'react';
import { formatPhone } from '../../format';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { MASKED_PASSWORD } from '../logic/credentialForms';
import { ChangeContactDialog } from './ChangeContactDialog';
import { ChangePasswordDialog } from './ChangePasswordDialog';

const useStyles = createStyles(({ token, css }) => ({
  list: css`
    margin: 0;
  `,
  row: css`
    padding: ${token.paddingSM}px 0;
    border-bottom: 1px solid ${token.colorBorderSecondary};
  `,
  lastRow: css`
    border-bottom: none;
  `,
  label: css`
    width: 96px;
    flex-shrink: 0;
    color: ${token.colorTextSecondary};
  `,
  value: css`
    margin: 0;
    flex: 1;
    min-width: 0;
    display: flex;
    align-items: center;
    gap: ${token.margin}px;
  `,
  text: css`
    &.ant-typography {
      flex: 1;
      min-width: 0;
      overflow-wrap: anywhere;
    }
  `,
  change: css`
    &.ant-btn {
      padding-inline: 0;
    }
  `,
}));

type CredentialDialog = 'email' | 'password' | 'mobile';

type CredentialRowProps = {
  label: string;
  value: string;
  onChange: () => void;
  last?: boolean;
};

function CredentialRow({ label, value, onChange, last }: CredentialRowProps): ReactElement {
  const { token } = theme.useToken();
  const { styles, cx } = useStyles();
  return (
    <Flex align="center" gap={token.margin} className={cx(styles.row, last && styles.lastRow)}>
      <dt className={styles.label}>{label}</dt>
      {/* A div in a dl holds only dt and dd: the Change link is part of the value. */}
      <dd className={styles.value}>
        <Typography.Text className={styles.text}>{value || '—'}</Typography.Text>
        <Button type="link" onClick={onChange} aria-label={`Change ${label}`} className={styles.change}>
          Change
        </Button>
      </dd>
    </Flex>
  );
}

/** Log In Credentials: email, masked password and mobile #, each with a Change link opening its dialog. */
export function LoginCredentials(): ReactElement {
  const user = useAtomValue(signedInUserAtom);
  const [open, setOpen] = useState<CredentialDialog | null>(null);
  const email = user?.email ?? '';
  const close = (): void => setOpen(null);
  const { styles } = useStyles();

  return (
    <Card>
      <dl className={styles.list}>
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
