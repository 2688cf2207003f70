/**
 * `relay`: JetStreamRelay catch-up (read, map to CloudEvents, publish with a window of
 * outstanding PubAcks, checkpoint) against a bare JetStream publish of the same messages (same
 * payloads, headers and message ids, same window, nothing else) to a stream of the same kind.
 * The bare publish is the client's `JetStreamClient.publish` (on a connection without async
 * stack traces, its fastest setting); the relay speaks the same protocol through an ack inbox
 * of its own without the client's per-request timer and Error objects, so it can beat it.
 */
import { jetstream, jetstreamManager, StorageType } from '@nats-io/jetstream';
import { headers, nanos } from '@nats-io/transport-node';
import { Subjects } from '@app/contracts';
import { JetStreamRelay, toCloudEvent, type RecordedEvent } from '@app/event-store';
import { benchFixture, seedEvents } from './fixture';
import { flag, fmt, rateFigure, timed } from './support';
import type { Benchmark } from './types';

const WINDOW = 256;

export const benchmark: Benchmark = {
  name: 'relay',
  description: 'JetStream relay catch-up vs bare pipelined JetStream publish of the same messages',
  async run({ smoke, args, log }) {
    const events = smoke ? 500 : flag(args, '--events', 30_000);
    const fx = await benchFixture('bench_relay', { poolSize: 6, nats: true });
    const nats = fx.nats!;
    try {
      await seedEvents(fx.store, events);
      const all: RecordedEvent[] = [];
      for (let after = null as RecordedEvent | null; ; ) {
        const page = await fx.store.readAll({ after: after && { transactionId: after.transactionId, globalPosition: after.globalPosition }, limit: 5000 });
        if (!page.length) break;
        all.push(...page);
        after = page[page.length - 1];
      }
      log(`  seeded ${fmt(all.length)} events`);

      // Baseline: the same CloudEvents, prebuilt, published to a stream of the same kind.
      const bareSubjects = new Subjects(`${nats.prefix}_bare`);
      nats.streams.push(bareSubjects.eventStream);
      const jsm = await jetstreamManager(nats.nc);
      await jsm.streams.add({ name: bareSubjects.eventStream, subjects: [bareSubjects.allEvents()], storage: StorageType.File, duplicate_window: nanos(120_000) });
      const messages = all.map((e) => ({
        subject: bareSubjects.event('identity', e.type),
        body: Buffer.from(toCloudEvent(e, { type: e.type, data: e.data }, { context: 'identity', source: '/bench' }).toString()),
        id: e.id,
      }));
      const js = jetstream(nats.nc);
      // The same counting window as the relay: at most WINDOW PubAcks outstanding, the next
      // publish as soon as one arrives.
      const bare = await timed(messages.length, async () => {
        let inFlight = 0;
        let failure: unknown = null;
        let wake: (() => void) | null = null;
        const slot = () => new Promise<void>((resolve) => (wake = resolve));
        const settled = () => {
          inFlight--;
          const w = wake;
          wake = null;
          w?.();
        };
        for (const m of messages) {
          const h = headers();
          h.set('Content-Type', 'application/cloudevents+json; charset=utf-8');
          inFlight++;
          js.publish(m.subject, m.body, { msgID: m.id, headers: h, timeout: 5000 }).then(settled, (err: unknown) => {
            failure ??= err;
            settled();
          });
          while (inFlight >= WINDOW) await slot();
        }
        while (inFlight > 0) await slot();
        if (failure) throw failure;
      });

      const relay = new JetStreamRelay({ store: fx.store, nc: nats.nc, subjects: nats.subjects, context: 'identity', source: '/bench', maxInFlight: WINDOW, logger: fx.store.logger });
      const relayed = await timed(all.length, () => relay.catchUp());
      await relay.stop();
      const stored = (await jsm.streams.info(nats.subjects.eventStream)).state.messages;
      if (stored !== all.length) throw new Error(`the stream holds ${stored} messages, expected ${all.length}`);
      log(`  relay ${fmt(relayed.rate)} events/s, bare publish ${fmt(bare.rate)} messages/s`);
      const figure = rateFigure(`relay (window ${WINDOW})`, relayed.rate, { label: 'bare JetStream publish', value: bare.rate });
      Object.assign(figure, { target: '>= 10,000 events/s', met: relayed.rate >= 10_000 });
      return { figures: [figure], details: { events: all.length, window: WINDOW } };
    } finally {
      await fx.close();
    }
  },
};
