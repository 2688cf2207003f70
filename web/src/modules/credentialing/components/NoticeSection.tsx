import { FilePdfOutlined, FormOutlined, PaperClipOutlined, RollbackOutlined } from '@ant-design/icons';
import { credentialing } from '@app/contracts';
import { Alert, Button, Card, Flex, Form, List, Select, Space, Tag, Typography, theme } from 'antd';
import { type ReactElement, useState } from 'react';
import { serverMessage } from '../../api/apiError';
import { useAlerts } from '../../alerts';
import { AppDialog } from '../../ui/components/AppDialog';
import { FormError } from '../../ui/components/FormError';
import { credentialingApi, type FileView } from '../api/credentialingApi';
import { credentialSummary } from '../logic/credentialForm';
import { toShownDate } from '../logic/dates';
import { DocumentControl, FieldBox, TextControl, useFormStyles } from './FormControls';

type NoticeSectionProps = {
  providerId: string;
  file: FileView;
  /** The item the provider asks a correction of (opens the request form), or null. */
  asking: string | null;
  onAsk: (subject: string | null) => void;
  onSaved: (file: FileView) => void;
};

/** What a correction request is about, in words. */
export function subjectLabel(file: FileView, subject: string): string {
  if (subject === 'file') return 'The file as a whole';
  if (subject === 'application') return 'Application questions';
  if (subject === 'attestation') return 'Attestation';
  const [kind, id] = subject.split(':');
  if (kind === 'credential') {
    const c = file.credentials.find((x) => x.credentialId === id);
    return c ? credentialSummary(c).title : 'A credential no longer in the file';
  }
  const v = file.verifications.find((x) => x.verificationId === id);
  return v ? `Verification: ${v.source}, ${toShownDate(v.verifiedOn)}` : 'A verification of an earlier cycle';
}

function subjectOptions(file: FileView): { value: string; label: string }[] {
  return [
    'file',
    'application',
    'attestation',
    ...file.credentials.map((c) => `credential:${c.credentialId}`),
    ...file.verifications.map((v) => `verification:${v.verificationId}`),
  ].map((value) => ({ value, label: subjectLabel(file, value) }));
}

/**
 * What the provider is told and may ask: the decision letters (PDF), the denial's reasons, the
 * appeal within 30 days of a denial (the provider requests it; staff and the master admin see it),
 * and the correction requests (the provider asks about an item; staff answer).
 */
