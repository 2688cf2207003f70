import { z } from 'zod';
import { directory } from '@app/contracts';
import { parseIntegrationEvent } from '@app/nest-kit';

/**
 * The directory's profile events credentialing learns from (CloudEvents on
 * `<prefix.>events.directory.<Name>`, contracts in libs/contracts/src/directory/profiles.v1.ts):
 * names, NPI, email and roles of each profile, as changes of `credentialing_profiles`.
 */
export type ProfileChange =
  | { kind: 'upsert'; id: string; cols: Record<string, unknown> }
  | { kind: 'update'; id: string; cols: Record<string, unknown> }
  | { kind: 'delete'; id: string }
  /** The registry marks this NPI deactivated (after an NPPES import): an alert, no profile change. */
  | { kind: 'npiDeactivated'; id: string; npi: string; deactivationDate: string | null };

export type ParsedProfileEvent =
  | { kind: 'change'; eventId: string; change: ProfileChange }
  | { kind: 'skip'; eventId?: string; reason: string }
  | { kind: 'malformed'; eventId?: string; reason: string };

const id = z.uuid();
const text = z.string().max(500).nullable().optional();
const roles = z.looseObject({ isAdmin: z.boolean(), isProvider: z.boolean().optional(), isMasterAdmin: z.boolean() });
const address = z.looseObject({ state: z.string().max(20).nullable().optional() }).nullable().optional();
const details = z.looseObject({ npi: text, firstName: text, middleName: text, lastName: text, displayName: text, mailingAddress: address });

export const PROFILE_COLUMNS = new Set(['user_name', 'email', 'first_name', 'middle_name', 'last_name', 'display_name', 'npi', 'is_provider', 'is_master_admin', 'deleted', 'state']);

function detailCols(d: z.infer<typeof details>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const map: [Exclude<keyof z.infer<typeof details>, 'mailingAddress'>, string][] = [
    ['npi', 'npi'],
    ['firstName', 'first_name'],
    ['middleName', 'middle_name'],
    ['lastName', 'last_name'],
    ['displayName', 'display_name'],
  ];
  for (const [k, c] of map) if (d[k] !== undefined) out[c] = d[k] ?? null;
  // The mailing address's state: the exclusion screening compares it with the list's.
  if (d.mailingAddress !== undefined) out.state = d.mailingAddress?.state?.trim().toUpperCase() || null;
  return out;
}
const roleCols = (r: z.infer<typeof roles>) => ({ ...(r.isProvider !== undefined ? { is_provider: r.isProvider } : {}), is_master_admin: r.isMasterAdmin });

const reactions: Record<string, z.ZodType<ProfileChange>> = {
  [directory.PROFILE_CREATED_V1]: z
    .looseObject({ profileId: id, userName: z.string().max(100), email: z.string().max(320), roles, details })
    .transform((d) => ({ kind: 'upsert' as const, id: d.profileId, cols: { user_name: d.userName, email: d.email, ...detailCols(d.details), ...roleCols(d.roles), deleted: false } })),
  [directory.PROFILE_UPDATED_V1]: z.looseObject({ profileId: id, changes: details }).transform((d) => ({ kind: 'update' as const, id: d.profileId, cols: detailCols(d.changes) })),
  [directory.PROFILE_ACCOUNT_CHANGED_V1]: z
    .looseObject({ profileId: id, userName: z.string().max(100).optional(), email: z.string().max(320).optional(), roles: roles.optional() })
    .transform((d) => ({
      kind: 'update' as const,
      id: d.profileId,
      cols: { ...(d.userName ? { user_name: d.userName } : {}), ...(d.email ? { email: d.email } : {}), ...(d.roles ? roleCols(d.roles) : {}) },
    })),
  [directory.PROFILE_DELETED_V1]: z.looseObject({ profileId: id }).transform((d) => ({ kind: 'delete' as const, id: d.profileId })),
  [directory.REGISTRY_NPI_DEACTIVATED_V1]: z
    .looseObject({ npi: z.string().regex(/^\d{10}$/), profileIds: z.array(id).min(1), deactivationDate: z.iso.date().nullable() })
    .transform((d) => ({ kind: 'npiDeactivated' as const, id: d.profileIds[0], npi: d.npi, deactivationDate: d.deactivationDate })),
};

export function parseProfileEvent(subject: string, payload: Uint8Array): ParsedProfileEvent {
  const parsed = parseIntegrationEvent('directory', subject, payload, reactions);
  return parsed.kind === 'event' ? { kind: 'change', eventId: parsed.eventId, change: parsed.data } : parsed;
}
