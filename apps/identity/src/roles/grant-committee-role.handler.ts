import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { identity } from '@app/contracts';
import { GrantCommitteeRoleCommand } from './grant-committee-role.command';
import { RoleGrant } from './role-grant';

/**
 * The master admin designates (or withdraws) a Committee member or the Medical Director: an
 * AccountRolesChanged that credentialing learns (only designated users decide files there).
 */
@CommandHandler(GrantCommitteeRoleCommand)
export class GrantCommitteeRoleHandler implements ICommandHandler<GrantCommitteeRoleCommand, identity.SuccessReply> {
  constructor(private readonly grant: RoleGrant) {}

  execute({ input: req }: GrantCommitteeRoleCommand): Promise<identity.SuccessReply> {
    return this.grant.apply(req.userId, identity.COMMITTEE_ROLE_LABELS[req.role], (changedBy, now) => ({
      type: 'SetCommitteeRole',
      data: { role: req.role, granted: req.granted, changedBy, now },
    }));
  }
}
