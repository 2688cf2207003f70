import { z } from 'zod';
import type * as credentialing from '../credentialing';
import {
  CREDENTIAL_KINDS,
  CREDENTIAL_RECORDED_V1,
  CREDENTIAL_VERIFIED_V1,
  CREDENTIALING_DECIDED_V1,
  CREDENTIALING_FILE_STARTED_V1,
  CREDENTIALING_STATUS_CHANGED_V1,
  DECISIONS,
  FILE_STATUSES,
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
    summary: "The file's status moved (Not Started, Application, Verification, Committee Review, Approved, Denied).",
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
    schema: z.object({ ...file, decision: z.enum(DECISIONS), decidedOn: day(), recredentialingDueOn: day().nullable() }),
  }),
];
