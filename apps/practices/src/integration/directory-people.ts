import { z } from 'zod';
import { directory } from '@app/contracts';
import { parseIntegrationEvent } from '@app/nest-kit';

/**
 * The directory's integration events the practices react to (CloudEvents 1.0 JSON on
 * `<prefix.>events.directory.<Name>`, data per libs/contracts/src/directory/profiles.v1.ts),
 * turned into changes of `practice_people`: the users of practices show the directory's
 * current names, NPI, address, phone and avatar, and the roles decide who is the master admin.
 */
export type PersonChange =
  | { kind: 'upsert'; id: string; cols: Record<string, unknown> }
  | { kind: 'update'; id: string; cols: Record<string, unknown> }
  | { kind: 'delete'; id: string };

export type ParsedDirectoryEvent =
  | { kind: 'change'; eventId: string; change: PersonChange }
  | { kind: 'skip'; eventId?: string; reason: string }
  | { kind: 'malformed'; eventId?: string; reason: string };

const id = z.uuid();
const text = z.string().max(500).nullable().optional();
const address = z.looseObject({ streetAddress1: text, city: text, state: text, zip: text }).nullable().optional();
const roles = z.looseObject({ isAdmin: z.boolean(), isMasterAdmin: z.boolean() });
const details = z.looseObject({
  npi: text,
  firstName: text,
  middleName: text,
  lastName: text,
  displayName: text,
  mailingAddress: address,
  phone: text,
  avatarImageUrl: text,
});

function detailCols(d: z.infer<typeof details>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const map: [keyof z.infer<typeof details>, string][] = [
    ['npi', 'npi'],
    ['firstName', 'first_name'],
    ['middleName', 'middle_name'],
    ['lastName', 'last_name'],
    ['displayName', 'display_name'],
    ['phone', 'phone'],
    ['avatarImageUrl', 'avatar_url'],
  ];
  for (const [k, c] of map) if (d[k] !== undefined) out[c] = d[k] ?? null;
  if (d.mailingAddress !== undefined) {
    const a = d.mailingAddress;
    Object.assign(out, { street1: a?.streetAddress1 ?? null, city: a?.city ?? null, state: a?.state ?? null, zip: a?.zip ?? null });
  }
  return out;
}

const reactions: Record<string, z.ZodType<PersonChange>> = {
  [directory.PROFILE_CREATED_V1]: z.looseObject({ profileId: id, userName: z.string().max(100), roles, details }).transform((d) => ({
    kind: 'upsert' as const,
    id: d.profileId,
    cols: { user_name: d.userName, ...detailCols(d.details), is_admin: d.roles.isAdmin, is_master_admin: d.roles.isMasterAdmin, deleted: false },
  })),
  [directory.PROFILE_UPDATED_V1]: z
    .looseObject({ profileId: id, changes: details })
    .transform((d) => ({ kind: 'update' as const, id: d.profileId, cols: detailCols(d.changes) })),
  [directory.PROFILE_IMAGE_CHANGED_V1]: z
    .looseObject({ profileId: id, image: z.enum(['banner', 'avatar']), url: z.string().max(500) })
    .transform((d) => ({ kind: 'update' as const, id: d.profileId, cols: d.image === 'avatar' ? { avatar_url: d.url } : {} })),
  [directory.PROFILE_ACCOUNT_CHANGED_V1]: z
    .looseObject({ profileId: id, userName: z.string().max(100).optional(), roles: roles.optional() })
    .transform((d) => ({
      kind: 'update' as const,
      id: d.profileId,
      cols: { ...(d.userName ? { user_name: d.userName } : {}), ...(d.roles ? { is_admin: d.roles.isAdmin, is_master_admin: d.roles.isMasterAdmin } : {}) },
    })),
  [directory.PROFILE_DELETED_V1]: z.looseObject({ profileId: id }).transform((d) => ({ kind: 'delete' as const, id: d.profileId })),
};

export function parseDirectoryEvent(subject: string, payload: Uint8Array): ParsedDirectoryEvent {
  const parsed = parseIntegrationEvent('directory', subject, payload, reactions);
  return parsed.kind === 'event' ? { kind: 'change', eventId: parsed.eventId, change: parsed.data } : parsed;
}
