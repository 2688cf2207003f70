/**
 * The credentialing committee: the flags that route a submitted file (clean or flagged), the
 * Medical Director's approval of clean files (one or a batch), the committee's meetings (date,
 * members present and quorum, agenda of flagged files, the outcome per file) and their minutes.
 * Who may is decided in the credentialing service from the committee roles it learned from
 * identity's AccountRolesChanged (Committee member, Medical Director).
 */
import { z } from 'zod';
import { defineRpcs } from '../rpc-contract';
import { uuidField, wireDate, type FileStatus } from './credentialing';
import { DENIAL_REASONS, DenialReasonsInput, type DenialReason } from './notice';

/** Each flag a file can carry at submission (domain/committee-flags.ts computes them, one rule each). */
export const FLAG_CODES = ['unfavourable-attestation', 'discrepancy', 'exclusion', 'work-gap', 'malpractice-claims', 'licence-action', 'board-lapsed'] as const;
export type FlagCode = (typeof FLAG_CODES)[number];
export const FLAG_LABELS: Record<FlagCode, string> = {
  'unfavourable-attestation': 'Unfavourable attestation answer',
  discrepancy: 'Discrepancy',
  exclusion: 'Possible or confirmed exclusion',
  'work-gap': 'Work gap over 1 year',
  'malpractice-claims': 'Malpractice claims in the last 5 years',
  'licence-action': 'Licence action',
  'board-lapsed': 'Board certification lapsed',
};

/** The item a flag is about (the web links to it). */
export type FlagItem = { kind: 'attestation' } | { kind: 'credential'; credentialId: string } | { kind: 'verification'; verificationId: string } | { kind: 'exclusion' };
export type FileFlag = { code: FlagCode; message: string; item: FlagItem };

export type CommitteeRoute = 'clean' | 'flagged';
export const MEETING_OUTCOMES = ['approve', 'approve-with-conditions', 'deny', 'defer'] as const;
export type MeetingOutcome = (typeof MEETING_OUTCOMES)[number];
export const MEETING_OUTCOME_LABELS: Record<MeetingOutcome, string> = {
  approve: 'Approved',
  'approve-with-conditions': 'Approved with conditions',
  deny: 'Denied',
  defer: 'Deferred to staff',
};
/** A meeting's quorum when none is given. */
export const DEFAULT_QUORUM = 3;

const flagItem = z.union([
  z.object({ kind: z.literal('attestation') }),
  z.object({ kind: z.literal('credential'), credentialId: z.string() }),
  z.object({ kind: z.literal('verification'), verificationId: z.string() }),
  z.object({ kind: z.literal('exclusion') }),
]);
export const FileFlagSchema = z.object({ code: z.enum(FLAG_CODES), message: z.string(), item: flagItem });
export const FileCommitteeViewSchema = z.object({
  route: z.enum(['clean', 'flagged']).nullable(),
  flags: z.array(FileFlagSchema),
  outcomes: z.array(
    z.object({
      outcome: z.enum(MEETING_OUTCOMES),
      meetingId: z.string().nullable(),
      conditions: z.string().nullable(),
      followUpOn: z.string().nullable(),
      reasons: z.array(z.enum(DENIAL_REASONS)),
      note: z.string().nullable(),
      questions: z.string().nullable(),
      at: z.string(),
      by: z.string(),
    }),
  ),
});

/** What the file shows at its top: the route at submission and the flags today. */
export type FileCommitteeView = {
  route: CommitteeRoute | null;
  flags: FileFlag[];
  /** The committee's outcomes of this cycle (a deferral, then a later decision), oldest first. */
  outcomes: CommitteeOutcomeView[];
};
export type CommitteeOutcomeView = {
  outcome: MeetingOutcome;
  meetingId: string | null;
  conditions: string | null;
  followUpOn: string | null;
  reasons: DenialReason[];
  note: string | null;
  questions: string | null;
  at: string;
  by: string;
};

/** One file waiting for the committee (Committee Review). */
export type QueueEntry = {
  providerId: string;
  cycleId: string;
  provider: string | null;
  npi: string | null;
  submittedOn: string | null;
  route: CommitteeRoute;
  flags: FileFlag[];
  /** The open meeting whose agenda holds it, if any. */
  meetingId: string | null;
};
export type CommitteeQueueReply = { success: true; clean: QueueEntry[]; flagged: QueueEntry[] };

export type CommitteeMemberView = { userId: string; name: string; committeeMember: boolean; medicalDirector: boolean };
/** The designated users and the caller's own roles (the web shows the committee screens to them). */
export type CommitteeRolesReply = { success: true; members: CommitteeMemberView[]; me: { committeeMember: boolean; medicalDirector: boolean; masterAdmin: boolean } };

