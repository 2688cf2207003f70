/**
 * Dates of the credentialing screens: shown and typed as mm/dd/yyyy, sent as yyyy-mm-dd (the
 * wire's calendar days). Day counts are whole calendar days.
 */
const WIRE = /^(\d{4})-(\d{2})-(\d{2})$/;
const SHOWN = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

function isCalendarDay(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** 'mm/dd/yyyy' (one-digit month and day allowed) as 'yyyy-mm-dd'; null when it is not a calendar day. */
export function toWireDate(shown: string): string | null {
  const m = SHOWN.exec(shown.trim());
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || !isCalendarDay(year, month, day)) return null;
  return `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 'yyyy-mm-dd' (or an ISO timestamp) as 'mm/dd/yyyy'; '' for nothing. */
export function toShownDate(wire: string | null | undefined): string {
  if (!wire) return '';
  const m = WIRE.exec(wire.slice(0, 10));
  return m ? `${m[2]}/${m[3]}/${m[1]}` : wire;
}

/** A server message with its yyyy-mm-dd dates shown as mm/dd/yyyy. */
export function withShownDates(text: string): string {
  return text.replace(/\b(\d{4})-(\d{2})-(\d{2})\b/g, '$2/$3/$1');
}

/** Today in the browser's time zone as yyyy-mm-dd. */
export function todayWire(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Whole days from `from` to `to` (both yyyy-mm-dd); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The day `days` after `from` (yyyy-mm-dd). */
export function addDays(from: string, days: number): string {
  return new Date(Date.parse(`${from}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export type ExpiryBadge = { label: string; color: 'red' | 'volcano' | 'gold' | 'green'; level: 'expired' | 'under30' | 'under90' | 'current' };

/** The badge of an expiry date: expired, expiring in under 30 days, in under 90 days, or current. */
export function expiryBadge(expiresOn: string | null | undefined, today: string): ExpiryBadge | null {
  if (!expiresOn) return null;
  const days = daysBetween(today, expiresOn);
  if (days < 0) return { label: 'Expired', color: 'red', level: 'expired' };
  if (days < 30) return { label: days === 0 ? 'Expires today' : `Expires in ${days} day${days === 1 ? '' : 's'}`, color: 'volcano', level: 'under30' };
  if (days < 90) return { label: `Expires in ${days} days`, color: 'gold', level: 'under90' };
  return { label: `Valid until ${toShownDate(expiresOn)}`, color: 'green', level: 'current' };
}
