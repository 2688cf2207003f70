/**
 * Calendar-date rules of credentials and applications, shared by the web forms and the server.
 * Dates are `yyyy-mm-dd` strings (so they compare as text). Every rule is pure and takes
 * `today` as a parameter: the server passes its own clock's day (`utcDay()`), the browser its
 * local day, so both ends apply the same rule to the same calendar.
 */

/** No credential, school or employment of a practising provider starts before this year. */
export const MIN_DATE = '1900-01-01';
/** The longest a licence, registration, certification or policy runs from issue to expiry. */
export const MAX_VALIDITY_YEARS = 15;

const WIRE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written `yyyy-mm-dd`. */
export function isWireDate(v: unknown): v is string {
  if (typeof v !== 'string') return false;
  const m = WIRE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** The day of an instant on the UTC calendar (the server's "today"). */
export function utcDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The day of an instant on the local calendar (the browser's "today"). */
export function localDay(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** `yyyy-mm-dd` plus whole years; 29 February falls back to 28 February in a common year. */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const target = y + years;
  const last = new Date(Date.UTC(target, m, 0)).getUTCDate();
  return `${String(target).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** A date that has happened (an issue, a start, a signature): not before 1900, not after today. Null when acceptable (or not a date: the shape is checked elsewhere). */
export function pastDateProblem(value: string | null | undefined, today: string): string | null {
  if (!value || !isWireDate(value)) return null;
  if (value < MIN_DATE) return 'not before 1900';
  if (value > today) return 'cannot be in the future';
  return null;
}

/** Any date of a credential (an expiry): not before 1900. */
export function anyDateProblem(value: string | null | undefined): string | null {
  if (!value || !isWireDate(value)) return null;
  return value < MIN_DATE ? 'not before 1900' : null;
}

/**
 * An expiry against its issue (named `issuedLabel` in the message): on or after it, at most
 * MAX_VALIDITY_YEARS later. Past expiries are allowed (an expired licence is a fact to record).
 */
export function expiryProblem(issuedOn: string | null | undefined, expiresOn: string | null | undefined, issuedLabel = 'issuedOn'): string | null {
  const early = anyDateProblem(expiresOn);
  if (early) return early;
  if (!issuedOn || !expiresOn || !isWireDate(issuedOn) || !isWireDate(expiresOn)) return null;
  if (expiresOn < issuedOn) return `must be on or after ${issuedLabel}`;
  if (expiresOn > addYears(issuedOn, MAX_VALIDITY_YEARS)) return `at most ${MAX_VALIDITY_YEARS} years after ${issuedLabel}`;
  return null;
}

/** The end of a period (work history, training) against its start: on or after it, and not in the future. */
export function endProblem(startedOn: string | null | undefined, endedOn: string | null | undefined, today: string, startedLabel = 'startedOn'): string | null {
  const past = pastDateProblem(endedOn, today);
  if (past) return past;
  if (startedOn && endedOn && isWireDate(startedOn) && isWireDate(endedOn) && endedOn < startedOn) return `must be on or after ${startedLabel}`;
  return null;
}
