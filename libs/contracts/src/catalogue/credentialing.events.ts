import { z } from 'zod';
import type * as credentialing from '../credentialing';
import {
  CREDENTIAL_KINDS,
  CREDENTIAL_RECORDED_V1,
  CREDENTIAL_VERIFIED_V1,
  CREDENTIALING_DECIDED_V1,
  CREDENTIALING_FILE_STARTED_V1,
  CREDENTIALING_NOTICE_KINDS,
  CREDENTIALING_NOTICE_RAISED_V1,
  CREDENTIALING_STATUS_CHANGED_V1,
  DECISIONS,
  EXCLUSION_MATCH_RESOLVED_V1,
  EXCLUSION_SCREENED_V1,
  FILE_STATUSES,
  MONITORING_ALERT_KINDS,
  MONITORING_ALERT_RAISED_V1,
  VERIFICATION_METHODS,
  VERIFICATION_RESULTS,
  VERIFICATION_SOURCES,
} from '../credentialing';
import { defineEvent } from './define';
import { at, id } from './fields';

const day = () => z.iso.date().describe('yyyy-mm-dd');
const file = { providerId: id().describe("the provider's profile id"), cycleId: id() };
const status = z.enum(FILE_STATUSES);

/** Credentialing's events carry ids, kinds, statuses and dates: no credential numbers, attestation answers, notes or documents. */
export const credentialingEvents = [
  defineEvent<credentialing.CredentialingFileStartedV1>()({
    context: 'credentialing',
    name: CREDENTIALING_FILE_STARTED_V1,
    version: 1,
    summary: "A credentialing cycle was opened for a provider (cycle 1: initial credentialing; later: recredentialing).",
    schema: z.object({ ...file, cycle: z.number().int().min(1), startedOn: day(), startedBy: id() }),
  }),
  defineEvent<credentialing.CredentialingStatusChangedV1>()({
    context: 'credentialing',
    name: CREDENTIALING_STATUS_CHANGED_V1,
    version: 1,
    summary: "The file's status moved (Not Started, Application, Verification, Committee Review, Approved, Denied, Appeal).",
    schema: z.object({ ...file, from: status.nullable(), to: status, changedAt: at(), changedBy: id() }),
  }),
  defineEvent<credentialing.CredentialRecordedV1>()({
    context: 'credentialing',
    name: CREDENTIAL_RECORDED_V1,
    version: 1,
    summary: 'A credential was added, updated or removed in the file (kind and dates only).',
    schema: z.object({
      ...file,
      credentialId: id(),
      kind: z.enum(CREDENTIAL_KINDS),
      change: z.enum(['added', 'updated', 'removed']),
      issuedOn: day().nullable(),
      expiresOn: day().nullable(),
      at: at(),
    }),
  }),
  defineEvent<credentialing.CredentialVerifiedV1>()({
    context: 'credentialing',
    name: CREDENTIAL_VERIFIED_V1,
    version: 1,
    summary: 'A primary-source verification was recorded (source, method, result; the evidence stays in the service).',
    schema: z.object({
      ...file,
      verificationId: id(),
      credentialId: id().nullable(),
      source: z.enum(VERIFICATION_SOURCES),
      method: z.enum(VERIFICATION_METHODS),
      result: z.enum(VERIFICATION_RESULTS),
      verifiedOn: day(),
    }),
  }),
  defineEvent<credentialing.CredentialingDecidedV1>()({
    context: 'credentialing',
    name: CREDENTIALING_DECIDED_V1,
    version: 1,
    summary: "The committee's decision by the master admin; an approval sets the recredentialing due date (decision + 36 months).",
    schema: z.object({ ...file, decision: z.enum(DECISIONS), decidedOn: day(), recredentialingDueOn: day().nullable(), appeal: z.boolean().describe("decided on the provider's appeal of a denial") }),
  }),
  defineEvent<credentialing.CredentialingNoticeRaisedV1>()({
    context: 'credentialing',
    name: CREDENTIALING_NOTICE_RAISED_V1,
    version: 1,
    summary:
      "A notice of the provider's file for the provider, their practices' credentialing staff or the master admin: a decision (its letter is in the file), an appeal requested or decided, a correction requested or answered (kinds and dates only; the notifications service tells each recipient).",
    schema: z.object({
      noticeId: id(),
      providerId: id().describe("the provider's profile id"),
      providerName: z.string().max(200).nullable(),
      kind: z.enum(CREDENTIALING_NOTICE_KINDS),
      recipients: z.array(id()).min(1),
      onDate: day().nullable(),
      raisedAt: at(),
    }),
  }),
  defineEvent<credentialing.ExclusionScreenedV1>()({
    context: 'credentialing',
    name: EXCLUSION_SCREENED_V1,
    version: 1,
    summary: "The provider was screened against the OIG exclusion list (LEIE) and the finding recorded in the file (the matched rows stay in the service).",
    schema: z.object({
      ...file,
      verificationId: id(),
      result: z.enum(VERIFICATION_RESULTS),
      finding: z.enum(['Excluded', 'Possible match', 'Confirmed', 'Not the same person', 'Cleared with evidence', 'None']),
      screenedOn: day(),
    }),
  }),
  defineEvent<credentialing.MonitoringAlertRaisedV1>()({
    context: 'credentialing',
    name: MONITORING_ALERT_RAISED_V1,
    version: 1,
    summary:
      'A monitoring alert for the provider, their practices\' credentialing staff and the master admin: an exclusion found, a credential or recredentialing date coming due, an NPI deactivated, the attestation coming due (15, 10, 5 days before), missing items chased (kinds and dates only; the notifications service tells each recipient; identity emails the provider the reminders and chases).',
    schema: z.object({
      alertId: id(),
      providerId: id().describe("the provider's profile id"),
      providerName: z.string().max(200).nullable(),
      kind: z.enum(MONITORING_ALERT_KINDS),
      alertLevel: z.enum(['Info', 'Warning', 'Danger']),
      recipients: z.array(id()).min(1),
      credentialKind: z.enum(CREDENTIAL_KINDS).nullable(),
      dueOn: day().nullable(),
      daysLeft: z.number().int().nullable(),
      raisedAt: at(),
      matchId: z.string().regex(/^[0-9a-f]{32}$/).nullable().optional().describe('the exclusion match an exclusion alert is about'),
    }),
  }),
  defineEvent<credentialing.ExclusionMatchResolvedV1>()({
    context: 'credentialing',
    name: EXCLUSION_MATCH_RESOLVED_V1,
    version: 1,
    summary:
      "A person resolved an exclusion match: a possible match Confirmed or Not the same person, an NPI match Cleared with evidence after a second person's confirmation; `exclusion` is the file's standing finding after it (ids, kinds, statuses, dates).",
    schema: z.object({
      ...file,
      matchId: z.string().regex(/^[0-9a-f]{32}$/),
      kind: z.enum(['Excluded', 'Possible match']),
      status: z.enum(['Confirmed', 'Not the same person', 'Cleared with evidence']),
      exclusion: z.enum(['Excluded', 'Possible match', 'Confirmed']).nullable(),
      resolvedAt: at(),
      resolvedBy: id(),
    }),
  }),
];
