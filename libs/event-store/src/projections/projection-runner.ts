import type { SqlEntityManager } from '@mikro-orm/sql';
import { checkpointOf, hasReached } from '../store/checkpoint';
import type { Checkpoint, RecordedEvent } from '../store/event-store.types';
import type { PostgresEventStore } from '../store/postgres-event-store';
import { AppendDrivenLoop, backoffDelay, errorMessage, Mutex, shortRetryDelay, sleep, WakeSignal, type EventStoreLogger } from '../support/support';
import { ProjectionError, type Projection } from './projection';

/** After each committed batch: how many events it held, and the checkpoint it stored. */
export type ProjectionProgress = { projection: string; processed: number; checkpoint: Checkpoint };
export type RebuildProgress = { processed: number; total: number };

export type ProjectionRunnerOptions = {
  store: PostgresEventStore;
  /** The MikroORM instance of the read models (same database as the store). */
  orm: { em: SqlEntityManager };
  projections: readonly Projection[];
  /** Events per transaction (default 500). */
  batchSize?: number;
  /** Poll when no NOTIFY arrives (default 1000 ms). */
  pollIntervalMs?: number;
  /** Called after every committed batch. */
  onProgress?: (progress: ProjectionProgress) => void;
  logger?: EventStoreLogger;
  /** Backoff after a failed batch (default 200 ms doubling up to 30 s). */
  retry?: { initialDelayMs?: number; maxDelayMs?: number };
};

type ProjectionState = {
  projection: Projection;
  mutex: Mutex;
  failures: number;
  retryAt: number;
  /** After a failure, go one event at a time up to here so the log names the failing event. */
  isolateUntil: Checkpoint;
  rebuilding: boolean;
  lastCheckpoint: Checkpoint;
};

type BatchResult = { processed: number; checkpoint: Checkpoint };

/**
 * Feeds each projection the events after its checkpoint, in `readAll` order. One batch = one
 * transaction (a MikroORM EntityManager bound to it) holding the handlers' writes and the checkpoint upsert, so a crash loses
 * or repeats nothing. Batches of one projection are serialized across processes by an advisory
 * lock, so several instances may run the same runner.
 */
export class ProjectionRunner {
  private readonly store: PostgresEventStore;
  private readonly orm: { em: SqlEntityManager };
  private readonly states = new Map<string, ProjectionState>();
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly logger: EventStoreLogger;
  private readonly retryInitialMs: number;
  private readonly retryMaxMs: number;
  private readonly onProgress?: (progress: ProjectionProgress) => void;
  private readonly worker = new AppendDrivenLoop();
  private readonly progressed = new WakeSignal();
  private ready: Promise<void> | null = null;

  constructor(options: ProjectionRunnerOptions) {
    this.store = options.store;
    this.orm = options.orm;
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.logger = options.logger ?? options.store.logger;
    this.retryInitialMs = options.retry?.initialDelayMs ?? 200;
    this.retryMaxMs = options.retry?.maxDelayMs ?? 30_000;
    this.onProgress = options.onProgress;
    for (const projection of options.projections) {
      if (this.states.has(projection.name)) throw new Error(`Two projections are named '${projection.name}'`);
      this.states.set(projection.name, {
        projection,
        mutex: new Mutex(),
        failures: 0,
        retryAt: 0,
        isolateUntil: null,
        rebuilding: false,
        lastCheckpoint: null,
      });
    }
  }

  /** Runs in the background: wakes on every append (LISTEN) and at least every `pollIntervalMs`. */
  async start(): Promise<void> {
    if (this.worker.running) return;
    await this.ensureReady();
    await this.worker.start((onAppend) => this.store.listen(onAppend), () => this.runLoop());
  }

  /** Stops after the batch in progress has committed. */
  async stop(): Promise<void> {
    await this.worker.stop();
  }

  /**
   * Processes until every projection has seen every event committed before the call. Throws the
   * first failure (a ProjectionError naming the event) instead of retrying.
   */
  async catchUp(): Promise<void> {
    await this.ensureReady();
    const target = await this.store.headCheckpoint();
    for (const state of this.states.values()) await this.drain(state, target);
  }

