import { FileCommitteeViewSchema } from './committee';
import { z } from 'zod';
import { GridQueryRequest } from '../grid';
import { NoticeViewSchema } from './notice';
import { defineRpcs, schemaOf } from '../rpc-contract';
import {
  AddCredentialPayload,
  ApplicationPayload,
  AttestationPayload,
  CredentialFields,
  DECISIONS,
  DecisionPayload,
  FILE_STATUSES,
  ProviderIdRequest,
  RecordVerificationPayload,
  RemoveCredentialPayload,
  StartFilePayload,
  UpdateCredentialPayload,
  VERIFICATION_METHODS,
  VERIFICATION_RESULTS,
  VERIFICATION_SOURCES,
  type AttestationView,
  type FileRow,
  type FileView,
  type VerificationView,
} from './credentialing';
import {
  EXCLUSION_MATCH_KINDS,
  EXCLUSION_MATCH_STATUSES,
  ExclusionSearchRequest,
  MonitoringAccessReply,
  CLEARANCE_REASONS,
  DecideClearancePayload,
  DocumentAccessReply,
  DocumentAccessRequest,
  RequestClearancePayload,
  ResolveMatchPayload,
  type ClearanceView,
  type ExclusionMatchView,
  type ExclusionRow,
} from './monitoring';

/** The reply schemas of the credentialing calls (each exactly its TypeScript type in credentialing.ts and monitoring.ts). */

const text = z.string();
const nullableText = z.string().nullable();
const fileStatus = z.enum(FILE_STATUSES);
const fileExclusion = z.enum(['Excluded', 'Possible match', 'Confirmed']).nullable();
const monitoringStatus = z.enum(['Expired', 'Lapsed']).nullable();

/** A credential as stored: its fields (the shape of CredentialInput), its id, when it was added and last changed. */
const CredentialViewSchema = z.intersection(CredentialFields, z.object({ credentialId: text, addedOn: text, changedAt: text }));

const VerificationViewSchema = schemaOf<VerificationView>()(
  z.object({
    verificationId: text,
    credentialId: nullableText,
    source: z.enum(VERIFICATION_SOURCES),
    method: z.enum(VERIFICATION_METHODS),
    result: z.enum(VERIFICATION_RESULTS),
    verifiedOn: text,
    verifiedBy: text,
    note: nullableText,
    evidence: z
      .discriminatedUnion('kind', [
        z.object({ kind: z.literal('document'), fileUrl: text, fileName: text }),
        z.object({ kind: z.literal('snapshot'), source: z.enum(VERIFICATION_SOURCES), snapshot: z.unknown() }),
      ])
      .nullable(),
    discrepancies: z.array(z.object({ field: text, file: nullableText, source: nullableText, credentialId: text.optional() })),
    carriedOverFrom: z.number().optional(),
    resolution: z
      .object({
        resolvedAt: text,
        resolvedBy: text,
        note: text,
        evidence: z.object({ kind: z.literal('document'), fileUrl: text, fileName: text }).nullable(),
        licences: z.array(z.object({ credentialId: text, verificationId: text })),
      })
      .nullable()
      .optional(),
  }),
);

const AttestationViewSchema = schemaOf<AttestationView>()(
  z.object({
    unableToPerformEssentialFunctions: z.boolean(),
    illegalDrugUse: z.boolean(),
    lossOfLicenseOrFelony: z.boolean(),
    limitationsOrDisciplinaryActions: z.boolean(),
    currentMalpracticeCoverage: z.boolean(),
    explanation: nullableText,
    signature: text,
    signedOn: text,
    signedBy: text,
  }),
);

