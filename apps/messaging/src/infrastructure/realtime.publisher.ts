import { Inject, Injectable, Logger } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import type { RealtimeEnvelope, RealtimeEventName, RealtimeMultiEnvelope } from '@app/contracts';
import { NATS_CONNECTION, subjects } from '@app/nest-kit';

/**
 * Pushes chat events to users' browsers through NATS `realtime.user.<id>` (or `realtime.users`,
 * one message for several users): every gateway instance subscribes and emits to the sockets of
 * those users it holds. Best effort: what a push
 * says is stored first, and a browser that missed one reloads its lists when it reconnects.
 */
@Injectable()
export class ChatRealtimePublisher {
  private readonly logger = new Logger('ChatRealtime');
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  /** One event for several users, published once (`realtime.users`): a gateway emits it to all their sockets at once. */
  pushToAll<E extends RealtimeEventName>(userIds: readonly string[], event: E, data: RealtimeEnvelope<E>['data']): void {
    if (userIds.length === 0) return;
    if (userIds.length === 1) return this.push(userIds, event, data);
    try {
      this.nc.publish(subjects().realtimeUsers(), JSON.stringify({ event, data, userIds } as RealtimeMultiEnvelope<E>));
    } catch (err) {
      this.logger.warn(`could not push ${event} to ${userIds.length} users: ${(err as Error).message}`);
    }
  }

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
