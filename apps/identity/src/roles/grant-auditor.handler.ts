import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { EventPipeline, Forbidden, NotFound } from '@app/nest-kit';
import { AccountLookup } from '../accounts/account-lookup';
import { AccountRepository } from '../accounts/account.repository';
import { decideAccount } from '../domain/account.aggregate';
import { requireActor } from '../sessions/actor';
import { GrantAuditorCommand } from './grant-auditor.command';

/** The master admin grants or withdraws the auditor role (read access to everyone's security log). */
@CommandHandler(GrantAuditorCommand)
export class GrantAuditorHandler implements ICommandHandler<GrantAuditorCommand, identity.SuccessReply> {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly repo: AccountRepository,
    private readonly pipeline: EventPipeline,
  ) {}

  async execute({ input: req }: GrantAuditorCommand): Promise<identity.SuccessReply> {
    const actor = requireActor();
    const me = await this.lookup.requireById(actor.userId);
    if (!me.isMasterAdmin) throw new Forbidden('Only the master admin may grant the auditor role');
    if (!(await this.lookup.byId(req.userId))) throw new NotFound('User not found');
    const outcome = await this.repo.execute(req.userId, (state) => ({
      events: decideAccount({ type: 'SetAuditorRole', data: { isAuditor: req.isAuditor, changedBy: me.id, now: new Date() } }, state),
    }));
    await this.pipeline.projected(outcome.globalPositions, { projections: ['accounts'] });
    return { success: true };
  }
}
