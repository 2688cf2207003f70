/**
 * DEA registration numbers and schedules. A DEA number is two letters and seven digits: the
 * first letter is the registrant type, the second the first letter of the registrant's last
 * name (or 9 for a business name), the seventh digit a check digit: the last digit of
 * (d1 + d3 + d5) + 2 × (d2 + d4 + d6). Shared by the web forms and the server.
 */

/**
 * The letters a DEA number may start with (its registrant type): A, B, F, G for practitioners,
 * hospitals, clinics and pharmacies (F and G once the earlier letters ran out), M for mid-level
 * practitioners, X for the former DATA-waiver prescribers, and the letters of the business
 * activities (manufacturers, distributors, researchers, analytical labs, importers, exporters,
 * reverse distributors, narcotic treatment programs). I, O, Q, V, W, Y and Z are not used.
 */
export const DEA_REGISTRANT_TYPES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'N', 'P', 'R', 'S', 'T', 'U', 'X'] as const;

const SHAPE = /^([A-Z])([A-Z9])(\d{7})$/;

export const DEA_MESSAGES = {
  shape: 'a DEA number is two letters and seven digits',
  registrantType: `a DEA number starts with a registrant type (${DEA_REGISTRANT_TYPES.join(', ')})`,
  checkDigit: 'this DEA number fails its check digit: check it for a typing mistake',
} as const;

/** The check digit of the first six digits of a DEA number. */
export function deaCheckDigit(firstSix: string): number {
  if (!/^\d{6}$/.test(firstSix)) throw new Error('deaCheckDigit needs exactly 6 digits');
  const d = [...firstSix].map(Number);
  return (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10;
}

/** What is wrong with a DEA number (upper-cased, trimmed first), or null when it is valid. */
export function deaNumberProblem(value: unknown): string | null {
  if (typeof value !== 'string') return DEA_MESSAGES.shape;
  const m = SHAPE.exec(value.trim().toUpperCase());
  if (!m) return DEA_MESSAGES.shape;
  if (!(DEA_REGISTRANT_TYPES as readonly string[]).includes(m[1])) return DEA_MESSAGES.registrantType;
  return deaCheckDigit(m[3].slice(0, 6)) === Number(m[3][6]) ? null : DEA_MESSAGES.checkDigit;
}

export const isValidDeaNumber = (value: unknown): value is string => deaNumberProblem(value) === null;

/** Completes two letters and six digits into a valid DEA number (used by generators, seeds and tests). */
export function withDeaCheckDigit(prefix: string): string {
  const m = /^([A-Z][A-Z9])(\d{6})$/.exec(prefix);
  if (!m) throw new Error('withDeaCheckDigit needs two letters and six digits');
  return `${prefix}${deaCheckDigit(m[2])}`;
}

/** The controlled-substance schedules a registration may cover, in the order DEA lists them. */
export const DEA_SCHEDULES = ['1', '2', '2N', '3', '3N', '4', '5'] as const;
export type DeaSchedule = (typeof DEA_SCHEDULES)[number];

/** Schedules in DEA's order (2, 2N, 3, 3N, 4, 5), each once. */
export function sortDeaSchedules<T extends string>(schedules: readonly T[]): T[] {
  const rank = (s: string) => {
    const i = (DEA_SCHEDULES as readonly string[]).indexOf(s);
    return i < 0 ? DEA_SCHEDULES.length : i;
  };
  return [...new Set(schedules)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
