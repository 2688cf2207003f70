import { Alert, Button, Descriptions, Form, Input, Radio, Typography } from 'antd';
import { type ReactElement, useState } from 'react';
import type { credentialing } from '@app/contracts';
import { serverMessage } from '../../api/apiError';
import { monitoringApi } from '../api/monitoringApi';
import { exclusionName, mdy } from './exclusionText';

export const EVIDENCE_ACCEPT = 'application/pdf,image/png,image/jpeg';
const MAX_NOTE = 1000;
const MAX_BYTES = 20 * 1024 * 1024;

type Props = {
  providerId: string;
  match: credentialing.ExclusionMatchView;
  onResolved: (matches: credentialing.ExclusionMatchView[]) => void;
  /** The resolve call (the gateway's by default). */
  resolve?: typeof monitoringApi.resolveMatch;
};

/** What is wrong with the form, by field (nothing: it may be sent). */
export function resolveMatchErrors(v: { resolution?: string; note: string; evidence: File | null }): Partial<Record<'resolution' | 'note' | 'evidence', string>> {
  const errors: Partial<Record<'resolution' | 'note' | 'evidence', string>> = {};
  if (v.resolution !== 'Confirmed' && v.resolution !== 'Not the same person') errors.resolution = 'Resolution: choose Confirmed or Not the same person';
  if (!v.note.trim()) errors.note = 'Note is required';
  else if (v.note.length > MAX_NOTE) errors.note = `Note: at most ${MAX_NOTE} characters`;
  if (!v.evidence) errors.evidence = 'Evidence is required (a PDF or an image)';
  else if (!EVIDENCE_ACCEPT.split(',').includes(v.evidence.type)) errors.evidence = 'Evidence: a PDF, PNG or JPEG file';
  else if (v.evidence.size > MAX_BYTES) errors.evidence = 'Evidence: at most 20 MB';
  return errors;
}

/**
 * 'Resolve possible match': the matched OIG exclusion row, then the person's decision —
 * `Confirmed` (it is the provider) or `Not the same person` — with a note and evidence (a PDF or
 * an image, e.g. the licence showing another date of birth). Send stays disabled until valid;
 * messages name the field.
 */
export function ResolveMatchForm({ providerId, match, onResolved, resolve = monitoringApi.resolveMatch }: Props): ReactElement {
  const [resolution, setResolution] = useState<credentialing.MatchResolution | undefined>();
  const [note, setNote] = useState('');
  const [evidence, setEvidence] = useState<File | null>(null);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = resolveMatchErrors({ resolution, note, evidence });
  const valid = Object.keys(errors).length === 0;
  const row = match.row;
  const shown = (field: keyof typeof errors) => (touched[field] ? errors[field] : undefined);

  const submit = async () => {
    if (!valid || !resolution || !evidence) return;
    setSending(true);
    setFailure(null);
    try {
      onResolved((await resolve(providerId, match.matchId, { resolution, note: note.trim(), evidence })).matches);
    } catch (error) {
      setFailure(serverMessage(error) ?? 'The match could not be resolved');
    } finally {
      setSending(false);
    }
  };

  return (
    <Form layout="vertical" onFinish={submit} aria-label="Resolve possible match">
      <Typography.Title level={4}>Resolve possible match</Typography.Title>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="Name">{exclusionName(row)}</Descriptions.Item>
        <Descriptions.Item label="NPI">{row.npi ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Date of birth">{mdy(row.dob) || '—'}</Descriptions.Item>
        <Descriptions.Item label="Address">{[row.address, row.city, row.state, row.zip].filter(Boolean).join(', ')}</Descriptions.Item>
        <Descriptions.Item label="Exclusion">{`${row.exclType ?? ''} since ${mdy(row.exclDate)}`}</Descriptions.Item>
        <Descriptions.Item label="Match">{`${match.kind} (${match.status})`}</Descriptions.Item>
      </Descriptions>
      <Form.Item label="Resolution" required validateStatus={shown('resolution') ? 'error' : undefined} help={shown('resolution')}>
        <Radio.Group
          value={resolution}
          onChange={(e) => {
            setResolution(e.target.value as credentialing.MatchResolution);
            setTouched((t) => ({ ...t, resolution: true }));
          }}
          options={[
            { label: 'Confirmed', value: 'Confirmed' },
            { label: 'Not the same person', value: 'Not the same person' },
          ]}
        />
      </Form.Item>
      <Form.Item label="Note" required validateStatus={shown('note') ? 'error' : undefined} help={shown('note')}>
        <Input.TextArea
          aria-label="Note"
          rows={3}
          maxLength={MAX_NOTE + 1}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, note: true }))}
        />
      </Form.Item>
      <Form.Item label="Evidence" required validateStatus={shown('evidence') ? 'error' : undefined} help={shown('evidence')}>
        <input
          aria-label="Evidence"
          type="file"
          accept={EVIDENCE_ACCEPT}
          onChange={(e) => {
            setEvidence(e.target.files?.[0] ?? null);
            setTouched((t) => ({ ...t, evidence: true }));
          }}
        />
      </Form.Item>
      {failure && <Alert type="error" showIcon message={failure} />}
      <Button type="primary" htmlType="submit" disabled={!valid} loading={sending}>
        Resolve
      </Button>
    </Form>
  );
}
