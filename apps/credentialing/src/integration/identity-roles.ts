import { z } from 'zod';
import { identity } from '@app/contracts';
import { parseIntegrationEvent } from '@app/nest-kit';

/**
 * Identity's events credentialing learns the committee roles from (CloudEvents on
 * `<prefix.>events.identity.<Name>`, contracts in libs/contracts/src/identity): who is a
 * Committee member or a Medical Director, as rows of `credentialing_committee_roles`.
 */
export type CommitteeRoleChange = { userId: string; committeeMember: boolean; medicalDirector: boolean };
export type ParsedRoleEvent =
  | { kind: 'change'; eventId: string; change: CommitteeRoleChange }
  | { kind: 'skip'; eventId?: string; reason: string }
  | { kind: 'malformed'; eventId?: string; reason: string };

const roles = z.looseObject({ isCommitteeMember: z.boolean().optional(), isMedicalDirector: z.boolean().optional() });
const change = z
  .looseObject({ accountId: z.uuid(), roles })
  .transform((d) => ({ userId: d.accountId, committeeMember: d.roles.isCommitteeMember === true, medicalDirector: d.roles.isMedicalDirector === true }));

const reactions: Record<string, z.ZodType<CommitteeRoleChange>> = {
  [identity.ACCOUNT_REGISTERED_V1]: change,
  [identity.ACCOUNT_ROLES_CHANGED_V1]: change,
};

export function parseRoleEvent(subject: string, payload: Uint8Array): ParsedRoleEvent {
  const parsed = parseIntegrationEvent('identity', subject, payload, reactions);
  return parsed.kind === 'event' ? { kind: 'change', eventId: parsed.eventId, change: parsed.data } : parsed;
}
