import { credentialing } from '@app/contracts';
import { SIGNATURE_MAX, isValidSignature, pastDateProblem } from '@app/validation';
import type { AttestationInput } from '../api/credentialingApi';
import { toWireDate } from './dates';

/** Evidence and documents: PDFs and images up to 20 MB (the gateway checks their bytes too). */
export const DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const DOCUMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

/** The message of a chosen document (named by its label), or null when it can be sent. */
export function documentError(label: string, file: File | null, required: boolean): string | null {
  if (!file) return required ? `${label} is required (a PDF or an image)` : null;
  if (!(DOCUMENT_TYPES as readonly string[]).includes(file.type)) return `${label}: a PDF, PNG or JPEG file`;
  if (file.size > DOCUMENT_MAX_BYTES) return `${label}: at most 20 MB`;
  return null;
}

/** A date typed as mm/dd/yyyy that is not after today. */
function pastDateError(label: string, value: string, today: string): string | null {
  if (!value.trim()) return `${label} is required`;
  const wire = toWireDate(value);
  if (!wire) return `${label}: use mm/dd/yyyy`;
  const problem = pastDateProblem(wire, today);
  return problem ? `${label} ${problem}` : null;
}

export type VerificationValues = { source: string; result: string; verifiedOn: string; note: string };

/** The sources a manual verification of a kind may name (the contracts' table, the server's rule). */
export const sourcesOf = (kind: credentialing.CredentialKind): readonly credentialing.VerificationSource[] => credentialing.SOURCES_OF_KIND[kind];

export function verificationErrors(values: VerificationValues, evidence: File | null, today: string, kind?: credentialing.CredentialKind): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(credentialing.VERIFICATION_SOURCES as readonly string[]).includes(values.source)) errors.source = 'Source is required';
  else if (kind) {
    const mismatch = credentialing.sourceMismatch(kind, values.source as credentialing.VerificationSource);
    if (mismatch) errors.source = mismatch.replace(/^source: /, 'Source: ');
  }
  if (!(credentialing.VERIFICATION_RESULTS as readonly string[]).includes(values.result)) errors.result = 'Result is required';
  const date = pastDateError('Verification Date', values.verifiedOn, today);
  if (date) errors.verifiedOn = date;
  if (values.note.length > 1000) errors.note = 'Note: at most 1000 characters';
  const file = documentError('Evidence', evidence, true);
  if (file) errors.evidence = file;
  return errors;
}

export type NppesResolutionValues = { note: string };

/** The NPPES resolution's form: a note always; a document when a name differs. */
export function nppesResolutionErrors(values: NppesResolutionValues, evidence: File | null, needsDocument: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.note.trim()) errors.note = 'Note is required: say how the discrepancy was resolved';
  else if (values.note.length > 2000) errors.note = 'Note: at most 2000 characters';
  const file = documentError('Evidence', evidence, needsDocument);
  if (file) errors.evidence = file;
  return errors;
}

export type AttestationQuestion = keyof Pick<
  AttestationInput,
  'unableToPerformEssentialFunctions' | 'illegalDrugUse' | 'lossOfLicenseOrFelony' | 'limitationsOrDisciplinaryActions' | 'currentMalpracticeCoverage'
>;

/** The attestation's questions (NCQA) and the answer that needs no explanation. */
export const ATTESTATION_QUESTIONS: ReadonlyArray<{ name: AttestationQuestion; text: string; favourable: boolean }> = [
  { name: 'unableToPerformEssentialFunctions', text: 'Are you unable to perform the essential functions of your position, with or without accommodation?', favourable: false },
  { name: 'illegalDrugUse', text: 'Do you currently use illegal drugs?', favourable: false },
  { name: 'lossOfLicenseOrFelony', text: 'Have you ever lost a licence, or been convicted of a felony?', favourable: false },
  { name: 'limitationsOrDisciplinaryActions', text: 'Have your privileges ever been limited, or have you been the subject of disciplinary action?', favourable: false },
  { name: 'currentMalpracticeCoverage', text: 'Do you have current malpractice insurance coverage?', favourable: true },
];

export type AttestationValues = Record<AttestationQuestion, '' | 'yes' | 'no'> & { explanation: string; signature: string; signedOn: string };

export function attestationErrors(values: AttestationValues, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  ATTESTATION_QUESTIONS.forEach((q, i) => {
    if (!values[q.name]) errors[q.name] = `Question ${i + 1}: answer yes or no`;
  });
  const needsExplanation = ATTESTATION_QUESTIONS.some((q) => values[q.name] && (values[q.name] === 'yes') !== q.favourable);
  if (needsExplanation && !values.explanation.trim()) errors.explanation = 'Explanation is required when an answer needs one';
  if (values.explanation.length > 2000) errors.explanation = 'Explanation: at most 2000 characters';
  if (!values.signature.trim()) errors.signature = 'Signature (your full name) is required';
  else if (values.signature.trim().length > SIGNATURE_MAX) errors.signature = `Signature: at most ${SIGNATURE_MAX} characters`;
  else if (!isValidSignature(values.signature)) errors.signature = 'Signature: type your full name (at least two letters)';
  const date = pastDateError('Date', values.signedOn, today);
  if (date) errors.signedOn = date;
  return errors;
}

export function attestationPayload(values: AttestationValues): AttestationInput {
  const answers = Object.fromEntries(ATTESTATION_QUESTIONS.map((q) => [q.name, values[q.name] === 'yes'])) as Record<AttestationQuestion, boolean>;
  return { ...answers, explanation: values.explanation.trim() || undefined, signature: values.signature.trim(), signedOn: toWireDate(values.signedOn) ?? values.signedOn };
}

export type DecisionValues = { decision: '' | credentialing.Decision; note: string; reasons?: credentialing.DenialReason[] };

export function decisionErrors(values: DecisionValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.decision) errors.decision = 'Decision: Approved or Denied';
  if (values.decision === 'Denied' && !values.reasons?.length) errors.reasons = 'Reasons: a denial names at least one reason';
  if (!values.note.trim()) errors.note = 'Note is required';
  else if (values.note.length > 2000) errors.note = 'Note: at most 2000 characters';
  return errors;
}
