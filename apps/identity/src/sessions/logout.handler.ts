import { Controller } from '@nestjs/common';
import { Rpc, EventPipeline } from '@app/nest-kit';
import type { identity } from '@app/contracts';
import { AccountRepository } from '../accounts/account.repository';
import { decideAccount } from '../domain/account.aggregate';
import { requireActor } from './actor';
import { SessionRevocations } from './session-revocations';

/** Logout: the caller's session ends on the server; its token answers 401 from the next call on. */
@Controller()
export class LogoutHandler {
  constructor(
    private readonly repo: AccountRepository,
    private readonly pipeline: EventPipeline,
    private readonly revocations: SessionRevocations,
  ) {}

  @Rpc('identity', 'cmd', 'logout')
  async logout(): Promise<identity.SuccessReply> {
    const { userId, sessionId } = requireActor();
    const outcome = await this.repo.execute(userId, (state) => ({
      events: state.status === 'active' ? decideAccount({ type: 'SignOut', data: { sessionId, now: new Date() } }, state) : [],
    }));
    await this.pipeline.projected(outcome.globalPositions);
    this.revocations.publishFor(outcome.events);
    return { success: true };
  }
}
