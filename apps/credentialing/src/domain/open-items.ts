/**
 * Open items are computed, never typed: from the file's content and a reference day (today, or
 * the committee's decision day). NCQA 2025: every verification at most 120 days old and the
 * attestation re-signed every 120 days (domain/attestation-cycle.ts); work history over the last 5 years with every
 * gap of more than 6 months explained.
 */
import { credentialing } from '@app/contracts';
import { attestationDueOn, attestationLapsed } from './attestation-cycle';
import { addMonths, daysBetween, type Day } from './calendar';
import type { CredentialFields, NppesDiscrepancyResolved, VerificationRecorded } from './credentialing-file.events';

type OpenItem = credentialing.OpenItem;
type StoredCredential = { credentialId: string; credential: CredentialFields; changedAt: string };
/** A verification as the file holds it; `carriedOverFrom`: an education verification of an earlier cycle (NCQA: not redone). */
export type Verification = VerificationRecorded['data'] & { carriedOverFrom?: number };
export type NppesResolution = NppesDiscrepancyResolved['data'];

export type FileContent = {
  application: { hasDea: boolean; hasBoardCertification: boolean } | null;
  credentials: StoredCredential[];
  verifications: Verification[];
  attestation: { signedOn: string } | null;
  /** Staff resolutions of NPPES discrepancies (absent in files folded before they existed). */
  nppesResolutions?: NppesResolution[];
};


export type OpenItemOptions = {
  /** The exclusion screening (OIG LEIE) is required once its source exists. */
  requireExclusionScreening?: boolean;
  /** No exclusion list imported yet: the screening cannot run (the open item says why). */
  exclusionSourceUnavailable?: boolean;
};

/** The open item of a file never screened because the exclusion list has not been imported. */
export const EXCLUSION_SOURCE_UNAVAILABLE = 'Exclusion screening (OIG LEIE): source unavailable, the OIG exclusion list (LEIE) has not been imported yet';

const KIND_LABEL: Record<credentialing.CredentialKind, string> = {
  stateLicense: 'State licence',
  dea: 'DEA registration',
  boardCertification: 'Board certification',
  malpractice: 'Malpractice insurance',
  education: 'Education and training',
  workHistory: 'Work history',
};

/** How a credential is named in an open item: its kind and what tells it apart. */
export function credentialLabel(c: CredentialFields): string {
  switch (c.kind) {
    case 'stateLicense':
      return `${KIND_LABEL[c.kind]} ${c.state} ${c.number}`;
    case 'dea':
      return `${KIND_LABEL[c.kind]} ${c.number}`;
    case 'boardCertification':
      return `${KIND_LABEL[c.kind]} ${c.board} (${c.specialty})`;
    case 'malpractice':
      return `${KIND_LABEL[c.kind]} ${c.carrier} ${c.policyNumber}`;
    case 'education':
      return `${KIND_LABEL[c.kind]} ${c.institution}`;
    case 'workHistory':
      return `${KIND_LABEL[c.kind]} ${c.employer}`;
  }
}

export function expiresOn(c: CredentialFields): string | null {
  return 'expiresOn' in c && c.expiresOn ? c.expiresOn : null;
}

const current = (c: CredentialFields, today: Day) => {
  const exp = expiresOn(c);
  const issued = 'issuedOn' in c ? c.issuedOn : null;
  return (!exp || exp >= today) && (!issued || issued <= today);
};

/** Work history kinds are reviewed for gaps, not verified at a primary source (NCQA). */
export const needsVerification = (c: CredentialFields) => c.kind !== 'workHistory';

/** The newest verification of a credential (or of the file's NPPES check) made after its last change. */
export function latestVerification(verifications: Verification[], credentialId: string | null, since: string | null, source?: credentialing.VerificationSource) {
  let best: Verification | undefined;
  for (const v of verifications) {
    if (v.credentialId !== credentialId) continue;
    if (source && v.source !== source) continue;
    if (since && v.at < since) continue;
    if (!best || v.verifiedOn >= best.verifiedOn) best = v;
  }
  return best;
}

/** The newest verification of a credential, at a source that fits its kind, made after its last change. */
export function credentialVerification(verifications: Verification[], c: StoredCredential): Verification | undefined {
  return latestVerification(
    verifications.filter((v) => credentialing.sourceFits(c.credential.kind, v.source)),
    c.credentialId,
    c.changedAt,
  );
}

/** Whether a licence has a current `Verified` state board verification on a day (the primary source of a licence). */
export function boardVerified(verifications: Verification[], c: StoredCredential, today: Day): Verification | undefined {
  const v = credentialVerification(verifications, c);
  return v && v.source === 'State board' && v.result === 'Verified' && daysBetween(v.verifiedOn, today) <= credentialing.VERIFICATION_MAX_AGE_DAYS ? v : undefined;
}

