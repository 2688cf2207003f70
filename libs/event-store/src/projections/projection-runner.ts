import type { SqlEntityManager } from '@mikro-orm/sql';
import { checkpointOf, compareCheckpoints, hasReached } from '../store/checkpoint';
import type { Checkpoint, EventLog, RecordedEvent } from '../store/event-store.types';
import type { PostgresEventStore } from '../store/postgres-event-store';
import {
  AppendDrivenLoop,
  backoffDelay,
  errorMessage,
  Mutex,
  quoteIdent,
  shortRetryDelay,
  sleep,
  WakeSignal,
  type EventStoreLogger,
} from '../support/support';
import { ProjectionError, type Projection } from './projection';

/** After each committed batch: how many events it held, and the checkpoint it stored. */
export type ProjectionProgress = { projection: string; processed: number; checkpoint: Checkpoint };
export type RebuildProgress = { processed: number; total: number };

/** The event a projection is stuck on, as recorded in `<schema>.projection_failures`. */
export type ProjectionFailure = {
  eventId: string;
  eventType: string;
  globalPosition: string;
  error: string;
  attempts: number;
  firstFailedAt: string;
  lastFailedAt: string;
};

/**
 * One projection as health reports it: `lag` = committed events after its checkpoint;
 * `failed` = stuck on `failure` (retried with backoff; the other projections go on).
 */
export type ProjectionStatus = {
  name: string;
  state: 'running' | 'failed' | 'rebuilding';
  lag: number;
  checkpoint: Checkpoint;
  failure?: ProjectionFailure;
};

export type ProjectionRunnerOptions = {
  /** The Postgres store whose schema holds the checkpoints and failures (and, without `log`, the events). */
  store: PostgresEventStore;
  /**
   * Where the events are read from when they are not in `store` (a `KurrentEventStore`): its
   * `readAll`, head, positions and wake-ups. The checkpoints stay in `store`'s Postgres, written
   * in each batch's read-model transaction, so the at-least-once reads of the log are applied
   * exactly once. Default: `store` itself.
   */
  log?: EventLog;
  /** The MikroORM instance of the read models (same database as the store). */
  orm: { em: SqlEntityManager };
  projections: readonly Projection[];
  /** Events per transaction (default 500). */
  batchSize?: number;
  /** Poll when no NOTIFY arrives (default 1000 ms). */
  pollIntervalMs?: number;
  /**
   * The background loop starts a batch at most this often (default 0: at once): while appends
   * keep coming, those of the interval go together into one transaction instead of one each.
   * A quiet store is not held back: the first append after a pause is projected at once.
   */
  minBatchIntervalMs?: number;
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
  /** 'in-place': the live read model is emptied and replayed (paused meanwhile); 'shadow': replayed beside it. */
  rebuilding: 'in-place' | 'shadow' | null;
  lastCheckpoint: Checkpoint;
};

/** Where a batch goes: the live read model, or a rebuild's shadow copy (own checkpoint row, own schema). */
type BatchTarget = { checkpoint: string; schema?: string; shadow: boolean };

type BatchResult = { processed: number; checkpoint: Checkpoint };

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,50}$/;

/**
 * Feeds each projection the events after its checkpoint, in `readAll` order. One batch = one
 * transaction (a MikroORM EntityManager bound to it) holding the handlers' writes and the checkpoint upsert, so a crash loses
 * or repeats nothing. Batches of one projection are serialized across processes by an advisory
 * lock, so several instances may run the same runner.
 */
export class ProjectionRunner {
  private readonly store: PostgresEventStore;
  /** The events' log: `store` unless the options name another (see ProjectionRunnerOptions.log). */
  private readonly log: EventLog;
  private readonly orm: { em: SqlEntityManager };
  private readonly states = new Map<string, ProjectionState>();
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly minBatchIntervalMs: number;
  private readonly logger: EventStoreLogger;
  private readonly retryInitialMs: number;
  private readonly retryMaxMs: number;
  private readonly onProgress?: (progress: ProjectionProgress) => void;
  private readonly worker = new AppendDrivenLoop();
  private readonly progressed = new WakeSignal();
  private ready: Promise<void> | null = null;
  /**
   * Per checkpoint row: the page after the last full batch, read while that batch was being
   * written. Events only ever become readable after every readable one, so the page read then
   * is still the start of what follows that checkpoint; used only if the checkpoint is there.
   */
  private readonly prefetched = new Map<string, { after: Checkpoint; limit: number; page: Promise<RecordedEvent[] | null> }>();

