/**
 * The credentialing service's wire contract: the file's statuses, the six credential
 * kinds with their fields, verifications, the attestation, and the request/reply shapes of
 * `credentialing.cmd.*` / `credentialing.qry.*`. Dates on the wire are `yyyy-mm-dd`.
 * Every request schema's messages name the field (`expiresOn: use yyyy-mm-dd`): a 400 at the gateway.
 */
import { DEA_SCHEDULES, SIGNATURE_MAX, SIGNATURE_MESSAGE, credentialProblems, isValidSignature, pastDateProblem, sortDeaSchedules, utcDay } from '@app/validation';
import { z } from 'zod';
import type { FileExclusion, FileMonitoringStatus } from './monitoring';
import { DenialReasonsInput, type NoticeView } from './notice';
import type { FileCommitteeView } from './committee';

/** `Appeal`: a denial the provider appealed, back before the committee (notice.ts). */
export const FILE_STATUSES = ['Not Started', 'Application', 'Verification', 'Committee Review', 'Approved', 'Denied', 'Appeal'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];
export const CLOSED_STATUSES: readonly FileStatus[] = ['Approved', 'Denied'];

export const CREDENTIAL_KINDS = ['stateLicense', 'dea', 'boardCertification', 'malpractice', 'education', 'workHistory'] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

export const VERIFICATION_SOURCES = [
  'NPPES',
  'OIG LEIE',
  'State board',
  'DEA',
  'State CDS authority',
  'ABMS board',
  'AOA board',
  'Certifying board',
  'NPDB',
  'Malpractice carrier',
  'School',
  'AMA',
  'ECFMG',
  'Clearinghouse',
  'Other',
] as const;
export type VerificationSource = (typeof VERIFICATION_SOURCES)[number];
export const VERIFICATION_METHODS = ['automatic', 'manual'] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];
export const VERIFICATION_RESULTS = ['Verified', 'Discrepancy', 'Not found'] as const;
export type VerificationResult = (typeof VERIFICATION_RESULTS)[number];

export const LICENSE_STATUSES = ['Active', 'Inactive', 'Expired', 'Suspended', 'Revoked'] as const;
export const BOARD_STATUSES = ['Certified', 'Eligible', 'Expired', 'Revoked'] as const;
export const DECISIONS = ['Approved', 'Denied'] as const;
export type Decision = (typeof DECISIONS)[number];

/** Who may manage the files of a practice's providers (verify, submit), besides the master admin. */
export const CREDENTIALING_ACCESS_TYPES = ['Credentialer', 'Practice Manager', 'Practice Owner'] as const;

