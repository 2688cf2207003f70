import { CheckCircleFilled, DeleteOutlined, EditOutlined, ExclamationCircleFilled, MailOutlined, PlusOutlined, SafetyCertificateOutlined, SendOutlined, SyncOutlined } from '@ant-design/icons';
import { credentialing } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Popconfirm, Radio, Space, Spin, Steps, Tag, Tooltip, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { useAtomValue } from 'jotai';
import { type ReactElement, type ReactNode, useCallback, useEffect, useState } from 'react';
import { serverMessage } from '../../api/apiError';
import { useAlerts } from '../../alerts';
import { useMediaQuery } from '../../layout/hooks/useMediaQuery';
import { ExclusionMatchesCard, FileMonitoringAlerts } from '../../monitoring';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { type CredentialView, credentialingApi, type FileView, type VerificationView } from '../api/credentialingApi';
import { credentialingKeys } from '../logic/credentialingKeys';
import { FILE_FRESH_MS } from '../logic/prefetchFile';
import { CREDENTIAL_KINDS, type CredentialKind, credentialDates, credentialSummary } from '../logic/credentialForm';
import { expiryBadge, todayWire, toShownDate, withShownDates } from '../logic/dates';
import { RESULT_COLOURS, STATUS_COLOURS, statusSteps } from '../logic/fileStatus';
import { personName } from '../logic/people';
import { AttestationSection } from './AttestationSection';
import { CredentialDrawer } from './CredentialDrawer';
import { DecisionDialog } from './DecisionDialog';
import { DocumentLink } from './DocumentLink';
import { EvidenceLink } from './EvidenceLink';
import { FileCycles } from './FileCycles';
import { FileHistory } from './FileHistory';
import { NppesResolutionDrawer } from './NppesResolutionDrawer';
import { NoticeSection } from './NoticeSection';
import { FileFlags } from '../../committee/components/FileFlags';
import { OwnFileEmptyState } from './OwnFileEmptyState';
import { VerificationDrawer } from './VerificationDrawer';

type CredentialingFileProps = {
  /** Whose file. */
  providerId: string;
  /** Today as yyyy-mm-dd (default: the browser's day), for the expiry badges and date defaults. */
  today?: string;
};

const useStyles = createStyles(({ token, css }) => ({
  loader: css`
    && {
      display: block;
      padding: ${token.marginXXL}px;
    }
  `,
  centred: css`
    && {
      justify-content: center;
    }
  `,
  file: css`
    min-width: 0;
  `,
  headline: css`
    && {
      margin-bottom: ${token.marginSM}px;
    }
  `,
  name: css`
    && {
      margin: 0;
      font-size: 18px;
    }
  `,
  decision: css`
    && {
      margin-top: ${token.marginSM}px;
    }
  `,
  done: css`
    && {
      color: ${token.colorSuccess};
    }
  `,
  checklist: css`
    list-style: none;
    padding: 0;
    margin: 0;
    display: flex;
    flex-direction: column;
    gap: 6px;
  `,
  checklistItem: css`
    display: flex;
    gap: ${token.marginXS}px;
    align-items: baseline;
  `,
  open: css`
    && {
      color: ${token.colorWarning};
      flex-shrink: 0;
    }
  `,
  question: css`
    && {
      margin-bottom: ${token.marginXS}px;
    }
  `,
  questionLabel: css`
    flex: 1 1 240px;
  `,
  credential: css`
    padding: ${token.paddingXS}px 0;
    border-bottom: 1px solid ${token.colorBorderSecondary};
  `,
  credentialText: css`
    min-width: 0;
    flex: 1 1 260px;
  `,
  wrapAnywhere: css`
    && {
      overflow-wrap: anywhere;
    }
  `,
  detail: css`
    && {
      font-size: ${token.fontSizeSM}px;
      overflow-wrap: anywhere;
    }
  `,
  verification: css`
    margin-top: 6px;
    padding-inline-start: ${token.paddingSM}px;
    border-inline-start: 3px solid rgba(0, 0, 0, 0.08);
  `,
  small: css`
    font-size: ${token.fontSizeSM}px;
  `,
  discrepancies: css`
    margin: ${token.marginXXS}px 0 0;
    padding-inline-start: 20px;
    font-size: ${token.fontSizeSM}px;
  `,
}));