/** The licence a discrepancy of the NPPES check is about (by id, or by `state number` in checks recorded before ids). */
export function discrepancyLicence(d: { field: string; file: string | null; credentialId?: string }, credentials: StoredCredential[]): StoredCredential | undefined {
  if (!d.field.startsWith('stateLicense')) return undefined;
  if (d.credentialId) return credentials.find((c) => c.credentialId === d.credentialId);
  return credentials.find((c) => c.credential.kind === 'stateLicense' && `${c.credential.state} ${c.credential.number}` === d.file);
}

const licenceText = (c: StoredCredential) => (c.credential.kind === 'stateLicense' ? `${c.credential.state} ${c.credential.number}` : credentialLabel(c.credential));

/**
 * The NPPES check's open items: run, at most 120 days old, and `Verified` or its discrepancy
 * resolved by staff. Each unresolved discrepancy says exactly what to do.
 */
export function nppesItems(file: FileContent, today: Day): OpenItem[] {
  const v = latestVerification(file.verifications, null, null, 'NPPES');
  if (!v) return [{ code: 'verification-missing', message: 'NPPES check: not run yet (Run Checks matches the file against the NPPES registry)' }];
  const out: OpenItem[] = [];
  const age = daysBetween(v.verifiedOn, today);
  if (age > credentialing.VERIFICATION_MAX_AGE_DAYS)
    out.push({ code: 'verification-expired', message: `NPPES check: verification of ${v.verifiedOn} is ${age} days old (at most ${credentialing.VERIFICATION_MAX_AGE_DAYS}): run the checks again` });
  if (v.result === 'Verified') return out;
  const resolution = (file.nppesResolutions ?? []).find((r) => r.verificationId === v.verificationId);
  if (resolution) {
    for (const l of resolution.licences) {
      const c = file.credentials.find((x) => x.credentialId === l.credentialId);
      if (c && c.changedAt > resolution.at)
        out.push({ code: 'nppes-discrepancy', credentialId: c.credentialId, message: `NPPES check: licence ${licenceText(c)} changed after the discrepancy was resolved: run the checks again` });
    }
    return out;
  }
  if (v.result === 'Not found' || v.discrepancies.some((d) => d.field === 'npi'))
    return [...out, { code: 'nppes-not-found', message: `NPPES check: the registry has no record of this NPI: correct the NPI in the provider's profile, then run the checks again` }];
  for (const d of v.discrepancies) {
    if (d.field === 'npiStatus') {
      out.push({ code: 'nppes-npi-deactivated', message: `NPPES check: the registry lists the NPI as ${d.source ?? 'deactivated'}: the NPI must be reactivated in NPPES, then run the checks again` });
    } else if (d.field === 'lastName' || d.field === 'firstName') {
      const name = d.field === 'lastName' ? 'last name' : 'first name';
      out.push({
        code: 'nppes-discrepancy',
        message: `NPPES check: the registry's ${name} is ${d.source ?? 'missing'}, the profile's ${d.file ?? 'missing'}: correct the profile and run the checks again, or resolve it with a note and a document (e.g. the name change)`,
      });
    } else if (d.field.startsWith('stateLicense')) {
      const c = discrepancyLicence(d, file.credentials);
      // A licence removed since the check is no longer the file's.
      if (!c) continue;
      const verified = boardVerified(file.verifications, c, today);
      out.push({
        code: 'nppes-discrepancy',
        credentialId: c.credentialId,
        message: verified
          ? `NPPES check: the registry does not list licence ${licenceText(c)}; the state board verified it: resolve the discrepancy with a note`
          : `NPPES check: the registry does not list licence ${licenceText(c)}; resolve it with the state board's verification of that licence`,
      });
    } else {
      out.push({ code: 'nppes-discrepancy', message: `NPPES check: ${credentialing.discrepancyLabel(d.field)} differs: resolve it with a note and a document` });
    }
  }
  if (!out.length) out.push({ code: 'verification-not-verified', message: `NPPES check: verification result ${v.result}` });
  return out;
}

function verificationItems(label: string, v: Verification | undefined, today: Day, credentialId?: string): OpenItem[] {
  const ref = credentialId ? { credentialId } : {};
  if (!v) return [{ code: 'verification-missing', message: `${label}: not verified`, ...ref }];
  const out: OpenItem[] = [];
  if (v.result !== 'Verified') out.push({ code: 'verification-not-verified', message: `${label}: verification result ${v.result}`, ...ref });
  const age = daysBetween(v.verifiedOn, today);
  // An education verification carried over from an earlier cycle is not redone (NCQA).
  if (age > credentialing.VERIFICATION_MAX_AGE_DAYS && v.carriedOverFrom === undefined)
    out.push({ code: 'verification-expired', message: `${label}: verification of ${v.verifiedOn} is ${age} days old (at most ${credentialing.VERIFICATION_MAX_AGE_DAYS})`, ...ref });
  return out;
}

