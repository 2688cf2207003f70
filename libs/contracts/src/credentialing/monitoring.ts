/**
 * Continuous monitoring: the OIG LEIE exclusion mirror's search, the screening's
 * matches and their resolution by a person, and the monitoring state a file shows (an expired
 * credential, a lapsed recredentialing date, an exclusion found).
 */
import { z } from 'zod';
import { DocumentEvidence, uuidField } from './credentialing';
import { SANCTION_SOURCE_IDS } from './source-lists';

/** `Opted out`: an active Medicare opt-out, a flag on the file, not an exclusion. */
export const EXCLUSION_MATCH_KINDS = ['Excluded', 'Possible match', 'Opted out'] as const;
export type ExclusionMatchKind = (typeof EXCLUSION_MATCH_KINDS)[number];
/**
 * A match is `Open` until a person resolves it. A possible (name) match is resolved by staff:
 * `Confirmed` or `Not the same person`. An `Excluded` (NPI) match is cleared only by the master
 * admin with evidence and a second person's confirmation: `Cleared with evidence`. `Cleared`: the
 * row left the list (a reinstatement or a removal in an import).
 */
export const EXCLUSION_MATCH_STATUSES = ['Open', 'Confirmed', 'Not the same person', 'Cleared', 'Cleared with evidence'] as const;
export type ExclusionMatchStatus = (typeof EXCLUSION_MATCH_STATUSES)[number];
export const MATCH_RESOLUTIONS = ['Confirmed', 'Not the same person'] as const;
export type MatchResolution = (typeof MATCH_RESOLUTIONS)[number];
/** What a file shows: the worst exclusion finding still standing. */
export type FileExclusion = 'Excluded' | 'Possible match' | 'Confirmed' | null;
export type FileMonitoringStatus = 'Expired' | 'Lapsed' | null;

/** One row of the mirror as search and evidence show it (dates yyyy-mm-dd). */
export type ExclusionRow = {
  /** The list the row is on (SANCTION_SOURCES: leie, sam, optout, ofac, medicaid-<state>). */
  source: string;
  rowKey: string;
  lastName: string | null;
  firstName: string | null;
  midName: string | null;
  busName: string | null;
  general: string | null;
  specialty: string | null;
  npi: string | null;
  dob: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  exclType: string | null;
  exclDate: string | null;
  reinDate: string | null;
  waiverDate: string | null;
  waiverState: string | null;
};

export const EXCLUSION_SEARCH_LIMIT = 50;

/** GET /api/v1/exclusions/search?searchTerm= : an NPI, 'Last, First' or a business name. */
export const ExclusionSearchRequest = z.object({
  searchTerm: z
    .string({ message: 'searchTerm is required' })
    .trim()
    .min(2, 'searchTerm: at least 2 characters (an NPI, Last, First or a business name)')
    .max(100, 'searchTerm: at most 100 characters'),
  /** One list only (SANCTION_SOURCES ids); every list when absent. */
  source: z.enum(SANCTION_SOURCE_IDS, { message: `source: one of ${SANCTION_SOURCE_IDS.join(', ')}` }).optional(),
});
export type ExclusionSearchRequest = z.infer<typeof ExclusionSearchRequest>;

/** Why an NPI exclusion no longer stands: OIG reinstated the provider, or OIG corrected a listing that named the wrong NPI. */
export const CLEARANCE_REASONS = ['OIG reinstatement', 'Corrected listing'] as const;
export type ClearanceReason = (typeof CLEARANCE_REASONS)[number];

/** An NPI match's clearance: asked by the master admin with evidence, then confirmed (or rejected) by a second person. */
export type ClearanceView = {
  reason: ClearanceReason;
  note: string;
  evidence: { kind: 'document'; fileUrl: string; fileName: string };
  requestedBy: string;
  /** The asker's name (never a raw id). */
  requestedByName: string;
  requestedAt: string;
  /** Pending until a second person decides. */
  status: 'Pending' | 'Confirmed' | 'Rejected';
  decidedBy: string | null;
  decidedByName: string | null;
  decidedAt: string | null;
  decisionNote: string | null;
};

export type ExclusionMatchView = {
  matchId: string;
  kind: ExclusionMatchKind;
  status: ExclusionMatchStatus;
  foundAt: string;
  resolvedAt: string | null;
  resolvedBy: string | null;
  /** The resolver's name (never a raw id). */
  resolvedByName: string | null;
  note: string | null;
  evidence: { kind: 'document'; fileUrl: string; fileName: string } | null;
  row: ExclusionRow;
  /** An NPI match's clearance (null: none asked, or a possible match). */
  clearance: ClearanceView | null;
};

