/**
 * Internal events of a provider's credentialing file (stream `credentialing-<providerId>`: every
 * cycle of the provider, one after the other). Every event names who did it and when; a status
 * change also says why.
 */
import type { credentialing } from '@app/contracts';
import type { NoticeEvent } from './notice';
import type { ClearanceEvent } from './exclusion-clearance';
import type { CommitteeFileEvent } from './committee-outcome';
import type { ItemsChased } from './chase-events';

export type CredentialFields = credentialing.CredentialInput;
export type Evidence = credentialing.Evidence;
/** A mismatch found by a check: what the file says, what the source says (for a licence: which credential). */
export type Discrepancy = { field: string; file: string | null; source: string | null; credentialId?: string };

export type FileStarted = {
  type: 'FileStarted';
  data: { providerId: string; cycleId: string; cycle: number; reason: 'initial' | 'recredentialing'; startedAt: string; startedBy: string };
};
export type FileStatusChanged = {
  type: 'FileStatusChanged';
  data: { providerId: string; cycleId: string; from: credentialing.FileStatus | null; to: credentialing.FileStatus; at: string; by: string; why: string };
};
export type ApplicationDeclared = {
  type: 'ApplicationDeclared';
  data: { providerId: string; cycleId: string; hasDea: boolean; hasBoardCertification: boolean; at: string; by: string };
};
export type CredentialAdded = {
  type: 'CredentialAdded';
  data: { providerId: string; cycleId: string; credentialId: string; credential: CredentialFields; at: string; by: string };
};
export type CredentialUpdated = {
  type: 'CredentialUpdated';
  data: { providerId: string; cycleId: string; credentialId: string; credential: CredentialFields; at: string; by: string };
};
export type CredentialRemoved = { type: 'CredentialRemoved'; data: { providerId: string; cycleId: string; credentialId: string; at: string; by: string } };
export type VerificationRecorded = {
  type: 'VerificationRecorded';
  data: {
    providerId: string;
    cycleId: string;
    verificationId: string;
    credentialId: string | null;
    source: credentialing.VerificationSource;
    method: credentialing.VerificationMethod;
    result: credentialing.VerificationResult;
    verifiedOn: string;
    note: string | null;
    evidence: Evidence | null;
    discrepancies: Discrepancy[];
    /** An NPDB query's Continuous Query enrollment end (source NPDB, no credential). */
    enrollmentEndsOn?: string | null;
    at: string;
    by: string;
  };
};
export type AttestationSigned = {
  type: 'AttestationSigned';
  data: { providerId: string; cycleId: string; attestation: credentialing.AttestationInput; at: string; by: string };
};
export type FileDecided = {
  type: 'FileDecided';
  data: {
    providerId: string;
    cycleId: string;
    decision: credentialing.Decision;
    note: string;
    decidedOn: string;
    recredentialingDueOn: string | null;
    /** The denial's reason codes; decided on an appeal; the decision letter's id (absent in decisions recorded before letters). */
    reasons?: credentialing.DenialReason[];
    appeal?: boolean;
    letterId?: string;
    /** An approval with conditions (a committee meeting): the conditions and their follow-up date. */
    conditions?: { text: string; followUpOn: string | null };
    at: string;
    by: string;
  };
};

/**
 * An exclusion screening (OIG LEIE) recorded in the file by the monitoring (any status: approved
 * providers are screened too) or a person's resolution of a possible match: a verification of the
 * file as a whole with the matched row as evidence, and the file's standing finding.
 */
export type ExclusionScreened = {
  type: 'ExclusionScreened';
  data: {
    providerId: string;
    cycleId: string;
    verificationId: string;
    method: credentialing.VerificationMethod;
    result: credentialing.VerificationResult;
    finding: Exclude<credentialing.FileExclusion, null> | 'Not the same person' | 'Cleared with evidence' | 'None';
    /** The file's worst standing finding after this screening (null: nothing found). */
    exclusion: credentialing.FileExclusion;
    verifiedOn: string;
    note: string | null;
    evidence: Evidence | null;
    discrepancies: Discrepancy[];
    at: string;
    by: string;
  };
};

/**
 * Staff resolved the NPPES check's discrepancy (NPPES is a cross-check; the state board is a
 * licence's primary source): the check resolved, the note, a document, and for each licence the
 * registry does not list the state board verification relied on.
 */
export type NppesDiscrepancyResolved = {
  type: 'NppesDiscrepancyResolved';
  data: {
    providerId: string;
    cycleId: string;
    /** The NPPES verification (result `Discrepancy`) resolved. */
    verificationId: string;
    note: string;
    evidence: Extract<Evidence, { kind: 'document' }> | null;
    licences: { credentialId: string; verificationId: string }[];
    at: string;
    by: string;
  };
};

export type CredentialingEvent =
  | NppesDiscrepancyResolved
  | ExclusionScreened
  | FileStarted
  | FileStatusChanged
  | ApplicationDeclared
  | CredentialAdded
  | CredentialUpdated
  | CredentialRemoved
  | VerificationRecorded
  | AttestationSigned
  | FileDecided
  | NoticeEvent
  | ClearanceEvent
  | CommitteeFileEvent
  | ItemsChased;
