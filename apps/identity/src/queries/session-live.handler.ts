import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { identity } from '@app/contracts';
import { PG_POOL } from '@app/nest-kit';
import { SessionLiveQuery } from './session-live.query';

@QueryHandler(SessionLiveQuery)
export class SessionLiveHandler implements IQueryHandler<SessionLiveQuery, identity.SessionLiveReply> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Asked by the gateway on every authenticated call: revoked or expired sessions answer false. */
  async execute({ input: { userId, sessionId } }: SessionLiveQuery): Promise<identity.SessionLiveReply> {
    if (!/^[0-9a-f-]{36}$/i.test(sessionId) || !/^[0-9a-f-]{36}$/i.test(userId)) return { live: false };
    const { rowCount } = await this.pool.query(
      'SELECT 1 FROM sessions WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL AND expires_at > now()',
      [sessionId, userId],
    );
    return { live: (rowCount ?? 0) > 0 };
  }
}
