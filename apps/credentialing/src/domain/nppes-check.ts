/**
 * The automatic NPPES check: the provider's NPI is active in the registry (not
 * deactivated), the names match, and every state licence of the file appears among the NPPES
 * record's licence numbers and states (the monthly file carries up to 15 per provider). Each
 * mismatch is a discrepancy with both values; the record itself is the verification's evidence.
 */
import type { credentialing } from '@app/contracts';
import type { Discrepancy } from './credentialing-file.events';
import type { StoredCredential } from './credentialing-file.decider';

export type NppesRecord = {
  npi: string;
  firstName: string;
  lastName: string;
  deactivated: boolean;
  deactivationDate: string | null;
  licenses: { state: string | null; number: string | null }[];
  /** Where it came from: the local mirror (sample or monthly file) or the live API. */
  origin: string;
};

export type NppesCheck = { result: credentialing.VerificationResult; discrepancies: Discrepancy[] };

/** The check's note, honest about its result (a discrepancy is not a match). */
export function nppesNote(result: credentialing.VerificationResult, origin: string | null, discrepancies: number): string {
  if (result === 'Not found' || !origin) return 'The registry has no record of this NPI';
  if (result === 'Verified') return `Matched against the registry (${origin})`;
  return `Compared with the registry (${origin}): ${discrepancies} ${discrepancies === 1 ? 'difference' : 'differences'}`;
}

const name = (s: string | null | undefined) => (s ?? '').normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z]/g, '').toUpperCase();
const licenseKey = (state: string | null | undefined, number: string | null | undefined) =>
  `${(state ?? '').trim().toUpperCase()} ${(number ?? '').replace(/[\s-]/g, '').toUpperCase()}`;

export function checkNppes(
  record: NppesRecord | null,
  profile: { npi: string; firstName: string | null; lastName: string | null },
  credentials: StoredCredential[],
): NppesCheck {
  if (!record) return { result: 'Not found', discrepancies: [{ field: 'npi', file: profile.npi, source: null }] };
  const discrepancies: Discrepancy[] = [];
  if (record.deactivated)
    discrepancies.push({ field: 'npiStatus', file: 'Active', source: record.deactivationDate ? `Deactivated on ${record.deactivationDate}` : 'Deactivated' });
  if (name(profile.lastName) !== name(record.lastName)) discrepancies.push({ field: 'lastName', file: profile.lastName, source: record.lastName || null });
  if (name(profile.firstName) !== name(record.firstName)) discrepancies.push({ field: 'firstName', file: profile.firstName, source: record.firstName || null });
  const known = new Set(record.licenses.map((l) => licenseKey(l.state, l.number)));
  const listed = record.licenses.map((l) => `${l.state ?? '?'} ${l.number ?? '?'}`).join(', ') || null;
  for (const c of credentials) {
    if (c.credential.kind !== 'stateLicense') continue;
    if (!known.has(licenseKey(c.credential.state, c.credential.number)))
      discrepancies.push({ field: `stateLicense ${c.credential.state} ${c.credential.number}`, file: `${c.credential.state} ${c.credential.number}`, source: listed, credentialId: c.credentialId });
  }
  return { result: discrepancies.length ? 'Discrepancy' : 'Verified', discrepancies };
}
