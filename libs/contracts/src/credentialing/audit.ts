import { z } from 'zod';
import { defineRpcs } from '../rpc-contract';

const day = (field: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${field}: a date yyyy-mm-dd`);

/** GET credentialing/audit/sample: N files (default 30) drawn at random among those decided in the period; the same seed draws the same sample. */
export const AuditSampleRequest = z
  .object({
    from: day('from'),
    to: day('to'),
    size: z.coerce.number({ message: 'size: a whole number from 1 to 500' }).int('size: a whole number from 1 to 500').min(1, 'size: a whole number from 1 to 500').max(500, 'size: a whole number from 1 to 500').default(30),
    seed: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'seed: letters, digits and dashes').optional(),
  })
  .refine((r) => r.from <= r.to, { message: 'to: on or after from', path: ['to'] });

/** One element of NCQA CR 3 for one file: verified at a source, within 120 days of the decision, by whom. */
const Element = z.object({
  element: z.string(),
  verified: z.boolean(),
  verifiedOn: z.string().nullable(),
  source: z.string().nullable(),
  by: z.string().nullable(),
  /** Days from the verification to the decision; within 120 (the attestation: 365). */
  daysBeforeDecision: z.number().nullable(),
  withinWindow: z.boolean(),
  /** Education verified in an earlier cycle and carried over (not re-verified at recredentialing). */
  carriedOver: z.boolean(),
});
export type AuditElement = z.infer<typeof Element>;

export const AuditSampleReply = z.object({
  from: z.string(),
  to: z.string(),
  seed: z.string(),
  /** How many files were decided in the period (the population the sample is drawn from). */
  population: z.number(),
  files: z.array(
    z.object({
      providerId: z.string(),
      provider: z.string().nullable(),
      cycle: z.number(),
      decision: z.string(),
      decidedOn: z.string(),
      elements: z.array(Element),
      /** Every element verified within its window. */
      complete: z.boolean(),
    }),
  ),
});
export type AuditSampleReply = z.infer<typeof AuditSampleReply>;

/** The NCQA file audit (credentialing.qry.auditSample), for the master admin and credentialing staff (their practices' files). */
export const AUDIT_RPC = defineRpcs('credentialing', {
  auditSample: { kind: 'qry', request: AuditSampleRequest, reply: AuditSampleReply },
});
