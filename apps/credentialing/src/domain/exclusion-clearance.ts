/**
 * Clearing an NPI exclusion (an `Excluded` match: the provider's own NPI is on the OIG list). It
 * is not a name match that staff may dismiss: only the master admin asks to clear it, with a
 * reason (an OIG reinstatement, a corrected listing), a note and the evidence; a second person
 * confirms (another master admin, or the credentialing staff of the provider's practices), never
 * the one who asked. Until then the match stands and the file stays Excluded. A rejection (or the
 * asker's withdrawal) says why and leaves the match standing. Every step is an event of the file
 * with who and when.
 */
import type { credentialing } from '@app/contracts';
import { Conflict } from '@app/errors';
import { ValidationFailed } from './credentialing.errors';
import type { Discrepancy, Evidence } from './credentialing-file.events';

export type ClearanceMatch = { matchId: string; kind: credentialing.ExclusionMatchKind; status: credentialing.ExclusionMatchStatus };

export type PendingClearance = {
  matchId: string;
  reason: credentialing.ClearanceReason;
  note: string;
  evidence: Evidence;
  requestedBy: string;
  requestedAt: string;
};

export type ExclusionClearanceRequested = {
  type: 'ExclusionClearanceRequested';
  data: { providerId: string; cycleId: string; matchId: string; reason: credentialing.ClearanceReason; note: string; evidence: Evidence; at: string; by: string };
};
export type ExclusionClearanceDecided = {
  type: 'ExclusionClearanceDecided';
  data: { providerId: string; cycleId: string; matchId: string; decision: 'Confirmed' | 'Rejected'; requestedBy: string; note: string | null; at: string; by: string };
};
/** A person resolved a match (a possible match by staff, an NPI match once its clearance was confirmed). */
export type ExclusionMatchResolved = {
  type: 'ExclusionMatchResolved';
  data: {
    providerId: string;
    cycleId: string;
    matchId: string;
    kind: 'Excluded' | 'Possible match';
    status: 'Confirmed' | 'Not the same person' | 'Cleared with evidence';
    /** The file's standing finding after it. */
    exclusion: credentialing.FileExclusion;
    at: string;
    by: string;
  };
};
export type ClearanceEvent = ExclusionClearanceRequested | ExclusionClearanceDecided | ExclusionMatchResolved;

/** The ExclusionScreened data a confirmed clearance records (a manual OIG LEIE verification with the clearance's evidence). */
export type ClearanceScreening = {
  verificationId: string;
  method: 'manual';
  result: credentialing.VerificationResult;
  finding: 'Cleared with evidence';
  exclusion: credentialing.FileExclusion;
  verifiedOn: string;
  note: string;
  evidence: Evidence;
  discrepancies: Discrepancy[];
};

const standing = (m: ClearanceMatch) => m.status === 'Open' || m.status === 'Confirmed';

/** The master admin asks to clear an NPI match (the role is checked by the decider's permissions). */
export function requestClearance(
  pending: Record<string, PendingClearance> | undefined,
  d: { match: ClearanceMatch; reason: credentialing.ClearanceReason; note: string; evidence: Evidence | null },
): Omit<ExclusionClearanceRequested['data'], 'providerId' | 'cycleId' | 'at' | 'by'> {
  if (d.match.kind !== 'Excluded') throw new Conflict('A possible (name) match is resolved by staff with evidence (Resolve), not cleared', 'matchId');
  if (!standing(d.match)) throw new Conflict(`This match no longer stands (${d.match.status}): nothing to clear`, 'matchId');
  if (pending?.[d.match.matchId]) throw new Conflict('A clearance of this match already awaits a second person’s confirmation', 'matchId');
  if (!d.note.trim()) throw new ValidationFailed('note', 'note is required');
  if (d.evidence?.kind !== 'document') throw new ValidationFailed('evidence', 'evidence: clearing an NPI exclusion needs its evidence (the OIG reinstatement or the corrected listing, a PDF or an image)');
  return { matchId: d.match.matchId, reason: d.reason, note: d.note.trim(), evidence: d.evidence };
}

/**
 * A second person decides a pending clearance: `Confirm` (never the one who asked: 409) or
 * `Reject` with a note (the asker may withdraw this way). Answers the clearance decided.
 */
export function decideClearance(
  pending: Record<string, PendingClearance> | undefined,
  d: { match: ClearanceMatch; decision: credentialing.ClearanceDecision; note: string | null; by: string },
): PendingClearance {
  const p = pending?.[d.match.matchId];
  if (!p) throw new Conflict('No clearance of this match awaits confirmation', 'matchId');
  if (d.decision === 'Confirm' && d.by === p.requestedBy) throw new Conflict('The person who asked to clear this exclusion cannot confirm it: a second person must', 'matchId');
  if (d.decision === 'Reject' && !d.note?.trim()) throw new ValidationFailed('note', 'note: say why the clearance is rejected');
  if (!standing(d.match)) throw new Conflict(`This match no longer stands (${d.match.status}): nothing to clear`, 'matchId');
  return p;
}

export function evolveClearances(pending: Record<string, PendingClearance> | undefined, event: ClearanceEvent): Record<string, PendingClearance> | undefined {
  switch (event.type) {
    case 'ExclusionClearanceRequested': {
      const { matchId, reason, note, evidence, by, at } = event.data;
      return { ...pending, [matchId]: { matchId, reason, note, evidence, requestedBy: by, requestedAt: at } };
    }
    case 'ExclusionClearanceDecided': {
      const rest = { ...pending };
      delete rest[event.data.matchId];
      return rest;
    }
    default:
      return pending;
  }
}
