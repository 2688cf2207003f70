import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { GrantAdminCommand } from './grant-admin.command';
import { RoleGrant } from './role-grant';

/**
 * The master admin grants or withdraws the admin identity: a provider who holds both switches
 * between 'Change to Admin Profile' and 'Change to Provider Profile'. The directory and the
 * practices service learn it from AccountRolesChanged; the user's next isSignedIn carries it.
 */
@CommandHandler(GrantAdminCommand)
export class GrantAdminHandler implements ICommandHandler<GrantAdminCommand, identity.SuccessReply> {
  constructor(private readonly grant: RoleGrant) {}

  execute({ input: req }: GrantAdminCommand): Promise<identity.SuccessReply> {
    return this.grant.apply(req.userId, 'admin', (changedBy, now) => ({ type: 'SetAdminRole', data: { isAdmin: req.isAdmin, changedBy, now } }));
  }
}
