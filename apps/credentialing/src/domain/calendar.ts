/**
 * Calendar days as `yyyy-mm-dd` strings (UTC): the rules count whole days and months, never
 * hours, so a verification done on 2026-01-01 is 120 days old on 2026-05-01 whatever the time.
 */
export type Day = string;

const MS_PER_DAY = 86_400_000;

export function dayOf(instant: Date): Day {
  return instant.toISOString().slice(0, 10);
}

function utc(day: Day): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: Day, to: Day): number {
  return Math.round((utc(to) - utc(from)) / MS_PER_DAY);
}

export function addDays(day: Day, days: number): Day {
  return new Date(utc(day) + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The same day of the month `months` later, or the month's last day when it has no such day (Feb 29 + 36 months: Feb 28). */
export function addMonths(day: Day, months: number): Day {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1 + months;
  const d = Number(day.slice(8, 10));
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, last))).toISOString().slice(0, 10);
}
