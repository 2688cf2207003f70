import { Button, Flex, Form, Radio, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, useMemo, useState } from 'react';
import { serverMessage } from '../../api/apiError';
import { credentialingApi, type FileView } from '../api/credentialingApi';
import { useSavedToast } from '../hooks/useSavedToast';
import { toShownDate } from '../logic/dates';
import { ATTESTATION_QUESTIONS, type AttestationValues, attestationErrors, attestationPayload } from '../logic/otherForms';
import { FieldBox, FormFailure, TextControl } from './FormControls';

const useStyles = createStyles(({ token, css }) => ({
  answers: css`
    margin: 0;
    padding-inline-start: 20px;
    display: flex;
    flex-direction: column;
    gap: ${token.marginXXS}px;
  `,
  question: css`
    min-width: 0;
  `,
  answer: css`
    white-space: nowrap;
  `,
  paragraph: css`
    && {
      margin-top: ${token.marginXS}px;
    }
  `,
  signature: css`
    flex: 1 1 220px;
  `,
  date: css`
    flex: 0 1 160px;
  `,
}));

type AttestationSectionProps = { file: FileView; today: string; onSaved: (file: FileView) => void };

/**
 * The provider's attestation: the provider answers the five questions and signs (typed name and
 * date) from their own workspace; everyone else sees it read-only.
 */
export function AttestationSection({ file, today, onSaved }: AttestationSectionProps): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
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
      <ol aria-label="Attestation answers" className={styles.answers}>
        {ATTESTATION_QUESTIONS.map((q) => (
          <li key={q.name}>
            <Flex gap={token.marginSM} justify="space-between">
              <span className={styles.question}>{q.text}</span>
              <strong className={styles.answer}>{signed[q.name] ? 'Yes' : 'No'}</strong>
            </Flex>
          </li>
        ))}
      </ol>
      {signed.explanation ? <Typography.Paragraph className={styles.paragraph}>Explanation: {signed.explanation}</Typography.Paragraph> : null}
      <Typography.Paragraph className={styles.paragraph} data-testid="attestation-signature">
        Signed by <strong>{signed.signature}</strong> on {toShownDate(signed.signedOn)}
      </Typography.Paragraph>
      {file.can.attest ? (
        <Button onClick={() => setSigning(true)}>Sign Again</Button>
      ) : null}
    </div>
  );
}

function AttestationForm({ file, today, onSaved }: AttestationSectionProps): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
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
  const toast = useSavedToast();
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
      toast('The attestation was signed.');
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
      <Flex gap={token.marginSM} wrap>
        <div className={styles.signature}>
          <FieldBox label="Signature (type your full name)" required error={messageOf('signature')}>
            <TextControl label="Signature" value={values.signature} onChange={(v) => set('signature', v)} maxLength={120} />
          </FieldBox>
        </div>
        <div className={styles.date}>
          <FieldBox label="Date" required error={messageOf('signedOn')}>
            <TextControl label="Date" value={values.signedOn} onChange={(v) => set('signedOn', v)} placeholder="mm/dd/yyyy" maxLength={10} />
          </FieldBox>
        </div>
      </Flex>
      {failure ? <FormFailure message={failure} /> : null}
      <Button type="primary" disabled={!valid || saving} loading={saving} onClick={() => void sign()}>
        Sign Attestation
      </Button>
    </Form>
  );
}
