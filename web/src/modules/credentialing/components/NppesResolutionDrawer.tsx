import { credentialing } from '@app/contracts';
import { Button, Form, Typography } from 'antd';
import { type ReactElement, useMemo, useState } from 'react';
import { isApiError, serverMessage } from '../../api/apiError';
import { SlideDrawer } from '../../widgets/components/SlideDrawer';
import { credentialingApi, type FileView, type VerificationView } from '../api/credentialingApi';
import { nppesResolutionErrors } from '../logic/otherForms';
import { DocumentControl, FieldBox, FormFailure, FormFooter, TextControl } from './FormControls';

type NppesResolutionDrawerProps = {
  providerId: string;
  /** The NPPES check to resolve (null: closed). */
  check: VerificationView | null;
  onClose: () => void;
  onSaved: (file: FileView) => void;
};

/**
 * Staff resolve the NPPES check's discrepancy: NPPES is a cross-check, the state board a licence's
 * primary source. Each licence the registry does not list relies on the state board's verification
 * of that licence (recorded first); a name needs a document; a note always says how.
 */
export function NppesResolutionDrawer({ providerId, check, onClose, onSaved }: NppesResolutionDrawerProps): ReactElement {
  return (
    <SlideDrawer open={check !== null} onClose={onClose} placement="right" size="facility" title="Resolve NPPES Discrepancy">
      {check ? <ResolutionForm key={check.verificationId} providerId={providerId} check={check} onSaved={onSaved} /> : null}
    </SlideDrawer>
  );
}

function ResolutionForm({ providerId, check, onSaved }: { providerId: string; check: VerificationView; onSaved: (file: FileView) => void }): ReactElement {
  const [note, setNote] = useState('');
  const [noteTouched, setNoteTouched] = useState(false);
  const [evidence, setEvidence] = useState<File | null>(null);
  const [evidenceTouched, setEvidenceTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ field?: string; message: string } | null>(null);
  const names = check.discrepancies.some((d) => d.field === 'lastName' || d.field === 'firstName');
  const licences = check.discrepancies.filter((d) => d.field.startsWith('stateLicense'));
  const errors = useMemo(() => nppesResolutionErrors({ note }, evidence, names), [note, evidence, names]);
  const valid = Object.keys(errors).length === 0;

  const save = async (): Promise<void> => {
    if (!valid || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      onSaved(await credentialingApi.resolveNppes(providerId, note.trim(), evidence));
    } catch (error) {
      setFailure({ field: isApiError(error) ? error.field : undefined, message: serverMessage(error) ?? 'The discrepancy could not be resolved' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form layout="vertical" requiredMark={false} onSubmitCapture={(e) => e.preventDefault()}>
      <Typography.Paragraph>
        NPPES licence fields are reported by the provider and often incomplete: the registry is a cross-check, not a licence&apos;s primary source.
      </Typography.Paragraph>
      <ul aria-label="Differences to resolve">
        {check.discrepancies.map((d) => (
          <li key={d.field}>
            {credentialing.discrepancyLabel(d.field)}: file says <strong>{d.file ?? '—'}</strong>, registry says <strong>{d.source ?? '—'}</strong>
          </li>
        ))}
      </ul>
      {licences.length ? (
        <Typography.Paragraph type="secondary">
          Each licence the registry does not list needs the state board&apos;s current Verified verification of that licence (its Verify button, source State board) before it is resolved here.
        </Typography.Paragraph>
      ) : null}
      <FieldBox label="Note" required error={(noteTouched && errors.note) || (failure?.field === 'note' ? failure.message : null)}>
        <TextControl
          label="Note"
          value={note}
          onChange={(v) => {
            setNote(v);
            setNoteTouched(true);
          }}
          multiline
          maxLength={2000}
        />
      </FieldBox>
      <FieldBox
        label="Evidence"
        required={names}
        error={(evidenceTouched && errors.evidence) || (failure?.field === 'evidence' ? failure.message : null)}
        extra={names ? 'The document that explains the name (e.g. the name change): a PDF, PNG or JPEG' : 'Optional: a PDF, PNG or JPEG'}
      >
        <DocumentControl
          label="Evidence"
          file={evidence}
          onChange={(file) => {
            setEvidence(file);
            setEvidenceTouched(true);
          }}
        />
      </FieldBox>
      {failure && failure.field !== 'note' && failure.field !== 'evidence' ? <FormFailure message={failure.message} /> : null}
      <FormFooter>
        <Button type="primary" disabled={!valid || saving} loading={saving} onClick={() => void save()}>
          Resolve Discrepancy
        </Button>
      </FormFooter>
    </Form>
  );
}
