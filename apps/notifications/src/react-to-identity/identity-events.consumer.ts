import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import {
  AckPolicy,
  DeliverPolicy,
  nanos,
  type Consumer,
  type ConsumerConfig,
  type ConsumerMessages,
  type JsMsg,
  type NatsConnection,
  type NatsError,
} from 'nats';
import { NATS_CONNECTION, subjects } from '@app/nest-kit';
import { reactToIdentity } from '../domain/identity-reactions';
import { NotificationsWriter } from '../infrastructure/notifications.writer';
import { RealtimePublisher } from '../infrastructure/realtime.publisher';
import { parseIdentityMessage } from './identity-cloud-event';

const STREAM_NOT_FOUND = 10059;
const CONSUMER_NOT_FOUND = 10014;

/** The durable consumer's name (prefixed per NATS_PREFIX) and what it listens to. */
export const NOTIFICATIONS_DURABLE = 'notifications';
/** One filter works on every NATS server; several need NATS 2.10+ (filter_subjects). */
export const notificationsFilterSubjects = () => [subjects().allEvents('identity')];

class StreamMissing extends Error {}

/** Retry delay after the n-th failed delivery of a message: 0.5 s doubling, at most a minute. */
export function redeliveryDelayMs(deliveryCount: number): number {
  return Math.min(500 * 2 ** Math.max(0, deliveryCount - 1), 60_000);
}

/**
 * Turns identity's integration events into notifications: a durable JetStream pull consumer on
 * the event stream (shared by every instance of the service), explicit acks, one message at a
 * time. A message is acknowledged only after its transaction committed; a failure is logged
 * with the event id and redelivered with backoff; a malformed message is terminated (logged,
 * never retried). Until identity's relay has created the stream, the consumer waits for it.
 */
@Injectable()
export class IdentityEventsConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('IdentityEvents');
  private stopping = false;
  private loop: Promise<void> | null = null;
  private messages: ConsumerMessages | null = null;
  private sleeping: { timer: NodeJS.Timeout; resolve: () => void } | null = null;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly writer: NotificationsWriter,
    private readonly realtime: RealtimePublisher,
  ) {}

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
        if (failures > 0) this.logger.log(`consuming ${subjects().eventStream} as ${subjects().durable(NOTIFICATIONS_DURABLE)}`);
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
    const durable = s.durable(NOTIFICATIONS_DURABLE);
    const filters = notificationsFilterSubjects();
    const filter: Partial<ConsumerConfig> = filters.length === 1 ? { filter_subject: filters[0] } : { filter_subjects: filters };
    const jsm = await this.nc.jetstreamManager();
    try {
      const info = await jsm.consumers.info(stream, durable);
      const current = info.config.filter_subjects?.length ? info.config.filter_subjects : [info.config.filter_subject ?? ''];
      if (current.join(' ') !== filters.join(' ')) {
        await jsm.consumers.update(stream, durable, { ...filter, ...(filters.length === 1 ? { filter_subjects: [] } : { filter_subject: '' }) });
        this.logger.log(`consumer ${durable} now filters ${filters.join(', ')}`);
      }
    } catch (err) {
      const code = (err as NatsError).api_error?.err_code;
      if (code === STREAM_NOT_FOUND) throw new StreamMissing(`stream ${stream} not found`);
      if (code !== CONSUMER_NOT_FOUND) throw err;
      try {
        await jsm.consumers.add(stream, {
          durable_name: durable,
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          ack_wait: nanos(30_000),
          max_ack_pending: 1000,
          ...filter,
        });
        this.logger.log(`created consumer ${durable} on ${stream} (${filters.join(', ')})`);
      } catch (addErr) {
        if ((addErr as NatsError).api_error?.err_code === STREAM_NOT_FOUND) throw new StreamMissing(`stream ${stream} not found`);
        throw addErr; // a concurrent creation with the same config succeeds; anything else is retried by run()
      }
    }
    return this.nc.jetstream().consumers.get(stream, durable);
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
    const parsed = parseIdentityMessage(msg.subject, msg.data);
    if (parsed.kind === 'malformed') {
      this.logger.error(`refused ${msg.subject} event ${parsed.eventId ?? '(no id)'} (stream seq ${msg.seq}): ${parsed.reason}`);
      msg.term(parsed.reason.slice(0, 200));
      return;
    }
    if (parsed.kind === 'skip') {
      this.logger.debug(`skipped ${msg.subject} event ${parsed.eventId}: ${parsed.reason}`);
      msg.ack();
      return;
    }
    try {
      const { accountId, command } = reactToIdentity(parsed.fact, { eventId: parsed.eventId, time: parsed.time });
      const result = await this.writer.execute(accountId, command, {
        id: parsed.eventId,
        subject: msg.subject,
        correlationId: parsed.correlationId,
      });
      msg.ack(); // committed: a redelivery from here on is recognised as processed
      if (result.duplicate) {
        this.logger.debug(`event ${parsed.eventId} (${parsed.fact.name}) was already handled`);
        return;
      }
      const raised = result.newEvents.filter((e) => e.type === 'NotificationRaised');
      if (!raised.length) return;
      // Stored first, then pushed: a browser that re-fetches after the push finds it.
      await this.writer.projected(result);
      for (const e of raised) this.realtime.notificationRaised(e, result.state);
    } catch (err) {
      const delay = redeliveryDelayMs(msg.info.deliveryCount);
      this.logger.error(
        `handling ${parsed.fact.name} event ${parsed.eventId} failed (delivery #${msg.info.deliveryCount}): ${(err as Error).message}; retry in ${delay} ms`,
        (err as Error).stack,
      );
      msg.nak(delay);
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
