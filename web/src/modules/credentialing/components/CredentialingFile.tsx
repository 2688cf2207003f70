import { CheckCircleFilled, DeleteOutlined, EditOutlined, ExclamationCircleFilled, MailOutlined, PlusOutlined, SafetyCertificateOutlined, SendOutlined, SyncOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Popconfirm, Radio, Space, Spin, Steps, Tag, Timeline, Tooltip, Typography, theme } from 'antd';
import { useAtomValue } from 'jotai';
import { type ReactElement, type ReactNode, useCallback, useEffect, useState } from 'react';
import { serverMessage } from '../../api/apiError';
import { useAlerts } from '../../alerts';
import { useMediaQuery } from '../../layout/hooks/useMediaQuery';
import { ExclusionMatchesCard, FileMonitoringAlerts } from '../../monitoring';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { type CredentialView, credentialingApi, type FileView, type VerificationView } from '../api/credentialingApi';
import { CREDENTIAL_KINDS, type CredentialKind, credentialDates, credentialSummary } from '../logic/credentialForm';
import { expiryBadge, todayWire, toShownDate, withShownDates } from '../logic/dates';
import { RESULT_COLOURS, STATUS_COLOURS, statusSteps } from '../logic/fileStatus';
import { AttestationSection } from './AttestationSection';
import { CredentialDrawer } from './CredentialDrawer';
import { DecisionDialog } from './DecisionDialog';
import { EvidenceLink } from './EvidenceLink';
import { VerificationDrawer } from './VerificationDrawer';

type CredentialingFileProps = {
  /** Whose file. */
  providerId: string;
  /** Today as yyyy-mm-dd (default: the browser's day), for the expiry badges and date defaults. */
  today?: string;
};

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'none' } | { state: 'file'; file: FileView };

/**
 * The provider's credentialing file (issue #20): the status steps, what is still open, the
 * application's declarations, the credentials by kind with their expiry badges, documents and
 * verifications (each with its evidence), the automatic checks, the attestation and the history;
 * with the actions the caller's role allows (the server's `can`, checked again on every call).
 */
