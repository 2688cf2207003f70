import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { identity } from '@app/contracts';
import { PG_POOL } from '@app/nest-kit';
import { AccountRepository } from '../accounts/account.repository';
import { SessionLiveQuery } from './session-live.query';

@QueryHandler(SessionLiveQuery)
export class SessionLiveHandler implements IQueryHandler<SessionLiveQuery, identity.SessionLiveReply> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly accounts: AccountRepository,
  ) {}

  /**
   * Asked by the gateway on every authenticated call: revoked or expired sessions answer false.
   * The sessions read model answers; a session it does not hold yet (started a moment ago, while
   * a busy database holds the projection back) is looked up in the account's own stream, the
   * source of truth: a signed-in user is never told 'session expired' because a read model lags
   * (the gateway caches the answer, so a wrong false would stick).
   */
  async execute({ input: { userId, sessionId } }: SessionLiveQuery): Promise<identity.SessionLiveReply> {
    if (!/^[0-9a-f-]{36}$/i.test(sessionId) || !/^[0-9a-f-]{36}$/i.test(userId)) return { live: false };
    const known = await this.lookup(userId, sessionId);
    if (known !== null) return { live: known };
    const { state } = await this.accounts.load(userId);
    const session = state.status === 'active' ? state.sessions[sessionId] : undefined;
    return { live: session !== undefined && Date.parse(session.expiresAt) > Date.now() };
  }

  /** Whether the session is live; null when the read model has no such session. */
  private async lookup(userId: string, sessionId: string): Promise<boolean | null> {
    const { rows } = await this.pool.query<{ live: boolean }>(
      'SELECT (revoked_at IS NULL AND expires_at > now()) AS live FROM sessions WHERE id = $1 AND account_id = $2',
      [sessionId, userId],
    );
    return rows.length ? rows[0].live : null;
  }
}
