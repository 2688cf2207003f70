/**
 * Keeping the file current: the provider re-attests every 120 days (as CAQH) and is reminded 15,
 * 10 and 5 days before; missing items are chased by email on a cadence staff set per practice.
 */
import { z } from 'zod';
import { defineRpcs } from '../rpc-contract';

/** Days an attestation holds: after them it has lapsed (an open item) until the provider re-attests. */
export const ATTESTATION_CYCLE_DAYS = 120;
/** Days before the attestation's due date on which the provider is reminded (each once). */
export const ATTESTATION_REMINDER_DAYS = [15, 10, 5] as const;

/** The chasing of missing items when a practice has set nothing. */
export const CHASING_DEFAULTS = { everyDays: 7, maxTimes: 4 } as const;
export const CHASING_LIMITS = { everyDays: { min: 1, max: 90 }, maxTimes: { min: 0, max: 20 } } as const;

const whole = (field: string, min: number, max: number) =>
  z.number({ message: `${field}: a whole number from ${min} to ${max}` }).int(`${field}: a whole number from ${min} to ${max}`).min(min, `${field}: at least ${min}`).max(max, `${field}: at most ${max}`);

/** `PUT /api/v1/credentialing/practices/{practiceId}/chasing`: every how many days, at most how many times (0: never). */
export const ChasingSettingsInput = z.object({
  everyDays: whole('everyDays', CHASING_LIMITS.everyDays.min, CHASING_LIMITS.everyDays.max),
  maxTimes: whole('maxTimes', CHASING_LIMITS.maxTimes.min, CHASING_LIMITS.maxTimes.max),
});
export const ChasingSettingsPayload = ChasingSettingsInput.extend({ practiceId: z.uuid({ message: 'practiceId: not a valid id' }) });
export const ChasingSettingsRequest = z.object({ practiceId: z.uuid({ message: 'practiceId: not a valid id' }) });
export const ChasingSettingsReply = z.object({
  practiceId: z.string(),
  everyDays: z.number(),
  maxTimes: z.number(),
  /** Whether staff set them (false: the defaults). */
  custom: z.boolean(),
});
export type ChasingSettingsReply = z.infer<typeof ChasingSettingsReply>;

/** Keeping the file current (credentialing.cmd/qry.<name>): the practice's chasing cadence. */
export const KEEP_CURRENT_RPC = defineRpcs('credentialing', {
  /** Staff of the practice (Credentialer, Practice Manager, Practice Owner) or the master admin set it. */
  setChasing: { kind: 'cmd', request: ChasingSettingsPayload, reply: ChasingSettingsReply },
  getChasing: { kind: 'qry', request: ChasingSettingsRequest, reply: ChasingSettingsReply },
});