export function CredentialingFile({ providerId, today = todayWire() }: CredentialingFileProps): ReactElement {
  const user = useAtomValue(signedInUserAtom);
  const { pushAlert } = useAlerts();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ kind: CredentialKind; credential: CredentialView | null } | null>(null);
  const [verifying, setVerifying] = useState<CredentialView | null>(null);
  const [deciding, setDeciding] = useState(false);
  const own = user?._id === providerId;

  useEffect(() => {
    let cancelled = false;
    setLoaded({ state: 'loading' });
    credentialingApi.getFile(providerId).then(
      (file) => !cancelled && setLoaded(file ? { state: 'file', file } : { state: 'none' }),
      (error: unknown) => !cancelled && setLoaded({ state: 'failed', message: serverMessage(error) ?? 'The file could not be loaded' }),
    );
    return () => {
      cancelled = true;
    };
  }, [providerId]);

  const show = useCallback((file: FileView) => {
    setLoaded({ state: 'file', file });
    setFailure(null);
  }, []);

  /** Loads the file again in place (e.g. after an exclusion match was resolved). */
  const reload = useCallback(() => {
    credentialingApi.getFile(providerId).then(
      (file) => file && show(file),
      (error: unknown) => setFailure(serverMessage(error) ?? 'The file could not be loaded'),
    );
  }, [providerId, show]);

  /** Runs one action of the file; its answer is the file as it now is. */
  const act = async (name: string, action: () => Promise<FileView>, done?: string): Promise<void> => {
    setBusy(name);
    setFailure(null);
    try {
      show(await action());
      if (done) pushAlert({ headerText: 'Credentialing', headerIcon: 'success', bodyText: done, autoDismiss: true, autoDismissTime: 5000 });
    } catch (error) {
      setFailure(serverMessage(error) ?? 'That did not work: try again');
    } finally {
      setBusy(null);
    }
  };

  const invite = async (): Promise<void> => {
    setBusy('invite');
    setFailure(null);
    try {
      const sent = await credentialingApi.invite(providerId);
      pushAlert({ headerText: 'Invitation sent', headerIcon: 'success', bodyText: `The provider was emailed a link to ${sent.sentTo} (valid until ${toShownDate(sent.expiresAt)}).`, autoDismiss: true, autoDismissTime: 6000 });
    } catch (error) {
      setFailure(serverMessage(error) ?? 'The invitation could not be sent');
    } finally {
      setBusy(null);
    }
  };

  if (loaded.state === 'loading') return <Spin tip="Loading the file" style={{ display: 'block', padding: 48 }}><div /></Spin>;
  if (loaded.state === 'failed') return <Alert type="error" showIcon message={loaded.message} role="alert" />;

  const inviteButton = !own ? (
    <Button icon={<MailOutlined />} loading={busy === 'invite'} onClick={() => void invite()}>
      Invite Provider
    </Button>
  ) : null;

  if (loaded.state === 'none') {
    return (
      <Card>
        <Empty
          description={own ? 'No credentialing file yet. Your practice’s credentialing staff start it; you will then fill in your application here.' : 'No credentialing file has been started for this provider.'}
        >
          {own ? null : (
            <Space wrap style={{ justifyContent: 'center' }}>
              <Button type="primary" icon={<PlusOutlined />} loading={busy === 'start'} onClick={() => void act('start', () => credentialingApi.startFile(providerId), 'The credentialing file was started.')}>
                Start Credentialing
              </Button>
              {inviteButton}
            </Space>
          )}
        </Empty>
        {failure ? <Alert type="error" showIcon message={failure} role="alert" /> : null}
      </Card>
    );
  }

  const file = loaded.file;
  const closed = file.status === 'Approved' || file.status === 'Denied';
  const staff = file.can.verify || file.can.start || file.can.decide || file.can.submit;

  return (
    <div aria-label="Credentialing file" style={{ display: 'flex', flexDirection: 'column', gap: 16, minWidth: 0 }}>
      <FileHeader file={file} />
      {failure ? <Alert type="error" showIcon message={failure} role="alert" closable onClose={() => setFailure(null)} /> : null}
      <Space wrap>
        {file.can.verify ? (
          <Button icon={<SyncOutlined />} loading={busy === 'checks'} onClick={() => void act('checks', () => credentialingApi.runChecks(providerId), 'The automatic checks ran.')}>
            Run Checks
          </Button>
        ) : null}
        {file.can.submit ? (
          <Tooltip title={file.openItems.length ? 'Close the open items first' : undefined}>
            <Button
              type="primary"
              icon={<SendOutlined />}
              disabled={file.openItems.length > 0}
              loading={busy === 'submit'}
              onClick={() => void act('submit', () => credentialingApi.submit(providerId), 'The file was submitted to the committee.')}
            >
              Submit to Committee
            </Button>
          </Tooltip>
        ) : null}
        {file.can.decide ? (
          <Button type="primary" icon={<SafetyCertificateOutlined />} onClick={() => setDeciding(true)}>
            Committee Decision
          </Button>
        ) : null}
        {file.can.start && closed ? (
          <Button icon={<PlusOutlined />} loading={busy === 'start'} onClick={() => void act('start', () => credentialingApi.startFile(providerId), 'Recredentialing was started.')}>
            Start Recredentialing
          </Button>
        ) : null}
        {staff ? inviteButton : null}
      </Space>
      {closed ? null : <OpenItems file={file} />}
      {file.monitoring?.exclusion ? <ExclusionMatchesCard providerId={providerId} canResolve={staff} refreshKey={file.monitoring.exclusion} onResolved={reload} /> : null}
      <Card size="small" title="Application">
        <Application file={file} busy={busy === 'application'} onDeclare={(answers) => void act('application', () => credentialingApi.declareApplication(providerId, answers))} />
      </Card>
      {CREDENTIAL_KINDS.map(({ kind, title, single }) => {
        const credentials = file.credentials.filter((c) => c.kind === kind);
        return (
          <Card
            key={kind}
            size="small"
            title={title}
            aria-label={title}
            styles={{ title: { whiteSpace: 'normal' } }}
            extra={
              file.can.edit ? (
                <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing({ kind, credential: null })} aria-label={`Add ${single}`}>
                  Add
                </Button>
              ) : null
            }
          >
            {credentials.length === 0 ? (
              <Typography.Text type="secondary">None recorded</Typography.Text>
            ) : (
              credentials.map((c) => (
                <CredentialItem
                  key={c.credentialId}
                  credential={c}
                  file={file}
                  today={today}
                  own={own}
                  removing={busy === `remove-${c.credentialId}`}
                  onEdit={() => setEditing({ kind, credential: c })}
                  onVerify={() => setVerifying(c)}
                  onRemove={() => void act(`remove-${c.credentialId}`, () => credentialingApi.removeCredential(providerId, c.credentialId))}
                />
              ))
            )}
          </Card>
        );
      })}
      <Card size="small" title="Automatic Checks" aria-label="Automatic Checks">
        {file.verifications.filter((v) => v.credentialId === null).length === 0 ? (
          <Typography.Text type="secondary">Not run yet{file.can.verify ? ': Run Checks matches the file against the NPPES registry.' : '.'}</Typography.Text>
        ) : (
          file.verifications.filter((v) => v.credentialId === null).map((v) => <VerificationLine key={v.verificationId} verification={v} own={own} userId={user?._id} />)
        )}
      </Card>
      <Card size="small" title="Attestation" aria-label="Attestation">
        <AttestationSection file={file} today={today} onSaved={show} />
      </Card>
      <Card size="small" title="History">
        <Timeline
          items={[...file.history].reverse().map((h) => ({
            key: `${h.at}-${h.to}`,
            children: (
              <span>
                <Tag color={STATUS_COLOURS[h.to]}>{h.to}</Tag> {toShownDate(h.at)} · {h.why}
              </span>
            ),
          }))}
        />
      </Card>
      <CredentialDrawer
        providerId={providerId}
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={(next) => {
          setEditing(null);
          show(next);
        }}
      />
      <VerificationDrawer
        credential={verifying}
        today={today}
        onClose={() => setVerifying(null)}
        onSaved={(next) => {
          setVerifying(null);
          show(next);
        }}
      />
      <DecisionDialog
        providerId={deciding ? providerId : null}
        onClose={() => setDeciding(false)}
        onSaved={(next) => {
          setDeciding(false);
          show(next);
        }}
      />
    </div>
  );
}