/**
 * The provider's credentialing file: the status steps, what is still open, the
 * application's declarations, the credentials by kind with their expiry badges, documents and
 * verifications (each with its evidence), the automatic checks, the attestation and the history;
 * with the actions the caller's role allows (the server's `can`, checked again on every call).
 */
export function CredentialingFile({ providerId, today = todayWire() }: CredentialingFileProps): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  const client = useQueryClient();
  const user = useAtomValue(signedInUserAtom);
  const { pushAlert } = useAlerts();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ kind: CredentialKind; credential: CredentialView | null } | null>(null);
  const [verifying, setVerifying] = useState<CredentialView | null>(null);
  const [resolving, setResolving] = useState<VerificationView | null>(null);
  const [deciding, setDeciding] = useState(false);
  const [asking, setAsking] = useState<string | null>(null);
  const own = user?._id === providerId;

  // The file is read afresh on every visit (a read of the last few seconds is this visit's: the
  // route's loader starts it with the code); every action answers with the file as it now is, which replaces it in the cache.
  const fileKey = credentialingKeys.file(providerId);
  const query = useQuery({ queryKey: fileKey, queryFn: () => credentialingApi.getFile(providerId), staleTime: FILE_FRESH_MS });
  const { refetch } = query;

  const show = useCallback(
    (file: FileView) => {
      client.setQueryData(credentialingKeys.file(providerId), file);
      setFailure(null);
    },
    [client, providerId],
  );

  /** Loads the file again in place (e.g. after an exclusion match was resolved); a failure shows above it. */
  const reload = useCallback(() => {
    void refetch().then((result) => (result.isError ? setFailure(serverMessage(result.error) ?? 'The file could not be loaded') : setFailure(null)));
  }, [refetch]);

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
      const bodyText =
        sent.invitation === 'sign-in' || !sent.expiresAt
          ? `The provider already has a password: ${sent.sentTo} was asked to sign in and complete the application.`
          : `The provider was emailed a one-time link to ${sent.sentTo} to set a password and complete the application (valid until ${toShownDate(sent.expiresAt)}).`;
      pushAlert({ headerText: 'Invitation sent', headerIcon: 'success', bodyText, autoDismiss: true, autoDismissTime: 6000 });
    } catch (error) {
      setFailure(serverMessage(error) ?? 'The invitation could not be sent');
    } finally {
      setBusy(null);
    }
  };

  if (query.data === undefined) {
    if (query.isError) return <Alert type="error" showIcon message={serverMessage(query.error) ?? 'The file could not be loaded'} role="alert" />;
    return (
      <Spin tip="Loading the file" className={styles.loader}>
        <div />
      </Spin>
    );
  }

  const inviteButton = !own ? (
    <Button icon={<MailOutlined />} loading={busy === 'invite'} onClick={() => void invite()}>
      Invite Provider
    </Button>
  ) : null;

  if (query.data === null) {
    if (own) return <OwnFileEmptyState />;
    return (
      <Card>
        <Empty description="No credentialing file has been started for this provider.">
          <Space wrap className={styles.centred}>
            <Button type="primary" icon={<PlusOutlined />} loading={busy === 'start'} onClick={() => void act('start', () => credentialingApi.startFile(providerId), 'The credentialing file was started.')}>
              Start Credentialing
            </Button>
            {inviteButton}
          </Space>
        </Empty>
        {failure ? <Alert type="error" showIcon message={failure} role="alert" /> : null}
      </Card>
    );
  }

  const file = query.data;
  const closed = file.status === 'Approved' || file.status === 'Denied';
  const staff = file.can.verify || file.can.start || file.can.decide || file.can.submit;

  return (
    <Flex vertical gap={token.margin} aria-label="Credentialing file" className={styles.file}>
      <FileHeader file={file} />
      <FileFlags committee={file.committee} verifications={file.verifications} />
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
          <Popconfirm
            title="Start recredentialing?"
            description={
              file.decision?.decision === 'Approved'
                ? 'A new cycle opens: credentials are verified again (education carries over) and the provider signs a new attestation. The approval stays in force until the new decision.'
                : 'A new cycle opens: credentials are verified again (education carries over) and the provider signs a new attestation.'
            }
            okText="Start Recredentialing"
            onConfirm={() => void act('start', () => credentialingApi.startFile(providerId), 'Recredentialing was started.')}
          >
            <Button icon={<PlusOutlined />} loading={busy === 'start'}>
              Start Recredentialing
            </Button>
          </Popconfirm>
        ) : null}
        {staff ? inviteButton : null}
      </Space>
      <NoticeSection providerId={providerId} file={file} asking={asking} onAsk={setAsking} onSaved={show} />
      {closed ? null : <OpenItems file={file} />}
      {file.monitoring?.exclusion ? (
        <div id="exclusion-matches">
          <ExclusionMatchesCard providerId={providerId} canResolve={staff} refreshKey={file.monitoring.exclusion} onResolved={reload} />
        </div>
      ) : null}
      <Card size="small" title="Application">
        <Application file={file} busy={busy === 'application'} onDeclare={(answers) => void act('application', () => credentialingApi.declareApplication(providerId, answers), 'The application’s declarations were saved.')} />
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
                <div key={c.credentialId} id={`credential-${c.credentialId}`}>
                  <CredentialItem
                    credential={c}
                    file={file}
                    today={today}
                    removing={busy === `remove-${c.credentialId}`}
                    onEdit={() => setEditing({ kind, credential: c })}
                    onVerify={() => setVerifying(c)}
                    onRemove={() => void act(`remove-${c.credentialId}`, () => credentialingApi.removeCredential(providerId, c.credentialId), `${credentialSummary(c).title} was removed.`)}
                    onAskCorrection={file.notice?.can.requestCorrection ? () => setAsking(`credential:${c.credentialId}`) : undefined}
                  />
                </div>
              ))
            )}
          </Card>
        );
      })}
      <Card id="automatic-checks" size="small" title="Automatic Checks" aria-label="Automatic Checks">
        {file.verifications.filter((v) => v.credentialId === null).length === 0 ? (
          <Typography.Text type="secondary">Not run yet{file.can.verify ? ': Run Checks matches the file against the NPPES registry.' : '.'}</Typography.Text>
        ) : (
          file.verifications
            .filter((v) => v.credentialId === null)
            .map((v, i, all) => (
              <VerificationLine
                key={v.verificationId}
                verification={v}
                file={file}
                // Only the latest NPPES check can be resolved.
                onResolve={file.can.verify && v.source === 'NPPES' && v.result === 'Discrepancy' && !v.resolution && !all.slice(i + 1).some((x) => x.source === 'NPPES') ? () => setResolving(v) : undefined}
              />
            ))
        )}
      </Card>
      <Card size="small" title="Attestation" aria-label="Attestation">
        <div id="attestation">
          <AttestationSection file={file} today={today} onSaved={show} />
        </div>
      </Card>
      <FileCycles file={file} />
      <FileHistory file={file} />
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
      <NppesResolutionDrawer
        providerId={providerId}
        check={resolving}
        onClose={() => setResolving(null)}
        onSaved={(next) => {
          setResolving(null);
          show(next);
          pushAlert({ headerText: 'Credentialing', headerIcon: 'success', bodyText: 'The NPPES discrepancy was resolved.', autoDismiss: true, autoDismissTime: 5000 });
        }}
      />
      <DecisionDialog
        providerId={deciding ? providerId : null}
        appeal={file.status === 'Appeal'}
        onClose={() => setDeciding(false)}
        onSaved={(next) => {
          setDeciding(false);
          show(next);
          pushAlert({ headerText: 'Credentialing', headerIcon: 'success', bodyText: `The decision (${next.status}) was recorded; the provider was sent the decision letter.`, autoDismiss: true, autoDismissTime: 5000 });
        }}
      />
    </Flex>
  );
}

