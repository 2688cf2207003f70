import { type ReactElement, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Descriptions, Flex, Form, Input, Select, Tag, Typography } from 'antd';
import { createStyles } from 'antd-style';
import type { Dayjs } from 'dayjs';
import { credentialing } from '@app/contracts';
import { isApiError } from '../../api/apiError';
import { committeeApi } from '../api/committeeApi';
import { useCommitteeRoles } from '../hooks/useCommitteeRoles';
import { useFileHref } from '../hooks/useFileHref';

const useStyles = createStyles(() => ({ attendance: { minWidth: 320 } }));
const message = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);
const OUTCOME_OPTIONS = credentialing.MEETING_OUTCOMES.map((value) => ({ value, label: credentialing.MEETING_OUTCOME_LABELS[value] }));
const REASON_OPTIONS = credentialing.DENIAL_REASONS.map((value) => ({ value, label: credentialing.DENIAL_REASON_LABELS[value] }));

type OutcomeValues = { outcome: credentialing.MeetingOutcome; conditions?: string; followUpOn?: Dayjs; reasons?: credentialing.DenialReason[]; note?: string; questions?: string };

function OutcomeForm({ item, onSubmit, busy }: { item: credentialing.AgendaItemView; onSubmit: (v: OutcomeValues) => void; busy: boolean }): ReactElement {
  const [form] = Form.useForm<OutcomeValues>();
  const outcome = Form.useWatch('outcome', form);
  return (
    <Form form={form} layout="vertical" onFinish={onSubmit} aria-label={`Outcome for ${item.provider ?? 'the provider'}`}>
      <Form.Item name="outcome" label="Outcome" rules={[{ required: true, message: 'Choose the outcome' }]}>
        <Select options={OUTCOME_OPTIONS} aria-label="Outcome" />
      </Form.Item>
      {outcome === 'approve-with-conditions' ? (
        <>
          <Form.Item name="conditions" label="Conditions" rules={[{ required: true, message: 'Name the conditions' }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Form.Item name="followUpOn" label="Follow-up date" rules={[{ required: true, message: 'Choose the follow-up date' }]}>
            <DatePicker format="MM/DD/YYYY" />
          </Form.Item>
        </>
      ) : null}
      {outcome === 'deny' ? (
        <Form.Item name="reasons" label="Reasons" rules={[{ required: true, message: 'Choose at least one reason' }]}>
          <Select mode="multiple" options={REASON_OPTIONS} aria-label="Reasons" />
        </Form.Item>
      ) : null}
      {outcome === 'defer' ? (
        <Form.Item name="questions" label="Questions to staff" rules={[{ required: true, message: 'Ask staff the questions' }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      ) : null}
      <Form.Item name="note" label={outcome === 'deny' ? 'Explanation' : 'Note'} rules={outcome === 'deny' ? [{ required: true, message: 'Explain the denial' }] : []}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        Record Outcome
      </Button>
    </Form>
  );
}

function AgendaItem({ item, canDecide, busy, onOutcome }: { item: credentialing.AgendaItemView; canDecide: boolean; busy: boolean; onOutcome: (v: OutcomeValues) => void }): ReactElement {
  const o = item.outcome;
  const fileHref = useFileHref();
  return (
    <Card size="small" title={`${item.provider ?? 'Provider'}${item.npi ? ` · NPI ${item.npi}` : ''}`} aria-label={`Agenda: ${item.provider ?? 'Provider'}`} extra={<Link to={fileHref(item.providerId)}>Open file</Link>}>
      <Flex vertical gap={8}>
        <Flex vertical gap={2}>
          {item.flags.map((f, i) => (
            <Typography.Text key={`${f.code}-${i}`}>
              <Tag color="orange">{credentialing.FLAG_LABELS[f.code]}</Tag>
              {f.message}
            </Typography.Text>
          ))}
        </Flex>
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label="Status">{item.summary.status}</Descriptions.Item>
          <Descriptions.Item label="Credentials">{item.summary.credentials.join('; ') || 'None'}</Descriptions.Item>
          <Descriptions.Item label="Verifications">{item.summary.verifications.join('; ') || 'None'}</Descriptions.Item>
          <Descriptions.Item label="Attestation">{item.summary.attestation ?? 'Not signed'}</Descriptions.Item>
        </Descriptions>
        {o ? (
          <Alert
            type={o.outcome === 'deny' ? 'error' : o.outcome === 'defer' ? 'warning' : 'success'}
            showIcon
            message={`${credentialing.MEETING_OUTCOME_LABELS[o.outcome]} (recorded by ${o.byName})`}
            description={[o.conditions && `Conditions: ${o.conditions} (follow-up ${o.followUpOn})`, o.reasons.length ? `Reasons: ${o.reasons.map((r) => credentialing.DENIAL_REASON_LABELS[r]).join('; ')}` : null, o.note && `Note: ${o.note}`, o.questions && `Questions: ${o.questions}`]
              .filter(Boolean)
              .join(' · ')}
          />
        ) : canDecide ? (
          <OutcomeForm item={item} busy={busy} onSubmit={onOutcome} />
        ) : (
          <Typography.Text type="secondary">Not decided yet</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}

/** A committee meeting: attendance and quorum, the agenda (each flagged file with its flags, summary and outcome), the minutes. */
export function MeetingScreen(): ReactElement {
  const { meetingId = '' } = useParams();
  const client = useQueryClient();
  const key = ['committee', 'meeting', meetingId] as const;
  const meeting = useQuery({ queryKey: key, queryFn: () => committeeApi.meeting(meetingId), enabled: !!meetingId });
  const roles = useCommitteeRoles();
  const [present, setPresent] = useState<string[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const canDecide = roles.data?.me.committeeMember === true || roles.data?.me.medicalDirector === true;
  const { styles } = useStyles();

  const act = async (what: string, call: () => Promise<credentialing.MeetingReply>, done: string) => {
    setBusy(what);
    setFeedback(null);
    try {
      client.setQueryData(key, await call());
      setFeedback({ type: 'success', text: done });
    } catch (error) {
      setFeedback({ type: 'error', text: message(error, 'The meeting could not be changed') });
    } finally {
      setBusy(null);
    }
  };

  const downloadMinutes = async (m: credentialing.MeetingView) => {
    setBusy('download');
    try {
      const href = URL.createObjectURL(await committeeApi.minutesPdf(m.meetingId));
      const a = document.createElement('a');
      a.href = href;
      a.download = `committee-minutes-${m.meetsOn}.pdf`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
    } catch (error) {
      setFeedback({ type: 'error', text: message(error, 'The minutes could not be loaded') });
    } finally {
      setBusy(null);
    }
  };

  if (meeting.isError) return <Alert type="error" showIcon role="alert" message={message(meeting.error, 'The meeting could not be loaded')} />;
  const m = meeting.data?.meeting;
  if (!m) return <Card loading />;
  const members = (roles.data?.members ?? []).map((x) => ({ value: x.userId, label: `${x.name}${x.medicalDirector ? ' (Medical Director)' : ''}` }));
  const chosen = present ?? m.present.map((p) => p.userId);

  return (
    <Flex vertical gap={16} aria-label="Committee meeting">
      <Typography.Title level={2}>Committee meeting of {m.meetsOn}</Typography.Title>
      {feedback ? <Alert type={feedback.type} showIcon role={feedback.type === 'error' ? 'alert' : 'status'} message={feedback.text} closable onClose={() => setFeedback(null)} /> : null}
      <Card size="small" title="Attendance" aria-label="Attendance" extra={<Tag color={m.quorumMet ? 'green' : 'red'}>{m.quorumMet ? `Quorum met (${m.present.length} of ${m.quorum})` : `No quorum (${m.present.length} of ${m.quorum})`}</Tag>}>
        {canDecide ? (
          <Flex gap={8} wrap>
            <Select mode="multiple" className={styles.attendance} options={members} value={chosen} onChange={setPresent} aria-label="Members present" />
            <Button loading={busy === 'attendance'} onClick={() => void act('attendance', () => committeeApi.attendance(m.meetingId, chosen), 'The attendance was recorded.')}>
              Save Attendance
            </Button>
          </Flex>
        ) : (
          <Typography.Text>{m.present.map((p) => p.name).join(', ') || 'Nobody recorded yet'}</Typography.Text>
        )}
      </Card>
      <Typography.Title level={3}>Agenda</Typography.Title>
      {m.agenda.map((item) => (
        <AgendaItem
          key={`${item.providerId}-${item.cycleId}`}
          item={item}
          canDecide={canDecide}
          busy={busy === item.providerId}
          onOutcome={(v) =>
            void act(
              item.providerId,
              () =>
                committeeApi.outcome(m.meetingId, item.providerId, {
                  outcome: v.outcome,
                  ...(v.conditions ? { conditions: v.conditions } : {}),
                  ...(v.followUpOn ? { followUpOn: v.followUpOn.format('YYYY-MM-DD') } : {}),
                  reasons: v.reasons ?? [],
                  ...(v.note ? { note: v.note } : {}),
                  ...(v.questions ? { questions: v.questions } : {}),
                }),
              `The outcome for ${item.provider ?? 'the provider'} was recorded.`,
            )
          }
        />
      ))}
      <Card size="small" title="Minutes" aria-label="Minutes">
        <Flex gap={8} wrap>
          <Button loading={busy === 'minutes'} onClick={() => void act('minutes', () => committeeApi.generateMinutes(m.meetingId), 'The minutes were generated.')}>
            Generate Minutes
          </Button>
          <Button type="primary" disabled={!m.minutes.length} loading={busy === 'download'} onClick={() => void downloadMinutes(m)}>
            Download Minutes (PDF)
          </Button>
          {m.minutes.length ? <Typography.Text type="secondary">Last generated by {m.minutes.at(-1)?.generatedBy}</Typography.Text> : null}
        </Flex>
      </Card>
    </Flex>
  );
}
