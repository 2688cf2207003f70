/**
 * A state licence checked against its state board's roster (the board's own published list, the
 * licence's primary source): `Verified` when the roster has the licence number with an active
 * status, the same expiry date and no discipline flag; `Discrepancy` listing each difference
 * (status, expiry, discipline); `Not found` when the roster has no such number.
 */
import type { credentialing } from '@app/contracts';

export type RosterEntry = {
  state: string;
  licenceNumber: string;
  lastName: string | null;
  firstName: string | null;
  licenceType: string | null;
  /** As the board publishes it. */
  status: string | null;
  /** Whether the board's status means active (the state's mapping says which words do). */
  active: boolean;
  issuedOn: string | null;
  expiresOn: string | null;
  disciplined: boolean;
};
export type LicenceToCheck = { state: string; number: string; expiresOn: string | null };
export type RosterCheck = { result: credentialing.VerificationResult; discrepancies: { field: string; file: string | null; source: string | null }[] };

/** A licence number as rosters and files compare it: letters and digits only, upper case. */
export const licenceKey = (n: string) => n.toUpperCase().replace(/[^A-Z0-9]/g, '');

export function checkLicence(licence: LicenceToCheck, entry: RosterEntry | null): RosterCheck {
  const what = `State licence ${licence.state} ${licence.number}`;
  if (!entry) return { result: 'Not found', discrepancies: [{ field: `${what}: licence number`, file: licence.number, source: null }] };
  const discrepancies: RosterCheck['discrepancies'] = [];
  if (!entry.active) discrepancies.push({ field: `${what}: status`, file: 'Active', source: entry.status });
  if ((entry.expiresOn ?? null) !== (licence.expiresOn ?? null)) discrepancies.push({ field: `${what}: expiry`, file: licence.expiresOn, source: entry.expiresOn });
  if (entry.disciplined) discrepancies.push({ field: `${what}: discipline`, file: null, source: 'Board action on record' });
  return { result: discrepancies.length ? 'Discrepancy' : 'Verified', discrepancies };
}

export function rosterNote(check: RosterCheck, roster: { state: string; file: string; day: string }): string {
  const from = `the ${roster.state} board roster (${roster.file}, ${roster.day})`;
  if (check.result === 'Verified') return `Verified against ${from}: active, expiry as on file, no discipline`;
  if (check.result === 'Not found') return `Not on ${from}`;
  return `Discrepancy with ${from}: ${check.discrepancies.map((d) => d.field.replace(/^.*: /, '')).join(', ')}`;
}
