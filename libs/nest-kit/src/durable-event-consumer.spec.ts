import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { DurableEventConsumer, redeliveryDelayMs } from './durable-event-consumer';

type Parsed = { kind: 'event'; eventId: string; fail?: boolean; failAfter?: boolean } | { kind: 'skip'; eventId?: string; reason: string } | { kind: 'malformed'; eventId?: string; reason: string };

/** A consumer over fake messages whose data is the parsed JSON; records what it applied and pushed. */
class TestConsumer extends DurableEventConsumer<Parsed> {
  readonly applied: string[] = [];
  readonly pushed: string[] = [];
  constructor() {
    super({} as NatsConnection, { name: 'Test', durable: 'test', filterSubjects: () => ['x.>'] });
  }
  protected parse(msg: JsMsg): Parsed {
    return JSON.parse(new TextDecoder().decode(msg.data)) as Parsed;
  }
  protected async apply(parsed: Extract<Parsed, { kind: 'event' }>) {
    if (parsed.fail) throw new Error('database down');
    this.applied.push(parsed.eventId);
    return async () => {
      if (parsed.failAfter) throw new Error('push failed');
      this.pushed.push(parsed.eventId);
    };
  }
}

function message(parsed: Parsed, deliveryCount = 1) {
  const calls: string[] = [];
  const msg = {
    subject: 'x.events.y',
    seq: 7,
    data: new TextEncoder().encode(JSON.stringify(parsed)),
    info: { deliveryCount },
    ack: () => calls.push('ack'),
    nak: (delay?: number) => calls.push(`nak ${delay}`),
    term: (reason?: string) => calls.push(`term ${reason}`),
  } as unknown as JsMsg;
  return { msg, calls };
}

describe('DurableEventConsumer', () => {
  let consumer: TestConsumer;
  beforeEach(() => {
    consumer = new TestConsumer();
    jest.spyOn(consumer['logger'], 'error').mockImplementation(() => undefined);
    jest.spyOn(consumer['logger'], 'warn').mockImplementation(() => undefined);
  });

  it('applies an event, acks it after the apply resolved, then runs its after-ack work', async () => {
    const { msg, calls } = message({ kind: 'event', eventId: 'e1' });
    await consumer.handle(msg);
    expect(consumer.applied).toEqual(['e1']);
    expect(consumer.pushed).toEqual(['e1']);
    expect(calls).toEqual(['ack']);
  });

  it('acks a skipped event without applying it', async () => {
    const { msg, calls } = message({ kind: 'skip', eventId: 'e2', reason: 'unknown version v2' });
    await consumer.handle(msg);
    expect(consumer.applied).toEqual([]);
    expect(calls).toEqual(['ack']);
  });

  it('terminates a malformed message with its reason, never retrying it', async () => {
    const { msg, calls } = message({ kind: 'malformed', reason: 'not a CloudEvent' });
    await consumer.handle(msg);
    expect(calls).toEqual(['term not a CloudEvent']);
  });

  it('naks a failed apply with a backoff growing with the delivery count, never acking it', async () => {
    const first = message({ kind: 'event', eventId: 'e3', fail: true }, 1);
    const fourth = message({ kind: 'event', eventId: 'e3', fail: true }, 4);
    await consumer.handle(first.msg);
    await consumer.handle(fourth.msg);
    expect(first.calls).toEqual(['nak 500']);
    expect(fourth.calls).toEqual(['nak 4000']);
    expect(consumer.applied).toEqual([]);
  });

  it('keeps the ack when the after-ack work fails (the event is committed; it is not redelivered)', async () => {
    const { msg, calls } = message({ kind: 'event', eventId: 'e4', failAfter: true });
    await consumer.handle(msg);
    expect(consumer.applied).toEqual(['e4']);
    expect(calls).toEqual(['ack']);
  });

  it('backs off from half a second, doubling, to at most a minute', () => {
    expect([1, 2, 3, 8, 50].map(redeliveryDelayMs)).toEqual([500, 1000, 2000, 60_000, 60_000]);
  });
});
