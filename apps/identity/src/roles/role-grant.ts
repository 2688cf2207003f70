import { Injectable } from '@nestjs/common';
import { EventPipeline, Forbidden, NotFound } from '@app/nest-kit';
import { AccountLookup } from '../accounts/account-lookup';
import { AccountRepository } from '../accounts/account.repository';
import { type AccountCommand, decideAccount } from '../domain/account.aggregate';
import { requireActor } from '../sessions/actor';

/** A role change only the master admin may make: the caller checked, the target found, the command decided and projected. */
@Injectable()
export class RoleGrant {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly repo: AccountRepository,
    private readonly pipeline: EventPipeline,
  ) {}

  async apply(userId: string, role: string, command: (changedBy: string, now: Date) => AccountCommand): Promise<{ success: true }> {
    const actor = requireActor();
    const me = await this.lookup.requireById(actor.userId);
    if (!me.isMasterAdmin) throw new Forbidden(`Only the master admin may grant the ${role} role`);
    if (!(await this.lookup.byId(userId))) throw new NotFound('User not found');
    const outcome = await this.repo.execute(userId, (state) => ({ events: decideAccount(command(me.id, new Date()), state) }));
    await this.pipeline.projected(outcome.globalPositions, { projections: ['accounts'] });
    return { success: true };
  }
}
