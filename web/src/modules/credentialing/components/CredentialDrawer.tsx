import { Button, Form, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, useMemo, useState } from 'react';
import { isApiError, serverMessage } from '../../api/apiError';
import { useFormState } from '../../profiles/hooks/useFormState';
import { SlideDrawer } from '../../widgets/components/SlideDrawer';
import { type CredentialView, credentialingApi, type FileView } from '../api/credentialingApi';
import { useSavedToast } from '../hooks/useSavedToast';
import { type CredentialKind, credentialErrors, credentialPayload, emptyValues, kindInfo, valuesOf } from '../logic/credentialForm';
import { documentError } from '../logic/otherForms';
import { DocumentControl, FieldBox, FormFailure, FormFooter, SelectControl, TextControl } from './FormControls';
import { DocumentLink } from './DocumentLink';

const useStyles = createStyles(({ token, css }) => ({
  documents: css`
    list-style: none;
    padding: 0;
    margin: 0 0 ${token.marginSM}px;
  `,
  document: css`
    display: flex;
    align-items: center;
    gap: ${token.marginXS}px;
  `,
  note: css`
    && {
      font-size: ${token.fontSizeSM}px;
    }
  `,
}));

type CredentialDrawerProps = {
  providerId: string;
  /** The kind of a new credential, or the credential being changed. */
  target: { kind: CredentialKind; credential: CredentialView | null } | null;
  onClose: () => void;
  onSaved: (file: FileView) => void;
};

const DEFAULTS: Partial<Record<CredentialKind, Record<string, string>>> = { stateLicense: { status: 'Active' }, boardCertification: { status: 'Certified' } };

/** Adds or changes one credential: its kind's fields (dates mm/dd/yyyy) and a document; the button is enabled once the form is valid. */
export function CredentialDrawer({ providerId, target, onClose, onSaved }: CredentialDrawerProps): ReactElement {
  const info = target ? kindInfo(target.kind) : null;
  return (
    <SlideDrawer open={target !== null} onClose={onClose} placement="right" size="facility" title={info ? `${target?.credential ? 'Edit' : 'Add'} ${info.single}` : ''}>
      {target ? <CredentialForm key={target.credential?.credentialId ?? target.kind} providerId={providerId} kind={target.kind} credential={target.credential} onSaved={onSaved} /> : null}
    </SlideDrawer>
  );
}

function CredentialForm({ providerId, kind, credential, onSaved }: { providerId: string; kind: CredentialKind; credential: CredentialView | null; onSaved: (file: FileView) => void }): ReactElement {
  const { styles } = useStyles();
  const info = kindInfo(kind);
  const { values, edited, set } = useFormState<Record<string, string>>(credential ? valuesOf(credential) : { ...emptyValues(kind), ...DEFAULTS[kind] });
  const [document, setDocument] = useState<File | null>(null);
  const [kept, setKept] = useState<readonly string[]>(credential?.documents ?? []);
  const [documentTouched, setDocumentTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ field?: string; message: string } | null>(null);
  const errors = useMemo(() => credentialErrors(kind, values), [kind, values]);
  const docError = documentError('Document', document, false);
  const valid = Object.keys(errors).length === 0 && !docError;
  const toast = useSavedToast();

  const save = async (): Promise<void> => {
    if (!valid || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      onSaved(await credentialingApi.saveCredential(providerId, credential?.credentialId ?? null, credentialPayload(kind, values), kept, document));
      toast(credential ? `The changes to the ${info.single.toLowerCase()} were saved.` : `The ${info.single.toLowerCase()} was added.`);
    } catch (error) {
      setFailure({ field: isApiError(error) ? error.field : undefined, message: serverMessage(error) ?? 'The credential could not be saved' });
    } finally {
      setSaving(false);
    }
  };

  const messageOf = (name: string): string | null => (edited.has(name) && errors[name] ? errors[name] : failure?.field === name ? failure.message : null);

  return (
    <Form layout="vertical" requiredMark={false} onSubmitCapture={(e) => e.preventDefault()}>
      {info.fields.map((field) => (
        <FieldBox key={field.name} label={field.label} required={field.required} error={messageOf(field.name)}>
          {field.type === 'select' || field.type === 'multi' ? (
            <SelectControl label={field.label} value={values[field.name] ?? ''} onChange={(v) => set(field.name, v)} options={field.options ?? []} multiple={field.type === 'multi'} />
          ) : (
            <TextControl label={field.label} value={values[field.name] ?? ''} onChange={(v) => set(field.name, v)} multiline={field.type === 'multiline'} placeholder={field.placeholder} maxLength={field.max} />
          )}
        </FieldBox>
      ))}
      <FieldBox label="Document" error={(documentTouched ? docError : null) ?? (failure?.field === 'file' ? failure.message : null)} extra="A PDF, PNG or JPEG, up to 20 MB">
        <DocumentControl
          label="Document"
          file={document}
          onChange={(file) => {
            setDocument(file);
            setDocumentTouched(true);
          }}
        />
      </FieldBox>
      {kept.length ? (
        <ul aria-label="Documents on file" className={styles.documents}>
          {kept.map((url, i) => (
            <li key={url} className={styles.document}>
              <DocumentLink url={url}>Document {i + 1}</DocumentLink>
              <Button size="small" type="link" danger onClick={() => setKept((current) => current.filter((x) => x !== url))}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {credential ? (
        <Typography.Paragraph type="secondary" className={styles.note}>
          Saving changes means its verifications must be redone.
        </Typography.Paragraph>
      ) : null}
      {failure && !failure.field ? <FormFailure message={failure.message} /> : null}
      {failure?.field && !info.fields.some((f) => f.name === failure.field) && failure.field !== 'file' ? (
        <FormFailure message={failure.message} />
      ) : null}
      <FormFooter>
        <Button type="primary" disabled={!valid || saving} loading={saving} onClick={() => void save()}>
          {credential ? 'Save Changes' : `Add ${info.single}`}
        </Button>
      </FormFooter>
    </Form>
  );
}
