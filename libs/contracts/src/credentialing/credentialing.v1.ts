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
/** `appeal`: the committee's decision on the provider's appeal of a denial (the same file, decided again). */
export type CredentialingDecidedV1 = { providerId: string; cycleId: string; decision: Decision; decidedOn: string; recredentialingDueOn: string | null; appeal: boolean };

/**
 * A notice of the provider's file for the people concerned: a decision (with its letter in the
 * file), an appeal requested or decided, a correction requested or answered. The notifications
 * service tells each recipient; identity emails the provider on `CredentialingDecided`. Kinds and
 * dates only: the reasons, the statement and the notes stay in the service.
 */
export const CREDENTIALING_NOTICE_RAISED_V1 = 'CredentialingNoticeRaised';
export const CREDENTIALING_NOTICE_KINDS = [
  'decision-approved',
  'decision-denied',
  'appeal-requested',
  'appeal-approved',
  'appeal-upheld',
  'correction-requested',
  'correction-answered',
  /** A committee meeting deferred the file back to staff with its questions. */
  'committee-deferred',
  /** The follow-up date of an approval's conditions is here. */
  'conditions-follow-up',
] as const;
export type CredentialingNoticeKind = (typeof CREDENTIALING_NOTICE_KINDS)[number];
export type CredentialingNoticeRaisedV1 = {
  noticeId: string;
  providerId: string;
  providerName: string | null;
  kind: CredentialingNoticeKind;
  recipients: string[];
  /** The day concerned: the decision day, or the appeal's deadline for a denial. */
  onDate: string | null;
  raisedAt: string;
};

/**
 * A monitoring alert for the provider's staff, the master admin and (for expirables) the
 * provider: an exclusion found by the screening, a credential or recredentialing date coming due,
 * an NPI deactivated in the registry, the attestation coming due, missing items chased. The notifications service turns it into a notification per
 * recipient (category Credentialing). Kinds and dates only: no names of credentials' numbers, no DOB.
 */
export const MONITORING_ALERT_RAISED_V1 = 'MonitoringAlertRaised';
export const MONITORING_ALERT_KINDS = [
  'exclusion-excluded',
  'exclusion-possible-match',
  'credential-expiring',
  'credential-expired',
  'recredentialing-due',
  'npi-deactivated',
  /** The provider's attestation is due (re-attestation every 120 days): 15, 10 and 5 days before; identity emails the provider. */
  'attestation-due',
  /** Items of the provider's file are missing: the provider is asked again on the practice's cadence; identity emails the provider. */
  'items-missing',
  /** A state licence differs from the state board's roster (status, expiry or discipline). */
  'licence-discrepancy',
] as const;
export type MonitoringAlertKind = (typeof MONITORING_ALERT_KINDS)[number];
export type MonitoringAlertRaisedV1 = {
  alertId: string;
  providerId: string;
  providerName: string | null;
  kind: MonitoringAlertKind;
  alertLevel: 'Info' | 'Warning' | 'Danger';
  recipients: string[];
  /** The credential's kind (expirables). */
  credentialKind: CredentialKind | null;
  /** The expiry / due / exclusion date concerned, and the days left on the day raised. */
  dueOn: string | null;
  daysLeft: number | null;
  raisedAt: string;
  /** The exclusion match an exclusion alert is about (absent on other alerts and on alerts raised before it was carried). */
  matchId?: string | null;
};

/** A screening outcome recorded in the provider's file (source OIG LEIE; the matched row stays inside). */
export const EXCLUSION_SCREENED_V1 = 'ExclusionScreened';
export type ExclusionScreenedV1 = {
  providerId: string;
  cycleId: string;
  verificationId: string;
  result: VerificationResult;
  finding: 'Excluded' | 'Possible match' | 'Confirmed' | 'Not the same person' | 'Cleared with evidence' | 'None';
  screenedOn: string;
};

/**
 * A person resolved an exclusion match: a possible match Confirmed or Not the same person by staff,
 * an NPI match Cleared with evidence once a second person confirmed. `exclusion`: the file's
 * standing finding after it (null: nothing stands). The notifications service marks the match's
 * Danger alert done.
 */
export const EXCLUSION_MATCH_RESOLVED_V1 = 'ExclusionMatchResolved';
export type ExclusionMatchResolvedV1 = {
  providerId: string;
  cycleId: string;
  matchId: string;
  kind: 'Excluded' | 'Possible match';
  status: 'Confirmed' | 'Not the same person' | 'Cleared with evidence';
  exclusion: 'Excluded' | 'Possible match' | 'Confirmed' | null;
  resolvedAt: string;
  resolvedBy: string;
};
