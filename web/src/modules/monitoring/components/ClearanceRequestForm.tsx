import { Alert, Button, Form, Input, Radio, Typography } from 'antd';
import { type ReactElement, useState } from 'react';
import { credentialing } from '@app/contracts';
import { serverMessage } from '../../api/apiError';
import { monitoringApi } from '../api/monitoringApi';
import { EVIDENCE_ACCEPT } from './ResolveMatchForm';

const MAX_NOTE = 1000;
const MAX_BYTES = 20 * 1024 * 1024;

type Field = 'reason' | 'note' | 'evidence';

/** What is wrong with the clearance request, by field (nothing: it may be sent). */
export function clearanceRequestErrors(v: { reason?: string; note: string; evidence: File | null }): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!(credentialing.CLEARANCE_REASONS as readonly string[]).includes(v.reason ?? '')) errors.reason = `Reason: choose ${credentialing.CLEARANCE_REASONS.join(' or ')}`;
  if (!v.note.trim()) errors.note = 'Note is required';
  else if (v.note.length > MAX_NOTE) errors.note = `Note: at most ${MAX_NOTE} characters`;
  if (!v.evidence) errors.evidence = 'Evidence is required (the OIG reinstatement or the corrected listing, a PDF or an image)';
  else if (!EVIDENCE_ACCEPT.split(',').includes(v.evidence.type)) errors.evidence = 'Evidence: a PDF, PNG or JPEG file';
  else if (v.evidence.size > MAX_BYTES) errors.evidence = 'Evidence: at most 20 MB';
  return errors;
}

type Props = {
  providerId: string;
  match: credentialing.ExclusionMatchView;
  onDone: (matches: credentialing.ExclusionMatchView[]) => void;
  /** The request call (the gateway's by default). */
  request?: typeof monitoringApi.requestClearance;
};

/**
 * 'Clear NPI exclusion' (the master admin only): an NPI match is the provider's own NPI on the
 * OIG list, not a name that may be someone else's. It is cleared with a reason (an OIG
 * reinstatement, a corrected listing), a note and the evidence; a second person then confirms.
 */
export function ClearanceRequestForm({ providerId, match, onDone, request = monitoringApi.requestClearance }: Props): ReactElement {
  const [reason, setReason] = useState<credentialing.ClearanceReason | undefined>();
  const [note, setNote] = useState('');
  const [evidence, setEvidence] = useState<File | null>(null);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = clearanceRequestErrors({ reason, note, evidence });
  const valid = Object.keys(errors).length === 0;
  const shown = (field: Field) => (touched[field] ? errors[field] : undefined);

  const submit = async () => {
    if (!valid || !reason || !evidence) return;
    setSending(true);
    setFailure(null);
    try {
      onDone((await request(providerId, match.matchId, { reason, note: note.trim(), evidence })).matches);
    } catch (error) {
      setFailure(serverMessage(error) ?? 'The clearance could not be requested');
    } finally {
      setSending(false);
    }
  };

  return (
    <Form layout="vertical" onFinish={submit} aria-label="Clear NPI exclusion">
      <Typography.Title level={5}>Clear NPI exclusion</Typography.Title>
      <Typography.Paragraph type="secondary">
        The provider’s NPI is on the OIG exclusion list. Clear it only with OIG’s reinstatement or corrected listing as evidence; a second person (another master admin or the
        provider’s credentialing staff) must confirm before the file is no longer excluded.
      </Typography.Paragraph>
      <Form.Item label="Reason" required validateStatus={shown('reason') ? 'error' : undefined} help={shown('reason')}>
        <Radio.Group
          value={reason}
          onChange={(e) => {
            setReason(e.target.value as credentialing.ClearanceReason);
            setTouched((t) => ({ ...t, reason: true }));
          }}
          options={credentialing.CLEARANCE_REASONS.map((r) => ({ label: r, value: r }))}
        />
      </Form.Item>
      <Form.Item label="Note" required validateStatus={shown('note') ? 'error' : undefined} help={shown('note')}>
        <Input.TextArea aria-label="Clearance note" rows={3} maxLength={MAX_NOTE + 1} value={note} onChange={(e) => setNote(e.target.value)} onBlur={() => setTouched((t) => ({ ...t, note: true }))} />
      </Form.Item>
      <Form.Item label="Evidence" required validateStatus={shown('evidence') ? 'error' : undefined} help={shown('evidence')}>
        <input
          aria-label="Clearance evidence"
          type="file"
          accept={EVIDENCE_ACCEPT}
          onChange={(e) => {
            setEvidence(e.target.files?.[0] ?? null);
            setTouched((t) => ({ ...t, evidence: true }));
          }}
        />
      </Form.Item>
      {failure && <Alert type="error" showIcon message={failure} />}
      <Button type="primary" danger htmlType="submit" disabled={!valid} loading={sending}>
        Request clearance
      </Button>
    </Form>
  );
}
