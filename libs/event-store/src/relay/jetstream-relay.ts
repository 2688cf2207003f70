import { jetstreamManager, JetStreamApiError, PubHeaders, StorageType } from '@nats-io/jetstream';
import { headers, nanos, type NatsConnection } from '@nats-io/transport-node';
import type { Pool } from 'pg';
import type { BoundedContext, Subjects } from '@app/contracts';
import { checkpointOf, compareCheckpoints, hasReached } from '../store/checkpoint';
import { guardPoolErrors, inPgTransaction } from '../store/pg-transaction';
import type { Checkpoint, EventLog, RecordedEvent } from '../store/event-store.types';
import type { PostgresEventStore } from '../store/postgres-event-store';
import { AppendDrivenLoop, backoffDelay, errorMessage, Mutex, shortRetryDelay, sleep, type EventStoreLogger } from '../support/support';
import { cloudEventJson, type IntegrationEventMapper } from './cloud-event';
import { PubAckInbox } from './pub-ack-inbox';

export type JetStreamRelayOptions = {
  /** The Postgres store whose schema holds the relay's checkpoint (and, without `log`, the events). */
  store: PostgresEventStore;
  /**
   * Where the events are read from when they are not in `store` (a `KurrentEventStore`): its
   * `readAll`, head and wake-ups. The checkpoint stays in Postgres. Default: `store` itself.
   */
  log?: EventLog;
  /** Where the relay's checkpoint lives (default: the store's pool). */
  pool?: Pool;
  nc: NatsConnection;
  subjects: Subjects;
  context: BoundedContext;
  /** CloudEvents `source`, e.g. '/identity'. */
  source: string;
  /** Integration mapping: strip secrets, rename, or return null to keep an event private. Default: publish as stored. */
  map?: IntegrationEventMapper;
  /** Events per checkpoint (default 1000). */
  batchSize?: number;
  /** Publishes awaiting their PubAck at once (default 256): the pipeline's window. */
  maxInFlight?: number;
  /** Poll when no NOTIFY arrives (default 1000 ms). */
  pollIntervalMs?: number;
  /**
   * The background loop starts a batch at most this often (default 0: at once): while appends
   * keep coming, those of the interval are published and checkpointed together. A quiet store
   * is not held back: the first append after a pause is published at once.
   */
  minBatchIntervalMs?: number;
  /** Copies of the stream when the relay creates it (default 1; 3 on a three-node cluster). */
  replicas?: number;
  /** Checkpoint row name (default 'relay:jetstream'). */
  checkpointName?: string;
  /** PubAck timeout per message (default 5000 ms). */
  publishTimeoutMs?: number;
  logger?: EventStoreLogger;
  /** Backoff after a failed batch (default 200 ms doubling up to 30 s). */
  retry?: { initialDelayMs?: number; maxDelayMs?: number };
};

const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;
const STREAM_NOT_FOUND = 10059;
const STREAM_NAME_IN_USE = 10058;

const asIs: IntegrationEventMapper = (e) => ({ type: e.type, data: e.data });

/**
 * Publishes every stored event to JetStream as CloudEvents 1.0 JSON on
 * `events.<context>.<EventName>`, with `Nats-Msg-Id` = event id, in `readAll` order, and
 * checkpoints after the PubAcks: at-least-once, deduplicated by the server within 2 minutes.
 */
export class JetStreamRelay {
  private readonly options: JetStreamRelayOptions;
  private readonly pool: Pool;
  /** The events' log: the store unless the options name another. */
  private readonly log: EventLog;
  private readonly map: IntegrationEventMapper;
  private readonly batchSize: number;
  private readonly maxInFlight: number;
  private readonly checkpointName: string;
  private readonly logger: EventStoreLogger;
  private readonly worker = new AppendDrivenLoop();
  /** Where the PubAcks of this relay's publishes come back (subscribed at the first publish). */
  private ackInbox: PubAckInbox | null = null;
  private ready: Promise<void> | null = null;
  /** One batch at a time in this process (the background loop and catchUp may overlap). */
  private readonly mutex = new Mutex();
  /** The page after the last full batch, read while that batch was published. */
  private prefetched: { after: Checkpoint; page: Promise<RecordedEvent[] | null> } | null = null;

