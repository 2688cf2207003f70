/**
 * The screening's matching rules, as plain functions; the screening runs the same
 * rules in SQL over the whole mirror (infrastructure/screening.sql.ts), and its tests hold
 * both to these cases.
 *
 * - an exclusion row with the provider's NPI is `Excluded` (whatever the names say);
 * - without an NPI match, the same last and first name (case, accents, punctuation and spaces
 *   aside) and the same state — or the same date of birth where both have one — is a
 *   `Possible match` that a person resolves; a row carrying another NPI is another person;
 * - reinstated rows (a reinstatement date) never match; entity rows (BUSNAME only) match by NPI only.
 */
import type { credentialing } from '@app/contracts';

export type ScreenedProvider = { npi: string | null; firstName: string | null; lastName: string | null; state: string | null; dob?: string | null };
export type ExclusionCandidate = {
  npi: string | null;
  lastName: string | null;
  firstName: string | null;
  state: string | null;
  dob: string | null;
  reinDate: string | null;
};

/** Upper-case ASCII letters only: 'O’Brien-Smith' and 'OBRIEN SMITH' compare equal. */
export function nameKey(v: string | null | undefined): string {
  return (v ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
}

export function matchExclusion(p: ScreenedProvider, row: ExclusionCandidate): credentialing.ExclusionMatchKind | null {
  if (row.reinDate) return null;
  if (p.npi && row.npi && row.npi === p.npi) return 'Excluded';
  if (row.npi && p.npi && row.npi !== p.npi) return null;
  const last = nameKey(p.lastName);
  const first = nameKey(p.firstName);
  if (!last || !first || nameKey(row.lastName) !== last || nameKey(row.firstName) !== first) return null;
  if (p.dob && row.dob) return p.dob === row.dob ? 'Possible match' : null;
  return p.state && row.state && p.state.toUpperCase() === row.state.toUpperCase() ? 'Possible match' : null;
}

type Standing = { kind: credentialing.ExclusionMatchKind; status: credentialing.ExclusionMatchStatus };

/** The file's standing finding from its matches: Excluded > Confirmed > Possible match > nothing. */
export function fileExclusion(matches: Standing[]): credentialing.FileExclusion {
  // An active Medicare opt-out is a flag on the file, not an exclusion.
  const live = matches.filter((m) => (m.status === 'Open' || m.status === 'Confirmed') && m.kind !== 'Opted out');
  if (live.some((m) => m.kind === 'Excluded')) return 'Excluded';
  if (live.some((m) => m.status === 'Confirmed')) return 'Confirmed';
  if (live.length) return 'Possible match';
  return null;
}
