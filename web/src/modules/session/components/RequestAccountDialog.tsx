import { CheckCircleOutlined } from '@ant-design/icons';
import { identity } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useAtom, useSetAtom } from 'jotai';
import { type ReactElement, useState } from 'react';
import { hasStatus, isApiError, serverMessage } from '../../api/apiError';
import { formatUsPhoneTyping } from '../../format';
import { AppDialog } from '../../ui/components/AppDialog';
import { FormError } from '../../ui/components/FormError';
import { identityApi } from '../api/identityApi';
import { loginDialogOpenAtom } from '../state/loginDialogOpenAtom';
import { requestAccountDialogOpenAtom } from '../state/requestAccountDialogOpenAtom';
import type { RequestAccountBody } from '../types/identityApi';

const useStyles = createStyles(({ token, css }) => ({
  intro: css`
    &.ant-typography {
      margin-bottom: ${token.marginSM}px;
      color: ${token.colorTextSecondary};
    }
  `,
  item: css`
    margin-bottom: ${token.marginSM}px;
  `,
  sent: css`
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: ${token.marginSM}px;
    text-align: center;
    padding: ${token.paddingSM}px 0;
  `,
  sentIcon: css`
    font-size: ${token.fontSizeHeading2}px;
    color: ${token.colorSuccess};
  `,
  signIn: css`
    margin-top: ${token.marginSM}px;
    text-align: center;
  `,
}));

type Field = keyof RequestAccountBody;
const FIELDS: readonly Field[] = ['name', 'email', 'mobile', 'npi', 'practice'];
const isField = (value: unknown): value is Field => typeof value === 'string' && (FIELDS as readonly string[]).includes(value);

/** A field's error under it (antd's error status and help text), or nothing. */
const fieldStatus = (message: string | undefined) => (message ? { validateStatus: 'error' as const, help: message } : {});

const EMPTY: RequestAccountBody = { name: '', email: '', mobile: '', npi: '', practice: '' };

/** The first message of each field the contract refuses (the server checks the same rules). */
function localErrors(values: RequestAccountBody): Partial<Record<Field, string>> {
  const parsed = identity.RequestAccountRequest.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isField(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * 'Request an account' (the avatar menu's Sign Up, signed out): name, email, US mobile, NPI
 * (optional) and practice go to the master admin, who approves or declines the request. The
 * answer is the same whatever the email; a field the server refuses shows under that field, a
 * 429 as a readable message.
 */
export function RequestAccountDialog(): ReactElement {
  const [open, setOpen] = useAtom(requestAccountDialogOpenAtom);
  return (
    <AppDialog title="Request an account" open={open} onCancel={() => setOpen(false)} maskClosable={false}>
      <RequestAccountForm onClose={() => setOpen(false)} />
    </AppDialog>
  );
}

function RequestAccountForm({ onClose }: { onClose: () => void }): ReactElement {
  const { styles } = useStyles();
  const [form] = Form.useForm<RequestAccountBody>();
  const setLoginOpen = useSetAtom(loginDialogOpenAtom);
  const [formError, setFormError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const request = useMutation({ mutationFn: (body: RequestAccountBody) => identityApi.requestAccount(body) });

  if (request.isSuccess) {
    return (
      <div className={styles.sent} role="status">
        <CheckCircleOutlined className={styles.sentIcon} aria-hidden />
        <Typography.Text strong>Request sent</Typography.Text>
        <Typography.Text>{request.data.message || identity.ACCOUNT_REQUEST_RECEIVED}</Typography.Text>
        <Button type="primary" block onClick={onClose} autoFocus>
          Done
        </Button>
      </div>
    );
  }

  const submit = (values: RequestAccountBody): void => {
    const body = { ...EMPTY, ...values };
    setFormError(null);
    const local = localErrors(body);
    setErrors(local);
    if (Object.keys(local).length) return;
    request.mutate(body, {
      onError: (failure) => {
        const message = serverMessage(failure);
        if (isApiError(failure) && failure.status === 400 && isField(failure.field) && message) setErrors({ [failure.field]: message });
        else if (hasStatus(failure, 429)) setFormError(message ?? 'Too many requests from this network. Try again later.');
        else setFormError(message ?? 'The request could not be sent. Check your connection and try again.');
      },
    });
  };

  return (
    <Form<RequestAccountBody>
      form={form}
      name="requestAccount"
      layout="vertical"
      requiredMark="optional"
      initialValues={EMPTY}
      onFinish={submit}
      onValuesChange={(changed: Partial<RequestAccountBody>) => {
        setFormError(null);
        // Typing in a field clears what was said about it.
        setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !(name in changed))));
      }}
    >
      <Typography.Paragraph className={styles.intro}>
        Tell us who you are. The administrator reviews each request and emails you the outcome.
      </Typography.Paragraph>
      <Form.Item label="Name" name="name" required className={styles.item} {...fieldStatus(errors.name)}>
        <Input autoComplete="name" maxLength={100} />
      </Form.Item>
      <Form.Item label="Email" name="email" required className={styles.item} {...fieldStatus(errors.email)}>
        <Input type="email" autoComplete="email" maxLength={254} />
      </Form.Item>
      <Form.Item
        label="Mobile"
        name="mobile"
        required
        className={styles.item}
        {...fieldStatus(errors.mobile)}
        getValueFromEvent={(event: { target: { value: string } }) => formatUsPhoneTyping(event.target.value)}
      >
        <Input type="tel" inputMode="tel" autoComplete="tel-national" placeholder="xxx-xxx-xxxx" />
      </Form.Item>
      <Form.Item label="NPI" name="npi" className={styles.item} {...fieldStatus(errors.npi)}>
        <Input inputMode="numeric" maxLength={10} />
      </Form.Item>
      <Form.Item label="Practice" name="practice" required className={styles.item} {...fieldStatus(errors.practice)}>
        <Input autoComplete="organization" maxLength={200} />
      </Form.Item>
      <FormError message={formError} />
      <Button type="primary" htmlType="submit" block loading={request.isPending}>
        Send Request
      </Button>
      <div className={styles.signIn}>
        <Button
          type="link"
          onClick={() => {
            onClose();
            setLoginOpen(true);
          }}
        >
          Already have an account? Log In
        </Button>
      </div>
    </Form>
  );
}
