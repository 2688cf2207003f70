import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { identity } from '@app/contracts';
import { EventPipeline, PG_POOL } from '@app/nest-kit';
import { SessionLiveQuery } from './session-live.query';

/** How long a session that is not in the read model yet may wait for the sessions projection. */
const UNPROJECTED_SESSION_WAIT_MS = 5_000; // under the gateway's RPC timeout (10 s)

@QueryHandler(SessionLiveQuery)
export class SessionLiveHandler implements IQueryHandler<SessionLiveQuery, identity.SessionLiveReply> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly pipeline: EventPipeline,
  ) {}

  /** Asked by the gateway on every authenticated call: revoked or expired sessions answer false. */
  async execute({ input: { userId, sessionId } }: SessionLiveQuery): Promise<identity.SessionLiveReply> {
    if (!/^[0-9a-f-]{36}$/i.test(sessionId) || !/^[0-9a-f-]{36}$/i.test(userId)) return { live: false };
    const known = await this.lookup(userId, sessionId);
    if (known !== null) return { live: known };
    // Not in the read model at all: a session started a moment ago, while a busy database held the
    // sessions projection back longer than the sign-in waited for it, is not a signed-out user.
    // Wait (bounded) for the projection to reach the store's head, then look once more.
    const { rows } = await this.pool.query<{ head: string | null }>('SELECT max(global_position)::text AS head FROM events');
    const head = rows[0]?.head;
    if (!head || !(await this.pipeline.projected([head], { projections: ['sessions'], timeoutMs: UNPROJECTED_SESSION_WAIT_MS }))) return { live: false };
    return { live: (await this.lookup(userId, sessionId)) ?? false };
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
