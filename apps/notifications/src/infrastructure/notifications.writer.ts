import { Injectable } from '@nestjs/common';
import { ConcurrencyConflictError, PostgresEventStore, handleCommand, type EventMetadata } from '@app/event-store';
import { Conflict, EventPipeline, currentContext } from '@app/nest-kit';
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

/** Thrown inside the transaction when the source event was handled before: rolls back, reported as a duplicate. */
class AlreadyProcessed extends Error {}

/**
 * Runs a command on an account's notifications through the event store's command helper
 * (`handleCommand`): load the stream, decide, append with the loaded version, in one
 * transaction that also records the source event as processed. A concurrent append (another
 * instance, another event of the same account) is retried with backoff; when retries run out
 * the caller gets a 409 (the JetStream consumer naks and gets the message again).
 */
@Injectable()
export class NotificationsWriter {
  constructor(
    private readonly store: PostgresEventStore,
    private readonly pipeline: EventPipeline,
  ) {}

  async execute(accountId: string, command: NotificationsCommand, source?: SourceEvent): Promise<WriteResult> {
    const streamId = notificationsStreamId(accountId);
    try {
      const result = await handleCommand<NotificationsState, NotificationEvent>(
        this.store,
        streamId,
        (state) => ({
          events: decideNotifications(command, state).map((e) => ({ ...e, id: eventIdOf(e, source) })),
          inTransaction: source
            ? async (client) => {
                const fresh = await client.query('INSERT INTO processed_events (event_id, subject) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
                  source.id,
                  source.subject,
                ]);
                if (fresh.rowCount === 0) throw new AlreadyProcessed();
              }
            : undefined,
        }),
        evolveNotifications,
        initialNotificationsState,
        { metadata: this.metadata(source) },
      );
      const newEvents = result.newEvents.map((e) => ({ type: e.type, data: e.data }) as NotificationEvent);
      return { duplicate: false, newEvents, state: result.newState, globalPositions: result.globalPositions };
    } catch (err) {
      if (err instanceof AlreadyProcessed) return { duplicate: true, newEvents: [], state: initialNotificationsState(), globalPositions: [] };
      if (err instanceof ConcurrencyConflictError) throw new Conflict('The notifications changed at the same time; please try again');
      throw err;
    }
  }

  /** Read-your-writes: waits (bounded) until the read models hold what was just appended. */
  async projected(result: WriteResult, timeoutMs = 5000): Promise<boolean> {
    return this.pipeline.projected(result.globalPositions, { timeoutMs, projections: ['notifications'] });
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