function FileHeader({ file }: { file: FileView }): ReactElement {
  // The five steps in a row need about 560 px: below 900 px (the admin drawer beside) they stack.
  const mobile = useMediaQuery('(max-width: 900px)');
  const steps = statusSteps(file.status);
  const { token } = theme.useToken();
  const { styles } = useStyles();
  return (
    <Card size="small">
      <Flex wrap align="baseline" gap={token.marginXS} className={styles.headline}>
        <Typography.Title level={2} className={styles.name}>
          {file.provider.name ?? 'Provider'}
        </Typography.Title>
        <Typography.Text type="secondary">{file.provider.npi ? `NPI ${file.provider.npi}` : 'NPI n/a'}</Typography.Text>
        <Typography.Text type="secondary">
          {file.cycle === 1 ? 'Initial credentialing' : `Recredentialing (cycle ${file.cycle})`}, started {toShownDate(file.startedOn)}
        </Typography.Text>
        <Tag color={STATUS_COLOURS[file.status]} data-testid="file-status">
          {file.status}
        </Tag>
      </Flex>
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
      <FileMonitoringAlerts monitoring={file.monitoring} recredentialingDueOn={file.recredentialingDueOn ?? file.approvalInForce?.recredentialingDueOn ?? null} />
      {file.approvalInForce ? (
        <Alert
          className={styles.decision}
          type="success"
          showIcon
          role="status"
          aria-label="Approval in force"
          message={
            <span>
              Approved on {toShownDate(file.approvalInForce.decidedOn)} (cycle {file.approvalInForce.cycle}), in force until the new decision. Recredentialing due on{' '}
              <strong data-testid="recredentialing-due">{toShownDate(file.approvalInForce.recredentialingDueOn)}</strong>.
            </span>
          }
        />
      ) : null}
      {file.decision ? (
        <Alert
          className={styles.decision}
          type={file.decision.decision === 'Approved' ? 'success' : 'error'}
          showIcon
          message={
            file.decision.decision === 'Approved' ? (
              <span>
                Approved on {toShownDate(file.decision.decidedOn)} by {personName(file, file.decision.decidedBy)}. Recredentialing due on <strong data-testid="recredentialing-due">{toShownDate(file.recredentialingDueOn)}</strong>.
              </span>
            ) : (
              `Denied on ${toShownDate(file.decision.decidedOn)} by ${personName(file, file.decision.decidedBy)}. The file is kept for the record.`
            )
          }
          description={`Committee note: ${file.decision.note}`}
        />
      ) : null}
    </Card>
  );
}

