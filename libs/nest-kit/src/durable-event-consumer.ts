import { Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  JetStreamApiError,
  type Consumer,
  type ConsumerConfig,
  type ConsumerMessages,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { natsReplicas } from './config';
import { subjects } from './rpc';

const STREAM_NOT_FOUND = 10059;
const CONSUMER_NOT_FOUND = 10014;

class StreamMissing extends Error {}

/** Retry delay after the n-th failed delivery of a message: 0.5 s doubling, at most a minute. */
export function redeliveryDelayMs(deliveryCount: number): number {
  return Math.min(500 * 2 ** Math.max(0, deliveryCount - 1), 60_000);
}

/** What a consumer's parser makes of a message: an event to apply, one to skip (acked), or a malformed one (terminated). */
export type ParsedMessage = { kind: string; eventId?: string; reason?: string };
type NotApplied = { kind: 'skip' | 'malformed' };

/** Which durable consumer, on which subjects of the event stream. */
export type DurableConsumerSpec = {
  /** Logger context, e.g. 'IdentityEvents'. */
  name: string;
  /** The durable name (prefixed per NATS_PREFIX by `subjects().durable`). */
  durable: string;
  /** One filter works on every NATS server; several need NATS 2.10+ (filter_subjects). */
  filterSubjects: () => string[];
};

/**
 * Another service's integration events, applied to this one: a durable JetStream pull consumer
 * on the event stream (shared by every instance of the service), explicit acks, one message at
 * a time. A message is acknowledged only after `apply` resolved (its transaction committed); a
 * failure is logged with the event id and redelivered with backoff; a malformed message is
 * terminated (logged, never retried). Until the stream exists, the consumer waits for it.
 * Subclasses give the parser and `apply`; `apply` may return work for after the ack (a push),
 * whose failure is logged and never redelivers the message.
 */
export abstract class DurableEventConsumer<P extends ParsedMessage> implements OnApplicationBootstrap, OnModuleDestroy {
  protected readonly logger: Logger;
  private stopping = false;
  private loop: Promise<void> | null = null;
  private messages: ConsumerMessages | null = null;
  private sleeping: { timer: NodeJS.Timeout; resolve: () => void } | null = null;

  protected constructor(
    private readonly nc: NatsConnection,
    private readonly spec: DurableConsumerSpec,
  ) {
    this.logger = new Logger(spec.name);
  }

  /** Reads a message: the event to apply, or why it is skipped or refused. */
  protected abstract parse(msg: JsMsg): P;

  /** Applies one event, idempotently by its id; resolves once committed. May return work to run after the ack. */
  protected abstract apply(parsed: Exclude<P, NotApplied>, msg: JsMsg): Promise<void | (() => Promise<void> | void)>;

  onApplicationBootstrap() {
    this.stopping = false;
    this.loop = this.run();
  }

  async onModuleDestroy() {
    this.stopping = true;
    if (this.sleeping) {
      clearTimeout(this.sleeping.timer);
      this.sleeping.resolve();
    }
    // Ends the iteration in run(), which then returns (bounded, so shutdown never hangs).
    await withTimeout(this.messages?.close(), 10_000);
    await withTimeout(this.loop ?? undefined, 10_000);
    this.loop = null;
  }

  private async run(): Promise<void> {
    let failures = 0;
    let missing = 0;
    while (!this.stopping) {
      try {
        const consumer = await this.ensureConsumer();
        if (failures > 0) this.logger.log(`consuming ${subjects().eventStream} as ${subjects().durable(this.spec.durable)}`);
        failures = 0;
        missing = 0;
        const messages = await consumer.consume({ max_messages: 20, abort_on_missing_resource: true });
        this.messages = messages;
        if (this.stopping) void messages.close(); // stopped while subscribing
        // Never break out of this loop: the iterator ends only by close() (or a consumer error),
        // else nats.js never settles close(). Messages left in the buffer at shutdown go back at once.
        for await (const msg of messages) {
          if (this.stopping) msg.nak();
          else await this.handle(msg);
        }
        if (!this.stopping) await this.sleep(250); // ended without an error: start again, gently
      } catch (err) {
        if (this.stopping) break;
        failures++;
        const delay = Math.min(250 * 2 ** Math.min(failures - 1, 6), 10_000);
        if (err instanceof StreamMissing) {
          if (missing++ % 20 === 0) this.logger.log(`waiting for the event stream ${subjects().eventStream} to exist`);
        } else {
          this.logger.warn(`event consumer stopped: ${(err as Error).message}; restarting in ${delay} ms`);
        }
        await this.sleep(delay);
      } finally {
        this.messages = null;
      }
    }
  }

  /** Creates the durable consumer, or brings its filter up to date. Throws StreamMissing until the stream exists. */
  async ensureConsumer(): Promise<Consumer> {
    const s = subjects();
    const stream = s.eventStream;
    const durable = s.durable(this.spec.durable);
    const filters = this.spec.filterSubjects();
    const filter: Partial<ConsumerConfig> = filters.length === 1 ? { filter_subject: filters[0] } : { filter_subjects: filters };
    const jsm = await jetstreamManager(this.nc);
    try {
      const info = await jsm.consumers.info(stream, durable);
      const current = info.config.filter_subjects?.length ? info.config.filter_subjects : [info.config.filter_subject ?? ''];
      if (current.join(' ') !== filters.join(' ')) {
        await jsm.consumers.update(stream, durable, { ...filter, ...(filters.length === 1 ? { filter_subjects: [] } : { filter_subject: '' }) });
        this.logger.log(`consumer ${durable} now filters ${filters.join(', ')}`);
      }
    } catch (err) {
      const code = err instanceof JetStreamApiError ? err.code : undefined;
      if (code === STREAM_NOT_FOUND) throw new StreamMissing(`stream ${stream} not found`);
      if (code !== CONSUMER_NOT_FOUND) throw err;
      try {
        await jsm.consumers.add(stream, {
          durable_name: durable,
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          ack_wait: nanos(30_000),
          max_ack_pending: 1000,
          num_replicas: natsReplicas(),
          ...filter,
        });
        this.logger.log(`created consumer ${durable} on ${stream} (${filters.join(', ')})`);
      } catch (addErr) {
        if (addErr instanceof JetStreamApiError && addErr.code === STREAM_NOT_FOUND) throw new StreamMissing(`stream ${stream} not found`);
        throw addErr; // a concurrent creation with the same config succeeds; anything else is retried by run()
      }
    }
    return jetstream(this.nc).consumers.get(stream, durable);
  }

  /** Handles one message: ack after commit, nak with backoff on failure, term if malformed. */
  async handle(msg: JsMsg): Promise<void> {
    try {
      await this.process(msg);
    } catch (err) {
      // Unexpected (process() handles its own failures): never let one message stop the loop.
      this.logger.error(`message ${msg.subject} (stream seq ${msg.seq}) failed: ${(err as Error).message}`);
      msg.nak(redeliveryDelayMs(msg.info.deliveryCount));
    }
  }

  private async process(msg: JsMsg): Promise<void> {
    const parsed = this.parse(msg);
    if (parsed.kind === 'malformed') {
      const reason = parsed.reason ?? 'malformed';
      this.logger.error(`refused ${msg.subject} event ${parsed.eventId ?? '(no id)'} (stream seq ${msg.seq}): ${reason}`);
      msg.term(reason.slice(0, 200));
      return;
    }
    if (parsed.kind === 'skip') {
      this.logger.debug(`skipped ${msg.subject} event ${parsed.eventId}: ${parsed.reason}`);
      msg.ack();
      return;
    }
    let afterAck: void | (() => Promise<void> | void);
    try {
      afterAck = await this.apply(parsed as Exclude<P, NotApplied>, msg);
    } catch (err) {
      const delay = redeliveryDelayMs(msg.info.deliveryCount);
      this.logger.error(
        `handling ${msg.subject} event ${parsed.eventId} failed (delivery #${msg.info.deliveryCount}): ${(err as Error).message}; retry in ${delay} ms`,
        (err as Error).stack,
      );
      msg.nak(delay);
      return;
    }
    msg.ack(); // committed: a redelivery from here on is recognised as processed
    if (!afterAck) return;
    try {
      await afterAck();
    } catch (err) {
      this.logger.warn(`after handling ${msg.subject} event ${parsed.eventId}: ${(err as Error).message}`);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.sleeping = null;
        resolve();
      }, ms);
      this.sleeping = { timer, resolve };
    });
  }
}

function withTimeout(work: Promise<unknown> | undefined, ms: number): Promise<void> {
  if (!work) return Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))),
  ]).finally(() => clearTimeout(timer));
}
