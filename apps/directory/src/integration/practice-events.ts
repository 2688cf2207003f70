import { z } from 'zod';
import { practices } from '@app/contracts';
import { parseIntegrationEvent } from '@app/nest-kit';

/**
 * What the directory learns from the practices service's integration events (CloudEvents on
 * `<prefix.>events.practices.<Name>`, contracts in libs/contracts/src/practices/practices.v1.ts):
 * which practice holds which NPI and user name (the organisation results of searchAllNpiPractice
 * name it), and who belongs to which practice with which access type (who may see a person's
 * contact data). Other names are skipped, malformed ones refused.
 */
export type PracticeFact =
  | { name: 'PracticeCreated'; practiceId: string; npi: string; userName: string }
  | { name: 'PracticeUpdated'; practiceId: string; npi?: string; userName?: string }
  | { name: 'PracticeUserAdded'; practiceId: string; userId: string; accessType: string }
  | { name: 'PracticeUserAccessTypeChanged'; practiceId: string; userId: string; accessType: string }
  | { name: 'PracticeUserRemoved'; practiceId: string; userId: string }
  | { name: 'PracticeDeleted'; practiceId: string };

export type ParsedPracticeEvent =
  | { kind: 'fact'; eventId: string; fact: PracticeFact }
  | { kind: 'skip'; eventId?: string; reason: string }
  | { kind: 'malformed'; eventId?: string; reason: string };

const id = z.uuid();
const npi = z.string().regex(/^\d{10}$/);
const userName = z.string().min(1).max(100);
const accessType = z.string().min(1).max(40);

const contracts: Record<PracticeFact['name'], z.ZodType<PracticeFact>> = {
  [practices.PRACTICE_CREATED_V1]: z
    .looseObject({ practiceId: id, details: z.looseObject({ npi, userName }) })
    .transform((d): PracticeFact => ({ name: 'PracticeCreated', practiceId: d.practiceId, npi: d.details.npi, userName: d.details.userName })),
  [practices.PRACTICE_UPDATED_V1]: z
    .looseObject({ practiceId: id, changes: z.looseObject({ npi: npi.optional(), userName: userName.optional() }) })
    .transform((d): PracticeFact => ({ name: 'PracticeUpdated', practiceId: d.practiceId, npi: d.changes.npi, userName: d.changes.userName })),
  [practices.PRACTICE_USER_ADDED_V1]: z
    .looseObject({ practiceId: id, userId: id, accessType })
    .transform((d): PracticeFact => ({ name: 'PracticeUserAdded', practiceId: d.practiceId, userId: d.userId, accessType: d.accessType })),
  [practices.PRACTICE_USER_ACCESS_TYPE_CHANGED_V1]: z
    .looseObject({ practiceId: id, userId: id, to: accessType })
    .transform((d): PracticeFact => ({ name: 'PracticeUserAccessTypeChanged', practiceId: d.practiceId, userId: d.userId, accessType: d.to })),
  [practices.PRACTICE_USER_REMOVED_V1]: z
    .looseObject({ practiceId: id, userId: id })
    .transform((d): PracticeFact => ({ name: 'PracticeUserRemoved', practiceId: d.practiceId, userId: d.userId })),
  [practices.PRACTICE_DELETED_V1]: z.looseObject({ practiceId: id }).transform((d): PracticeFact => ({ name: 'PracticeDeleted', practiceId: d.practiceId })),
};

export function parsePracticeEvent(subject: string, payload: Uint8Array): ParsedPracticeEvent {
  const parsed = parseIntegrationEvent('practices', subject, payload, contracts);
  return parsed.kind === 'event' ? { kind: 'fact', eventId: parsed.eventId, fact: parsed.data } : parsed;
}