  constructor(options: ProjectionRunnerOptions) {
    this.store = options.store;
    this.log = options.log ?? options.store;
    this.orm = options.orm;
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.minBatchIntervalMs = options.minBatchIntervalMs ?? 0;
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
        rebuilding: null,
        lastCheckpoint: null,
      });
    }
  }

  /** Runs in the background: wakes on every append (LISTEN) and at least every `pollIntervalMs`. */
  async start(): Promise<void> {
    if (this.worker.running) return;
    await this.ensureReady();
    await this.emptyUncheckpointed();
    await this.worker.start((onAppend) => this.log.listen(onAppend), () => this.runLoop());
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
    const target = await this.log.headCheckpoint();
    for (const state of this.states.values()) await this.drain(state, target);
  }

  /**
   * Rebuilds a read model from zero. With `tables` (see Projection): replays every event into
   * shadow copies of the tables (schema `<schema>_rebuild`, own checkpoint `<name>:rebuild`)
   * while the live tables keep serving and being updated, then, in one transaction under the
   * projection's lock, drops the live tables, moves the copies in and moves the checkpoint:
   * readers see the old read model or the new one, never an empty or partial one. Without
   * `tables`: resets the read model and the checkpoint in one transaction (`reset`), then
   * replays in place (readers see it fill up).
   * `onProgress` gets `{ processed, total }` after each batch; the last call has processed === total.
   */
  async rebuild(name: string, options: { onProgress?: (progress: RebuildProgress) => void } = {}): Promise<RebuildProgress> {
    const state = this.stateOf(name);
    if (!state.projection.tables?.length) return this.rebuildInPlace(state, options);
    await this.ensureReady();
    if (state.rebuilding) throw new Error(`Projection '${name}' is being rebuilt already`);
    state.rebuilding = 'shadow';
    try {
      const live = this.liveSchema();
      const target: BatchTarget = { checkpoint: `${name}:rebuild`, schema: `${live}_rebuild`, shadow: true };
      const tables = state.projection.tables.map((t) => {
        if (!IDENTIFIER.test(t)) throw new Error(`Projection '${name}': table name '${t}' must match ${IDENTIFIER}`);
        return t;
      });
      if (!IDENTIFIER.test(target.schema!)) throw new Error(`Rebuild schema '${target.schema}' must match ${IDENTIFIER}`);
      const liveQ = quoteIdent(live);
      const shadowQ = quoteIdent(target.schema!);
      await this.inTransaction(async (em) => {
        await this.lockCheckpoint(em, target.checkpoint);
        await em.execute(`CREATE SCHEMA IF NOT EXISTS ${shadowQ}`);
        for (const t of tables) {
          await em.execute(`DROP TABLE IF EXISTS ${shadowQ}.${quoteIdent(t)}`);
          await em.execute(`CREATE TABLE ${shadowQ}.${quoteIdent(t)} (LIKE ${liveQ}.${quoteIdent(t)} INCLUDING ALL)`);
        }
        await em.execute(`DELETE FROM ${this.store.checkpointsTable} WHERE name = ?`, [target.checkpoint]);
      });
      const counted = await this.log.countEvents();
      const head = await this.log.headCheckpoint();
      options.onProgress?.({ processed: 0, total: counted });
      const processed = await this.drain(
        state,
        head,
        (done) => options.onProgress?.({ processed: done, total: Math.max(counted, done) }),
        target,
      );
      // The swap. The live runner (here or in another instance) takes the same lock per batch.
      await state.mutex.run(() =>
        this.inTransaction(async (em) => {
          await this.lockCheckpoint(em, name);
          await this.lockCheckpoint(em, target.checkpoint);
          const rows = await em.execute<Array<{ transaction_id: string; global_position: string }>>(
            `SELECT transaction_id::text AS transaction_id, global_position::text AS global_position
               FROM ${this.store.checkpointsTable} WHERE name = ?`,
            [target.checkpoint],
          );
          for (const t of tables) {
            // Sequences owned by a live column (serial) would go with the dropped table: hand them over.
            const owned = await em.execute<Array<{ seq: string; col: string }>>(
              `SELECT format('%I.%I', ns.nspname, seq.relname) AS seq, a.attname AS col
                 FROM pg_depend d
                 JOIN pg_class seq ON seq.oid = d.objid AND seq.relkind = 'S'
                 JOIN pg_namespace ns ON ns.oid = seq.relnamespace
                 JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
                WHERE d.classid = 'pg_class'::regclass AND d.refobjid = to_regclass(?) AND d.deptype = 'a'`,
              [`${liveQ}.${quoteIdent(t)}`],
            );
            for (const o of owned) await em.execute(`ALTER SEQUENCE ${o.seq} OWNED BY ${shadowQ}.${quoteIdent(t)}.${quoteIdent(o.col)}`);
            await em.execute(`DROP TABLE ${liveQ}.${quoteIdent(t)}`);
            await em.execute(`ALTER TABLE ${shadowQ}.${quoteIdent(t)} SET SCHEMA ${liveQ}`);
          }
          if (rows[0]) {
            await em.execute(
              `INSERT INTO ${this.store.checkpointsTable} (name, transaction_id, global_position, updated_at)
               VALUES (?, ?::xid8, ?::bigint, now())
               ON CONFLICT (name) DO UPDATE
                 SET transaction_id = excluded.transaction_id, global_position = excluded.global_position, updated_at = now()`,
              [name, rows[0].transaction_id, rows[0].global_position],
            );
          } else {
            await em.execute(`DELETE FROM ${this.store.checkpointsTable} WHERE name = ?`, [name]);
          }
          await em.execute(`DELETE FROM ${this.store.checkpointsTable} WHERE name = ?`, [target.checkpoint]);
          await em.execute(`UPDATE ${this.store.projectionFailuresTable} SET resolved_at = now() WHERE name = ? AND resolved_at IS NULL`, [name]);
          state.lastCheckpoint = rows[0] ? { transactionId: rows[0].transaction_id, globalPosition: rows[0].global_position } : null;
        }),
      );
      this.logger.log(`projection '${name}' rebuilt (${processed} events) and swapped in`);
      return { processed, total: Math.max(counted, processed) };
    } finally {
      state.rebuilding = null;
      this.worker.wake.notify();
    }
  }

  /** The old rebuild: reset the read model and the checkpoint in one transaction, then replay. */
  private async rebuildInPlace(state: ProjectionState, options: { onProgress?: (progress: RebuildProgress) => void }): Promise<RebuildProgress> {
    const name = state.projection.name;
    const reset = state.projection.reset?.bind(state.projection);
    if (!reset) throw new Error(`Projection '${name}' has no tables and no reset(); it cannot be rebuilt`);
    await this.ensureReady();
    state.rebuilding = 'in-place';
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
      const counted = await this.log.countEvents();
      const target = await this.log.headCheckpoint();
      options.onProgress?.({ processed: 0, total: counted });
      const processed = await this.drain(state, target, (done) =>
        options.onProgress?.({ processed: done, total: Math.max(counted, done) }),
      );
      // The read model now holds every event up to the head, whoever projected them: the runner of
      // a service that shares this checkpoint (a CLI replay while the service runs) may have taken
      // some or all of the batches, so this instance's own count can be lower.
      const total = Math.max(counted, processed);
      if (processed < total) options.onProgress?.({ processed: total, total });
      return { processed, total };
    } finally {
      state.rebuilding = null;
      this.worker.wake.notify();
    }
  }

  /**
   * A projection without a checkpoint has applied nothing, so its read model must be empty: a
   * read model left with rows (its checkpoints were reset after the startup guard refused a
   * restored or wrong database) is emptied before the replay from zero. Under the projection's
   * lock, so a second instance starting at the same time cannot empty what the first one wrote.
   */
  private async emptyUncheckpointed(): Promise<void> {
    for (const state of this.states.values()) {
      const { projection } = state;
      if (!projection.tables?.length && !projection.reset) continue;
      await state.mutex.run(() =>
        this.inTransaction(async (em) => {
          await this.lockCheckpoint(em, projection.name);
          const rows = await em.execute(`SELECT 1 FROM ${this.store.checkpointsTable} WHERE name = ?`, [projection.name]);
          if (rows.length > 0) return;
          if (projection.tables?.length) {
            const live = quoteIdent(this.liveSchema());
            for (const t of projection.tables) await em.execute(`DELETE FROM ${live}.${quoteIdent(t)}`);
          } else {
            await projection.reset!(em);
            await em.flush();
          }
        }),
      );
    }
  }

  /** The schema of the read models: the ORM's default schema. */
  private liveSchema(): string {
    const schema = (this.orm.em.config.get('schema') as string | undefined) ?? 'public';
    if (!IDENTIFIER.test(schema)) throw new Error(`Read model schema '${schema}' must match ${IDENTIFIER}`);
    return schema;
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
      target ??= await this.log.checkpointAt(globalPosition);
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

  /**
   * Lag and state of every projection, from the database (so it covers what any instance did):
   * a projection with an unresolved row in `projection_failures` is `failed`.
   */
  async status(): Promise<ProjectionStatus[]> {
    await this.ensureReady();
    const names = [...this.states.keys()];
    const checkpoints = await this.readCheckpoints(names);
    const { rows } = await this.store.pool.query(
      `SELECT DISTINCT ON (name) name, event_id::text AS event_id, event_type, global_position::text AS global_position, error, attempts,
              first_failed_at, last_failed_at
         FROM ${this.store.projectionFailuresTable}
        WHERE name = ANY($1::text[]) AND resolved_at IS NULL
        ORDER BY name, transaction_id, global_position`,
      [names],
    );
    const failures = new Map(
      rows.map((r) => [
        r.name as string,
        {
          eventId: r.event_id,
          eventType: r.event_type,
          globalPosition: r.global_position,
          error: r.error,
          attempts: r.attempts,
          firstFailedAt: new Date(r.first_failed_at).toISOString(),
          lastFailedAt: new Date(r.last_failed_at).toISOString(),
        } satisfies ProjectionFailure,
      ]),
    );
    return Promise.all(
      names.map(async (name): Promise<ProjectionStatus> => {
        const checkpoint = checkpoints.get(name) ?? null;
        const failure = failures.get(name);
        const state = this.states.get(name)!.rebuilding ? 'rebuilding' : failure ? 'failed' : 'running';
        return { name, state, lag: await this.log.countAfter(checkpoint), checkpoint, ...(failure ? { failure } : {}) };
      }),
    );
  }

  /** The stored checkpoint of each projection. */
  async checkpoints(): Promise<Map<string, Checkpoint>> {
    return this.readCheckpoints([...this.states.keys()]);
  }

  private async runLoop(): Promise<void> {
    let waiting = 0;
    let startedAt = -Infinity;
    let full = false;
    while (!this.worker.stopping) {
      // Appends keep coming: gather those of the interval into the next batch (not while a
      // backlog is worked off in full batches, or one event at a time after a failure).
      const gather = startedAt + this.minBatchIntervalMs - Date.now();
      if (!full && gather > 0) await sleep(gather);
      if (this.worker.stopping) break;
      startedAt = Date.now();
      let busy = false;
      full = false;
      let nextRetryAt = Infinity;
      for (const state of this.states.values()) {
        if (this.worker.stopping) break;
        if (state.rebuilding === 'in-place') continue;
        if (state.retryAt > Date.now()) {
          nextRetryAt = Math.min(nextRetryAt, state.retryAt);
          continue;
        }
        try {
          const isolating = state.isolateUntil !== null && !hasReached(state.lastCheckpoint, state.isolateUntil);
          const limit = isolating ? 1 : this.batchSize;
          const result = await state.mutex.run(() => this.processBatch(state, limit));
          if (result.processed > 0) busy = true;
          if (result.processed >= limit) full = true;
          state.failures = 0;
          if (!isolating) state.isolateUntil = null;
        } catch (err) {
          this.failed(state, err);
          nextRetryAt = Math.min(nextRetryAt, state.retryAt);
        }
      }
      if (full || this.worker.stopping) {
        waiting = 0;
        continue;
      }
      // A batch that was not full read everything readable: the next one waits for a NOTIFY
      // (one that came meanwhile wakes it at once), unless committed events are still unread:
      // after a batch, go on at once (as before); else they are not readable yet (an older
      // transaction is still open somewhere), and no NOTIFY will come when that one ends, so
      // look again soon, backing off. (Checking the head costs one statement; an empty batch,
      // its transaction, lock and checkpoint read, five.) An append signalled during a batch
      // that did work: the next batch reads it, no head to check (under load, every batch).
      if (busy && this.worker.wake.take()) {
        waiting = 0;
        continue;
      }
      const behind = await this.hasUnreadCommitted().catch(() => busy);
      if (busy && behind) {
        waiting = 0;
        continue;
      }
      const delay = behind ? shortRetryDelay(waiting++, this.pollIntervalMs) : this.pollIntervalMs;
      if (!behind) waiting = 0;
      await this.worker.wake.wait(Math.min(delay, nextRetryAt - Date.now()));
    }
  }

  private async hasUnreadCommitted(): Promise<boolean> {
    const head = await this.log.headCheckpoint();
    const now = Date.now();
    return [...this.states.values()].some((s) => s.rebuilding !== 'in-place' && s.retryAt <= now && !hasReached(s.lastCheckpoint, head));
  }

  private failed(state: ProjectionState, err: unknown): void {
    state.failures++;
    const delay = backoffDelay(state.failures, this.retryInitialMs, this.retryMaxMs);
    state.retryAt = Date.now() + delay;
    const event = err instanceof ProjectionError ? err.event : null;
    // An alert: this projection is stalled (the others go on) until the event goes through.
    this.logger.error(
      `${errorMessage(err)}; rolled back, retry #${state.failures} in ${delay} ms`,
      { projection: state.projection.name, eventId: event?.id, globalPosition: event?.globalPosition, alert: 'projection-stalled' },
      err instanceof Error ? (err.cause ?? err) : err,
    );
  }

  /** Records the event a projection failed on (outside the rolled-back batch), for health and operators. */
  private async recordFailure(name: string, event: RecordedEvent, err: unknown): Promise<void> {
    const cause = err instanceof Error && err.cause !== undefined ? err.cause : err;
    await this.store.pool
      .query(
        `INSERT INTO ${this.store.projectionFailuresTable} (name, event_id, event_type, transaction_id, global_position, error)
         VALUES ($1, $2, $3, $4::xid8, $5::bigint, $6)
         ON CONFLICT (name, event_id) DO UPDATE
           SET error = excluded.error, attempts = ${this.store.projectionFailuresTable}.attempts + 1, last_failed_at = now(), resolved_at = NULL`,
        [name, event.id, event.type, event.transactionId, event.globalPosition, errorMessage(cause).slice(0, 2000)],
      )
      .catch((e: unknown) => this.logger.warn(`could not record the failure of projection '${name}': ${errorMessage(e)}`));
  }

  /** Batches until the checkpoint reaches `target`; returns how many events were read. */
  private async drain(
    state: ProjectionState,
    target: Checkpoint,
    onBatch?: (processed: number) => void,
    into: BatchTarget = { checkpoint: state.projection.name, shadow: false },
  ): Promise<number> {
    let processed = 0;
    for (;;) {
      // A shadow replay does not hold the live projection's mutex: the live one keeps going.
      const result = into.shadow
        ? await this.processBatch(state, this.batchSize, into)
        : await state.mutex.run(() => this.processBatch(state, this.batchSize));
      processed += result.processed;
      if (result.processed > 0) onBatch?.(processed);
      if (hasReached(result.checkpoint, target)) return processed;
      // Nothing readable yet: an older transaction is still running somewhere. Poll briefly.
      if (result.processed === 0) await sleep(10);
    }
  }

  private async processBatch(
    state: ProjectionState,
    limit: number,
    into: BatchTarget = { checkpoint: state.projection.name, shadow: false },
  ): Promise<BatchResult> {
    const { projection } = state;
    let current: RecordedEvent | null = null;
    let batch: RecordedEvent[] = [];
    try {
      const result = await this.inTransaction(async (em): Promise<BatchResult> => {
        // The lock, then the checkpoint as the previous batch left it: one round trip.
        const rows = await em.execute<Array<{ transaction_id: string; global_position: string }>>(
          `SELECT transaction_id, global_position FROM ${this.store.lockCheckpointFunction}(?, true)`,
          [into.checkpoint],
        );
        const checkpoint: Checkpoint = rows[0]
          ? { transactionId: rows[0].transaction_id, globalPosition: rows[0].global_position }
          : null;
        batch = await this.readPage(into.checkpoint, checkpoint, limit);
        if (batch.length === 0) return { processed: 0, checkpoint };
        // A full page: more is probably waiting; read it while this batch is written.
        if (batch.length === limit) this.prefetch(into.checkpoint, checkpointOf(batch[batch.length - 1]), limit);
        const wanted = projection.eventTypes ? batch.filter((e) => projection.eventTypes!.includes(e.type)) : batch;
        if (projection.handleBatch) {
          // One call for the batch; when it fails on a batch of one, the failure names that event.
          current = wanted.length === 1 ? wanted[0] : null;
          if (wanted.length > 0) await projection.handleBatch(wanted, em);
        } else {
          for (const event of wanted) {
            current = event;
            await projection.handle(event, em);
          }
        }
        current = batch.length === 1 ? batch[0] : null;
        await em.flush();
        const last = checkpointOf(batch[batch.length - 1]);
        const upsert = `INSERT INTO ${this.store.checkpointsTable} (name, transaction_id, global_position, updated_at)
           VALUES (?, ?::xid8, ?::bigint, now())
           ON CONFLICT (name) DO UPDATE
             SET transaction_id = excluded.transaction_id, global_position = excluded.global_position, updated_at = now()`;
        if (into.shadow) {
          await em.execute(upsert, [into.checkpoint, last.transactionId, last.globalPosition]);
        } else {
          // One round trip: the checkpoint, and the failures the projection got past resolved.
          await em.execute(
            `WITH moved AS (${upsert} RETURNING 1)
             UPDATE ${this.store.projectionFailuresTable} SET resolved_at = now()
              WHERE name = ? AND resolved_at IS NULL AND (transaction_id, global_position) <= (?::xid8, ?::bigint)`,
            [into.checkpoint, last.transactionId, last.globalPosition, projection.name, last.transactionId, last.globalPosition],
          );
        }
        return { processed: batch.length, checkpoint: last };
      }, into.schema);
      if (into.shadow) return result;
      state.lastCheckpoint = result.checkpoint;
      if (result.processed > 0) {
        this.onProgress?.({ projection: projection.name, ...result });
        this.progressed.notify();
      }
      return result;
    } catch (err) {
      const failure = err instanceof ProjectionError ? err : new ProjectionError(projection.name, current, err);
      if (into.shadow) throw failure; // the rebuild fails; the live read model is fine
      if (batch.length > 0) state.isolateUntil = checkpointOf(batch[batch.length - 1]);
      const failedOn = batch.find((e) => e.id === failure.event?.id);
      if (failedOn) await this.recordFailure(projection.name, failedOn, failure);
      throw failure;
    }
  }

  /** The events after `after`: the page read ahead for exactly this checkpoint and size if there is one, else readAll. */
  private async readPage(name: string, after: Checkpoint, limit: number): Promise<RecordedEvent[]> {
    const ahead = this.prefetched.get(name);
    this.prefetched.delete(name);
    if (ahead && ahead.limit === limit && compareCheckpoints(ahead.after, after) === 0) {
      const page = await ahead.page;
      if (page) return page;
    }
    return this.log.readAll({ after, limit });
  }

  private prefetch(name: string, after: Checkpoint, limit: number): void {
    const page = this.log.readAll({ after, limit }).catch(() => null); // a failed read-ahead is read again
    this.prefetched.set(name, { after, limit, page });
  }

  /**
   * Runs `work` in one transaction with a fresh EntityManager bound to it. Uses Kysely's callback
   * transaction rather than `em.transactional()`: the controlled transactions behind the latter
   * (kysely 0.29) never release the pooled connection when COMMIT or ROLLBACK fails on a dead
   * connection (kysely-org/kysely#1990), which would starve the pool after a database restart.
   * Rethrows the error of `work` itself, not the failed ROLLBACK's.
   */
  private async inTransaction<T>(work: (em: SqlEntityManager) => Promise<T>, schema?: string): Promise<T> {
    let failure: { error: unknown } | null = null;
    try {
      return await this.orm.em
        .getConnection()
        .getClient()
        .transaction()
        .execute(async (trx) => {
          const em = schema ? this.orm.em.fork({ schema }) : this.orm.em.fork();
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

  /**
   * Takes the checkpoint's lock for this transaction. `asyncCommit`: the batch commits without
   * waiting for its WAL flush (synchronous_commit off, same statement). A batch is derived data:
   * a Postgres crash can lose only the last batches whole (read-model writes and checkpoint
   * together, never one without the other), and the runner projects them again from the event
   * store (the WAL is replayed in order: a batch never outlives the events it read, even those
   * appended with `asyncCommit`). It keeps the disk's flush latency out of the lag.
   */
  private async lockCheckpoint(em: SqlEntityManager, name: string, options: { asyncCommit?: boolean } = {}): Promise<void> {
    await em.execute(
      `SELECT pg_advisory_xact_lock(hashtext(?), hashtext(?))${options.asyncCommit ? `, set_config('synchronous_commit', 'off', true)` : ''}`,
      [`${this.store.schema}:checkpoint`, name],
    );
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
