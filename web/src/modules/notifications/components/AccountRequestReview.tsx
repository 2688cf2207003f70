import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popconfirm, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, useId, useState } from 'react';
import { isApiError, serverMessage } from '../../api/apiError';
import { formatPhone } from '../../format';
import { FormError } from '../../ui/components/FormError';
import { accountRequestsApi } from '../api/accountRequestsApi';
import { notificationKeys } from '../logic/notificationsCache';
import { withAccountRequestStatus } from '../logic/notificationsList';
import type { AccountRequestStatus, Notification } from '../types/notification';

const useStyles = createStyles(({ token, css }) => ({
  box: css`
    margin: ${token.marginXS}px ${token.paddingSM}px ${token.paddingSM}px ${token.paddingSM + 32 + token.marginSM}px;
  `,
  details: css`
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    column-gap: ${token.marginSM}px;
    row-gap: 2px;
    margin: 0 0 ${token.marginSM}px;
    font-size: ${token.fontSizeSM}px;
    dt {
      color: ${token.colorTextSecondary};
    }
    dd {
      margin: 0;
      overflow-wrap: anywhere;
    }
  `,
  label: css`
    display: block;
    font-size: ${token.fontSizeSM}px;
    color: ${token.colorTextSecondary};
    margin-bottom: 2px;
  `,
  fieldError: css`
    display: block;
    font-size: ${token.fontSizeSM}px;
    color: ${token.colorError};
    margin-top: 2px;
  `,
  actions: css`
    display: flex;
    gap: ${token.marginXS}px;
    margin-top: ${token.marginSM}px;
  `,
  outcome: css`
    display: inline-flex;
    align-items: center;
    gap: ${token.marginXXS}px;
    font-size: ${token.fontSizeSM}px;
  `,
  approved: css`
    color: ${token.colorSuccessText};
  `,
  declined: css`
    color: ${token.colorTextSecondary};
  `,
}));

type AccountRequestReviewProps = { request: NonNullable<Notification['accountRequest']> };

function Outcome({ status }: { status: Exclude<AccountRequestStatus, 'pending'> }): ReactElement {
  const { styles, cx } = useStyles();
  return status === 'approved' ? (
    <span className={cx(styles.outcome, styles.approved)} role="status">
      <CheckCircleOutlined aria-hidden /> Approved: the account was created and its temporary password emailed
    </span>
  ) : (
    <span className={cx(styles.outcome, styles.declined)} role="status">
      <CloseCircleOutlined aria-hidden /> Declined: the requester was told by email
    </span>
  );
}

/**
 * Under a notification about an account request (master admin): while it is pending, who asked
 * (from the authorized query), the user name to give (suggested from the email, editable), and
 * Approve / Decline; once decided, the outcome. Every master admin's notification follows the
 * decision live (the notification is pushed again).
 */
export function AccountRequestReview({ request }: AccountRequestReviewProps): ReactElement {
  const { styles } = useStyles();
  const { requestId, status } = request;
  const queryClient = useQueryClient();
  const userNameId = useId();
  const [userName, setUserName] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ field?: string; message: string } | null>(null);
  const details = useQuery({
    queryKey: ['account-requests', requestId],
    queryFn: () => accountRequestsApi.get(requestId),
    enabled: status === 'pending',
    staleTime: 30_000,
  });

  const settle = (next: Exclude<AccountRequestStatus, 'pending'>): void => {
    queryClient.setQueriesData<Notification[]>({ queryKey: notificationKeys.all }, (list) =>
      Array.isArray(list) ? withAccountRequestStatus(list, requestId, next) : list,
    );
    void queryClient.invalidateQueries({ queryKey: ['account-requests', requestId] });
  };
  const onError = (error: unknown): void => {
    setFailure({ field: isApiError(error) ? error.field : undefined, message: serverMessage(error) ?? 'The decision could not be sent. Try again.' });
    // Decided meanwhile (another master admin): the details say how.
    if (isApiError(error) && error.status === 409 && !error.field) void details.refetch();
  };
  const approve = useMutation({
    mutationFn: (name: string) => accountRequestsApi.approve(requestId, name),
    onSuccess: () => settle('approved'),
    onError,
  });
  const decline = useMutation({ mutationFn: () => accountRequestsApi.decline(requestId), onSuccess: () => settle('declined'), onError });

  if (status !== 'pending') return <div className={styles.box}><Outcome status={status} /></div>;
  if (details.isPending) return <div className={styles.box}>Loading the request…</div>;
  if (details.isError) return <div className={styles.box}><FormError message={serverMessage(details.error) ?? 'The request could not be loaded.'} /></div>;
  const r = details.data.request;
  if (r.status !== 'pending') return <div className={styles.box}><Outcome status={r.status} /></div>;

  const name = userName ?? r.suggestedUserName;
  const busy = approve.isPending || decline.isPending;
  const userNameError = failure?.field === 'userName' ? failure.message : null;
  return (
    <div className={styles.box} role="group" aria-label={`Account request of ${r.name}`}>
      <dl className={styles.details}>
        <dt>Name</dt>
        <dd>{r.name}</dd>
        <dt>Email</dt>
        <dd>{r.email}</dd>
        <dt>Mobile</dt>
        <dd>{formatPhone(r.mobile)}</dd>
        <dt>NPI</dt>
        <dd>{r.npi ?? 'None given'}</dd>
        <dt>Practice</dt>
        <dd>{r.practice}</dd>
      </dl>
      <label className={styles.label} htmlFor={userNameId}>
        User name
      </label>
      <Input
        id={userNameId}
        size="small"
        value={name}
        maxLength={20}
        status={userNameError ? 'error' : undefined}
        aria-invalid={userNameError ? true : undefined}
        onChange={(event) => {
          setUserName(event.target.value);
          setFailure(null);
        }}
      />
      {userNameError ? <span className={styles.fieldError}>{userNameError}</span> : null}
      {failure && !userNameError ? (
        <Typography.Text type="danger" role="alert" className={styles.fieldError}>
          {failure.message}
        </Typography.Text>
      ) : null}
      <div className={styles.actions}>
        <Button type="primary" size="small" loading={approve.isPending} disabled={busy} onClick={() => approve.mutate(name.trim())}>
          Approve
        </Button>
        <Popconfirm
          title="Decline this account request?"
          description="The requester gets a short email."
          okText="Decline"
          cancelText="Cancel"
          onConfirm={() => decline.mutate()}
        >
          <Button size="small" danger loading={decline.isPending} disabled={busy}>
            Decline
          </Button>
        </Popconfirm>
      </div>
    </div>
  );
}
