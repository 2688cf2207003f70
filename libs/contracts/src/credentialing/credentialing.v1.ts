/**
 * Integration events of credentialing, on `events.credentialing.<Name>` (CloudEvents type
 * `credentialing.<Name>.v1`): ids, kinds, statuses and dates only. No credential numbers,
 * attestation answers, notes or documents leave the service.
 */
import type { CredentialKind, Decision, FileStatus, VerificationMethod, VerificationResult, VerificationSource } from './credentialing';

export const CREDENTIALING_FILE_STARTED_V1 = 'CredentialingFileStarted';
export type CredentialingFileStartedV1 = { providerId: string; cycleId: string; cycle: number; startedOn: string; startedBy: string };

export const CREDENTIALING_STATUS_CHANGED_V1 = 'CredentialingStatusChanged';
export type CredentialingStatusChangedV1 = { providerId: string; cycleId: string; from: FileStatus | null; to: FileStatus; changedAt: string; changedBy: string };

export const CREDENTIAL_RECORDED_V1 = 'CredentialRecorded';
export type CredentialRecordedV1 = {
  providerId: string;
  cycleId: string;
  credentialId: string;
  kind: CredentialKind;
  change: 'added' | 'updated' | 'removed';
  issuedOn: string | null;
  expiresOn: string | null;
  at: string;
};

export const CREDENTIAL_VERIFIED_V1 = 'CredentialVerified';
export type CredentialVerifiedV1 = {
  providerId: string;
  cycleId: string;
  verificationId: string;
  credentialId: string | null;
  source: VerificationSource;
  method: VerificationMethod;
  result: VerificationResult;
  verifiedOn: string;
};

export const CREDENTIALING_DECIDED_V1 = 'CredentialingDecided';
export type CredentialingDecidedV1 = { providerId: string; cycleId: string; decision: Decision; decidedOn: string; recredentialingDueOn: string | null };
