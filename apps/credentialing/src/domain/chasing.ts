/**
 * Chasing missing items: the provider is asked again by email every `everyDays` days, at most
 * `maxTimes` times per item, while the item stays open (a closed item is not chased). The cadence
 * is set per practice; a provider of several practices follows the most frequent cadence and the
 * most chases any of them allows.
 */
import { credentialing } from '@app/contracts';
import { daysBetween, type Day } from './calendar';

export type ChaseCadence = { everyDays: number; maxTimes: number };
/** What was sent for an item: how many chases and the day of the last one. */
export type ChaseHistory = { sent: number; lastSentOn: Day | null };

/** The open items the provider can close themself (what staff verify is not chased). */
export const CHASED_CODES: ReadonlySet<string> = new Set([
  'application-unanswered',
  'missing-state-license',
  'missing-malpractice',
  'missing-education',
  'missing-dea',
  'missing-board-certification',
  'missing-work-history',
  'work-history-short',
  'work-gap',
  'attestation-missing',
  'attestation-lapsed',
  'attestation-expired',
]);

/** An open item's key in the chase log: its code and the credential it names. */
export const chaseKey = (item: { code: string; credentialId?: string }) => (item.credentialId ? `${item.code}:${item.credentialId}` : item.code);

/** The number of the chase due on `today` (1 for the first), or null when none is. */
export function chaseDue(history: ChaseHistory, cadence: ChaseCadence, today: Day): number | null {
  if (history.sent >= cadence.maxTimes) return null;
  if (history.sent === 0 || !history.lastSentOn) return history.sent + 1;
  return daysBetween(history.lastSentOn, today) >= cadence.everyDays ? history.sent + 1 : null;
}

/** The cadence for a provider from their practices' settings (none set: the defaults). */
export function cadenceOf(settings: readonly ChaseCadence[]): ChaseCadence {
  if (!settings.length) return { ...credentialing.CHASING_DEFAULTS };
  return { everyDays: Math.min(...settings.map((s) => s.everyDays)), maxTimes: Math.max(...settings.map((s) => s.maxTimes)) };
}