function OpenItems({ file }: { file: FileView }): ReactElement {
  const { styles } = useStyles();
  return (
    <Card size="small" title={`Open Items (${file.openItems.length})`} aria-label="Open items">
      {file.openItems.length === 0 ? (
        <Typography.Text>
          <CheckCircleFilled className={styles.done} /> Nothing is open: the file can go to the committee.
        </Typography.Text>
      ) : (
        <ul role="list" aria-label="Open items checklist" className={styles.checklist}>
          {file.openItems.map((item) => (
            // Two file-wide items can share a code (the NPPES check and the exclusion screening): the message tells them apart.
            <li key={`${item.code}-${item.credentialId ?? ''}-${item.message}`} className={styles.checklistItem}>
              <ExclamationCircleFilled className={styles.open} aria-label="Open" />
              <span>{withShownDates(item.message)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Application({ file, busy, onDeclare }: { file: FileView; busy: boolean; onDeclare: (answers: { hasDea: boolean; hasBoardCertification: boolean }) => void }): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
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
    <Flex wrap gap={token.marginXS} align="center" className={styles.question}>
      <span className={styles.questionLabel}>{label}*</span>
      <div role="radiogroup" aria-label={label}>
        <Radio.Group value={value === undefined ? undefined : value ? 'yes' : 'no'} onChange={(e) => set(e.target.value === 'yes')}>
          <Radio value="yes">Yes</Radio>
          <Radio value="no">No</Radio>
        </Radio.Group>
      </div>
    </Flex>
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
  removing: boolean;
  onEdit: () => void;
  onVerify: () => void;
  onRemove: () => void;
  /** The provider asks their staff to correct this credential (absent: not offered). */
  onAskCorrection?: () => void;
};

function CredentialItem({ credential: c, file, today, removing, onEdit, onVerify, onRemove, onAskCorrection }: CredentialItemProps): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  const summary = credentialSummary(c);
  const dates = credentialDates(c);
  const badge = expiryBadge(dates.expiresOn, today);
  const verifications = file.verifications.filter((v) => v.credentialId === c.credentialId);
  return (
    <div role="group" aria-label={summary.title} className={styles.credential}>
      <Flex wrap gap={token.marginXS} align="center" justify="space-between">
        <div className={styles.credentialText}>
          <Typography.Text strong className={styles.wrapAnywhere}>
            {summary.title}
          </Typography.Text>{' '}
          {badge ? <Tag color={badge.color}>{badge.label}</Tag> : null}
          <div>
            <Typography.Text type="secondary" className={styles.detail}>
              {summary.detail}
              {dates.issuedOn ? ` · Issued ${toShownDate(dates.issuedOn)}` : ''}
              {dates.expiresOn ? ` · Expires ${toShownDate(dates.expiresOn)}` : ''}
            </Typography.Text>
          </div>
          {c.documents.length ? (
            <Space size={12} wrap>
              {c.documents.map((url, i) => (
                <DocumentLink key={url} url={url}>
                  Document {i + 1}
                </DocumentLink>
              ))}
            </Space>
          ) : null}
        </div>
        <Space wrap size={4}>
          {onAskCorrection ? (
            <Button size="small" onClick={onAskCorrection} aria-label={`Ask for a correction of ${summary.title}`}>
              Ask for Correction
            </Button>
          ) : null}
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
      </Flex>
      {verifications.map((v) => (
        <VerificationLine key={v.verificationId} verification={v} file={file} />
      ))}
    </div>
  );
}

type VerificationLineProps = { verification: VerificationView; file: FileView; onResolve?: () => void };

/** A verification: result, source, how, when and who (by name), the evidence, the differences found and, for NPPES, their resolution. */
function VerificationLine({ verification: v, file, onResolve }: VerificationLineProps): ReactElement {
  const { styles } = useStyles();
  const r = v.resolution;
  return (
    <div aria-label={`${v.source} verification`} role="group" className={styles.verification}>
      <Space wrap size={6}>
        <Tag color={RESULT_COLOURS[v.result]}>{v.result}</Tag>
        {r ? <Tag color="green">Resolved</Tag> : null}
        <span>
          {v.source} · {v.method === 'automatic' ? 'automatic' : 'manual'} · {toShownDate(v.verifiedOn)} · by {personName(file, v.verifiedBy)}
        </span>
        {v.carriedOverFrom !== undefined ? <Tag>Verified in cycle {v.carriedOverFrom}, not redone</Tag> : null}
        <EvidenceLink verification={v} />
      </Space>
      {v.note ? <div className={styles.small}>{v.note}</div> : null}
      {v.discrepancies.length ? (
        <ul className={styles.discrepancies} aria-label="Discrepancies">
          {v.discrepancies.map((d) => (
            <li key={d.field}>
              {credentialing.discrepancyLabel(d.field)}: file says <strong>{d.file ?? '—'}</strong>, source says <strong>{d.source ? withShownDates(d.source) : '—'}</strong>
            </li>
          ))}
        </ul>
      ) : null}
      {r ? (
        <div className={styles.small} role="note" aria-label="Resolution">
          Resolved by {personName(file, r.resolvedBy)} on {toShownDate(r.resolvedAt)}
          {r.licences.length ? ` with the state board's verification of ${r.licences.length === 1 ? 'the licence' : `${r.licences.length} licences`}` : ''}: {r.note}
          {r.evidence ? (
            <>
              {' '}
              <a href={r.evidence.fileUrl} target="_blank" rel="noreferrer">
                {r.evidence.fileName || 'Evidence'}
              </a>
            </>
          ) : null}
        </div>
      ) : null}
      {onResolve ? (
        <Button size="small" onClick={onResolve}>
          Resolve Discrepancy
        </Button>
      ) : null}
    </div>
  );
}
