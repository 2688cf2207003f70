import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { Pool } from 'pg';
import { identity } from '@app/contracts';
import { PG_POOL, Rpc, parsePayload } from '@app/nest-kit';

@Controller()
export class SessionLiveHandler {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Asked by the gateway on every authenticated call: revoked or expired sessions answer false. */
  @Rpc('identity', 'qry', 'sessionLive')
  async live(@Payload() payload: unknown): Promise<identity.SessionLiveReply> {
    const { userId, sessionId } = parsePayload(identity.SessionLiveRequest, payload);
    if (!/^[0-9a-f-]{36}$/i.test(sessionId) || !/^[0-9a-f-]{36}$/i.test(userId)) return { live: false };
    const { rowCount } = await this.pool.query(
      'SELECT 1 FROM sessions WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL AND expires_at > now()',
      [sessionId, userId],
    );
    return { live: (rowCount ?? 0) > 0 };
  }
}
