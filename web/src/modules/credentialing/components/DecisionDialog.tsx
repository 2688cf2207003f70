import { credentialing } from '@app/contracts';
import { Button, Form, Radio } from 'antd';
import { type ReactElement, useMemo, useState } from 'react';
import { serverMessage } from '../../api/apiError';
import { AppDialog } from '../../ui/components/AppDialog';
import { FormError } from '../../ui/components/FormError';
import { credentialingApi, type FileView } from '../api/credentialingApi';
import { type DecisionValues, decisionErrors } from '../logic/otherForms';
import { FieldBox, TextControl } from './FormControls';

type DecisionDialogProps = { providerId: string | null; onClose: () => void; onSaved: (file: FileView) => void };

/** The committee's decision (master admin): Approved or Denied, with a note. */
export function DecisionDialog({ providerId, onClose, onSaved }: DecisionDialogProps): ReactElement {
  return (
    <AppDialog title="Committee Decision" open={providerId !== null} onCancel={onClose} maskClosable={false}>
      {providerId ? <DecisionForm providerId={providerId} onSaved={onSaved} /> : null}
    </AppDialog>
  );
}

function DecisionForm({ providerId, onSaved }: { providerId: string; onSaved: (file: FileView) => void }): ReactElement {
  const [values, setValues] = useState<DecisionValues>({ decision: '', note: '' });
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = useMemo(() => decisionErrors(values), [values]);
  const valid = Object.keys(errors).length === 0;
  const set = (name: keyof DecisionValues, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setEdited((current) => new Set([...current, name]));
    setFailure(null);
  };

  const decide = async (): Promise<void> => {
    if (!valid || !values.decision || saving) return;
    setSaving(true);
    try {
      onSaved(await credentialingApi.decide(providerId, values.decision, values.note.trim()));
    } catch (error) {
      setFailure(serverMessage(error) ?? 'The decision could not be recorded');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form layout="vertical" requiredMark={false} onSubmitCapture={(e) => e.preventDefault()}>
      <FieldBox label="Decision" required error={edited.has('decision') ? errors.decision : null}>
        <div role="radiogroup" aria-label="Decision">
          <Radio.Group value={values.decision || undefined} onChange={(e) => set('decision', String(e.target.value))}>
            {credentialing.DECISIONS.map((d) => (
              <Radio key={d} value={d}>
                {d}
              </Radio>
            ))}
          </Radio.Group>
        </div>
      </FieldBox>
      <FieldBox label="Note" required error={edited.has('note') ? errors.note : null}>
        <TextControl label="Note" value={values.note} onChange={(v) => set('note', v)} multiline maxLength={2000} />
      </FieldBox>
      <FormError message={failure} />
      <Button type="primary" block disabled={!valid || saving} loading={saving} onClick={() => void decide()}>
        Record Decision
      </Button>
    </Form>
  );
}
