import { Inject, Injectable } from '@nestjs/common';
import { AggregateWriter, EVENT_STORE, EventPipeline, type AggregateWriteResult, type SourceEvent, type WriterStore } from '@app/nest-kit';
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

export type WriteResult = AggregateWriteResult<NotificationsState, NotificationEvent>;

/**
 * An account's notifications on the kit's one writer: load the stream, decide, append with the
 * loaded version, in one transaction that also records the source event as processed. A
 * concurrent append (another instance, another event of the same account) is retried with
 * backoff; when retries run out the caller gets a 409 (the JetStream consumer naks and gets the
 * message again).
 */
@Injectable()
export class NotificationsWriter extends AggregateWriter<NotificationsState, NotificationEvent, NotificationsCommand> {
  /** `store`: the service's event store (Postgres, or KurrentDB with EVENT_STORE=kurrentdb: the source event's record is then its events' `sourceEventId`). */
  constructor(@Inject(EVENT_STORE) store: WriterStore, pipeline: EventPipeline) {
    super(store, pipeline, {
      streamId: notificationsStreamId,
      decide: decideNotifications,
      evolve: evolveNotifications,
      initialState: initialNotificationsState,
      projections: ['notifications'],
      conflict: 'The notifications changed at the same time; please try again',
      eventId: eventIdOf,
    });
  }
}

/** A raised notification's event id comes from its source event: appending it again is a no-op. */
function eventIdOf(event: NotificationEvent, _index: number, source: SourceEvent): string | undefined {
  if (event.type === 'NotificationRaised') return uuidFromName(`${source.id}:${event.type}`, 'notification-events');
  return undefined;
}
