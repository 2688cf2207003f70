import { z } from 'zod';
import { practices } from '@app/contracts';
import { parseIntegrationEvent } from '@app/nest-kit';

/**
 * The practices' membership events credentialing learns from (contracts in
 * libs/contracts/src/practices/practices.v1.ts): who belongs to which practice with which access
 * type, as changes of `credentialing_memberships`. They decide who is credentialing staff for a provider.
 */
export type MembershipChange =
  | { kind: 'set'; practiceId: string; userId: string; accessType: string }
  | { kind: 'remove'; practiceId: string; userId: string }
  | { kind: 'removePractice'; practiceId: string };

export type ParsedMembershipEvent =
  | { kind: 'change'; eventId: string; change: MembershipChange }
  | { kind: 'skip'; eventId?: string; reason: string }
  | { kind: 'malformed'; eventId?: string; reason: string };

const id = z.uuid();
const accessType = z.string().min(1).max(40);

const reactions: Record<string, z.ZodType<MembershipChange>> = {
  [practices.PRACTICE_USER_ADDED_V1]: z
    .looseObject({ practiceId: id, userId: id, accessType })
    .transform((d) => ({ kind: 'set' as const, practiceId: d.practiceId, userId: d.userId, accessType: d.accessType })),
  [practices.PRACTICE_USER_ACCESS_TYPE_CHANGED_V1]: z
    .looseObject({ practiceId: id, userId: id, to: accessType })
    .transform((d) => ({ kind: 'set' as const, practiceId: d.practiceId, userId: d.userId, accessType: d.to })),
  [practices.PRACTICE_USER_REMOVED_V1]: z
    .looseObject({ practiceId: id, userId: id })
    .transform((d) => ({ kind: 'remove' as const, practiceId: d.practiceId, userId: d.userId })),
  [practices.PRACTICE_DELETED_V1]: z.looseObject({ practiceId: id }).transform((d) => ({ kind: 'removePractice' as const, practiceId: d.practiceId })),
};

export function parseMembershipEvent(subject: string, payload: Uint8Array): ParsedMembershipEvent {
  const parsed = parseIntegrationEvent('practices', subject, payload, reactions);
  return parsed.kind === 'event' ? { kind: 'change', eventId: parsed.eventId, change: parsed.data } : parsed;
}
