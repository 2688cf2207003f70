import { Alert, Button, Flex, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { type ReactElement, useState } from 'react';
import type { credentialing } from '@app/contracts';
import { serverMessage } from '../../api/apiError';
import { DocumentLink } from '../../credentialing/components/DocumentLink';
import { monitoringApi } from '../api/monitoringApi';
import { mdy } from './exclusionText';

type Props = {
  providerId: string;
  match: credentialing.ExclusionMatchView & { clearance: credentialing.ClearanceView };
  /** The signed-in user (the one who asked cannot confirm). */
  userId: string | undefined;
  /** Whether the signed-in user may decide at all (the file's staff or the master admin). */
  canDecide: boolean;
  onDone: (matches: credentialing.ExclusionMatchView[], decision: credentialing.ClearanceDecision) => void;
  decide?: typeof monitoringApi.decideClearance;
};

/**
 * A clearance awaiting the second person: what was asked (reason, note, evidence, when); to a
 * second person Confirm and Reject (with a note); to the one who asked, that it waits, and
 * Withdraw (a rejection with a note).
 */
export function ClearancePending({ providerId, match, userId, canDecide, onDone, decide = monitoringApi.decideClearance }: Props): ReactElement {
  const c = match.clearance;
  const mine = userId === c.requestedBy;
  const [note, setNote] = useState('');
  const [sending, setSending] = useState<credentialing.ClearanceDecision | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async (decision: credentialing.ClearanceDecision) => {
    setSending(decision);
    setFailure(null);
    try {
      onDone((await decide(providerId, match.matchId, { decision, ...(note.trim() ? { note: note.trim() } : {}) })).matches, decision);
    } catch (error) {
      setFailure(serverMessage(error) ?? 'That did not work: try again');
    } finally {
      setSending(null);
    }
  };

  return (
    <Flex vertical gap={8} role="group" aria-label="Clearance pending confirmation">
      <div>
        <Tag color="gold">Clearance pending confirmation</Tag>
        <Typography.Text>
          {c.reason}, asked {mdy(c.requestedAt.slice(0, 10))}
          {` by ${c.requestedByName}`}
        </Typography.Text>
      </div>
      <Typography.Text>Note: {c.note}</Typography.Text>
      <DocumentLink url={c.evidence.fileUrl}>Evidence: {c.evidence.fileName}</DocumentLink>
      <Typography.Text type="secondary">
        {mine
          ? 'A second person (another master admin or the provider’s credentialing staff) must confirm it; until then the provider stays excluded.'
          : 'Until a second person confirms, the provider stays excluded.'}
      </Typography.Text>
      {canDecide ? (
        <>
          <Input.TextArea aria-label="Decision note" rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} placeholder={mine ? 'Why you withdraw it' : 'Note (required to reject)'} />
          <Space wrap>
            {mine ? null : (
              <Popconfirm title="Confirm the clearance? The provider will no longer be excluded." okText="Confirm" onConfirm={() => void send('Confirm')}>
                <Button type="primary" loading={sending === 'Confirm'}>
                  Confirm clearance
                </Button>
              </Popconfirm>
            )}
            <Button danger disabled={!note.trim()} loading={sending === 'Reject'} onClick={() => void send('Reject')}>
              {mine ? 'Withdraw' : 'Reject'}
            </Button>
          </Space>
        </>
      ) : null}
      {failure && <Alert type="error" showIcon message={failure} />}
    </Flex>
  );
}