  /**
   * Resets the read model and the checkpoint in one transaction, then replays every event.
   * `onProgress` gets `{ processed, total }` after each batch; the last call has processed === total.
   */
  async rebuild(name: string, options: { onProgress?: (progress: RebuildProgress) => void } = {}): Promise<RebuildProgress> {
    const state = this.stateOf(name);
    const reset = state.projection.reset?.bind(state.projection);
    if (!reset) throw new Error(`Projection '${name}' has no reset(); it cannot be rebuilt`);
    await this.ensureReady();
    state.rebuilding = true;
    try {
      await state.mutex.run(() =>
        this.inTransaction(async (em) => {
          await this.lockCheckpoint(em, name);
          await reset(em);
          await em.flush();
          await em.execute(`DELETE FROM ${this.store.checkpointsTable} WHERE name = ?`, [name]);
        }),
      );
      state.lastCheckpoint = null;
      // Count first, then take the head: everything counted is at or before the head.
      const counted = await this.store.countEvents();
      const target = await this.store.headCheckpoint();
      options.onProgress?.({ processed: 0, total: counted });
      const processed = await this.drain(state, target, (done) =>
        options.onProgress?.({ processed: done, total: Math.max(counted, done) }),
      );
      return { processed, total: Math.max(counted, processed) };
    } finally {
      state.rebuilding = false;
      this.worker.wake.notify();
    }
  }

  /**
   * Resolves once the event at `globalPosition` has been projected by every projection (or the
   * named ones), by this or any other instance: read-your-writes for a command's caller.
   * `options` may be just the timeout in ms (default 5000). Throws on timeout.
   */
  async waitUntilProjected(
    globalPosition: string,
    options: number | { timeoutMs?: number; projections?: string[] } = {},
  ): Promise<void> {
    if (typeof options === 'number') options = { timeoutMs: options };
    const deadline = Date.now() + (options.timeoutMs ?? 5000);
    const names = options.projections ?? [...this.states.keys()];
    let target: Checkpoint = null;
    this.worker.wake.notify();
    for (;;) {
      // Until the appending transaction has committed, the event is not there to look up yet.
      target ??= await this.store.checkpointAt(globalPosition);
      if (target) {
        const checkpoints = await this.readCheckpoints(names);
        if (names.every((n) => hasReached(checkpoints.get(n) ?? null, target))) return;
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        throw new Error(
          target
            ? `Timed out waiting for position ${globalPosition} to be projected by ${names.join(', ')}`
            : `Timed out waiting for position ${globalPosition}: no such committed event`,
        );
      }
      await this.progressed.wait(Math.min(50, remaining));
    }
  }

  /** The stored checkpoint of each projection. */
  async checkpoints(): Promise<Map<string, Checkpoint>> {
    return this.readCheckpoints([...this.states.keys()]);
  }

  private async runLoop(): Promise<void> {
    let waiting = 0;
    while (!this.worker.stopping) {
      let busy = false;
      let nextRetryAt = Infinity;
      for (const state of this.states.values()) {
        if (this.worker.stopping) break;
        if (state.rebuilding) continue;
        if (state.retryAt > Date.now()) {
          nextRetryAt = Math.min(nextRetryAt, state.retryAt);
          continue;
        }
        try {
          const isolating = state.isolateUntil !== null && !hasReached(state.lastCheckpoint, state.isolateUntil);
          const result = await state.mutex.run(() => this.processBatch(state, isolating ? 1 : this.batchSize));
          if (result.processed > 0) busy = true;
          state.failures = 0;
          if (!isolating) state.isolateUntil = null;
        } catch (err) {
          this.failed(state, err);
          nextRetryAt = Math.min(nextRetryAt, state.retryAt);
        }
      }
      if (busy || this.worker.stopping) {
        waiting = 0;
        continue;
      }
      // Committed events that readAll cannot return yet (an older transaction is still open
      // somewhere): no NOTIFY will come when that one ends, so look again soon, backing off.
      const behind = await this.hasUnreadCommitted().catch(() => false);
      const delay = behind ? shortRetryDelay(waiting++, this.pollIntervalMs) : this.pollIntervalMs;
      if (!behind) waiting = 0;
      await this.worker.wake.wait(Math.min(delay, nextRetryAt - Date.now()));
    }
  }

  private async hasUnreadCommitted(): Promise<boolean> {
    const head = await this.store.headCheckpoint();
    const now = Date.now();
    return [...this.states.values()].some((s) => !s.rebuilding && s.retryAt <= now && !hasReached(s.lastCheckpoint, head));
  }

  private failed(state: ProjectionState, err: unknown): void {
    state.failures++;
    const delay = backoffDelay(state.failures, this.retryInitialMs, this.retryMaxMs);
    state.retryAt = Date.now() + delay;
    const event = err instanceof ProjectionError ? err.event : null;
    this.logger.error(
      `${errorMessage(err)}; rolled back, retry #${state.failures} in ${delay} ms`,
      { projection: state.projection.name, eventId: event?.id, globalPosition: event?.globalPosition },
      err instanceof Error ? (err.cause ?? err) : err,
    );
  }