  constructor(options: JetStreamRelayOptions) {
    this.options = options;
    this.pool = options.pool ?? options.store.pool;
    this.log = options.log ?? options.store;
    this.map = options.map ?? asIs;
    this.batchSize = options.batchSize ?? 1000;
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 256);
    this.checkpointName = options.checkpointName ?? 'relay:jetstream';
    this.logger = options.logger ?? options.store.logger;
    guardPoolErrors(this.pool, this.logger);
  }

  /** Ensures the stream, then publishes in the background, woken by every append. */
  async start(): Promise<void> {
    if (this.worker.running) return;
    await this.ensureReady();
    await this.worker.start((onAppend) => this.log.listen(onAppend), () => this.runLoop());
  }

  /** Stops after the batch in progress has been acknowledged and checkpointed. */
  async stop(): Promise<void> {
    await this.worker.stop();
    // Between batches (a catchUp may still run): drop the PubAck subscription.
    await this.mutex.run(async () => {
      this.ackInbox?.close();
      this.ackInbox = null;
    });
  }

  /** Publishes until every event committed before the call is published; throws on failure. */
  async catchUp(): Promise<void> {
    await this.ensureReady();
    const target = await this.log.headCheckpoint();
    for (;;) {
      const result = await this.mutex.run(() => this.publishBatch());
      if (hasReached(result.checkpoint, target)) return;
      if (result.processed === 0) await sleep(10);
    }
  }

  /** Creates the JetStream stream, or adds this relay's subject to it. Idempotent. */
  async ensureStream(): Promise<void> {
    const { nc, subjects } = this.options;
    const jsm = await jetstreamManager(nc);
    const name = subjects.eventStream;
    const subject = subjects.allEvents();
    let info;
    try {
      info = await jsm.streams.info(name);
    } catch (err) {
      if (apiErrorCode(err) !== STREAM_NOT_FOUND) throw err;
      try {
        info = await jsm.streams.add({
          name,
          subjects: [subject],
          storage: StorageType.File,
          num_replicas: this.options.replicas ?? 1,
          duplicate_window: nanos(DUPLICATE_WINDOW_MS),
        });
      } catch (addErr) {
        if (apiErrorCode(addErr) !== STREAM_NAME_IN_USE) throw addErr;
        info = await jsm.streams.info(name); // created concurrently by another relay
      }
    }
    if (!info.config.subjects?.includes(subject)) {
      await jsm.streams.update(name, { ...info.config, subjects: [...(info.config.subjects ?? []), subject] });
    }
  }

  private async runLoop(): Promise<void> {
    const pollIntervalMs = this.options.pollIntervalMs ?? 1000;
    const minBatchIntervalMs = this.options.minBatchIntervalMs ?? 0;
    let failures = 0;
    let waiting = 0;
    let startedAt = -Infinity;
    let full = false;
    while (!this.worker.stopping) {
      let delay = pollIntervalMs;
      // Appends keep coming: gather those of the interval into the next batch (not while a
      // backlog is worked off in full batches).
      const gather = startedAt + minBatchIntervalMs - Date.now();
      if (!full && gather > 0) await sleep(gather);
      if (this.worker.stopping) break;
      startedAt = Date.now();
      full = false;
      try {
        const result = await this.mutex.run(() => this.publishBatch());
        failures = 0;
        if (result.processed >= this.batchSize) {
          full = true;
          waiting = 0;
          continue;
        }
        // A batch that was not full published everything readable: the next one waits for a
        // NOTIFY (one that came meanwhile wakes it at once), unless committed events are still
        // unread: after a batch, go on at once; else they are not readable yet (an older
        // transaction is open), so look again soon. (The head costs one statement, an empty
        // batch five.) An append signalled during a batch that published: the next batch
        // takes it, no head to check.
        if (result.processed > 0 && this.worker.wake.take()) {
          waiting = 0;
          continue;
        }
        const head = await this.log.headCheckpoint();
        if (hasReached(result.checkpoint, head)) waiting = 0;
        else if (result.processed > 0) {
          waiting = 0;
          continue;
        } else delay = shortRetryDelay(waiting++, pollIntervalMs);
      } catch (err) {
        failures++;
        delay = backoffDelay(failures, this.options.retry?.initialDelayMs ?? 200, this.options.retry?.maxDelayMs ?? 30_000);
        this.logger.error(`JetStream relay failed: ${errorMessage(err)}; retry #${failures} in ${delay} ms`, err);
      }
      if (!this.worker.stopping) await this.worker.wake.wait(delay);
    }
  }

  /**
   * One batch: lock the checkpoint, publish the events after it with up to `maxInFlight` PubAcks
   * outstanding (sent in order on one connection), and move the checkpoint to the last event
   * of the longest fully acknowledged prefix: never past an event whose ack did not arrive. A
   * failed publish still commits that prefix, then throws.
   */
  private async publishBatch(): Promise<{ processed: number; checkpoint: Checkpoint }> {
    const { store } = this.options;
    const outcome = await inPgTransaction(this.pool, this.logger, async (client) => {
      // No xid is taken until the checkpoint write, so the open transaction does not hold back readAll.
      // The checkpoint commits without waiting for its WAL flush (synchronous_commit off, same
      // statement): a Postgres crash can only lose the last checkpoint moves, and the events after
      // the surviving one are published again with the same Nats-Msg-Id (JetStream drops them
      // within its duplicate window; consumers are idempotent by event id after it).
      const checkpoint = await store.lockCheckpoint(this.checkpointName, { client, asyncCommit: true });
      const events = await this.readPage(checkpoint);
      if (events.length === 0) return { processed: 0, checkpoint, error: null };
      // A full page: more is probably waiting; read it while this one is published.
      if (events.length === this.batchSize) this.prefetch(checkpointOf(events[events.length - 1]));
      const { acked, error } = await this.publishPipelined(events);
      if (acked === 0) return { processed: 0, checkpoint, error };
      const last = checkpointOf(events[acked - 1]);
      await store.storeCheckpoint(this.checkpointName, last, { client });
      return { processed: acked, checkpoint: last, error };
    });
    if (outcome.error) throw outcome.error;
    return { processed: outcome.processed, checkpoint: outcome.checkpoint };
  }

  /**
   * The events after `after`: the page read ahead for exactly this checkpoint if there is one
   * (events only become readable after every readable one, so it is still what follows it),
   * else readAll.
   */
  private async readPage(after: Checkpoint): Promise<RecordedEvent[]> {
    const ahead = this.prefetched;
    this.prefetched = null;
    if (ahead && compareCheckpoints(ahead.after, after) === 0) {
      const page = await ahead.page;
      if (page) return page;
    }
    return this.log.readAll({ after, limit: this.batchSize });
  }

  private prefetch(after: Checkpoint): void {
    const page = this.log.readAll({ after, limit: this.batchSize }).catch(() => null); // a failed read-ahead is read again
    this.prefetched = { after, page };
  }

  /**
   * Publishes `events` in order, at most `maxInFlight` unacknowledged. Returns how many leading
   * events were all acknowledged, and the first failure (publishing stops being fed after it).
   */
  private async publishPipelined(events: readonly RecordedEvent[]): Promise<{ acked: number; error: unknown }> {
    const done: boolean[] = new Array(events.length).fill(false);
    let error: unknown = null;
    let firstFailed = events.length;
    // A counting window: the loop sleeps while it is full and wakes once the acks read so far
    // are settled (they settle synchronously, a socket read at a time), refilling it in one go.
    let inFlight = 0;
    let wake: (() => void) | null = null;
    const slot = () => new Promise<void>((resolve) => (wake = resolve));
    for (let i = 0; i < events.length && error === null; i++) {
      const index = i;
      inFlight++;
      this.publish(events[index], (err) => {
        if (err === null) done[index] = true;
        else if (index < firstFailed) {
          firstFailed = index;
          error = err;
        }
        inFlight--;
        const w = wake;
        wake = null;
        w?.();
      });
      while (inFlight >= this.maxInFlight) await slot();
    }
    while (inFlight > 0) await slot();
    let acked = 0;
    while (acked < events.length && done[acked]) acked++;
    return { acked, error };
  }

  /** Publishes one event; `settled` runs once: null when its PubAck arrived (or it is not published), else the error. */
  private publish(event: RecordedEvent, settled: (error: Error | null) => void): void {
    const fail = (err: unknown) =>
      settled(new Error(`Publishing event ${event.id} (${event.type}, position ${event.globalPosition}) failed: ${errorMessage(err)}`, { cause: err }));
    let subject: string;
    let body: Uint8Array;
    try {
      const integration = this.map(event);
      if (!integration) return settled(null);
      const { context, source, subjects } = this.options;
      subject = subjects.event(context, integration.type);
      body = Buffer.from(cloudEventJson(event, integration, { context, source }));
    } catch (err) {
      return fail(err);
    }
    const h = headers();
    h.set('Content-Type', 'application/cloudevents+json; charset=utf-8');
    h.set(PubHeaders.MsgIdHdr, event.id); // the server drops a re-publication within the duplicate window
    this.acks().publish(subject, body, h, (err) => (err ? fail(err) : settled(null)));
  }

  private acks(): PubAckInbox {
    this.ackInbox ??= new PubAckInbox(this.options.nc, this.options.publishTimeoutMs ?? 5000);
    return this.ackInbox;
  }

  private ensureReady(): Promise<void> {
    this.ready ??= Promise.all([this.options.store.ensureSchema(), this.ensureStream()]).then(
      () => undefined,
      (err) => {
        this.ready = null;
        throw err;
      },
    );
    return this.ready;
  }
}

function apiErrorCode(err: unknown): number | undefined {
  return err instanceof JetStreamApiError ? err.code : undefined;
}
