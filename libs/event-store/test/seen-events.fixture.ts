import { defineEntity, p } from '@mikro-orm/postgresql';
import type { Projection, RecordedEvent } from '../src';

/** Read model of the concurrency test: every event the projection saw, numbered in the order seen. */
export const SeenEvent = defineEntity({
  name: 'SeenEvent',
  tableName: 'seen_events',
  schema: 'rm',
  properties: {
    eventId: p.uuid().primary(),
    seq: p.integer(),
    globalPosition: p.string(),
    transactionId: p.string(),
    streamId: p.string(),
    streamVersion: p.integer(),
  },
});

export const SeenCounter = defineEntity({
  name: 'SeenCounter',
  tableName: 'seen_counter',
  schema: 'rm',
  properties: {
    name: p.string().primary(),
    count: p.integer(),
  },
});

export function seenEventsProjection(name = 'seen'): Projection {
  return {
    name,
    async handle(event: RecordedEvent, em) {
      const counter = (await em.findOne(SeenCounter, { name })) ?? em.create(SeenCounter, { name, count: 0 });
      counter.count++;
      em.create(SeenEvent, {
        eventId: event.id,
        seq: counter.count,
        globalPosition: event.globalPosition,
        transactionId: event.transactionId,
        streamId: event.streamId,
        streamVersion: event.streamVersion,
      });
    },
    async reset(em) {
      await em.nativeDelete(SeenEvent, {});
      await em.nativeDelete(SeenCounter, { name });
    },
  };
}