  /** Batches until the checkpoint reaches `target`; returns how many events were read. */
  private async drain(state: ProjectionState, target: Checkpoint, onBatch?: (processed: number) => void): Promise<number> {
    let processed = 0;
    for (;;) {
      const result = await state.mutex.run(() => this.processBatch(state, this.batchSize));
      processed += result.processed;
      if (result.processed > 0) onBatch?.(processed);
      if (hasReached(result.checkpoint, target)) return processed;
      // Nothing readable yet: an older transaction is still running somewhere. Poll briefly.
      if (result.processed === 0) await sleep(10);
    }
  }

  private async processBatch(state: ProjectionState, limit: number): Promise<BatchResult> {
    const { projection } = state;
    let current: RecordedEvent | null = null;
    let batch: RecordedEvent[] = [];
    try {
      const result = await this.inTransaction(async (em): Promise<BatchResult> => {
        await this.lockCheckpoint(em, projection.name);
        const rows = await em.execute<Array<{ transaction_id: string; global_position: string }>>(
          `SELECT transaction_id::text AS transaction_id, global_position::text AS global_position
             FROM ${this.store.checkpointsTable} WHERE name = ?`,
          [projection.name],
        );
        const checkpoint: Checkpoint = rows[0]
          ? { transactionId: rows[0].transaction_id, globalPosition: rows[0].global_position }
          : null;
        batch = await this.store.readAll({ after: checkpoint, limit });
        if (batch.length === 0) return { processed: 0, checkpoint };
        for (const event of batch) {
          if (projection.eventTypes && !projection.eventTypes.includes(event.type)) continue;
          current = event;
          await projection.handle(event, em);
        }
        current = batch.length === 1 ? batch[0] : null;
        await em.flush();
        const last = checkpointOf(batch[batch.length - 1]);
        await em.execute(
          `INSERT INTO ${this.store.checkpointsTable} (name, transaction_id, global_position, updated_at)
           VALUES (?, ?::xid8, ?::bigint, now())
           ON CONFLICT (name) DO UPDATE
             SET transaction_id = excluded.transaction_id, global_position = excluded.global_position, updated_at = now()`,
          [projection.name, last.transactionId, last.globalPosition],
        );
        return { processed: batch.length, checkpoint: last };
      });
      state.lastCheckpoint = result.checkpoint;
      if (result.processed > 0) {
        this.onProgress?.({ projection: projection.name, ...result });
        this.progressed.notify();
      }
      return result;
    } catch (err) {
      if (batch.length > 0) state.isolateUntil = checkpointOf(batch[batch.length - 1]);
      if (err instanceof ProjectionError) throw err;
      throw new ProjectionError(projection.name, current, err);
    }
  }

  /**
   * Runs `work` in one transaction with a fresh EntityManager bound to it. Uses Kysely's callback
   * transaction rather than `em.transactional()`: the controlled transactions behind the latter
   * (kysely 0.29) never release the pooled connection when COMMIT or ROLLBACK fails on a dead
   * connection (kysely-org/kysely#1990), which would starve the pool after a database restart.
   * Rethrows the error of `work` itself, not the failed ROLLBACK's.
   */
  private async inTransaction<T>(work: (em: SqlEntityManager) => Promise<T>): Promise<T> {
    let failure: { error: unknown } | null = null;
    try {
      return await this.orm.em
        .getConnection()
        .getClient()
        .transaction()
        .execute(async (trx) => {
          const em = this.orm.em.fork();
          em.setTransactionContext(trx);
          try {
            return await work(em);
          } catch (error) {
            failure = { error };
            throw error;
          }
        });
    } catch (error) {
      throw failure ? (failure as { error: unknown }).error : error;
    }
  }

  private async lockCheckpoint(em: SqlEntityManager, name: string): Promise<void> {
    await em.execute('SELECT pg_advisory_xact_lock(hashtext(?), hashtext(?))', [`${this.store.schema}:checkpoint`, name]);
  }

  private async readCheckpoints(names: string[]): Promise<Map<string, Checkpoint>> {
    const { rows } = await this.store.pool.query(
      `SELECT name, transaction_id::text AS transaction_id, global_position::text AS global_position
         FROM ${this.store.checkpointsTable} WHERE name = ANY($1::text[])`,
      [names],
    );
    return new Map(rows.map((r) => [r.name as string, { transactionId: r.transaction_id, globalPosition: r.global_position }]));
  }

  private stateOf(name: string): ProjectionState {
    const state = this.states.get(name);
    if (!state) throw new Error(`Unknown projection '${name}'`);
    return state;
  }

  private ensureReady(): Promise<void> {
    this.ready ??= this.store.ensureSchema().catch((err) => {
      this.ready = null;
      throw err;
    });
    return this.ready;
  }
}
