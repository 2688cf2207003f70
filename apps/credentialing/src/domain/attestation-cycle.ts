/**
 * Re-attestation every 120 days (as CAQH): an attestation signed on a day is due again 120 days
 * later and has lapsed the day after (an open item, a grid filter). The provider is reminded 15, 10
 * and 5 days before the due date; the daily run asks which threshold a day has reached and sends
 * each (file, attestation, threshold) once.
 */
import { credentialing } from '@app/contracts';
import { addDays, daysBetween, type Day } from './calendar';

/** The last day the attestation signed on `signedOn` holds. */
export const attestationDueOn = (signedOn: Day): Day => addDays(signedOn, credentialing.ATTESTATION_CYCLE_DAYS);

/** Whether the attestation signed on `signedOn` has lapsed on `today` (the day after its due date). */
export const attestationLapsed = (signedOn: Day, today: Day): boolean => today > attestationDueOn(signedOn);

/**
 * The reminder threshold (15, 10 or 5 days before the due date) reached on `today`: the smallest
 * one not passed below, or null before the first and from the due date on (a lapsed attestation is
 * an open item, not a reminder). A day the run missed is caught up by the next threshold.
 */
export function attestationReminderDue(signedOn: Day, today: Day, thresholds: readonly number[] = credentialing.ATTESTATION_REMINDER_DAYS): number | null {
  return attestationReminderOn(attestationDueOn(signedOn), today, thresholds);
}

/** The same, from the attestation's due date. */
export function attestationReminderOn(dueOn: Day, today: Day, thresholds: readonly number[] = credentialing.ATTESTATION_REMINDER_DAYS): number | null {
  const left = daysBetween(today, dueOn);
  if (left <= 0) return null;
  const reached = thresholds.filter((t) => left <= t);
  return reached.length ? Math.min(...reached) : null;
}

/** How loud a reminder is: 15 days Info, 10 Warning, 5 Danger. */
export const attestationReminderLevel = (threshold: number): 'Info' | 'Warning' | 'Danger' => (threshold <= 5 ? 'Danger' : threshold <= 10 ? 'Warning' : 'Info');