function FileHeader({ file }: { file: FileView }): ReactElement {
  // The five steps in a row need about 560 px: below 900 px (the admin drawer beside) they stack.
  const mobile = useMediaQuery('(max-width: 900px)');
  const steps = statusSteps(file.status);
  return (
    <Card size="small">
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 8, marginBottom: 12 }}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          {file.provider.name ?? 'Provider'}
        </Typography.Title>
        <Typography.Text type="secondary">{file.provider.npi ? `NPI ${file.provider.npi}` : 'NPI n/a'}</Typography.Text>
        <Typography.Text type="secondary">
          {file.cycle === 1 ? 'Initial credentialing' : `Recredentialing (cycle ${file.cycle})`}, started {toShownDate(file.startedOn)}
        </Typography.Text>
        <Tag color={STATUS_COLOURS[file.status]} data-testid="file-status">
          {file.status}
        </Tag>
      </div>
      <Steps
        size="small"
        direction={mobile ? 'vertical' : 'horizontal'}
        responsive={false}
        labelPlacement={mobile ? 'horizontal' : 'vertical'}
        current={steps.current}
        status={steps.error ? 'error' : file.status === 'Approved' ? 'finish' : 'process'}
        items={steps.titles.map((title) => ({ title }))}
        aria-label="Status"
      />
      <FileMonitoringAlerts monitoring={file.monitoring} recredentialingDueOn={file.recredentialingDueOn} />
      {file.decision ? (
        <Alert
          style={{ marginTop: 12 }}
          type={file.decision.decision === 'Approved' ? 'success' : 'error'}
          showIcon
          message={
            file.decision.decision === 'Approved' ? (
              <span>
                Approved on {toShownDate(file.decision.decidedOn)}. Recredentialing due on <strong data-testid="recredentialing-due">{toShownDate(file.recredentialingDueOn)}</strong>.
              </span>
            ) : (
              `Denied on ${toShownDate(file.decision.decidedOn)}. The file is kept for the record.`
            )
          }
          description={`Committee note: ${file.decision.note}`}
        />
      ) : null}
    </Card>
  );
}

