import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { GrantAuditorCommand } from './grant-auditor.command';
import { RoleGrant } from './role-grant';

/** The master admin grants or withdraws the auditor role (read access to everyone's security log). */
@CommandHandler(GrantAuditorCommand)
export class GrantAuditorHandler implements ICommandHandler<GrantAuditorCommand, identity.SuccessReply> {
  constructor(private readonly grant: RoleGrant) {}

  execute({ input: req }: GrantAuditorCommand): Promise<identity.SuccessReply> {
    return this.grant.apply(req.userId, 'auditor', (changedBy, now) => ({ type: 'SetAuditorRole', data: { isAuditor: req.isAuditor, changedBy, now } }));
  }
}
