import { Inject, Injectable, Logger } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import type { RealtimeEnvelope } from '@app/contracts';
import { NATS_CONNECTION, subjects } from '@app/nest-kit';
import type { AccountEvent } from '../domain/account.events';

/**
 * After a logout or revocation has committed: tells every gateway to disconnect the sockets of
 * the ended sessions (`session-revoked-event` on realtime.user.<userId>).
 */
@Injectable()
export class SessionRevocations {
  private readonly logger = new Logger('SessionRevocations');
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  publishFor(events: AccountEvent[]): void {
    for (const e of events) {
      if (e.type === 'SignedOut') this.publish(e.data.accountId, e.data.sessionId, 'signed-out');
      if (e.type === 'SessionsRevoked') for (const sid of e.data.sessionIds) this.publish(e.data.accountId, sid, e.data.reason);
    }
  }

  private publish(userId: string, sessionId: string, reason: string): void {
    try {
      this.nc.publish(subjects().realtimeUser(userId), JSON.stringify({ event: 'session-revoked-event', data: { reason, sessionId } } satisfies RealtimeEnvelope<'session-revoked-event'>));
    } catch (e) {
      this.logger.warn(`could not publish session-revoked-event: ${(e as Error).message}`);
    }
  }
}