export function NoticeSection({ providerId, file, asking, onAsk, onSaved }: NoticeSectionProps): ReactElement | null {
  const { token } = theme.useToken();
  const { pushAlert } = useAlerts();
  const [appealing, setAppealing] = useState(false);
  const [answering, setAnswering] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const notice = file.notice;
  if (!notice) return null;
  const toast = (bodyText: string) => pushAlert({ headerText: 'Credentialing', headerIcon: 'success', bodyText, autoDismiss: true, autoDismissTime: 5000 });
  const saved = (next: FileView, text: string) => {
    onSaved(next);
    toast(text);
  };

  const download = async (letter: credentialing.LetterView): Promise<void> => {
    setBusy(letter.letterId);
    setFailure(null);
    try {
      const href = URL.createObjectURL(await credentialingApi.letterPdf(letter.url));
      const a = document.createElement('a');
      a.href = href;
      a.download = `${letter.appeal ? 'appeal-decision' : 'decision'}-letter-${letter.decidedOn}.pdf`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
    } catch (error) {
      setFailure(serverMessage(error) ?? (error as Error).message ?? 'The letter could not be loaded');
    } finally {
      setBusy(null);
    }
  };

  const addDocument = async (document: File | null): Promise<void> => {
    if (!document) return;
    setBusy('appeal-document');
    setFailure(null);
    try {
      saved(await credentialingApi.addAppealDocument(providerId, document), 'The document was added to the appeal.');
    } catch (error) {
      setFailure(serverMessage(error) ?? 'The document could not be added');
    } finally {
      setBusy(null);
    }
  };

  const showDecision = notice.letters.length > 0 || notice.appeal !== null;
  const open = notice.corrections.filter((c) => !c.answeredAt).length;
  return (
    <>
      {failure ? <Alert type="error" showIcon message={failure} role="alert" closable onClose={() => setFailure(null)} /> : null}
      {showDecision ? (
        <Card size="small" title="Decision and Appeal" aria-label="Decision and appeal">
          <Flex vertical gap={token.marginSM}>
            {notice.reasons.length && (file.status === 'Denied' || file.status === 'Appeal') ? (
              <div>
                <Typography.Text strong>Reasons for the denial</Typography.Text>
                <ul aria-label="Denial reasons">
                  {notice.reasons.map((r) => (
                    <li key={r}>{credentialing.DENIAL_REASON_LABELS[r]}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {notice.letters.length ? (
              <List
                size="small"
                header={<Typography.Text strong>Decision letters</Typography.Text>}
                dataSource={[...notice.letters].reverse()}
                renderItem={(l) => (
                  <List.Item
                    actions={[
                      <Button key="open" size="small" icon={<FilePdfOutlined />} loading={busy === l.letterId} onClick={() => void download(l)} aria-label={`Download the letter of ${toShownDate(l.decidedOn)}`}>
                        Letter
                      </Button>,
                    ]}
                  >
                    <Space wrap size={4}>
                      <Tag color={l.decision === 'Approved' ? 'green' : 'red'}>{l.appeal && l.decision === 'Denied' ? 'Denial upheld' : l.decision}</Tag>
                      <span>
                        {l.appeal ? 'Appeal decision' : 'Committee decision'} of {toShownDate(l.decidedOn)}
                        {l.cycle > 1 ? ` (cycle ${l.cycle})` : ''}
                      </span>
                    </Space>
                  </List.Item>
                )}
              />
            ) : null}
            {notice.appealDeadline ? (
              <Alert
                type={notice.can.appeal ? 'info' : 'warning'}
                showIcon
                message={
                  notice.can.appeal
                    ? `You may appeal this denial until ${toShownDate(notice.appealDeadline)}, with a statement and supporting documents.`
                    : `The provider may appeal until ${toShownDate(notice.appealDeadline)}.`
                }
                action={
                  notice.can.appeal ? (
                    <Button type="primary" icon={<RollbackOutlined />} onClick={() => setAppealing(true)}>
                      Request Appeal
                    </Button>
                  ) : null
                }
              />
            ) : null}
            {notice.appeal ? (
              <div aria-label="Appeal">
                <Space wrap size={4}>
                  <Typography.Text strong>Appeal</Typography.Text>
                  <Tag color={notice.appeal.status === 'Requested' ? 'volcano' : notice.appeal.status === 'Approved' ? 'green' : 'red'}>
                    {notice.appeal.status === 'Requested' ? 'Before the committee' : notice.appeal.status === 'Approved' ? 'Approved' : 'Denial upheld'}
                  </Tag>
                  <Typography.Text type="secondary">
                    requested {toShownDate(notice.appeal.requestedOn)}
                    {notice.appeal.decidedOn ? `, decided ${toShownDate(notice.appeal.decidedOn)}` : ''}
                  </Typography.Text>
                </Space>
                <Typography.Paragraph>{notice.appeal.statement}</Typography.Paragraph>
                <Space wrap size={12}>
                  {notice.appeal.documents.map((d) => (
                    <a key={d.fileUrl} href={d.fileUrl} target="_blank" rel="noreferrer">
                      <PaperClipOutlined /> {d.fileName || 'Document'}
                    </a>
                  ))}
                  {notice.can.addAppealDocument ? (
                    <DocumentControl label="Add a document to the appeal" file={null} onChange={(f) => void addDocument(f)} />
                  ) : null}
                </Space>
                {notice.can.decideAppeal ? <Alert type="info" showIcon message="The appeal is before the committee: record the decision on it with Committee Decision." /> : null}
              </div>
            ) : null}
          </Flex>
        </Card>
      ) : null}
      {notice.corrections.length || notice.can.requestCorrection ? (
        <Card
          size="small"
          title={`Correction Requests${open ? ` (${open} open)` : ''}`}
          aria-label="Correction requests"
          extra={
            notice.can.requestCorrection ? (
              <Button size="small" icon={<FormOutlined />} onClick={() => onAsk('file')}>
                Ask for a Correction
              </Button>
            ) : null
          }
        >
          {notice.corrections.length === 0 ? (
            <Typography.Text type="secondary">None. If an item of your file is wrong, ask your credentialing staff to correct it.</Typography.Text>
          ) : (
            <List
              size="small"
              dataSource={[...notice.corrections].reverse()}
              renderItem={(c) => (
                <List.Item
                  actions={
                    !c.answeredAt && notice.can.answerCorrection
                      ? [
                          <Button key="answer" size="small" type="primary" onClick={() => setAnswering(c.correctionId)}>
                            Answer
                          </Button>,
                        ]
                      : []
                  }
                >
                  <Flex vertical gap={2}>
                    <Space wrap size={4}>
                      <Tag color={c.answeredAt ? 'green' : 'orange'}>{c.answeredAt ? 'Answered' : 'Open'}</Tag>
                      <Typography.Text strong>{subjectLabel(file, c.subject)}</Typography.Text>
                      <Typography.Text type="secondary">asked {toShownDate(c.requestedAt)}</Typography.Text>
                    </Space>
                    <Typography.Text>{c.note}</Typography.Text>
                    {c.answer ? (
                      <Typography.Text type="secondary">
                        Answer ({toShownDate(c.answeredAt)}): {c.answer}
                      </Typography.Text>
                    ) : null}
                  </Flex>
                </List.Item>
              )}
            />
          )}
        </Card>
      ) : null}
      <AppDialog title="Request an Appeal" open={appealing} onCancel={() => setAppealing(false)} maskClosable={false}>
        {appealing ? (
          <AppealForm
            providerId={providerId}
            deadline={notice.appealDeadline}
            onSaved={(next) => {
              setAppealing(false);
              saved(next, 'Your appeal was sent to the committee.');
            }}
          />
        ) : null}
      </AppDialog>
      <AppDialog title="Ask for a Correction" open={asking !== null} onCancel={() => onAsk(null)} maskClosable={false}>
        {asking !== null ? (
          <CorrectionForm
            providerId={providerId}
            file={file}
            subject={asking}
            onSaved={(next) => {
              onAsk(null);
              saved(next, 'Your correction request was sent to your credentialing staff.');
            }}
          />
        ) : null}
      </AppDialog>
      <AppDialog title="Answer the Correction Request" open={answering !== null} onCancel={() => setAnswering(null)} maskClosable={false}>
        {answering ? (
          <AnswerForm
            providerId={providerId}
            correctionId={answering}
            onSaved={(next) => {
              setAnswering(null);
              saved(next, 'The correction request was answered.');
            }}
          />
        ) : null}
      </AppDialog>
    </>
  );
}

/** Sends one form's call; its failure shows above the button. */
function useSend(): { saving: boolean; failure: string | null; send: (call: () => Promise<FileView>, onSaved: (file: FileView) => void, fallback: string) => Promise<void> } {
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async (call: () => Promise<FileView>, onSaved: (file: FileView) => void, fallback: string) => {
    if (saving) return;
    setSaving(true);
    setFailure(null);
    try {
      onSaved(await call());
    } catch (error) {
      setFailure(serverMessage(error) ?? fallback);
    } finally {
      setSaving(false);
    }
  };
  return { saving, failure, send };
}

function AppealForm({ providerId, deadline, onSaved }: { providerId: string; deadline: string | null; onSaved: (file: FileView) => void }): ReactElement {
  const [statement, setStatement] = useState('');
  const [document, setDocument] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const { saving, failure, send } = useSend();
  const error = !statement.trim() ? 'Statement is required' : statement.length > 5000 ? 'Statement: at most 5000 characters' : null;
  return (
    <Form layout="vertical" requiredMark={false} onSubmitCapture={(e) => e.preventDefault()}>
      {deadline ? <Typography.Paragraph type="secondary">Appeals are accepted until {toShownDate(deadline)}. The committee reviews the file again with your statement.</Typography.Paragraph> : null}
      <FieldBox label="Statement" required error={touched ? error : null}>
        <TextControl
          label="Statement"
          value={statement}
          onChange={(v) => {
            setStatement(v);
            setTouched(true);
          }}
          multiline
          maxLength={5000}
        />
      </FieldBox>
      <FieldBox label="Supporting document" extra="A PDF, PNG or JPEG, up to 20 MB; more can be added after sending">
        <DocumentControl label="Supporting document" file={document} onChange={setDocument} />
      </FieldBox>
      <FormError message={failure} />
      <Button type="primary" block disabled={!!error || saving} loading={saving} onClick={() => void send(() => credentialingApi.requestAppeal(providerId, statement.trim(), document), onSaved, 'The appeal could not be sent')}>
        Send Appeal
      </Button>
    </Form>
  );
}

function CorrectionForm({ providerId, file, subject: initial, onSaved }: { providerId: string; file: FileView; subject: string; onSaved: (file: FileView) => void }): ReactElement {
  const { styles } = useFormStyles();
  const [subject, setSubject] = useState(initial);
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const { saving, failure, send } = useSend();
  const error = !note.trim() ? 'Note is required' : note.length > 2000 ? 'Note: at most 2000 characters' : null;
  return (
    <Form layout="vertical" requiredMark={false} onSubmitCapture={(e) => e.preventDefault()}>
      <FieldBox label="Item" required>
        <Select aria-label="Item" value={subject} onChange={setSubject} options={subjectOptions(file)} className={styles.fill} />
      </FieldBox>
      <FieldBox label="What should be corrected" required error={touched ? error : null}>
        <TextControl
          label="What should be corrected"
          value={note}
          onChange={(v) => {
            setNote(v);
            setTouched(true);
          }}
          multiline
          maxLength={2000}
        />
      </FieldBox>
      <FormError message={failure} />
      <Button type="primary" block disabled={!!error || saving} loading={saving} onClick={() => void send(() => credentialingApi.requestCorrection(providerId, subject, note.trim()), onSaved, 'The request could not be sent')}>
        Send Request
      </Button>
    </Form>
  );
}

function AnswerForm({ providerId, correctionId, onSaved }: { providerId: string; correctionId: string; onSaved: (file: FileView) => void }): ReactElement {
  const [answer, setAnswer] = useState('');
  const [touched, setTouched] = useState(false);
  const { saving, failure, send } = useSend();
  const error = !answer.trim() ? 'Answer is required' : answer.length > 2000 ? 'Answer: at most 2000 characters' : null;
  return (
    <Form layout="vertical" requiredMark={false} onSubmitCapture={(e) => e.preventDefault()}>
      <FieldBox label="Answer" required error={touched ? error : null} extra="What was corrected, or why the item stays as it is. The provider is told.">
        <TextControl
          label="Answer"
          value={answer}
          onChange={(v) => {
            setAnswer(v);
            setTouched(true);
          }}
          multiline
          maxLength={2000}
        />
      </FieldBox>
      <FormError message={failure} />
      <Button type="primary" block disabled={!!error || saving} loading={saving} onClick={() => void send(() => credentialingApi.answerCorrection(providerId, correctionId, answer.trim()), onSaved, 'The answer could not be recorded')}>
        Send Answer
      </Button>
    </Form>
  );
}