function OpenItems({ file }: { file: FileView }): ReactElement {
  const { token } = theme.useToken();
  return (
    <Card size="small" title={`Open Items (${file.openItems.length})`} aria-label="Open items">
      {file.openItems.length === 0 ? (
        <Typography.Text>
          <CheckCircleFilled style={{ color: token.colorSuccess }} /> Nothing is open: the file can go to the committee.
        </Typography.Text>
      ) : (
        <ul role="list" aria-label="Open items checklist" style={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 6 }}>
          {file.openItems.map((item) => (
            // Two file-wide items can share a code (the NPPES check and the exclusion screening): the message tells them apart.
            <li key={`${item.code}-${item.credentialId ?? ''}-${item.message}`} style={{ display: 'flex', gap: 8, alignItems: 'baseline' }}>
              <ExclamationCircleFilled style={{ color: token.colorWarning, flexShrink: 0 }} aria-label="Open" />
              <span>{withShownDates(item.message)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Application({ file, busy, onDeclare }: { file: FileView; busy: boolean; onDeclare: (answers: { hasDea: boolean; hasBoardCertification: boolean }) => void }): ReactElement {
  const app = file.application;
  const [hasDea, setHasDea] = useState<boolean | undefined>(app?.hasDea);
  const [hasBoard, setHasBoard] = useState<boolean | undefined>(app?.hasBoardCertification);
  useEffect(() => {
    setHasDea(app?.hasDea);
    setHasBoard(app?.hasBoardCertification);
  }, [app?.hasDea, app?.hasBoardCertification]);
  const changed = hasDea !== app?.hasDea || hasBoard !== app?.hasBoardCertification;
  const yesNo = (value: boolean | undefined) => (value === undefined ? 'Not answered' : value ? 'Yes' : 'No');
  if (!file.can.edit) {
    return (
      <div>
        <div>Holds a DEA registration: {yesNo(app?.hasDea)}</div>
        <div>Holds a board certification: {yesNo(app?.hasBoardCertification)}</div>
      </div>
    );
  }
  const question = (label: string, value: boolean | undefined, set: (v: boolean) => void): ReactNode => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', marginBottom: 8 }}>
      <span style={{ flex: '1 1 240px' }}>{label}*</span>
      <div role="radiogroup" aria-label={label}>
        <Radio.Group value={value === undefined ? undefined : value ? 'yes' : 'no'} onChange={(e) => set(e.target.value === 'yes')}>
          <Radio value="yes">Yes</Radio>
          <Radio value="no">No</Radio>
        </Radio.Group>
      </div>
    </div>
  );
  return (
    <div>
      {question('Does the provider hold a DEA registration?', hasDea, setHasDea)}
      {question('Does the provider hold a board certification?', hasBoard, setHasBoard)}
      <Button disabled={hasDea === undefined || hasBoard === undefined || !changed} loading={busy} onClick={() => onDeclare({ hasDea: Boolean(hasDea), hasBoardCertification: Boolean(hasBoard) })}>
        Save Declarations
      </Button>
    </div>
  );
}

type CredentialItemProps = {
  credential: CredentialView;
  file: FileView;
  today: string;
  own: boolean;
  removing: boolean;
  onEdit: () => void;
  onVerify: () => void;
  onRemove: () => void;
};

function CredentialItem({ credential: c, file, today, own, removing, onEdit, onVerify, onRemove }: CredentialItemProps): ReactElement {
  const { token } = theme.useToken();
  const user = useAtomValue(signedInUserAtom);
  const summary = credentialSummary(c);
  const dates = credentialDates(c);
  const badge = expiryBadge(dates.expiresOn, today);
  const verifications = file.verifications.filter((v) => v.credentialId === c.credentialId);
  return (
    <div role="group" aria-label={summary.title} style={{ padding: `${token.paddingXS}px 0`, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', justifyContent: 'space-between' }}>
        <div style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {summary.title}
          </Typography.Text>{' '}
          {badge ? <Tag color={badge.color}>{badge.label}</Tag> : null}
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
              {summary.detail}
              {dates.issuedOn ? ` · Issued ${toShownDate(dates.issuedOn)}` : ''}
              {dates.expiresOn ? ` · Expires ${toShownDate(dates.expiresOn)}` : ''}
            </Typography.Text>
          </div>
          {c.documents.length ? (
            <Space size={12} wrap>
              {c.documents.map((url, i) => (
                <a key={url} href={url} target="_blank" rel="noreferrer">
                  Document {i + 1}
                </a>
              ))}
            </Space>
          ) : null}
        </div>
        <Space wrap size={4}>
          {file.can.verify && c.kind !== 'workHistory' ? (
            <Button size="small" onClick={onVerify}>
              Verify
            </Button>
          ) : null}
          {file.can.edit ? (
            <>
              <Button size="small" icon={<EditOutlined />} onClick={onEdit} aria-label={`Edit ${summary.title}`} />
              <Popconfirm title="Delete this credential?" okText="Delete" okButtonProps={{ danger: true }} onConfirm={onRemove}>
                <Button size="small" danger icon={<DeleteOutlined />} loading={removing} aria-label={`Delete ${summary.title}`} />
              </Popconfirm>
            </>
          ) : null}
        </Space>
      </div>
      {verifications.map((v) => (
        <VerificationLine key={v.verificationId} verification={v} own={own} userId={user?._id} />
      ))}
    </div>
  );
}

function VerificationLine({ verification: v, userId }: { verification: VerificationView; own: boolean; userId?: string }): ReactElement {
  return (
    <div aria-label={`${v.source} verification`} role="group" style={{ marginTop: 6, paddingInlineStart: 12, borderInlineStart: '3px solid rgba(0,0,0,0.08)' }}>
      <Space wrap size={6}>
        <Tag color={RESULT_COLOURS[v.result]}>{v.result}</Tag>
        <span>
          {v.source} · {v.method === 'automatic' ? 'automatic' : 'manual'} · {toShownDate(v.verifiedOn)}
          {v.method === 'manual' ? ` · by ${v.verifiedBy === userId ? 'you' : 'staff'}` : ''}
        </span>
        <EvidenceLink verification={v} />
      </Space>
      {v.note ? <div style={{ fontSize: 12 }}>{v.note}</div> : null}
      {v.discrepancies.length ? (
        <ul style={{ margin: '4px 0 0', paddingInlineStart: 20, fontSize: 12 }} aria-label="Discrepancies">
          {v.discrepancies.map((d) => (
            <li key={d.field}>
              {d.field}: file says <strong>{d.file ?? '—'}</strong>, source says <strong>{d.source ? withShownDates(d.source) : '—'}</strong>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
