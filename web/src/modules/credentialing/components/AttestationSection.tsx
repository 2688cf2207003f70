import { Alert, Button, Form, Radio, Typography } from 'antd';
import { type ReactElement, useMemo, useState } from 'react';
import { serverMessage } from '../../api/apiError';
import { credentialingApi, type FileView } from '../api/credentialingApi';
import { toShownDate } from '../logic/dates';
import { ATTESTATION_QUESTIONS, type AttestationValues, attestationErrors, attestationPayload } from '../logic/otherForms';
import { FieldBox, TextControl } from './FormControls';

type AttestationSectionProps = { file: FileView; today: string; onSaved: (file: FileView) => void };

/**
 * The provider's attestation: the provider answers the five questions and signs (typed name and
 * date) from their own workspace; everyone else sees it read-only.
 */
export function AttestationSection({ file, today, onSaved }: AttestationSectionProps): ReactElement {
  const [signing, setSigning] = useState(false);
  const signed = file.attestation;
  const saved = (next: FileView) => {
    setSigning(false);
    onSaved(next);
  };
  if (file.can.attest && (!signed || signing)) return <AttestationForm file={file} today={today} onSaved={saved} />;
  if (!signed) {
    return <Typography.Paragraph type="secondary">Not signed yet: the provider answers the questions and signs from their own workspace.</Typography.Paragraph>;
  }
  return (
    <div>
      <ol aria-label="Attestation answers" style={{ margin: 0, paddingInlineStart: 20, display: 'flex', flexDirection: 'column', gap: 4 }}>
        {ATTESTATION_QUESTIONS.map((q) => (
          <li key={q.name}>
            <div style={{ display: 'flex', gap: 12, justifyContent: 'space-between' }}>
              <span style={{ minWidth: 0 }}>{q.text}</span>
              <strong style={{ whiteSpace: 'nowrap' }}>{signed[q.name] ? 'Yes' : 'No'}</strong>
            </div>
          </li>
        ))}
      </ol>
      {signed.explanation ? <Typography.Paragraph style={{ marginTop: 8 }}>Explanation: {signed.explanation}</Typography.Paragraph> : null}
      <Typography.Paragraph style={{ marginTop: 8 }} data-testid="attestation-signature">
        Signed by <strong>{signed.signature}</strong> on {toShownDate(signed.signedOn)}
      </Typography.Paragraph>
      {file.can.attest ? (
        <Button onClick={() => setSigning(true)}>Sign Again</Button>
      ) : null}
    </div>
  );
}

function AttestationForm({ file, today, onSaved }: AttestationSectionProps): ReactElement {
  const [values, setValues] = useState<AttestationValues>({
    unableToPerformEssentialFunctions: '',
    illegalDrugUse: '',
    lossOfLicenseOrFelony: '',
    limitationsOrDisciplinaryActions: '',
    currentMalpracticeCoverage: '',
    explanation: '',
    signature: '',
    signedOn: toShownDate(today),
  });
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = useMemo(() => attestationErrors(values, today), [values, today]);
  const valid = Object.keys(errors).length === 0;
  const set = (name: keyof AttestationValues, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setEdited((current) => new Set([...current, name]));
    setFailure(null);
  };
  const messageOf = (name: string) => (edited.has(name) ? (errors[name] ?? null) : null);

  const sign = async (): Promise<void> => {
    if (!valid || saving) return;
    setSaving(true);
    try {
      onSaved(await credentialingApi.signAttestation(file.providerId, attestationPayload(values)));
    } catch (error) {
      setFailure(serverMessage(error) ?? 'The attestation could not be signed');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form layout="vertical" requiredMark={false} onSubmitCapture={(e) => e.preventDefault()} aria-label="Attestation">
      {ATTESTATION_QUESTIONS.map((q, i) => (
        <FieldBox key={q.name} label={`${i + 1}. ${q.text}`} required error={messageOf(q.name)}>
          <div role="radiogroup" aria-label={`Question ${i + 1}`}>
            <Radio.Group value={values[q.name] || undefined} onChange={(e) => set(q.name, String(e.target.value))}>
              <Radio value="yes">Yes</Radio>
              <Radio value="no">No</Radio>
            </Radio.Group>
          </div>
        </FieldBox>
      ))}
      <FieldBox label="Explanation" error={messageOf('explanation') ?? (errors.explanation && ATTESTATION_QUESTIONS.some((q) => edited.has(q.name)) ? errors.explanation : null)} extra="Required when an answer above needs one">
        <TextControl label="Explanation" value={values.explanation} onChange={(v) => set('explanation', v)} multiline maxLength={2000} />
      </FieldBox>
      <Typography.Paragraph type="secondary">
        I attest that the information in this application is correct and complete, and I authorize its verification with the primary sources.
      </Typography.Paragraph>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <div style={{ flex: '1 1 220px' }}>
          <FieldBox label="Signature (type your full name)" required error={messageOf('signature')}>
            <TextControl label="Signature" value={values.signature} onChange={(v) => set('signature', v)} maxLength={120} />
          </FieldBox>
        </div>
        <div style={{ flex: '0 1 160px' }}>
          <FieldBox label="Date" required error={messageOf('signedOn')}>
            <TextControl label="Date" value={values.signedOn} onChange={(v) => set('signedOn', v)} placeholder="mm/dd/yyyy" maxLength={10} />
          </FieldBox>
        </div>
      </div>
      {failure ? <Alert type="error" showIcon message={failure} role="alert" style={{ marginBottom: 12 }} /> : null}
      <Button type="primary" disabled={!valid || saving} loading={saving} onClick={() => void sign()}>
        Sign Attestation
      </Button>
    </Form>
  );
}
