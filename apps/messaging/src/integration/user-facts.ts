import { z } from 'zod';
import { directory, identity, type BoundedContext } from '@app/contracts';
import { parseIntegrationEvent } from '@app/nest-kit';

/** What messaging keeps of a person: only the fields an event says (undefined = not in this event). */
export type UserFact = { userId: string; userName?: string; displayName?: string; avatarImageUrl?: string | null };

export type ParsedUserEvent =
  | { kind: 'fact'; eventId: string; fact: UserFact }
  | { kind: 'skip'; eventId?: string; reason: string }
  | { kind: 'malformed'; eventId?: string; reason: string };

const id = z.uuid().transform((v) => v.toLowerCase());
/** A field messaging shows; a value it cannot show is left out, the rest of the event still applies. */
const text = (max: number) => z.string().max(max).optional().catch(undefined);
const url = z.string().max(2000).nullable().optional().catch(undefined);

type Contracts = Readonly<Record<string, z.ZodType<UserFact | null>>>;

/** identity's events that name a person (contracts: libs/contracts/src/identity/*.v1.ts). */
const IDENTITY: Contracts = {
  [identity.ACCOUNT_REGISTERED_V1]: z
    .looseObject({ accountId: id, userName: text(100), displayName: text(200) })
    .transform((d) => ({ userId: d.accountId, userName: d.userName, displayName: d.displayName })),
  [identity.USER_NAME_CHANGED_V1]: z.looseObject({ accountId: id, userName: text(100) }).transform((d) => ({ userId: d.accountId, userName: d.userName })),
};

/** The directory's profile events (contracts: libs/contracts/src/directory/profiles.v1.ts). */
const DIRECTORY: Contracts = {
  [directory.PROFILE_CREATED_V1]: z
    .looseObject({ profileId: id, userName: text(100), details: z.looseObject({ displayName: text(200), avatarImageUrl: url }).catch({}) })
    .transform((d) => ({ userId: d.profileId, userName: d.userName, displayName: d.details.displayName, avatarImageUrl: d.details.avatarImageUrl })),
  [directory.PROFILE_UPDATED_V1]: z
    .looseObject({ profileId: id, changes: z.looseObject({ displayName: text(200), avatarImageUrl: url }).catch({}) })
    .transform((d) => ({ userId: d.profileId, displayName: d.changes.displayName, avatarImageUrl: d.changes.avatarImageUrl })),
  [directory.PROFILE_IMAGE_CHANGED_V1]: z
    .looseObject({ profileId: id, image: z.string(), url })
    .transform((d) => (d.image === 'avatar' ? { userId: d.profileId, avatarImageUrl: d.url } : null)),
  [directory.PROFILE_ACCOUNT_CHANGED_V1]: z
    .looseObject({ profileId: id, userName: text(100) })
    .transform((d) => (d.userName !== undefined ? { userId: d.profileId, userName: d.userName } : null)),
};

const CONTRACTS: Partial<Record<BoundedContext, Contracts>> = { identity: IDENTITY, directory: DIRECTORY };

/**
 * Reads a person's names or avatar out of an identity or directory integration event (a
 * CloudEvents 1.0 envelope on events.<context>.<Name>, data per the v1 contracts), with the
 * same parser as every other consumer. Other names and versions are skipped; malformed ones refused.
 */
export function parseUserEvent(context: BoundedContext, subject: string, payload: Uint8Array): ParsedUserEvent {
  const parsed = parseIntegrationEvent(context, subject, payload, CONTRACTS[context] ?? {});
  if (parsed.kind !== 'event') return parsed;
  if (!parsed.data) return { kind: 'skip', eventId: parsed.eventId, reason: `nothing of a person in this ${parsed.name}` };
  return { kind: 'fact', eventId: parsed.eventId, fact: parsed.data };
}