export type AgendaItemView = {
  providerId: string;
  cycleId: string;
  provider: string | null;
  npi: string | null;
  flags: FileFlag[];
  /** The one-page summary of the file for the committee. */
  summary: { status: FileStatus; credentials: string[]; verifications: string[]; attestation: string | null };
  outcome: (CommitteeOutcomeView & { byName: string }) | null;
};
export type MeetingView = {
  meetingId: string;
  meetsOn: string;
  quorum: number;
  present: { userId: string; name: string }[];
  quorumMet: boolean;
  agenda: AgendaItemView[];
  minutes: { minutesId: string; generatedAt: string; generatedBy: string }[];
  createdAt: string;
  createdBy: string;
};
export type MeetingReply = { success: true; meeting: MeetingView };
export type MeetingRow = { meetingId: string; meetsOn: string; quorum: number; present: number; files: number; decided: number; minutes: boolean };
export type MeetingsReply = { success: true; meetings: MeetingRow[] };
export type BatchApprovalReply = { success: true; approved: { providerId: string; letterId: string }[] };
export type MinutesReply = { fileName: string; contentBase64: string };

const text = (field: string, max: number) => z.string({ message: `${field} is required` }).trim().min(1, `${field} is required`).max(max, `${field}: at most ${max} characters`);
const optionalText = (field: string, max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), text(field, max).optional());
const ids = (field: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
    z.array(uuidField(field), { message: `${field}: a list of user ids` }).min(1, `${field}: at least one`).max(max, `${field}: at most ${max}`),
  );

/** POST /api/v1/credentialing/committee/clean-approvals: the Medical Director approves clean files (one or many). */
export const CleanApprovalInput = z.object({ providerIds: ids('providerIds', 200), note: optionalText('note', 2000) });
/** POST /api/v1/credentialing/committee/meetings */
export const MeetingInput = z.object({
  meetsOn: wireDate('meetsOn'),
  quorum: z.preprocess(
    (v) => (v === undefined || v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ message: 'quorum: a whole number' }).int('quorum: a whole number').min(1, 'quorum: at least 1').max(50, 'quorum: at most 50').default(DEFAULT_QUORUM),
  ),
  /** The flagged files on the agenda (default: every flagged file in Committee Review not on another meeting's agenda). */
  providerIds: z.preprocess((v) => (v === '' || v === null ? undefined : v), ids('providerIds', 100).optional()),
});
/** PUT .../meetings/{meetingId}/attendance: the members present (Committee members or the Medical Director). */
export const AttendanceInput = z.object({ present: z.preprocess((v) => (v === undefined || v === null || v === '' ? [] : v), z.array(uuidField('present')).max(100, 'present: at most 100')) });
/** POST .../meetings/{meetingId}/outcomes/{providerId} */
export const OutcomeInput = z
  .object({
    outcome: z.enum(MEETING_OUTCOMES, { message: `outcome: one of ${MEETING_OUTCOMES.join(', ')}` }),
    conditions: optionalText('conditions', 2000),
    followUpOn: z.preprocess((v) => (v === '' || v === null ? undefined : v), wireDate('followUpOn').optional()),
    reasons: DenialReasonsInput,
    note: optionalText('note', 2000),
    questions: optionalText('questions', 2000),
  })
  .superRefine((o, ctx) => {
    if (o.outcome === 'approve-with-conditions' && !o.conditions) ctx.addIssue({ code: 'custom', path: ['conditions'], message: 'conditions: an approval with conditions names them' });
    if (o.outcome === 'approve-with-conditions' && !o.followUpOn) ctx.addIssue({ code: 'custom', path: ['followUpOn'], message: 'followUpOn: an approval with conditions has a follow-up date (yyyy-mm-dd)' });
    if (o.outcome === 'deny' && !o.reasons.length) ctx.addIssue({ code: 'custom', path: ['reasons'], message: 'reasons: a denial names at least one reason code' });
    if (o.outcome === 'deny' && !o.note) ctx.addIssue({ code: 'custom', path: ['note'], message: 'note: a denial explains its reasons' });
    if (o.outcome === 'defer' && !o.questions) ctx.addIssue({ code: 'custom', path: ['questions'], message: 'questions: a deferral asks staff its questions' });
  });
export type OutcomeInput = z.infer<typeof OutcomeInput>;

export const MeetingIdRequest = z.object({ meetingId: uuidField('meetingId') });
const meetingId = { meetingId: uuidField('meetingId') };

const success = z.object({ success: z.literal(true) }).loose();
/** credentialing.cmd/qry.<name>: the committee. */
export const COMMITTEE_RPC = defineRpcs('credentialing', {
  committeeRoles: { kind: 'qry', request: z.object({}), reply: success },
  committeeQueue: { kind: 'qry', request: z.object({}), reply: success },
  approveCleanFiles: { kind: 'cmd', request: CleanApprovalInput, reply: success },
  scheduleMeeting: { kind: 'cmd', request: MeetingInput.extend({ meetingId: uuidField('meetingId') }), reply: success },
  listMeetings: { kind: 'qry', request: z.object({}), reply: success },
  getMeeting: { kind: 'qry', request: MeetingIdRequest, reply: success },
  recordAttendance: { kind: 'cmd', request: AttendanceInput.extend(meetingId), reply: success },
  recordOutcome: { kind: 'cmd', request: z.object({ ...meetingId, providerId: uuidField('providerId'), outcome: OutcomeInput }), reply: success },
  generateMinutes: { kind: 'cmd', request: MeetingIdRequest, reply: success },
  getMinutes: { kind: 'qry', request: z.object({ ...meetingId, minutesId: uuidField('minutesId').optional() }), reply: z.object({ fileName: z.string(), contentBase64: z.string() }) },
});
