import { z } from 'zod';
import { defineRpcs } from '../rpc-contract';

const day = (field: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${field}: a date yyyy-mm-dd`);

/** GET credentialing/reports/turnaround: the decisions of a period (decision days, both included; default every one). */
export const TurnaroundRequest = z
  .object({ from: day('from').optional(), to: day('to').optional() })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: 'to: on or after from', path: ['to'] });

const Stats = z.object({ count: z.number(), median: z.number().nullable(), p90: z.number().nullable() });
export type TurnaroundStats = z.infer<typeof Stats>;

/** Days from the cycle's start, from the application complete (the attestation signed) and from the submission, to the decision. */
const Spans = z.object({ decided: z.number(), startToDecision: Stats, applicationToDecision: Stats, submissionToDecision: Stats });
export type TurnaroundSpans = z.infer<typeof Spans>;

export const TurnaroundReply = z.object({
  asOf: z.string(),
  overall: Spans,
  byMonth: z.array(Spans.extend({ month: z.string() })),
  byPractice: z.array(Spans.extend({ practiceId: z.string() })),
  /** Decisions more than 60 days old whose letter is not stored (should be none). */
  lettersMissing: z.array(z.object({ providerId: z.string(), provider: z.string().nullable(), cycle: z.number(), decidedOn: z.string(), days: z.number() })),
  /** Approved files whose recredentialing is due within 30, 60, 90, 120 days (overdue ones apart). */
  recredentialingDue: z.object({ overdue: z.number(), within30: z.number(), within60: z.number(), within90: z.number(), within120: z.number() }),
});
export type TurnaroundReply = z.infer<typeof TurnaroundReply>;

/** Credentialing reports (credentialing.qry.<name>), for the master admin and credentialing staff (their practices' files). */
export const REPORTS_RPC = defineRpcs('credentialing', {
  turnaroundReport: { kind: 'qry', request: TurnaroundRequest, reply: TurnaroundReply },
});
