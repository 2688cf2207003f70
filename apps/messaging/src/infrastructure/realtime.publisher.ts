import { Inject, Injectable, Logger } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import type { RealtimeEnvelope, RealtimeEventName } from '@app/contracts';
import { NATS_CONNECTION, subjects } from '@app/nest-kit';

/**
 * Pushes chat events to users' browsers through NATS `realtime.user.<id>`: every gateway
 * instance subscribes and emits to the sockets of that user it holds. Best effort: what a push
 * says is stored first, and a browser that missed one reloads its lists when it reconnects.
 */
@Injectable()
export class ChatRealtimePublisher {
  private readonly logger = new Logger('ChatRealtime');
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  push<E extends RealtimeEventName>(userIds: Iterable<string>, event: E, data: RealtimeEnvelope<E>['data'] | ((userId: string) => RealtimeEnvelope<E>['data'])): void {
    for (const userId of userIds) {
      try {
        const payload = typeof data === 'function' ? (data as (u: string) => RealtimeEnvelope<E>['data'])(userId) : data;
        this.nc.publish(subjects().realtimeUser(userId), JSON.stringify({ event, data: payload } as RealtimeEnvelope));
      } catch (err) {
        this.logger.warn(`could not push ${event} to user ${userId}: ${(err as Error).message}`);
      }
    }
  }
}
