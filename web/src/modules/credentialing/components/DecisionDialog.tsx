import { credentialing } from '@app/contracts';
import { Button, Form, Radio, Select } from 'antd';
import { type ReactElement, useMemo, useState } from 'react';
import { serverMessage } from '../../api/apiError';
import { AppDialog } from '../../ui/components/AppDialog';
import { FormError } from '../../ui/components/FormError';
import { credentialingApi, type FileView } from '../api/credentialingApi';
import { type DecisionValues, decisionErrors } from '../logic/otherForms';
import { FieldBox, TextControl, useFormStyles } from './FormControls';

type DecisionDialogProps = { providerId: string | null; appeal?: boolean; onClose: () => void; onSaved: (file: FileView) => void };

/** The committee's decision (master admin), on the file or on its appeal: Approved or Denied (with its reason codes), with a note. */
export function DecisionDialog({ providerId, appeal, onClose, onSaved }: DecisionDialogProps): ReactElement {
  return (
    <AppDialog title={appeal ? 'Decision on the Appeal' : 'Committee Decision'} open={providerId !== null} onCancel={onClose} maskClosable={false}>
      {providerId ? <DecisionForm providerId={providerId} onSaved={onSaved} /> : null}
    </AppDialog>
  );
}

function DecisionForm({ providerId, onSaved }: { providerId: string; onSaved: (file: FileView) => void }): ReactElement {
  const { styles } = useFormStyles();
  const [values, setValues] = useState<DecisionValues>({ decision: '', note: '', reasons: [] });
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = useMemo(() => decisionErrors(values), [values]);
  const valid = Object.keys(errors).length === 0;
  const set = <K extends keyof DecisionValues>(name: K, value: DecisionValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setEdited((current) => new Set([...current, name]));
    setFailure(null);
  };

  const decide = async (): Promise<void> => {
    if (!valid || !values.decision || saving) return;
    setSaving(true);
    try {
      onSaved(await credentialingApi.decide(providerId, values.decision, values.note.trim(), values.decision === 'Denied' ? values.reasons : []));
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
          <Radio.Group value={values.decision || undefined} onChange={(e) => set('decision', e.target.value as credentialing.Decision)}>
            {credentialing.DECISIONS.map((d) => (
              <Radio key={d} value={d}>
                {d}
              </Radio>
            ))}
          </Radio.Group>
        </div>
      </FieldBox>
      {values.decision === 'Denied' ? (
        <FieldBox label="Reasons" required error={edited.has('reasons') ? errors.reasons : null} extra="Named in the decision letter to the provider">
          <Select
            aria-label="Reasons"
            mode="multiple"
            value={values.reasons}
            onChange={(next: credentialing.DenialReason[]) => set('reasons', next)}
            options={credentialing.DENIAL_REASONS.map((r) => ({ value: r, label: credentialing.DENIAL_REASON_LABELS[r] }))}
            placeholder="Choose one or more"
            className={styles.fill}
          />
        </FieldBox>
      ) : null}
      <FieldBox label={values.decision === 'Denied' ? 'Explanation' : 'Note'} required error={edited.has('note') ? errors.note : null}>
        <TextControl label="Note" value={values.note} onChange={(v) => set('note', v)} multiline maxLength={2000} />
      </FieldBox>
      <FormError message={failure} />
      <Button type="primary" block disabled={!valid || saving} loading={saving} onClick={() => void decide()}>
        Record Decision
      </Button>
    </Form>
  );
}
