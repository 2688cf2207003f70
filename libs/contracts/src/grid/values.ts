import { GRID_RANGE_SEPARATOR } from './filter-types';

/**
 * How a filter's `value` text is read, the same on the web (local mode) and the server
 * (libs/grid). Every parser answers `undefined` for text it does not accept.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An ISO calendar date `yyyy-mm-dd` that exists (2024-02-30 does not), years 0001..9999. */
export function parseGridDate(value: string): string | undefined {
  const m = ISO_DATE.exec(value.trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return undefined;
  const daysInMonth = new Date(Date.UTC(2000, mo, 0)).getUTCDate(); // leap year 2000: Feb has 29
  if (d > daysInMonth) return undefined;
  if (mo === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return undefined;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

const DECIMAL = /^([+-]?)(\d{1,30}(?:\.\d{0,30})?|\.\d{1,30})$/;

/**
 * A plain decimal number (`12`, `-3.5`, `.25`): no exponent, no thousands separators, at most
 * 30 digits each side of the point. Answers its canonical text (sign kept only when '-').
 */
export function parseGridNumber(value: string): string | undefined {
  const m = DECIMAL.exec(value.trim());
  if (!m) return undefined;
  let digits = m[2];
  if (digits.startsWith('.')) digits = `0${digits}`;
  if (digits.endsWith('.')) digits = digits.slice(0, -1);
  return m[1] === '-' ? `-${digits}` : digits;
}

/** The two sides of a range value `a:b` (numberRange, dateRange), trimmed; undefined unless exactly one colon. */
export function splitGridRange(value: string): [string, string] | undefined {
  const parts = value.split(GRID_RANGE_SEPARATOR);
  if (parts.length !== 2) return undefined;
  return [parts[0].trim(), parts[1].trim()];
}

export const MAX_DAYS_AGO = 36_500;

/** daysAgo: a whole number of days N, 1..36500 (rows dated within the last N days, today included). */
export function parseDaysAgo(value: string): number | undefined {
  const v = value.trim();
  if (!/^\d{1,6}$/.test(v)) return undefined;
  const n = Number(v);
  return n >= 1 && n <= MAX_DAYS_AGO ? n : undefined;
}

export type AdvancedTerm = { term: string; exclude: boolean };

export const MAX_ADVANCED_TERMS = 20;

/**
 * advancedFilters: space-separated terms that must all be contained; a term prefixed with '-'
 * must not be contained; double quotes keep spaces inside a term (`"new york" -clinic`). An
 * unclosed quote runs to the end. Empty terms (`""`, a lone `-`) are dropped.
 */
export function parseAdvancedTerms(value: string): AdvancedTerm[] {
  const terms: AdvancedTerm[] = [];
  const re = /(-?)"([^"]*)(?:"|$)|(-?)([^\s"]+)/g;
  for (let m = re.exec(value); m; m = re.exec(value)) {
    const quoted = m[2] !== undefined;
    const exclude = (quoted ? m[1] : m[3]) === '-';
    const term = quoted ? m[2] : m[4];
    if (term.length === 0 || (!quoted && term === '-')) continue;
    terms.push({ term, exclude });
  }
  return terms;
}

/**
 * Text as the grid compares it: lower case, accents removed (NFD, combining marks dropped).
 * The server does the same with `lower()` and `unaccent` (libs/grid); the web's local mode uses
 * this.
 */
export function normalizeGridText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