export const matchIdField = z.string({ message: 'matchId is required' }).regex(/^[0-9a-f]{32}$/, 'matchId: a match id (32 hex characters)');

/** POST /api/v1/credentialing/files/{providerId}/exclusion-matches/{matchId}/resolve (evidence uploaded as `evidence`). */
export const ResolveMatchInput = z.object({
  resolution: z.enum(MATCH_RESOLUTIONS, { message: `resolution: one of ${MATCH_RESOLUTIONS.join(', ')}` }),
  note: z.string({ message: 'note is required' }).trim().min(1, 'note is required').max(1000, 'note: at most 1000 characters'),
});
export type ResolveMatchInput = z.infer<typeof ResolveMatchInput>;
export const ResolveMatchPayload = ResolveMatchInput.extend({ providerId: uuidField('providerId'), matchId: matchIdField, evidence: DocumentEvidence });
export type ResolveMatchPayload = z.infer<typeof ResolveMatchPayload>;

/** POST .../exclusion-matches/{matchId}/clearance (master admin; evidence uploaded as `evidence`). */
export const RequestClearanceInput = z.object({
  reason: z.enum(CLEARANCE_REASONS, { message: `reason: one of ${CLEARANCE_REASONS.join(', ')}` }),
  note: z.string({ message: 'note is required' }).trim().min(1, 'note is required').max(1000, 'note: at most 1000 characters'),
});
export type RequestClearanceInput = z.infer<typeof RequestClearanceInput>;
export const RequestClearancePayload = RequestClearanceInput.extend({ providerId: uuidField('providerId'), matchId: matchIdField, evidence: DocumentEvidence });
export type RequestClearancePayload = z.infer<typeof RequestClearancePayload>;

export const CLEARANCE_DECISIONS = ['Confirm', 'Reject'] as const;
export type ClearanceDecision = (typeof CLEARANCE_DECISIONS)[number];
/** POST .../exclusion-matches/{matchId}/clearance/decision: a second person (not the one who asked) confirms or rejects. */
export const DecideClearanceInput = z
  .object({
    decision: z.enum(CLEARANCE_DECISIONS, { message: `decision: one of ${CLEARANCE_DECISIONS.join(', ')}` }),
    note: z.string().trim().max(1000, 'note: at most 1000 characters').optional(),
  })
  .refine((v) => v.decision !== 'Reject' || !!v.note, { message: 'note: say why the clearance is rejected', path: ['note'] });
export type DecideClearanceInput = z.infer<typeof DecideClearanceInput>;
export const DecideClearancePayload = z.object({
  providerId: uuidField('providerId'),
  matchId: matchIdField,
  decision: z.enum(CLEARANCE_DECISIONS, { message: `decision: one of ${CLEARANCE_DECISIONS.join(', ')}` }),
  note: z.string().trim().max(1000, 'note: at most 1000 characters').optional(),
});
export type DecideClearancePayload = z.infer<typeof DecideClearancePayload>;

/** credentialing.qry.documentAccess: may the signed actor see this uploaded document (a credentialing file's document or evidence)? */
export const DocumentAccessRequest = z.object({ name: z.string({ message: 'name is required' }).regex(/^[a-f0-9]{32}\.[a-z]{2,4}$/, 'name: a stored file name') });
export type DocumentAccessRequest = z.infer<typeof DocumentAccessRequest>;
/** `claimed`: a credentialing file holds it; `allowed`: the actor may see one of those files. */
export const DocumentAccessReply = z.object({ claimed: z.boolean(), allowed: z.boolean() });
export type DocumentAccessReply = z.infer<typeof DocumentAccessReply>;

/** GET /api/v1/exclusions/access: what the signed-in caller may do in monitoring (the web shows the search only to those who may). */
export const MonitoringAccessReply = z.object({ searchExclusions: z.boolean() });
export type MonitoringAccessReply = z.infer<typeof MonitoringAccessReply>;

/** Days before a credential's expiry that remind (0: the day it expires); and before a recredentialing due date. */
export const EXPIRY_THRESHOLDS = [120, 90, 60, 30, 0] as const;
export const RECREDENTIALING_THRESHOLDS = [120, 90] as const;
