import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventPipeline } from '@app/nest-kit';
import type { identity } from '@app/contracts';
import { AccountRepository } from '../accounts/account.repository';
import { decideAccount } from '../domain/account.aggregate';
import { requireActor } from './actor';
import { SessionRevocations } from './session-revocations';
import { LogoutCommand } from './logout.command';

/** Logout: the caller's session ends on the server; its token answers 401 from the next call on. */
@CommandHandler(LogoutCommand)
export class LogoutHandler implements ICommandHandler<LogoutCommand, identity.SuccessReply> {
  constructor(
    private readonly repo: AccountRepository,
    private readonly pipeline: EventPipeline,
    private readonly revocations: SessionRevocations,
  ) {}

  async execute(): Promise<identity.SuccessReply> {
    const { userId, sessionId } = requireActor();
    const outcome = await this.repo.execute(userId, (state) => ({
      events: state.status === 'active' ? decideAccount({ type: 'SignOut', data: { sessionId, now: new Date() } }, state) : [],
    }));
    await this.pipeline.projected(outcome.globalPositions, { projections: ['sessions'] });
    this.revocations.publishFor(outcome.events);
    return { success: true };
  }
}
