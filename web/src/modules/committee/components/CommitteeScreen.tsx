import { type ReactElement, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Flex, Form, InputNumber, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { credentialing } from '@app/contracts';
import { isApiError } from '../../api/apiError';
import { committeeApi } from '../api/committeeApi';
import { useCommitteeRoles } from '../hooks/useCommitteeRoles';
import { useFileHref } from '../hooks/useFileHref';

const QUEUE_KEY = ['committee', 'queue'] as const;
const MEETINGS_KEY = ['committee', 'meetings'] as const;
const message = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

function Flags({ flags }: { flags: credentialing.FileFlag[] }): ReactElement {
  return (
    <Flex vertical gap={2}>
      {flags.map((f, i) => (
        <Typography.Text key={`${f.code}-${i}`}>
          <Tag color="orange">{credentialing.FLAG_LABELS[f.code]}</Tag>
          {f.message}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/**
 * The committee: clean files (the Medical Director approves them, one or a selected batch),
 * flagged files (a meeting decides them), the meetings and a new one. The server decides who may
 * (403 shows its message).
 */
export function CommitteeScreen(): ReactElement {
  const client = useQueryClient();
  const roles = useCommitteeRoles();
  const queue = useQuery({ queryKey: QUEUE_KEY, queryFn: () => committeeApi.queue() });
  const meetings = useQuery({ queryKey: MEETINGS_KEY, queryFn: () => committeeApi.meetings() });
  const [selected, setSelected] = useState<string[]>([]);
  const [feedback, setFeedback] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<'approve' | 'schedule' | null>(null);
  const isMd = roles.data?.me.medicalDirector === true;
  const fileLink = useFileHref();

  const approve = async () => {
    setBusy('approve');
    setFeedback(null);
    try {
      const reply = await committeeApi.approveClean(selected);
      setFeedback({ type: 'success', text: `${reply.approved.length} clean file${reply.approved.length === 1 ? '' : 's'} approved.` });
      setSelected([]);
    } catch (error) {
      setFeedback({ type: 'error', text: message(error, 'The files could not be approved') });
    } finally {
      setBusy(null);
      await client.invalidateQueries({ queryKey: QUEUE_KEY });
    }
  };

  const schedule = async (values: { meetsOn: Dayjs; quorum?: number }) => {
    setBusy('schedule');
    setFeedback(null);
    try {
      await committeeApi.scheduleMeeting({ meetsOn: values.meetsOn.format('YYYY-MM-DD'), ...(values.quorum ? { quorum: values.quorum } : {}) });
      setFeedback({ type: 'success', text: 'The meeting was scheduled with the flagged files on its agenda.' });
    } catch (error) {
      setFeedback({ type: 'error', text: message(error, 'The meeting could not be scheduled') });
    } finally {
      setBusy(null);
      await Promise.all([client.invalidateQueries({ queryKey: MEETINGS_KEY }), client.invalidateQueries({ queryKey: QUEUE_KEY })]);
    }
  };

  if (queue.isError) return <Alert type="error" showIcon role="alert" message={message(queue.error, 'The committee queue could not be loaded')} />;
  const provider = (e: credentialing.QueueEntry) => <Link to={fileLink(e.providerId)}>{e.provider ?? 'Provider'}</Link>;

  return (
    <Flex vertical gap={16} aria-label="Committee">
      <Typography.Title level={2}>Credentialing Committee</Typography.Title>
      {feedback ? <Alert type={feedback.type} showIcon role={feedback.type === 'error' ? 'alert' : 'status'} message={feedback.text} closable onClose={() => setFeedback(null)} /> : null}
      <Card
        size="small"
        title="Clean files"
        aria-label="Clean files"
        extra={
          isMd ? (
            <Button type="primary" disabled={!selected.length} loading={busy === 'approve'} onClick={() => void approve()}>
              Approve selected ({selected.length})
            </Button>
          ) : (
            <Typography.Text type="secondary">The Medical Director approves clean files</Typography.Text>
          )
        }
      >
        <Table<credentialing.QueueEntry>
          size="small"
          rowKey="providerId"
          loading={queue.isLoading}
          dataSource={queue.data?.clean ?? []}
          pagination={false}
          locale={{ emptyText: 'No clean file awaits approval' }}
          {...(isMd ? { rowSelection: { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } } : {})}
          columns={[
            { title: 'Provider', key: 'provider', render: (_, e) => provider(e) },
            { title: 'NPI', dataIndex: 'npi', render: (npi: string | null) => npi ?? 'n/a' },
            { title: 'Submitted', dataIndex: 'submittedOn' },
          ]}
        />
      </Card>
      <Card size="small" title="Flagged files" aria-label="Flagged files">
        <Table<credentialing.QueueEntry>
          size="small"
          rowKey="providerId"
          loading={queue.isLoading}
          dataSource={queue.data?.flagged ?? []}
          pagination={false}
          locale={{ emptyText: 'No flagged file awaits a meeting' }}
          columns={[
            { title: 'Provider', key: 'provider', render: (_, e) => provider(e) },
            { title: 'Flags', key: 'flags', render: (_, e) => <Flags flags={e.flags} /> },
            { title: 'Meeting', key: 'meeting', render: (_, e) => (e.meetingId ? <Link to={`meetings/${e.meetingId}`}>On the agenda</Link> : 'Not scheduled') },
          ]}
        />
      </Card>
      <Card size="small" title="Meetings" aria-label="Meetings">
        <Form layout="inline" onFinish={(v: { meetsOn: Dayjs; quorum?: number }) => void schedule(v)} initialValues={{ quorum: credentialing.DEFAULT_QUORUM }}>
          <Form.Item name="meetsOn" label="Date" rules={[{ required: true, message: 'Choose the meeting date' }]}>
            <DatePicker format="MM/DD/YYYY" aria-label="Meeting date" />
          </Form.Item>
          <Form.Item name="quorum" label="Quorum">
            <InputNumber min={1} max={50} aria-label="Quorum" />
          </Form.Item>
          <Button htmlType="submit" loading={busy === 'schedule'}>
            New Meeting
          </Button>
        </Form>
        <Table<credentialing.MeetingRow>
          size="small"
          rowKey="meetingId"
          loading={meetings.isLoading}
          dataSource={meetings.data?.meetings ?? []}
          pagination={false}
          locale={{ emptyText: 'No meeting yet' }}
          columns={[
            { title: 'Date', key: 'date', render: (_, m) => <Link to={`meetings/${m.meetingId}`}>{m.meetsOn}</Link> },
            { title: 'Present / quorum', key: 'quorum', render: (_, m) => `${m.present} / ${m.quorum}` },
            { title: 'Files decided', key: 'files', render: (_, m) => `${m.decided} of ${m.files}` },
            { title: 'Minutes', key: 'minutes', render: (_, m) => (m.minutes ? 'Generated' : '–') },
          ]}
        />
      </Card>
    </Flex>
  );
}
