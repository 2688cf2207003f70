/**
 * Staff resolve an NPPES discrepancy (NPPES is a cross-check; the state board is a licence's
 * primary source): POST /api/v1/credentialing/files/{providerId}/nppes-resolution with a note and,
 * for a name, a document; a licence the registry does not list needs the state board's current
 * `Verified` verification of that licence.
 */
import { z } from 'zod';
import { defineRpcs } from '../rpc-contract';
import { FileReply } from './calls';
import { DocumentEvidence, uuidField } from './credentialing';

export const NppesResolutionInput = z.object({
  note: z
    .string({ message: 'note is required' })
    .trim()
    .min(1, 'note is required: say how the discrepancy was resolved')
    .max(2000, 'note: at most 2000 characters'),
});

export const NppesResolutionPayload = NppesResolutionInput.extend({ providerId: uuidField('providerId'), evidence: DocumentEvidence.nullable() });
export type NppesResolutionPayload = z.infer<typeof NppesResolutionPayload>;

export const NPPES_RESOLUTION_RPC = defineRpcs('credentialing', {
  resolveNppesDiscrepancy: { kind: 'cmd', request: NppesResolutionPayload, reply: FileReply },
});
