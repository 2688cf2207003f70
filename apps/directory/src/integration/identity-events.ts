import { z } from 'zod';
import { identity } from '@app/contracts';
import type { ProfileCommand } from '../domain/profile.aggregate';
import { parseIntegrationEvent } from '@app/nest-kit';

/**
 * Identity's integration events the directory reacts to (CloudEvents 1.0 JSON on
 * `<prefix.>events.identity.<Name>`, data per libs/contracts/src/identity/*.v1.ts), turned into
 * profile commands: every account gets a profile, and the profile's copy of email, mobile, user
 * name and roles follows identity.
 */
export type IdentityReaction = { profileId: string; command: ProfileCommand };

export type ParsedIdentityEvent =
  | { kind: 'reaction'; eventId: string; correlationId?: string; reaction: IdentityReaction }
  | { kind: 'skip'; eventId?: string; reason: string }
  | { kind: 'malformed'; eventId?: string; reason: string };

const accountId = z.uuid();
const roles = z.looseObject({ isAdmin: z.boolean(), isProvider: z.boolean(), isMasterAdmin: z.boolean() });
const time = z.string().max(64).optional();
const at = (t: string | undefined) => (t && !Number.isNaN(Date.parse(t)) ? new Date(t) : new Date());

/** `events.identity.UserNameChanged` (identity.UserNameChanged.v1). */
export const USER_NAME_CHANGED_V1 = 'UserNameChanged';

const reactions: Record<string, z.ZodType<IdentityReaction>> = {
  [identity.ACCOUNT_REGISTERED_V1]: z
    .looseObject({
      accountId,
      userName: z.string().min(1).max(100),
      email: z.string().min(3).max(320),
      mobile: z.string().max(40).optional(),
      displayName: z.string().max(200).optional(),
      firstName: z.string().max(100).optional(),
      lastName: z.string().max(100).optional(),
      roles,
      registeredAt: time,
    })
    .transform((d) => ({
      profileId: d.accountId,
      command: {
        type: 'CreateProfile',
        data: {
          profileId: d.accountId,
          account: { userName: d.userName, email: d.email.toLowerCase(), mobile: d.mobile ?? null },
          roles: { isAdmin: d.roles.isAdmin, isProvider: d.roles.isProvider, isMasterAdmin: d.roles.isMasterAdmin },
          names: { firstName: d.firstName ?? null, lastName: d.lastName ?? null, displayName: d.displayName ?? null },
          now: at(d.registeredAt),
          by: null,
        },
      },
    })),
  [identity.EMAIL_CHANGED_V1]: z
    .looseObject({ accountId, email: z.string().min(3).max(320), changedAt: time })
    .transform((d) => ({ profileId: d.accountId, command: { type: 'SyncAccount', data: { account: { email: d.email.toLowerCase() }, now: at(d.changedAt) } } })),
  [identity.MOBILE_CHANGED_V1]: z
    .looseObject({ accountId, mobile: z.string().min(3).max(40), changedAt: time })
    .transform((d) => ({ profileId: d.accountId, command: { type: 'SyncAccount', data: { account: { mobile: d.mobile }, now: at(d.changedAt) } } })),
  [identity.ACCOUNT_ROLES_CHANGED_V1]: z
    .looseObject({ accountId, roles, changedAt: time })
    .transform((d) => ({
      profileId: d.accountId,
      command: {
        type: 'SyncAccount',
        data: { account: {}, roles: { isAdmin: d.roles.isAdmin, isProvider: d.roles.isProvider, isMasterAdmin: d.roles.isMasterAdmin }, now: at(d.changedAt) },
      },
    })),
  [USER_NAME_CHANGED_V1]: z
    .looseObject({ accountId, userName: z.string().min(1).max(100), changedAt: time })
    .transform((d) => ({ profileId: d.accountId, command: { type: 'SyncAccount', data: { account: { userName: d.userName }, now: at(d.changedAt) } } })),
};

export function parseIdentityEvent(subject: string, payload: Uint8Array): ParsedIdentityEvent {
  const parsed = parseIntegrationEvent('identity', subject, payload, reactions);
  return parsed.kind === 'event' ? { kind: 'reaction', eventId: parsed.eventId, correlationId: parsed.correlationId, reaction: parsed.data } : parsed;
}
