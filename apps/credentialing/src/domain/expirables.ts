/**
 * Expirables and recredentialing reminders: which threshold a date has reached on a
 * day. A credential reminds 120, 90, 60 and 30 days before its expiry and on the day (0); a
 * recredentialing due date 120 and 90 days before. Each (subject, date, threshold) reminds once:
 * the daily run records what it sent, so running it again sends nothing, and a renewed
 * credential (a new expiry date) starts afresh far from its thresholds.
 */
import { credentialing } from '@app/contracts';
import { daysBetween, type Day } from './calendar';

/** The threshold reached on `today` (the smallest one not yet passed below), or null when none is. */
export function thresholdReached(dueOn: Day, today: Day, thresholds: readonly number[]): number | null {
  const left = daysBetween(today, dueOn);
  const reached = thresholds.filter((t) => left <= t);
  return reached.length ? Math.min(...reached) : null;
}

/** How loud: 120/90 days Info, 60/30 Warning, due or past Danger. */
export function alertLevelFor(threshold: number): 'Info' | 'Warning' | 'Danger' {
  if (threshold <= 0) return 'Danger';
  if (threshold <= 60) return 'Warning';
  return 'Info';
}

export const expiryThreshold = (expiresOn: Day, today: Day) => thresholdReached(expiresOn, today, credentialing.EXPIRY_THRESHOLDS);
export const recredentialingThreshold = (dueOn: Day, today: Day) => thresholdReached(dueOn, today, credentialing.RECREDENTIALING_THRESHOLDS);

/** The expirable kind of an NPDB Continuous Query enrollment (beside the credentials' kinds; its alerts name no credential kind). */
export const NPDB_ENROLLMENT = 'npdbEnrollment';
