import { z } from 'zod';
import { defineRpcs } from '../rpc-contract';

/** The credentialing committee's roles the master admin designates (identity owns them; credentialing learns them from AccountRolesChanged). */
export const COMMITTEE_ROLES = ['committeeMember', 'medicalDirector'] as const;
export type CommitteeRole = (typeof COMMITTEE_ROLES)[number];
export const COMMITTEE_ROLE_LABELS: Record<CommitteeRole, string> = { committeeMember: 'Committee member', medicalDirector: 'Medical Director' };

/** POST /api/v1/users/grantCommitteeRole (master admin only): grants (`granted: true`) or revokes a committee role. */
export const GrantCommitteeRoleRequest = z.object({
  userId: z.uuid({ error: 'userId must be a user id' }),
  role: z.enum(COMMITTEE_ROLES, { error: `role: one of ${COMMITTEE_ROLES.join(', ')}` }),
  granted: z.union([z.boolean(), z.enum(['true', 'false'])], { error: 'granted must be true or false' }).transform((v) => v === true || v === 'true'),
});
export type GrantCommitteeRoleRequest = z.infer<typeof GrantCommitteeRoleRequest>;

/** identity.cmd.grantCommitteeRole */
export const COMMITTEE_ROLES_RPC = defineRpcs('identity', {
  grantCommitteeRole: { kind: 'cmd', request: GrantCommitteeRoleRequest, reply: z.object({ success: z.literal(true) }), messages: 'user' },
});
