import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { EventPipeline, Forbidden, NotFound } from '@app/nest-kit';
import { AccountLookup } from '../accounts/account-lookup';
import { AccountRepository } from '../accounts/account.repository';
import { decideAccount } from '../domain/account.aggregate';
import { requireActor } from '../sessions/actor';
import { ChangeUserNameCommand } from './change-user-name.command';

/**
 * Changes an account's user name (the directory calls it when a profile's user name is edited,
 * before recording it): the owner or the master admin only; unique without case ('User Name
 * Taken' on `userName`), the old name released in the same transaction.
 */
@CommandHandler(ChangeUserNameCommand)
export class ChangeUserNameHandler implements ICommandHandler<ChangeUserNameCommand, identity.ChangeUserNameReply> {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly repo: AccountRepository,
    private readonly pipeline: EventPipeline,
  ) {}

  async execute({ input: req }: ChangeUserNameCommand): Promise<identity.ChangeUserNameReply> {
    const actor = requireActor();
    if (actor.userId !== req.accountId) {
      const me = await this.lookup.requireById(actor.userId);
      if (!me.isMasterAdmin) throw new Forbidden('You can only change your own user name');
    }
    if (!(await this.lookup.byId(req.accountId))) throw new NotFound('User not found');
    const outcome = await this.repo.execute(req.accountId, (state) => {
      // The account's claims move the user name ('User Name Taken' on userName when another account holds it).
      return { events: decideAccount({ type: 'ChangeUserName', data: { userName: req.userName, now: new Date() } }, state) };
    });
    await this.pipeline.projected(outcome.globalPositions, { projections: ['accounts'] });
    return { success: true, userName: req.userName };
  }
}
