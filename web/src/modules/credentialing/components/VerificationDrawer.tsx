import { credentialing } from '@app/contracts';
import { Button, Form, Typography } from 'antd';
import { type ReactElement, useMemo, useState } from 'react';
import { isApiError, serverMessage } from '../../api/apiError';
import { useFormState } from '../../profiles/hooks/useFormState';
import { SlideDrawer } from '../../widgets/components/SlideDrawer';
import { type CredentialView, credentialingApi, type FileView } from '../api/credentialingApi';
import { credentialSummary } from '../logic/credentialForm';
import { toShownDate, toWireDate } from '../logic/dates';
import { sourcesOf, type VerificationValues, verificationErrors } from '../logic/otherForms';
import { DocumentControl, FieldBox, FormFailure, FormFooter, SelectControl, TextControl } from './FormControls';

type VerificationDrawerProps = {
  credential: CredentialView | null;
  today: string;
  onClose: () => void;
  onSaved: (file: FileView) => void;
};

/** Records a manual primary-source verification of a credential with its evidence (PDF or image). */
export function VerificationDrawer({ credential, today, onClose, onSaved }: VerificationDrawerProps): ReactElement {
  return (
    <SlideDrawer open={credential !== null} onClose={onClose} placement="right" size="facility" title="Record Verification">
      {credential ? <VerificationForm key={credential.credentialId} credential={credential} today={today} onSaved={onSaved} /> : null}
    </SlideDrawer>
  );
}

function VerificationForm({ credential, today, onSaved }: { credential: CredentialView; today: string; onSaved: (file: FileView) => void }): ReactElement {
  const { values, edited, set } = useFormState<VerificationValues>({ source: sourcesOf(credential.kind)[0] ?? '', result: 'Verified', verifiedOn: toShownDate(today), note: '' });
  const [evidence, setEvidence] = useState<File | null>(null);
  const [evidenceTouched, setEvidenceTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ field?: string; message: string } | null>(null);
  const errors = useMemo(() => verificationErrors(values, evidence, today, credential.kind), [values, evidence, today, credential.kind]);
  const valid = Object.keys(errors).length === 0;
  const messageOf = (name: string, touched = edited.has(name as keyof VerificationValues)): string | null =>
    touched && errors[name] ? errors[name] : failure?.field === name ? failure.message : null;

  const save = async (): Promise<void> => {
    if (!valid || !evidence || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      onSaved(await credentialingApi.recordVerification(credential.credentialId, { ...values, verifiedOn: toWireDate(values.verifiedOn) ?? values.verifiedOn, note: values.note.trim() }, evidence));
    } catch (error) {
      setFailure({ field: isApiError(error) ? error.field : undefined, message: serverMessage(error) ?? 'The verification could not be recorded' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form layout="vertical" requiredMark={false} onSubmitCapture={(e) => e.preventDefault()}>
      <Typography.Paragraph strong>{credentialSummary(credential).title}</Typography.Paragraph>
      <FieldBox label="Source" required error={messageOf('source')}>
        {/* Only the primary sources of this kind of credential (the server refuses any other). */}
        <SelectControl label="Source" value={values.source} onChange={(v) => set('source', v)} options={sourcesOf(credential.kind)} />
      </FieldBox>
      <FieldBox label="Result" required error={messageOf('result')}>
        <SelectControl label="Result" value={values.result} onChange={(v) => set('result', v)} options={credentialing.VERIFICATION_RESULTS} />
      </FieldBox>
      <FieldBox label="Verification Date" required error={messageOf('verifiedOn')}>
        <TextControl label="Verification Date" value={values.verifiedOn} onChange={(v) => set('verifiedOn', v)} placeholder="mm/dd/yyyy" maxLength={10} />
      </FieldBox>
      <FieldBox label="Note" error={messageOf('note')}>
        <TextControl label="Note" value={values.note} onChange={(v) => set('note', v)} multiline maxLength={1000} />
      </FieldBox>
      <FieldBox label="Evidence" required error={messageOf('evidence', evidenceTouched)} extra="The primary source's page or letter: a PDF, PNG or JPEG, up to 20 MB">
        <DocumentControl
          label="Evidence"
          file={evidence}
          onChange={(file) => {
            setEvidence(file);
            setEvidenceTouched(true);
          }}
        />
      </FieldBox>
      {failure && failure.field !== 'evidence' && !(failure.field && failure.field in values) ? <FormFailure message={failure.message} /> : null}
      <FormFooter>
        <Button type="primary" disabled={!valid || saving} loading={saving} onClick={() => void save()}>
          Record Verification
        </Button>
      </FormFooter>
    </Form>
  );
}
