import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, JetStreamApiError, type Consumer, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import type { Pool } from 'pg';
import type { BoundedContext } from '@app/contracts';
import { NATS_CONNECTION, PG_POOL, subjects } from '@app/nest-kit';
import { userFactOf, type UserFact } from './user-facts';

const STREAM_NOT_FOUND = 10059;
const CONSUMER_NOT_FOUND = 10014;

/** The durable consumers (one per source context: one filter subject each works on every NATS server). */
export const MESSAGING_DURABLES: Array<{ durable: string; context: BoundedContext }> = [
  { durable: 'messaging-identity', context: 'identity' },
  { durable: 'messaging-directory', context: 'directory' },
];

/**
 * Keeps `chat_users` (names and avatars of the people messaging shows) from identity's and the
 * directory's integration events: durable JetStream pull consumers shared by every instance,
 * explicit acks after the row is written. Each field keeps the stream sequence it came from, so
 * a redelivered or older event never overwrites a newer value (idempotent, order-safe).
 * Messaging never reads another service's tables.
 */
@Injectable()
export class UserEventsConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('UserEvents');
  private stopping = false;
  private loops: Promise<void>[] = [];
  private readonly open = new Set<ConsumerMessages>();

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  onApplicationBootstrap() {
    this.stopping = false;
    this.loops = MESSAGING_DURABLES.map((d) => this.run(d.durable, d.context));
  }

  async onModuleDestroy() {
    this.stopping = true;
    await Promise.race([Promise.all([...this.open].map((m) => m.close())), sleep(10_000)]);
    await Promise.race([Promise.all(this.loops), sleep(10_000)]);
  }

  private async run(name: string, context: BoundedContext): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      let messages: ConsumerMessages | undefined;
      try {
        const consumer = await this.ensureConsumer(name, context);
        failures = 0;
        messages = await consumer.consume({ max_messages: 50, abort_on_missing_resource: true });
        this.open.add(messages);
        if (this.stopping) void messages.close();
        for await (const msg of messages) {
          if (this.stopping) msg.nak();
          else await this.handle(msg);
        }
      } catch (err) {
        if (this.stopping) break;
        failures++;
        const missing = err instanceof JetStreamApiError && err.code === STREAM_NOT_FOUND;
        if (!missing || failures % 20 === 1) this.logger.warn(`${name}: ${(err as Error).message}; retrying`);
        await sleep(Math.min(250 * 2 ** Math.min(failures - 1, 6), 10_000));
      } finally {
        if (messages) this.open.delete(messages);
      }
    }
  }

  private async ensureConsumer(name: string, context: BoundedContext): Promise<Consumer> {
    const s = subjects();
    const durable = s.durable(name);
    const jsm = await jetstreamManager(this.nc);
    try {
      await jsm.consumers.info(s.eventStream, durable);
    } catch (err) {
      if (!(err instanceof JetStreamApiError) || err.code !== CONSUMER_NOT_FOUND) throw err;
      await jsm.consumers.add(s.eventStream, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: nanos(30_000),
        max_ack_pending: 1000,
        filter_subject: s.allEvents(context),
      });
      this.logger.log(`created consumer ${durable} on ${s.eventStream}`);
    }
    return jetstream(this.nc).consumers.get(s.eventStream, durable);
  }

  async handle(msg: JsMsg): Promise<void> {
    const fact = userFactOf(msg.subject, msg.data);
    if (!fact) {
      msg.ack();
      return;
    }
    try {
      await this.write(fact, msg.seq);
      msg.ack();
    } catch (err) {
      this.logger.error(`${msg.subject} (stream seq ${msg.seq}) failed: ${(err as Error).message}`);
      msg.nak(Math.min(500 * 2 ** Math.max(0, msg.info.deliveryCount - 1), 60_000));
    }
  }

  /** Upserts the fields the event carries, each only if this event is newer than what set it. */
  async write(f: UserFact, seq: number): Promise<void> {
    const has = (v: unknown) => v !== undefined;
    await this.pool.query(
      `INSERT INTO chat_users AS u (id, user_name, user_name_seq, display_name, display_name_seq, avatar_image_url, avatar_seq, updated_at)
       VALUES ($1, coalesce($2, ''), CASE WHEN $3::boolean THEN $8::bigint ELSE 0 END, coalesce($4, ''), CASE WHEN $5::boolean THEN $8::bigint ELSE 0 END,
               $6, CASE WHEN $7::boolean THEN $8::bigint ELSE 0 END, now())
       ON CONFLICT (id) DO UPDATE SET
         user_name = CASE WHEN $3::boolean AND $8::bigint > u.user_name_seq THEN excluded.user_name ELSE u.user_name END,
         user_name_seq = CASE WHEN $3::boolean AND $8::bigint > u.user_name_seq THEN $8::bigint ELSE u.user_name_seq END,
         display_name = CASE WHEN $5::boolean AND $8::bigint > u.display_name_seq THEN excluded.display_name ELSE u.display_name END,
         display_name_seq = CASE WHEN $5::boolean AND $8::bigint > u.display_name_seq THEN $8::bigint ELSE u.display_name_seq END,
         avatar_image_url = CASE WHEN $7::boolean AND $8::bigint > u.avatar_seq THEN excluded.avatar_image_url ELSE u.avatar_image_url END,
         avatar_seq = CASE WHEN $7::boolean AND $8::bigint > u.avatar_seq THEN $8::bigint ELSE u.avatar_seq END,
         updated_at = now()`,
      [f.userId, f.userName ?? null, has(f.userName), f.displayName ?? null, has(f.displayName), f.avatarImageUrl ?? null, has(f.avatarImageUrl), seq],
    );
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms).unref());
}
