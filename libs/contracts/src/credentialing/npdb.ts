/**
 * The National Practitioner Data Bank query: manual (querying needs an enrolled querier), recorded
 * as a verification of the file as a whole (source NPDB) with the query's report as evidence:
 * POST /api/v1/credentialing/files/{providerId}/npdb-queries (staff and the master admin). The
 * Continuous Query enrollment's end date, when given, is watched like a credential's expiry.
 */
import { pastDateProblem, utcDay } from '@app/validation';
import { z } from 'zod';
import { defineRpcs } from '../rpc-contract';
import { FileReply } from './calls';
import { DocumentEvidence, uuidField, wireDate } from './credentialing';

export const NPDB_RESULTS = ['No reports', 'Reports found'] as const;
export type NpdbResult = (typeof NPDB_RESULTS)[number];

export const NpdbQueryInput = z.object({
  result: z.enum(NPDB_RESULTS, { message: `result: one of ${NPDB_RESULTS.join(', ')}` }),
  queriedOn: wireDate('queriedOn').superRefine((v, ctx) => {
    const problem = pastDateProblem(v, utcDay());
    if (problem) ctx.addIssue({ code: 'custom', message: `queriedOn: ${problem}` });
  }),
  /** The Continuous Query enrollment's end (one year after enrolling, renewed yearly); none: a one-time query. */
  enrollmentEndsOn: z.preprocess((v) => (v === '' || v === null ? undefined : v), wireDate('enrollmentEndsOn').optional()),
  note: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(1000, 'note: at most 1000 characters').optional()),
});
export type NpdbQueryInput = z.infer<typeof NpdbQueryInput>;
export const NpdbQueryPayload = NpdbQueryInput.extend({ providerId: uuidField('providerId'), evidence: DocumentEvidence });
export type NpdbQueryPayload = z.infer<typeof NpdbQueryPayload>;

export const NPDB_RPC = defineRpcs('credentialing', {
  /** Records an NPDB query's result with its report (staff and the master admin). */
  recordNpdbQuery: { kind: 'cmd', request: NpdbQueryPayload, reply: FileReply },
});