export const FileViewSchema = schemaOf<FileView>()(
  z.object({
    providerId: text,
    provider: z.object({ name: nullableText, npi: nullableText }),
    cycle: z.number(),
    cycleId: text,
    status: fileStatus,
    startedOn: text,
    application: z.object({ hasDea: z.boolean(), hasBoardCertification: z.boolean() }).nullable(),
    credentials: z.array(CredentialViewSchema),
    verifications: z.array(VerificationViewSchema),
    attestation: AttestationViewSchema.nullable(),
    openItems: z.array(z.object({ code: text, message: text, credentialId: text.optional() })),
    decision: z.object({ decision: z.enum(DECISIONS), note: text, decidedOn: text, decidedBy: text }).nullable(),
    recredentialingDueOn: nullableText,
    history: z.array(z.object({ from: fileStatus.nullable(), to: fileStatus, at: text, by: text, why: text })),
    monitoring: z.object({ exclusion: fileExclusion, status: monitoringStatus, lapsesOn: nullableText }).optional(),
    cycles: z
      .array(
        z.object({
          cycle: z.number(),
          cycleId: text,
          status: fileStatus,
          startedOn: text,
          decision: z.object({ decision: z.enum(DECISIONS), decidedOn: text, decidedBy: text }).nullable(),
          recredentialingDueOn: nullableText,
        }),
      )
      .optional(),
    approvalInForce: z.object({ cycle: z.number(), decidedOn: text, recredentialingDueOn: nullableText }).nullable().optional(),
    activity: z.array(z.object({ at: text, by: text, cycle: z.number(), what: text })).optional(),
    people: z.record(z.string(), z.string()).optional(),
    can: z.object({ edit: z.boolean(), verify: z.boolean(), attest: z.boolean(), submit: z.boolean(), decide: z.boolean(), start: z.boolean() }),
    notice: NoticeViewSchema.optional(),
    committee: FileCommitteeViewSchema.optional(),
  }),
);
export const FileReply = z.object({ success: z.literal(true), file: FileViewSchema });
export type FileReply = z.infer<typeof FileReply>;
/**
 * GET files/{providerId}: the file; `file: null` when the signed-in user asks for their own and
 * none was ever started (asking for one's own file is never a wrong address). Another provider's
 * missing file stays a 404.
 */
export const GetFileReply = z.object({ success: z.literal(true), file: FileViewSchema.nullable() });
export type GetFileReply = z.infer<typeof GetFileReply>;

const FileRowSchema = schemaOf<FileRow>()(
  z.object({
    providerId: text,
    provider: nullableText,
    npi: nullableText,
    status: fileStatus,
    openItems: z.number(),
    nextExpiry: nullableText,
    recredentialingDueOn: nullableText,
    lastChange: text,
    exclusion: fileExclusion.optional(),
    monitoring: monitoringStatus.optional(),
    approvalInForce: z.boolean().optional(),
    attestationDueOn: nullableText.optional(),
    attestation: z.literal('Lapsed').nullable().optional(),
  }),
);
export const ListFilesReply = z.object({ files: z.array(FileRowSchema), count: z.number() });
export type ListFilesReply = z.infer<typeof ListFilesReply>;

/** credentialing.qry.invitationTarget: whom the caller may invite (staff or the master admin of the provider's file) and where the email goes. */
/** Who is invited, and the practices that ask (the inviter's practices the provider belongs to; all the provider's for the master admin). */
export const InvitationTargetReply = z.object({ providerId: text, email: text, practiceIds: z.array(text) });
export type InvitationTargetReply = z.infer<typeof InvitationTargetReply>;

const ExclusionRowSchema = schemaOf<ExclusionRow>()(
  z.object({
    source: text,
    rowKey: text,
    lastName: nullableText,
    firstName: nullableText,
    midName: nullableText,
    busName: nullableText,
    general: nullableText,
    specialty: nullableText,
    npi: nullableText,
    dob: nullableText,
    address: nullableText,
    city: nullableText,
    state: nullableText,
    zip: nullableText,
    exclType: nullableText,
    exclDate: nullableText,
    reinDate: nullableText,
    waiverDate: nullableText,
    waiverState: nullableText,
  }),
);
export const ExclusionSearchReply = z.object({
  exclusions: z.array(ExclusionRowSchema),
  count: z.number(),
  mirror: z.object({ file: nullableText, importedAt: nullableText, sample: z.boolean() }),
});
export type ExclusionSearchReply = z.infer<typeof ExclusionSearchReply>;