/** The windows of the rules (NCQA 2025). */
export const VERIFICATION_MAX_AGE_DAYS = 120;
export const RECREDENTIALING_MONTHS = 36;
export const WORK_HISTORY_YEARS = 5;
export const WORK_GAP_MAX_MONTHS = 6;
export const INVITATION_DAYS = 7;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export function isCalendarDate(v: string): boolean {
  if (!DATE_RE.test(v)) return false;
  const d = new Date(`${v}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const text = (field: string, max = 200) =>
  z.string({ message: `${field} is required` }).trim().min(1, `${field} is required`).max(max, `${field}: at most ${max} characters`);
const optionalText = (field: string, max = 200) => z.preprocess(blankToUndefined, text(field, max).optional());
export const wireDate = (field: string) =>
  z.string({ message: `${field} is required (yyyy-mm-dd)` }).refine(isCalendarDate, `${field}: use a date as yyyy-mm-dd`);
const optionalDate = (field: string) => z.preprocess(blankToUndefined, wireDate(field).optional());
const money = (field: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ message: `${field} is required (a number of dollars)` }).int(`${field}: whole dollars`).positive(`${field} must be more than 0`).max(1e12, `${field} is too large`),
  );
const oneOf = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { message: `${field}: one of ${values.join(', ')}` });
const stateCode = (field: string) =>
  z.string({ message: `${field} is required` }).trim().toUpperCase().regex(/^[A-Z]{2}$/, `${field}: a two-letter state code`);
const documents = z
  .preprocess((v) => (v === undefined || v === null || v === '' ? [] : typeof v === 'string' ? [v] : v), z.array(z.string().regex(/^\/api\/files\/[A-Za-z0-9._-]+$/, 'documents: file URLs under /api/files')).max(20, 'documents: at most 20'));
/** DEA schedules, kept in DEA's order (2, 2N, 3, 3N, 4, 5) and each once, however they were sent. */
const schedules = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
  z
    .array(z.enum(DEA_SCHEDULES, { message: `schedules: DEA schedules ${DEA_SCHEDULES.join(', ')}` }))
    .min(1, 'schedules is required')
    .max(DEA_SCHEDULES.length)
    .transform((list) => sortDeaSchedules(list)),
);

/**
 * The shape of each kind's fields (`kind` decides which): what a stored credential has. A new
 * or changed credential must also meet the rules of CredentialInput.
 */
export const CredentialFields = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('stateLicense'),
      state: stateCode('state'),
      number: text('number', 40),
      licenseType: text('licenseType', 80),
      status: oneOf('status', LICENSE_STATUSES),
      issuedOn: wireDate('issuedOn'),
      expiresOn: wireDate('expiresOn'),
      documents,
    }),
    z.object({
      kind: z.literal('dea'),
      number: z.string({ message: 'number is required' }).trim().toUpperCase().regex(/^[A-Z][A-Z9]\d{7}$/, 'number: a DEA number is two letters and seven digits'),
      schedules,
      state: stateCode('state'),
      issuedOn: wireDate('issuedOn'),
      expiresOn: wireDate('expiresOn'),
      documents,
    }),
    z.object({
      kind: z.literal('boardCertification'),
      board: text('board', 120),
      specialty: text('specialty', 120),
      status: oneOf('status', BOARD_STATUSES),
      issuedOn: wireDate('issuedOn'),
      expiresOn: optionalDate('expiresOn'),
      documents,
    }),
    z.object({
      kind: z.literal('malpractice'),
      carrier: text('carrier', 120),
      policyNumber: text('policyNumber', 60),
      perClaimCoverage: money('perClaimCoverage'),
      aggregateCoverage: money('aggregateCoverage'),
      issuedOn: wireDate('issuedOn'),
      expiresOn: wireDate('expiresOn'),
      documents,
    }),
    z.object({
      kind: z.literal('education'),
      institution: text('institution', 160),
      degree: text('degree', 120),
      startedOn: optionalDate('startedOn'),
      issuedOn: wireDate('issuedOn'),
      documents,
    }),
    z.object({
      kind: z.literal('workHistory'),
      employer: text('employer', 160),
      position: optionalText('position', 120),
      startedOn: wireDate('startedOn'),
      endedOn: optionalDate('endedOn'),
      gapExplanation: optionalText('gapExplanation', 1000),
      documents,
    }),
  ],
  { error: () => ({ message: `kind: one of ${CREDENTIAL_KINDS.join(', ')}` }) },
);

/**
 * A credential as sent (added or changed): its shape, and the rules of libs/validation against
 * today on this process's clock (no issue or start in the future or before 1900, an expiry at
 * most 15 years after issue, a real US state or territory, a DEA number with its check digit).
 */
export const CredentialInput = CredentialFields.superRefine((c, ctx) => {
  for (const p of credentialProblems(c, utcDay())) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
});
export type CredentialInput = z.infer<typeof CredentialFields>;
/** A credential as stored: its input, its id, when and by whom it last changed. */
export type CredentialView = CredentialInput & { credentialId: string; addedOn: string; changedAt: string };

export const uuidField = (field: string) => z.uuid({ message: `${field}: not a valid id` });

export const ProviderIdRequest = z.object({ providerId: uuidField('providerId') });
export const CredentialIdRequest = z.object({ providerId: uuidField('providerId'), credentialId: uuidField('credentialId') });

export const ApplicationRequest = z.object({
  hasDea: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ message: 'hasDea: true or false' })),
  hasBoardCertification: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ message: 'hasBoardCertification: true or false' })),
});

export const ManualVerificationInput = z.object({
  source: oneOf('source', VERIFICATION_SOURCES),
  result: oneOf('result', VERIFICATION_RESULTS),
  verifiedOn: wireDate('verifiedOn').superRefine((v, ctx) => {
    const problem = pastDateProblem(v, utcDay());
    if (problem) ctx.addIssue({ code: 'custom', message: `verifiedOn: ${problem}` });
  }),
  note: optionalText('note', 1000),
});

const yesNo = (field: string) =>
  z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ message: `${field}: answer yes (true) or no (false)` }));
/** The attestation questions (NCQA); an explanation is required when any answer is unfavourable. */
export const AttestationInput = z
  .object({
    unableToPerformEssentialFunctions: yesNo('unableToPerformEssentialFunctions'),
    illegalDrugUse: yesNo('illegalDrugUse'),
    lossOfLicenseOrFelony: yesNo('lossOfLicenseOrFelony'),
    limitationsOrDisciplinaryActions: yesNo('limitationsOrDisciplinaryActions'),
    currentMalpracticeCoverage: yesNo('currentMalpracticeCoverage'),
    explanation: optionalText('explanation', 2000),
    signature: text('signature', SIGNATURE_MAX).refine(isValidSignature, SIGNATURE_MESSAGE),
    signedOn: wireDate('signedOn').superRefine((v, ctx) => {
      const problem = pastDateProblem(v, utcDay());
      if (problem) ctx.addIssue({ code: 'custom', message: `signedOn: ${problem}` });
    }),
  })
  .refine(
    (a) => a.explanation || (!a.unableToPerformEssentialFunctions && !a.illegalDrugUse && !a.lossOfLicenseOrFelony && !a.limitationsOrDisciplinaryActions && a.currentMalpracticeCoverage),
    { message: 'explanation is required when an answer needs one', path: ['explanation'] },
  );
export type AttestationInput = z.infer<typeof AttestationInput>;

/** A denial names its reason codes (notice.ts) besides the note. */
const decisionFields = { decision: oneOf('decision', DECISIONS), note: text('note', 2000), reasons: DenialReasonsInput };
const reasonsOfDenial: [(d: { decision: Decision; reasons: unknown[] }) => boolean, { message: string; path: string[] }] = [
  (d) => d.decision !== 'Denied' || d.reasons.length > 0,
  { message: 'reasons: a denial names at least one reason code', path: ['reasons'] },
];
export const DecisionRequest = z.object(decisionFields).refine(...reasonsOfDenial);

/** Evidence of a verification: an uploaded document, or the registry row it was matched against. */
export type Evidence = { kind: 'document'; fileUrl: string; fileName: string } | { kind: 'snapshot'; source: VerificationSource; snapshot: unknown };

export type VerificationView = {
  verificationId: string;
  credentialId: string | null;
  source: VerificationSource;
  method: VerificationMethod;
  result: VerificationResult;
  verifiedOn: string;
  verifiedBy: string;
  note: string | null;
  evidence: Evidence | null;
  /** For a discrepancy: what the file says and what the source says (a licence's: which credential). */
  discrepancies: { field: string; file: string | null; source: string | null; credentialId?: string }[];
  /** An education verification of an earlier cycle, carried over (NCQA: not re-verified at recredentialing). */
  carriedOverFrom?: number;
  /** An NPPES discrepancy resolved by staff: who, when, the note, the evidence, the board verifications relied on. */
  resolution?: NppesResolutionView | null;
};

export type NppesResolutionView = {
  resolvedAt: string;
  resolvedBy: string;
  note: string;
  evidence: { kind: 'document'; fileUrl: string; fileName: string } | null;
  /** For each licence the registry does not list: the state board verification relied on. */
  licences: { credentialId: string; verificationId: string }[];
};

/** A cycle of the file (initial credentialing, then each recredentialing), newest last. */
export type CycleView = {
  cycle: number;
  cycleId: string;
  status: FileStatus;
  startedOn: string;
  decision: { decision: Decision; decidedOn: string; decidedBy: string } | null;
  recredentialingDueOn: string | null;
};

/** One change of the file: when, who (a user id: `people` names them), what. */
export type ActivityView = { at: string; by: string; cycle: number; what: string };

export type AttestationView = Omit<AttestationInput, 'explanation'> & { explanation: string | null; signedBy: string };

export type OpenItem = { code: string; message: string; credentialId?: string };

export type StatusChangeView = { from: FileStatus | null; to: FileStatus; at: string; by: string; why: string };

export type FileView = {
  providerId: string;
  provider: { name: string | null; npi: string | null };
  cycle: number;
  cycleId: string;
  status: FileStatus;
  startedOn: string;
  application: { hasDea: boolean; hasBoardCertification: boolean } | null;
  credentials: CredentialView[];
  verifications: VerificationView[];
  attestation: AttestationView | null;
  openItems: OpenItem[];
  decision: { decision: Decision; note: string; decidedOn: string; decidedBy: string } | null;
  recredentialingDueOn: string | null;
  history: StatusChangeView[];
  /** Monitoring: the exclusion finding standing, 'Expired' / 'Lapsed' today, the credentials' next reminders. */
  monitoring?: { exclusion: FileExclusion; status: FileMonitoringStatus; lapsesOn: string | null };
  /** Every cycle, newest last (the current one included). */
  cycles?: CycleView[];
  /** The approval of an earlier cycle still in force while recredentialing runs (until the new decision). */
  approvalInForce?: { cycle: number; decidedOn: string; recredentialingDueOn: string | null } | null;
  /** Every change of the file, every cycle, oldest first. */
  activity?: ActivityView[];
  /** The names of the people the file mentions (verifiers, signers, deciders, history), by user id. */
  people?: Record<string, string>;
  /** What the caller may do: the web shows the actions of the role. */
  can: { edit: boolean; verify: boolean; attest: boolean; submit: boolean; decide: boolean; start: boolean };
  /** Decision letters, denial reasons, the appeal, correction requests (notice.ts). */
  notice?: NoticeView;
  /** The committee: the route at submission, the flags today (each naming its item), the outcomes (committee.ts). */
  committee?: FileCommitteeView;
};


export type FileRow = {
  providerId: string;
  provider: string | null;
  npi: string | null;
  status: FileStatus;
  openItems: number;
  nextExpiry: string | null;
  recredentialingDueOn: string | null;
  lastChange: string;
  /** Monitoring: an exclusion finding standing, an expired credential / lapsed recredentialing date. */
  exclusion?: FileExclusion;
  monitoring?: FileMonitoringStatus;
  /** Recredentialing runs while the earlier approval is still in force (the grid shows `Approved · recredentialing`). */
  approvalInForce?: boolean;
  /** The current attestation's due date (signed + 120 days; null: not signed) and `Lapsed` after it. */
  attestationDueOn?: string | null;
  attestation?: 'Lapsed' | null;
};

/** RPC payloads (the gateway sends them; the service parses them again). */
export const StartFilePayload = ProviderIdRequest;
export const ApplicationPayload = ApplicationRequest.extend({ providerId: uuidField('providerId') });
export const AddCredentialPayload = z.object({ providerId: uuidField('providerId'), credentialId: uuidField('credentialId').optional(), credential: CredentialInput });
export const UpdateCredentialPayload = z.object({ providerId: uuidField('providerId'), credentialId: uuidField('credentialId'), credential: CredentialInput });
export const RemoveCredentialPayload = CredentialIdRequest;
export const DocumentEvidence = z.object({
  kind: z.literal('document'),
  fileUrl: z.string().regex(/^\/api\/files\/[A-Za-z0-9._-]+$/, 'evidence: a file URL under /api/files'),
  fileName: z.string().max(255),
});
export const RecordVerificationPayload = ManualVerificationInput.extend({ credentialId: uuidField('credentialId'), evidence: DocumentEvidence });
export const AttestationPayload = z.object({ providerId: uuidField('providerId'), attestation: AttestationInput });
export const DecisionPayload = z.object({ ...decisionFields, providerId: uuidField('providerId') }).refine(...reasonsOfDenial);
/**
 * POST /api/v1/credentialing/invitations. `set-password`: the provider had no password of their
 * own and was sent a one-time link (valid until `expiresAt`) that sets it; `sign-in`: they have
 * one and were asked to sign in (their account is unchanged).
 */
export type InvitationReply = { success: true; sentTo: string; invitation: 'set-password' | 'sign-in'; expiresAt: string | null };
/** Where an invited provider lands after setting a password: their workspace's Credentialing tab. */
export const INVITATION_LANDING = '/provider/credentialing';
