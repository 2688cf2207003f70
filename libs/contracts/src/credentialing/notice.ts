/**
 * The provider is told (NCQA CR 1, CR 6): the decision letter, the denial's reason codes, the
 * appeal within 30 days of a denial, and the provider's correction requests on items of their file.
 */
import { z } from 'zod';

/** Why a file is denied (a denial names one or more, plus text). */
export const DENIAL_REASONS = [
  'licence-action',
  'sanction-exclusion',
  'malpractice-history',
  'incomplete-application',
  'falsified-application',
  'criteria-not-met',
  'other',
] as const;
export type DenialReason = (typeof DENIAL_REASONS)[number];
export const DENIAL_REASON_LABELS: Record<DenialReason, string> = {
  'licence-action': 'Action against a licence',
  'sanction-exclusion': 'Sanction or exclusion (OIG, Medicare/Medicaid)',
  'malpractice-history': 'Malpractice claims history',
  'incomplete-application': 'Incomplete application',
  'falsified-application': 'Falsified or misrepresented application',
  'criteria-not-met': 'Failure to meet the credentialing criteria',
  other: 'Other',
};

/** Days after a denial within which the provider may request an appeal (day 30 passes, day 31 is refused). */
export const APPEAL_WINDOW_DAYS = 30;

const uuidField = (field: string) => z.uuid({ message: `${field}: not a valid id` });
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const text = (field: string, max: number) =>
  z.string({ message: `${field} is required` }).trim().min(1, `${field} is required`).max(max, `${field}: at most ${max} characters`);

/** Reason codes: an array, a comma-separated string, or a repeated form field. */
export const DenialReasonsInput = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v === undefined || v === null ? [] : v),
  z
    .array(z.string({ message: 'reasons: reason codes' }), { message: 'reasons: a list of reason codes' })
    .max(DENIAL_REASONS.length, 'reasons: each code once')
    .refine((codes) => codes.every((c) => (DENIAL_REASONS as readonly string[]).includes(c)), `reasons: one or more of ${DENIAL_REASONS.join(', ')}`)
    .transform((codes) => codes as DenialReason[]),
);

/** What an item of the file a correction is asked for: the file, the application, the attestation, a credential or a verification. */
export const CORRECTION_SUBJECT_RE = /^(file|application|attestation|(credential|verification):[0-9a-f-]{36})$/;
export const CorrectionRequestInput = z.object({
  subject: z.preprocess(
    blankToUndefined,
    z.string({ message: 'subject is required' }).regex(CORRECTION_SUBJECT_RE, 'subject: file, application, attestation, credential:<id> or verification:<id>'),
  ),
  note: text('note', 2000),
});
export const CorrectionAnswerInput = z.object({ answer: text('answer', 2000) });
export const AppealRequestInput = z.object({ statement: text('statement', 5000) });

const documentUrl = z.string().regex(/^\/api\/files\/[A-Za-z0-9._-]+$/, 'documents: file URLs under /api/files');
const documentRef = z.object({ fileUrl: documentUrl, fileName: z.string().max(255) });

/** RPC payloads (the gateway sends them; the service parses them again). */
export const AppealPayload = AppealRequestInput.extend({ providerId: uuidField('providerId'), documents: z.array(documentRef).max(20, 'documents: at most 20') });
export const AppealDocumentPayload = z.object({ providerId: uuidField('providerId'), document: documentRef });
export const CorrectionPayload = CorrectionRequestInput.extend({ providerId: uuidField('providerId') });
export const AnswerCorrectionPayload = CorrectionAnswerInput.extend({ providerId: uuidField('providerId'), correctionId: uuidField('correctionId') });
export const LetterRequest = z.object({ providerId: uuidField('providerId'), letterId: uuidField('letterId') });

export type LetterView = {
  letterId: string;
  cycle: number;
  decision: 'Approved' | 'Denied';
  decidedOn: string;
  /** Decided on an appeal. */
  appeal: boolean;
  /** The URL the web opens (the gateway serves it to those who may see the file). */
  url: string;
};
export type AppealView = {
  appealId: string;
  status: 'Requested' | 'Upheld' | 'Approved';
  statement: string;
  documents: { fileUrl: string; fileName: string }[];
  requestedOn: string;
  requestedBy: string;
  decidedOn: string | null;
};
export type CorrectionView = {
  correctionId: string;
  subject: string;
  note: string;
  requestedAt: string;
  requestedBy: string;
  answer: string | null;
  answeredAt: string | null;
  answeredBy: string | null;
};
/** The notice part of a file: letters, the denial's reasons, the appeal and its window, correction requests, what the caller may do. */
export type NoticeView = {
  letters: LetterView[];
  reasons: DenialReason[];
  appeal: AppealView | null;
  /** The last day the provider may request an appeal of the current denial (null: none possible). */
  appealDeadline: string | null;
  corrections: CorrectionView[];
  can: { appeal: boolean; addAppealDocument: boolean; decideAppeal: boolean; requestCorrection: boolean; answerCorrection: boolean };
};

const text0 = z.string();
export const NoticeViewSchema = z.object({
  letters: z.array(z.object({ letterId: text0, cycle: z.number(), decision: z.enum(['Approved', 'Denied']), decidedOn: text0, appeal: z.boolean(), url: text0 })),
  reasons: z.array(z.enum(DENIAL_REASONS)),
  appeal: z
    .object({
      appealId: text0,
      status: z.enum(['Requested', 'Upheld', 'Approved']),
      statement: text0,
      documents: z.array(z.object({ fileUrl: text0, fileName: text0 })),
      requestedOn: text0,
      requestedBy: text0,
      decidedOn: text0.nullable(),
    })
    .nullable(),
  appealDeadline: text0.nullable(),
  corrections: z.array(
    z.object({
      correctionId: text0,
      subject: text0,
      note: text0,
      requestedAt: text0,
      requestedBy: text0,
      answer: text0.nullable(),
      answeredAt: text0.nullable(),
      answeredBy: text0.nullable(),
    }),
  ),
  can: z.object({ appeal: z.boolean(), addAppealDocument: z.boolean(), decideAppeal: z.boolean(), requestCorrection: z.boolean(), answerCorrection: z.boolean() }),
}) satisfies z.ZodType<NoticeView>;

/** A decision letter's PDF (base64) for the gateway to serve. */
export const LetterReply = z.object({ fileName: z.string(), contentBase64: z.string() });
export type LetterReply = z.infer<typeof LetterReply>;
