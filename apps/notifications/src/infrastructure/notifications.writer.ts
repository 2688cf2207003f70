import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { PostgresEventStore, WrongExpectedVersionError, type EventMetadata } from '@app/event-store';
import { EventPipeline, PG_POOL, currentContext } from '@app/nest-kit';
import type { NotificationEvent } from '../domain/notification.events';
import {
  decideNotifications,
  evolveNotifications,
  initialNotificationsState,
  notificationsStreamId,
  type NotificationsCommand,
  type NotificationsState,
} from '../domain/notifications.aggregate';
import { uuidFromName } from '../domain/notification-id';

export type WriteResult = {
  /** The source event had already been handled: nothing was done. */
  duplicate: boolean;
  newEvents: NotificationEvent[];
  /** The account's state after the new events. */
  state: NotificationsState;
  globalPositions: string[];
};

/** An integration event being handled: recorded in the same transaction as what it causes. */
export type SourceEvent = { id: string; subject: string; correlationId?: string };

const MAX_ATTEMPTS = 5;

/**
 * Runs a command on an account's notifications: load the stream, decide, append with the
 * loaded version, in one transaction that also records the source event as processed. A
 * concurrent append (another instance, another event of the same account) is retried.
 */
@Injectable()
export class NotificationsWriter {
  private readonly logger = new Logger('NotificationsWriter');
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: PostgresEventStore,
    private readonly pipeline: EventPipeline,
  ) {}

  async execute(accountId: string, command: NotificationsCommand, source?: SourceEvent): Promise<WriteResult> {
    const streamId = notificationsStreamId(accountId);
    for (let attempt = 1; ; attempt++) {
      const client: PoolClient = await this.pool.connect();
      try {
        await client.query('BEGIN');
        if (source) {
          const fresh = await client.query('INSERT INTO processed_events (event_id, subject) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
            source.id,
            source.subject,
          ]);
          if (fresh.rowCount === 0) {
            await client.query('COMMIT');
            return { duplicate: true, newEvents: [], state: initialNotificationsState(), globalPositions: [] };
          }
        }
        const stored = await this.store.readStream<NotificationEvent['data']>(streamId, { client });
        let state = initialNotificationsState();
        let version = 0;
        for (const e of stored) {
          state = evolveNotifications(state, { type: e.type, data: e.data } as NotificationEvent);
          version = e.streamVersion;
        }
        const newEvents = decideNotifications(command, state);
        let globalPositions: string[] = [];
        if (newEvents.length) {
          const result = await this.store.append(
            streamId,
            newEvents.map((e) => ({ id: eventIdOf(e, source), type: e.type, data: e.data, metadata: this.metadata(source) })),
            { expectedVersion: version, client },
          );
          globalPositions = result.globalPositions;
          state = newEvents.reduce(evolveNotifications, state);
        }
        await client.query('COMMIT');
        return { duplicate: false, newEvents, state, globalPositions };
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        if (err instanceof WrongExpectedVersionError && attempt < MAX_ATTEMPTS) {
          this.logger.debug(`concurrent append on ${streamId}, retry #${attempt}`);
          continue;
        }
        throw err;
      } finally {
        client.release();
      }
    }
  }

  /** Read-your-writes: waits (bounded) until the read models hold what was just appended. */
  async projected(result: WriteResult, timeoutMs = 5000): Promise<boolean> {
    if (!result.globalPositions.length) return true;
    try {
      await this.pipeline.projected(result.globalPositions, timeoutMs);
      return true;
    } catch (err) {
      this.logger.warn(`read models lag behind: ${(err as Error).message}`);
      return false;
    }
  }

  private metadata(source: SourceEvent | undefined): EventMetadata {
    const ctx = currentContext();
    return {
      ...(source?.correlationId ?? ctx?.correlationId ? { correlationId: source?.correlationId ?? ctx?.correlationId } : {}),
      ...(source ? { causationId: source.id } : {}),
      ...(ctx?.actor ? { actorId: ctx.actor.userId } : {}),
    };
  }
}

/** A raised notification's event id comes from its source event: appending it again is a no-op. */
function eventIdOf(event: NotificationEvent, source: SourceEvent | undefined): string | undefined {
  if (event.type === 'NotificationRaised' && source) return uuidFromName(`${source.id}:${event.type}`, 'notification-events');
  return undefined;
}