const ExclusionMatchViewSchema = schemaOf<ExclusionMatchView>()(
  z.object({
    matchId: text,
    kind: z.enum(EXCLUSION_MATCH_KINDS),
    status: z.enum(EXCLUSION_MATCH_STATUSES),
    foundAt: text,
    resolvedAt: nullableText,
    resolvedBy: nullableText,
    resolvedByName: nullableText,
    note: nullableText,
    evidence: z.object({ kind: z.literal('document'), fileUrl: text, fileName: text }).nullable(),
    row: ExclusionRowSchema,
    clearance: schemaOf<ClearanceView>()(
      z.object({
        reason: z.enum(CLEARANCE_REASONS),
        note: text,
        evidence: z.object({ kind: z.literal('document'), fileUrl: text, fileName: text }),
        requestedBy: text,
        requestedByName: text,
        requestedAt: text,
        status: z.enum(['Pending', 'Confirmed', 'Rejected']),
        decidedBy: nullableText,
        decidedByName: nullableText,
        decidedAt: nullableText,
        decisionNote: nullableText,
      }),
    ).nullable(),
  }),
);
export const ExclusionMatchesReply = z.object({ matches: z.array(ExclusionMatchViewSchema) });
export type ExclusionMatchesReply = z.infer<typeof ExclusionMatchesReply>;

/** The credentialing files' calls (credentialing.cmd/qry.<name>); every request's messages name the field. */
export const CREDENTIALING_RPC = defineRpcs('credentialing', {
  startFile: { kind: 'cmd', request: StartFilePayload, reply: FileReply },
  getFile: { kind: 'qry', request: ProviderIdRequest, reply: GetFileReply },
  listFiles: { kind: 'qry', request: GridQueryRequest, reply: ListFilesReply },
  declareApplication: { kind: 'cmd', request: ApplicationPayload, reply: FileReply },
  addCredential: { kind: 'cmd', request: AddCredentialPayload, reply: FileReply },
  updateCredential: { kind: 'cmd', request: UpdateCredentialPayload, reply: FileReply },
  removeCredential: { kind: 'cmd', request: RemoveCredentialPayload, reply: FileReply },
  recordVerification: { kind: 'cmd', request: RecordVerificationPayload, reply: FileReply },
  runChecks: { kind: 'cmd', request: ProviderIdRequest, reply: FileReply },
  signAttestation: { kind: 'cmd', request: AttestationPayload, reply: FileReply },
  submitFile: { kind: 'cmd', request: StartFilePayload, reply: FileReply },
  decideFile: { kind: 'cmd', request: DecisionPayload, reply: FileReply },
  /** Whom the caller may invite, and where the email goes (the gateway asks before identity sends the link). */
  invitationTarget: { kind: 'qry', request: ProviderIdRequest, reply: InvitationTargetReply },
});

/** Continuous monitoring's calls (credentialing.cmd/qry.<name>). */
export const MONITORING_RPC = defineRpcs('credentialing', {
  /** The OIG LEIE mirror's search (staff only). */
  searchExclusions: { kind: 'qry', request: ExclusionSearchRequest, reply: ExclusionSearchReply },
  /** What the caller may do in monitoring (the web's menu entry for the search). */
  monitoringAccess: { kind: 'qry', request: z.object({}), reply: MonitoringAccessReply },
  listMatches: { kind: 'qry', request: ProviderIdRequest, reply: ExclusionMatchesReply },
  resolveMatch: { kind: 'cmd', request: ResolveMatchPayload, reply: ExclusionMatchesReply },
  /** The master admin asks to clear an NPI (Excluded) match with a reason, a note and evidence. */
  requestClearance: { kind: 'cmd', request: RequestClearancePayload, reply: ExclusionMatchesReply },
  /** A second person (another master admin or the file's credentialing staff) confirms or rejects it. */
  decideClearance: { kind: 'cmd', request: DecideClearancePayload, reply: ExclusionMatchesReply },
  /** Whether the signed actor may see an uploaded document that a credentialing file holds (the gateway asks before serving it). */
  documentAccess: { kind: 'qry', request: DocumentAccessRequest, reply: DocumentAccessReply },
});