/** Gaps of more than 6 months in the last 5 years, and whether the history reaches back that far. */
export function workHistoryItems(entries: Extract<CredentialFields, { kind: 'workHistory' }>[], today: Day): OpenItem[] {
  const windowStart = addMonths(today, -12 * credentialing.WORK_HISTORY_YEARS);
  if (!entries.length) return [{ code: 'missing-work-history', message: `Work history of the last ${credentialing.WORK_HISTORY_YEARS} years is required` }];
  const sorted = [...entries].sort((a, b) => a.startedOn.localeCompare(b.startedOn));
  const tooLong = (from: Day, to: Day) => addMonths(from, credentialing.WORK_GAP_MAX_MONTHS) < to;
  const out: OpenItem[] = [];
  const first = sorted[0];
  if (first.startedOn > windowStart && tooLong(windowStart, first.startedOn) && !first.gapExplanation)
    out.push({
      code: 'work-history-short',
      message: `Work history starts ${first.startedOn}: it must cover the last ${credentialing.WORK_HISTORY_YEARS} years (from ${windowStart}) or explain the time before`,
    });
  let coveredTo = first.endedOn ?? today;
  let lastEntry = first;
  for (const e of sorted.slice(1)) {
    if (e.startedOn > coveredTo && coveredTo >= windowStart && tooLong(coveredTo, e.startedOn) && !e.gapExplanation && !lastEntry.gapExplanation)
      out.push({ code: 'work-gap', message: `Work gap from ${coveredTo} to ${e.startedOn} (over ${credentialing.WORK_GAP_MAX_MONTHS} months) needs an explanation` });
    const end = e.endedOn ?? today;
    if (end >= coveredTo) {
      coveredTo = end;
      lastEntry = e;
    }
  }
  if (coveredTo < today && tooLong(coveredTo, today) && !lastEntry.gapExplanation)
    out.push({ code: 'work-gap', message: `Work gap from ${coveredTo} to today (over ${credentialing.WORK_GAP_MAX_MONTHS} months) needs an explanation` });
  return out;
}

export function openItems(file: FileContent, today: Day, options: OpenItemOptions = {}): OpenItem[] {
  const items: OpenItem[] = [];
  const of = <K extends credentialing.CredentialKind>(kind: K) =>
    file.credentials.filter((c) => c.credential.kind === kind) as (StoredCredential & { credential: Extract<CredentialFields, { kind: K }> })[];

  if (!file.application) items.push({ code: 'application-unanswered', message: 'The application questions (DEA registration, board certification) are not answered' });
  if (!of('stateLicense').some((c) => c.credential.status === 'Active' && current(c.credential, today)))
    items.push({ code: 'missing-state-license', message: 'At least one active, unexpired state licence is required' });
  if (!of('malpractice').some((c) => current(c.credential, today))) items.push({ code: 'missing-malpractice', message: 'Current malpractice coverage is required' });
  if (!of('education').length) items.push({ code: 'missing-education', message: 'Education and training is required' });
  if (file.application?.hasDea && !of('dea').some((c) => current(c.credential, today)))
    items.push({ code: 'missing-dea', message: 'A current DEA registration is required (the application declares one)' });
  if (file.application?.hasBoardCertification && !of('boardCertification').some((c) => c.credential.status === 'Certified' && current(c.credential, today)))
    items.push({ code: 'missing-board-certification', message: 'A current board certification is required (the application declares one)' });
  items.push(...workHistoryItems(of('workHistory').map((c) => c.credential), today));

  for (const c of file.credentials.filter((x) => needsVerification(x.credential))) {
    items.push(...verificationItems(credentialLabel(c.credential), credentialVerification(file.verifications, c), today, c.credentialId));
  }
  items.push(...nppesItems(file, today));
  if (options.requireExclusionScreening) {
    const screening = latestVerification(file.verifications, null, null, 'OIG LEIE');
    if (!screening && options.exclusionSourceUnavailable) items.push({ code: 'verification-missing', message: EXCLUSION_SOURCE_UNAVAILABLE });
    else items.push(...verificationItems('Exclusion screening (OIG LEIE)', screening, today));
  }

  if (!file.attestation) items.push({ code: 'attestation-missing', message: 'The provider has not signed the attestation' });
  else if (attestationLapsed(file.attestation.signedOn, today))
    items.push({
      code: 'attestation-lapsed',
      message: `The attestation of ${file.attestation.signedOn} lapsed after ${attestationDueOn(file.attestation.signedOn)}: the provider re-attests every ${credentialing.ATTESTATION_CYCLE_DAYS} days`,
    });
  return items;
}
