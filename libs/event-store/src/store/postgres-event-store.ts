import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient, QueryResultRow } from 'pg';
import { consoleLogger, quoteIdent, quoteLiteral, sleep, type EventStoreLogger } from '../support/support';
import { compareCheckpoints } from './checkpoint';
import { applyClaims, claimsOwnerIndexDdl, claimsTableDdl, hasClaimChanges, releaseClaimsIn } from './claims';
import { CheckpointAheadError, DuplicateEventIdError, WrongExpectedVersionError } from './event-store.errors';
import type {
  AppendOptions,
  AppendResult,
  Checkpoint,
  Claim,
  EventLog,
  EventMetadata,
  EventStore,
  ExpectedVersion,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
} from './event-store.types';
import { PgListener } from './pg-listener';
import { prepared, type Prepared } from './prepared';
import { guardPoolErrors, inPgTransaction } from './pg-transaction';

export type PostgresEventStoreOptions = {
  /** The Postgres schema of the owning service, e.g. 'identity'. Lower-case letters, digits, '_'. */
  schema: string;
  logger?: EventStoreLogger;
};

/** `client`: a pool client already inside a transaction; the append then joins it. */
export type PostgresAppendOptions = AppendOptions & { client?: PoolClient };
export type PostgresReadStreamOptions = ReadStreamOptions & { client?: PoolClient };

/** Something that runs SQL: the pool, or a client inside a transaction. */
type Queryable = Pick<Pool, 'query'> | PoolClient;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SCHEMA = /^[a-z_][a-z0-9_]{0,50}$/;
const DDL_LOCK = 'event-store:ddl';
/**
 * The shortest time between two post-commit NOTIFYs of one store while appends keep coming (the
 * first after a pause goes out at once). Each is a transaction of its own and wakes every
 * listener; the projections and the relay gather appends for 25 and 50 ms under load anyway.
 * The listeners of the appending process are woken in-process at once (see `listen`), so the
 * NOTIFY only tells other processes (other instances of the service), at most every 25 ms:
 * at 500 chat messages a second it was 130 signalling transactions a second, each waking every
 * listening connection.
 */
const NOTIFY_GAP_MS = 25;

// Output columns are text; ORDER BY must name the table's columns (e.*), not these aliases.
const COLUMNS = `e.global_position::text AS global_position, e.transaction_id::text AS transaction_id,
  e.stream_id, e.stream_version, e.event_id::text AS event_id, e.type, e.data, e.metadata, e.recorded_at`;

/**
 * The event store of one service: table `<schema>.events` plus `<schema>.checkpoints` for the
 * projections and the relay that read it. See README.md for the guarantees.
 */
export class PostgresEventStore implements EventStore {
  readonly schema: string;
  /** The NOTIFY channel an append signals on commit. */
  readonly channel: string;
  readonly logger: EventStoreLogger;
  private readonly events: string;
  private readonly checkpoints: string;
  private readonly failures: string;
  /** `<schema>.claims`: the claimed unique values (see claims.ts). */
  readonly claimsTable: string;
  private readonly appendFunction: string;
  /**
   * `<schema>.lock_checkpoint_v1(name, async_commit)`: takes a checkpoint's lock for the calling
   * transaction, then returns its row (none yet: no row). Created by ensureSchema.
   */
  readonly lockCheckpointFunction: string;
  private appendFunctionReady = false;
  /** Transactions of `withTransaction` in progress: an append in one notifies after its commit. */
  private readonly ownTransactions = new WeakMap<PoolClient, { appended: boolean }>();
  private notifying = false;
  private lastNotifyAt = -Infinity;
  /** The listeners of this process, woken in-process after each append this instance commits. */
  private readonly localListeners = new Set<() => void>();
  /** Marks this instance's NOTIFYs, so its own listeners skip what they were told in-process. */
  private readonly instanceId = randomUUID();
  private notifyAgain = false;
  /** The statements of every append, relay round and projection round, prepared once per connection. */
  private readonly sql: Record<'appendMany' | 'readAll' | 'head' | 'lockCheckpoint' | 'readCheckpoint' | 'storeCheckpoint' | 'notify', Prepared>;

  constructor(
    readonly pool: Pool,
    options: PostgresEventStoreOptions,
  ) {
    if (!SCHEMA.test(options.schema)) {
      throw new Error(`Event store schema must match ${SCHEMA} (got '${options.schema}')`);
    }
    this.schema = options.schema;
    this.channel = `${options.schema}_events`;
    this.logger = options.logger ?? consoleLogger;
    this.events = `${quoteIdent(this.schema)}.events`;
    this.checkpoints = `${quoteIdent(this.schema)}.checkpoints`;
    this.failures = `${quoteIdent(this.schema)}.projection_failures`;
    this.claimsTable = `${quoteIdent(this.schema)}.claims`;
    this.appendFunction = `${quoteIdent(this.schema)}.append_events_v5`;
    this.lockCheckpointFunction = `${quoteIdent(this.schema)}.lock_checkpoint_v1`;
    this.sql = {
      appendMany: prepared(
        `SELECT b.i::int - 1 AS batch_index, r.outcome, r.event_id, r.stream_id, r.stream_version, r.global_position, r.transaction_id
           FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS b(x, i)
          CROSS JOIN LATERAL ${this.appendFunction}($1, NULL, b.x->>'s', (b.x->>'v')::integer, b.x->'e') AS r
          WHERE CASE WHEN $3::boolean THEN set_config('synchronous_commit', 'off', true) IS NOT NULL ELSE true END
          ORDER BY b.i`,
      ),
      readAll: prepared(
        `SELECT ${COLUMNS} FROM ${this.events} e
          WHERE e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
            AND (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
          ORDER BY e.transaction_id, e.global_position
          LIMIT $3`,
      ),
      head: prepared(
        `SELECT e.transaction_id::text AS transaction_id, e.global_position::text AS global_position FROM ${this.events} e
          ORDER BY e.transaction_id DESC, e.global_position DESC LIMIT 1`,
      ),
      lockCheckpoint: prepared(`SELECT transaction_id, global_position FROM ${this.lockCheckpointFunction}($1, $2)`),
      readCheckpoint: prepared(`SELECT transaction_id::text AS transaction_id, global_position::text AS global_position FROM ${this.checkpoints} WHERE name = $1`),
      storeCheckpoint: prepared(
        `INSERT INTO ${this.checkpoints} (name, transaction_id, global_position, updated_at) VALUES ($1, $2::xid8, $3::bigint, now())
         ON CONFLICT (name) DO UPDATE SET transaction_id = EXCLUDED.transaction_id, global_position = EXCLUDED.global_position, updated_at = now()`,
      ),
      notify: prepared(`SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)`),
    };
    guardPoolErrors(pool, this.logger);
  }

  /** The fully qualified, quoted checkpoints table, for projection runners and relays. */
  get checkpointsTable(): string {
    return this.checkpoints;
  }

  /** The fully qualified, quoted table where projections record the events they failed on. */
  get projectionFailuresTable(): string {
    return this.failures;
  }

  /** Creates the schema, tables and index if missing. Safe on every boot, from many processes at once. */
  async ensureSchema(): Promise<void> {
    const s = quoteIdent(this.schema);
    await this.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [DDL_LOCK]);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
      await client.query(`
        CREATE TABLE IF NOT EXISTS ${this.events} (
          global_position bigserial PRIMARY KEY,
          transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
          stream_id text NOT NULL,
          stream_version integer NOT NULL CHECK (stream_version > 0),
          event_id uuid NOT NULL CONSTRAINT events_event_id_key UNIQUE,
          type text NOT NULL,
          data jsonb NOT NULL,
          metadata jsonb NOT NULL DEFAULT '{}',
          recorded_at timestamptz NOT NULL DEFAULT now(),
          CONSTRAINT events_stream_id_stream_version_key UNIQUE (stream_id, stream_version)
        )`);
      await client.query(
        `CREATE INDEX IF NOT EXISTS events_transaction_id_global_position_idx ON ${this.events} (transaction_id, global_position)`,
      );
      await client.query(`
        CREATE TABLE IF NOT EXISTS ${this.checkpoints} (
          name text PRIMARY KEY,
          transaction_id xid8 NOT NULL,
          global_position bigint NOT NULL,
          updated_at timestamptz NOT NULL DEFAULT now()
        )`);
      // One row per (projection, event) it failed on; resolved once the projection got past it.
      await client.query(`
        CREATE TABLE IF NOT EXISTS ${this.failures} (
          name text NOT NULL,
          event_id uuid NOT NULL,
          event_type text NOT NULL,
          transaction_id xid8 NOT NULL,
          global_position bigint NOT NULL,
          error text NOT NULL,
          attempts integer NOT NULL DEFAULT 1,
          first_failed_at timestamptz NOT NULL DEFAULT now(),
          last_failed_at timestamptz NOT NULL DEFAULT now(),
          resolved_at timestamptz,
          PRIMARY KEY (name, event_id)
        )`);
      await client.query(claimsTableDdl(this.claimsTable));
      await client.query(claimsOwnerIndexDdl(this.claimsTable));
      await this.createAppendFunction(client);
      // A checkpoint's lock and its row in one round trip (projection batches): the read after
      // the lock is taken, in a snapshot of its own (VOLATILE), so it sees what the previous
      // holder committed. In one SELECT the row would be read in the snapshot taken before the
      // wait. `p_async_commit`: the transaction commits without waiting for its WAL flush.
      await client.query(`
        CREATE OR REPLACE FUNCTION ${this.lockCheckpointFunction}(p_name text, p_async_commit boolean)
        RETURNS TABLE (transaction_id text, global_position text)
        LANGUAGE plpgsql VOLATILE AS $fn$
        BEGIN
          PERFORM pg_advisory_xact_lock(hashtext(${quoteLiteral(`${this.schema}:checkpoint`)}), hashtext(p_name));
          IF p_async_commit THEN PERFORM set_config('synchronous_commit', 'off', true); END IF;
          RETURN QUERY SELECT c.transaction_id::text, c.global_position::text FROM ${this.checkpoints} c WHERE c.name = p_name;
        END
        $fn$`);
    });
  }

  /**
   * Appends `events` to `streamId` in one transaction, with consecutive versions, after checking
   * `expectedVersion` (default 'any'). Appending events whose ids are all already stored in this
   * stream is a no-op that returns the original result. `claims` change in the same transaction,
   * after the events are in (so under the stream's lock): a claim another owner holds throws
   * ClaimTakenError and nothing is stored.
   */
  async append(streamId: string, events: readonly NewEvent[], options: PostgresAppendOptions = {}): Promise<AppendResult> {
    const prepared = prepareEvents(streamId, events);
    const expected = options.expectedVersion ?? 'any';
    expectedVersionParam(expected); // validates before anything is sent
    const { claims } = options;
    if (hasClaimChanges(claims)) {
      const withClaims = async (client: PoolClient) => {
        const result = await this.appendIn(client, streamId, prepared, expected);
        await applyClaims(client, this.claimsTable, claims);
        return result;
      };
      return options.client ? withClaims(options.client) : this.withTransaction(withClaims);
    }
    // One statement: on the pool it is its own transaction; with `client` it joins the caller's.
    return this.appendIn(options.client ?? this.pool, streamId, prepared, expected);
  }

  /** The owner holding `value` in `scope`, if any. */
  async claimHolder(scope: string, value: string, options: { client?: PoolClient } = {}): Promise<string | undefined> {
    const db: Queryable = options.client ?? this.pool;
    const { rows } = await db.query(`SELECT owner FROM ${this.claimsTable} WHERE scope = $1 AND value = $2`, [scope, value]);
    return rows[0]?.owner as string | undefined;
  }

  /** Gives up claims outside an append: only those the given owner holds. */
  async releaseClaims(claims: readonly Claim[]): Promise<void> {
    if (claims.length) await this.withTransaction((client) => releaseClaimsIn(client, this.claimsTable, claims));
  }

  /**
   * Stores a subscription's checkpoint (the row `name` of `<schema>.checkpoints`, as projections
   * keep theirs); `client` writes it inside that client's transaction (the relay's round).
   */
  async storeCheckpoint(name: string, checkpoint: Checkpoint, options: { client?: PoolClient } = {}): Promise<void> {
    const db: Queryable = options.client ?? this.pool;
    if (checkpoint === null) {
      await db.query(`DELETE FROM ${this.checkpoints} WHERE name = $1`, [name]);
      return;
    }
    await db.query(this.sql.storeCheckpoint([name, checkpoint.transactionId, checkpoint.globalPosition]));
  }

  /**
   * Appends to several streams in one statement (one transaction, one commit), each with its own
   * expected version, as `append` would one after the other: the streams' locks are taken in
   * stream-id order (two batches never wait on each other in a circle). A stream whose expected
   * version does not match gets a WrongExpectedVersionError in its place, one whose event ids
   * are stored in another stream a DuplicateEventIdError, and nothing of its events is stored;
   * the others are stored all the same (the same ids again in the same stream answer the stored
   * result, as `append` does). A stream may appear once per batch. Any other failure (an id
   * stored by a concurrent transaction, the connection) fails the whole batch: nothing stored.
   *
   * `asyncCommit`: the statement commits without waiting for its WAL flush (synchronous_commit
   * off for this transaction only). Postgres stays consistent, but a crash of the database
   * server can lose what was committed in its last moments (at most 3 x wal_writer_delay, 0.6 s
   * by default), whose events may have been read meanwhile. For writes whose latency matters more
   * than those moments (chat messages): one slow fsync of the disk otherwise holds every commit.
   */
  async appendMany(
    appends: ReadonlyArray<{ streamId: string; events: readonly NewEvent[]; expectedVersion?: ExpectedVersion }>,
    options: { asyncCommit?: boolean } = {},
  ): Promise<Array<AppendResult | WrongExpectedVersionError | DuplicateEventIdError>> {
    if (appends.length === 0) return [];
    const prepared = appends.map((a) => ({ streamId: a.streamId, events: prepareEvents(a.streamId, a.events), expected: a.expectedVersion ?? 'any' }));
    if (new Set(prepared.map((a) => a.streamId)).size !== prepared.length) throw new Error('appendMany takes each stream once');
    const order = prepared.map((_, i) => i).sort((a, b) => (prepared[a].streamId < prepared[b].streamId ? -1 : prepared[a].streamId > prepared[b].streamId ? 1 : 0));
    const batch = order.map((i) => ({ s: prepared[i].streamId, v: expectedVersionParam(prepared[i].expected), e: prepared[i].events }));
    await this.ensureAppendFunction(this.pool);
    const { rows } = await this.pool
      .query(this.sql.appendMany([this.schema, JSON.stringify(batch), options.asyncCommit === true]))
      .catch((err: unknown) => {
        if (isUniqueViolation(err, 'events_event_id_key')) throw new DuplicateEventIdError(prepared[0].streamId, duplicateIds(err, prepared.flatMap((a) => a.events)));
        throw err;
      });
    const byEntry = new Map<number, QueryResultRow[]>();
    for (const r of rows) {
      const list = byEntry.get(r.batch_index) ?? [];
      list.push(r);
      byEntry.set(r.batch_index, list);
    }
    const results: Array<AppendResult | WrongExpectedVersionError | DuplicateEventIdError> = new Array(prepared.length);
    let inserted = false;
    order.forEach((original, position) => {
      const { streamId, expected, events } = prepared[original];
      const got = byEntry.get(position) ?? [];
      const outcome = got[0]?.outcome as 'existing' | 'conflict' | 'current' | 'inserted' | undefined;
      if (outcome === 'conflict') {
        results[original] = new WrongExpectedVersionError(streamId, expected, Number(got[0].stream_version));
        return;
      }
      if (outcome === 'current' || !outcome) {
        results[original] = { nextExpectedVersion: Number(got[0]?.stream_version ?? 0), globalPositions: [], transactionId: null };
        return;
      }
      if (outcome === 'existing' && (got.length !== events.length || got.some((r) => r.stream_id !== streamId))) {
        results[original] = new DuplicateEventIdError(streamId, got.map((r) => r.event_id as string));
        return;
      }
      if (outcome === 'inserted') inserted = true;
      const sorted = [...got].sort((a, b) => a.stream_version - b.stream_version);
      results[original] = {
        nextExpectedVersion: Number(sorted[sorted.length - 1].stream_version),
        globalPositions: sorted.map((r) => r.global_position as string),
        transactionId: sorted[0].transaction_id as string,
      };
    });
    if (inserted) this.notifyAppended();
    return results;
  }

  /** The events of several streams, each from its own version on, by stream and version (one query). */
  async readStreams<T = unknown>(streams: ReadonlyArray<{ streamId: string; fromVersion?: number }>): Promise<Map<string, RecordedEvent<T>[]>> {
    const out = new Map<string, RecordedEvent<T>[]>(streams.map((s) => [s.streamId, []]));
    if (streams.length === 0) return out;
    const { rows } = await this.pool.query(
      `SELECT ${COLUMNS} FROM unnest($1::text[], $2::int[]) AS w(stream_id, from_version)
         JOIN ${this.events} e ON e.stream_id = w.stream_id AND e.stream_version >= w.from_version
        ORDER BY e.stream_id, e.stream_version`,
      [streams.map((s) => s.streamId), streams.map((s) => s.fromVersion ?? 1)],
    );
    for (const r of rows) out.get(r.stream_id)!.push(toRecorded<T>(r));
    return out;
  }

  /** The events of one stream, by version (from `fromVersion`, default 1). */
  async readStream<T = unknown>(streamId: string, options: PostgresReadStreamOptions = {}): Promise<RecordedEvent<T>[]> {
    const db: Queryable = options.client ?? this.pool;
    const { rows } = await db.query(
      `SELECT ${COLUMNS} FROM ${this.events} e WHERE e.stream_id = $1 AND e.stream_version >= $2 ORDER BY e.stream_version`,
      [streamId, options.fromVersion ?? 1],
    );
    return rows.map(toRecorded<T>);
  }

  /**
   * Events after `after` in `(transactionId, globalPosition)` order, only from transactions older
   * than every transaction still running: a transaction that commits late can never land behind
   * a checkpoint already handed out.
   */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? null;
    const limit = options.limit ?? 1000;
    const { rows } = await this.pool.query(this.sql.readAll([after?.transactionId ?? '0', after?.globalPosition ?? '0', limit]));
    return rows.map(toRecorded);
  }

  /** The current version of a stream; 0 when it does not exist. */
  async streamVersion(streamId: string, options: { client?: PoolClient } = {}): Promise<number> {
    const db: Queryable = options.client ?? this.pool;
    const { rows } = await db.query(
      `SELECT coalesce(max(stream_version), 0) AS version FROM ${this.events} WHERE stream_id = $1`,
      [streamId],
    );
    return Number(rows[0].version);
  }

  /**
   * The checkpoint of the newest committed event (maybe not yet readable by `readAll` while an
   * older transaction runs); a reader that reaches it has seen everything committed before the call.
   */
  async headCheckpoint(): Promise<Checkpoint> {
    const { rows } = await this.pool.query(this.sql.head());
    return rows[0] ? { transactionId: rows[0].transaction_id, globalPosition: rows[0].global_position } : null;
  }

  /** The checkpoint right after the event at `globalPosition`; null if there is no such event. */
  async checkpointAt(globalPosition: string): Promise<Checkpoint> {
    const { rows } = await this.pool.query(
      `SELECT transaction_id::text AS transaction_id FROM ${this.events} WHERE global_position = $1::bigint`,
      [globalPosition],
    );
    return rows[0] ? { transactionId: rows[0].transaction_id, globalPosition } : null;
  }

  /**
   * How many committed events come after `checkpoint` (all of them for null): a reader's lag.
   * Counted up to `cap` (health polls this often: a reader a million events behind must not
   * cost a full scan each time); a lag of `cap` means "at least that many".
   */
  async countAfter(checkpoint: Checkpoint, cap = 100_000): Promise<number> {
    const { rows } = await this.pool.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${this.events} e
         WHERE (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint) LIMIT $3::int) behind`,
      [checkpoint?.transactionId ?? '0', checkpoint?.globalPosition ?? '0', cap],
    );
    return rows[0].n;
  }

  /**
   * Takes checkpoint `name`'s lock for the transaction of `client` (released when it ends), then
   * reads the checkpoint: one round trip (lockCheckpointFunction). `asyncCommit`: that transaction
   * commits without waiting for its WAL flush.
   */
  async lockCheckpoint(name: string, options: { client: PoolClient; asyncCommit?: boolean }): Promise<Checkpoint> {
    const { rows } = await options.client.query(this.sql.lockCheckpoint([name, options.asyncCommit ?? false]));
    return rows[0] ? { transactionId: rows[0].transaction_id, globalPosition: rows[0].global_position } : null;
  }

  /** The stored checkpoint of a projection or relay (`name`), null when it has none; `client` reads it inside that client's transaction. */
  async readCheckpoint(name: string, options: { client?: PoolClient } = {}): Promise<Checkpoint> {
    const db: Queryable = options.client ?? this.pool;
    const { rows } = await db.query(this.sql.readCheckpoint([name]));
    return rows[0] ? { transactionId: rows[0].transaction_id, globalPosition: rows[0].global_position } : null;
  }

  /**
   * The startup guard: throws CheckpointAheadError when a checkpoint (a projection's, the
   * relay's) is past the newest stored event, or carries a transaction id this Postgres cluster
   * has not reached yet (a logical restore into another cluster: new events would get lower ids
   * and sort before it, so they would be skipped).
   */
  async assertCheckpointsNotAhead(): Promise<void> {
    const { rows } = await this.pool.query(
      `WITH head AS (
         SELECT transaction_id, global_position FROM ${this.events} ORDER BY transaction_id DESC, global_position DESC LIMIT 1
       ), next AS (SELECT pg_snapshot_xmax(pg_current_snapshot()) AS xid)
       SELECT c.name, c.transaction_id::text AS transaction_id, c.global_position::text AS global_position,
              h.transaction_id::text AS head_tx, h.global_position::text AS head_pos,
              c.transaction_id >= next.xid AS future,
              h.transaction_id IS NULL OR (c.transaction_id, c.global_position) > (h.transaction_id, h.global_position) AS past_head
         FROM ${this.checkpoints} c CROSS JOIN next LEFT JOIN head h ON true
        ORDER BY c.name`,
    );
    const ahead = rows.filter((r) => r.future || r.past_head);
    if (ahead.length === 0) return;
    const head = rows[0].head_tx ? { transactionId: rows[0].head_tx as string, globalPosition: rows[0].head_pos as string } : null;
    throw new CheckpointAheadError(
      this.schema,
      ahead.map((r) => ({
        name: r.name,
        transactionId: r.transaction_id,
        globalPosition: r.global_position,
        reason: r.future ? 'has a transaction id this Postgres has not reached yet' : 'is past the newest event',
      })),
      head,
    );
  }

  /**
   * The startup guard when the events are read from another log (a KurrentDB store, `EventLog`)
   * and only the checkpoints live here: throws CheckpointAheadError when a checkpoint is past
   * that log's newest event (a read-model database restored, or paired with another log).
   */
  async assertCheckpointsNotAheadOf(log: EventLog, logName = 'the log'): Promise<void> {
    const head = await log.headCheckpoint();
    const { rows } = await this.pool.query(
      `SELECT name, transaction_id::text AS transaction_id, global_position::text AS global_position FROM ${this.checkpoints} ORDER BY name`,
    );
    const ahead = rows.filter((r) => compareCheckpoints({ transactionId: r.transaction_id, globalPosition: r.global_position }, head) > 0);
    if (ahead.length === 0) return;
    throw new CheckpointAheadError(
      this.schema,
      ahead.map((r) => ({ name: r.name, transactionId: r.transaction_id, globalPosition: r.global_position, reason: `is past the newest event of ${logName}` })),
      head,
    );
  }

  /** Forgets every checkpoint of this store (the reset after CheckpointAheadError). Returns their names. */
  async resetCheckpoints(): Promise<string[]> {
    const { rows } = await this.pool.query(`DELETE FROM ${this.checkpoints} RETURNING name`);
    return rows.map((r) => r.name as string).sort();
  }

  /** How many events are stored (committed). */
  async countEvents(): Promise<number> {
    const { rows } = await this.pool.query(`SELECT count(*)::int AS n FROM ${this.events}`);
    return rows[0].n;
  }

  /**
   * Calls `onAppend` whenever an append commits: at once for the appends of this store instance
   * (in-process), and through LISTEN on a dedicated connection for those of other processes
   * (its own NOTIFYs, marked with this instance's id, are skipped: already signalled).
   */
  async listen(onAppend: () => void): Promise<{ close: () => Promise<void> }> {
    const listener = new PgListener(this.pool.options, this.channel, onAppend, this.logger, this.instanceId);
    await listener.open();
    this.localListeners.add(onAppend);
    return {
      close: () => {
        this.localListeners.delete(onAppend);
        return listener.close();
      },
    };
  }

  /**
   * The append in one round trip: `<schema>.append_events_v5` takes the stream's lock, reads the
   * version and the already stored ids (a new snapshot per statement, after the lock), checks the
   * expected version, inserts and notifies. Without `client` it runs as its own (implicit)
   * transaction, so an append costs one statement instead of six.
   */
  private async appendIn(db: Queryable, streamId: string, events: PreparedEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    await this.ensureAppendFunction(db);
    // NOTIFY after the commit (notifyAppended) when this store sees the commit: its own
    // statement on the pool, or a withTransaction; inside a caller's own transaction it must go
    // with the transaction (pg_notify in the function: delivered at that commit).
    const own = db === this.pool ? null : this.ownTransactions.get(db as PoolClient);
    const notifyInside = db !== this.pool && !own;
    const { rows } = await db
      .query(`SELECT outcome, event_id, stream_id, stream_version, global_position, transaction_id FROM ${this.appendFunction}($1, $2, $3, $4, $5::jsonb)`, [
        this.schema,
        notifyInside ? this.channel : null,
        streamId,
        expectedVersionParam(expected),
        JSON.stringify(events),
      ])
      .catch((err: unknown) => {
        // Another transaction stored one of these ids (in another stream: the same stream is
        // serialized by its lock) between the check and the insert, and committed.
        if (isUniqueViolation(err, 'events_event_id_key')) throw new DuplicateEventIdError(streamId, duplicateIds(err, events));
        throw err;
      });
    const outcome = rows[0].outcome as 'existing' | 'conflict' | 'current' | 'inserted';
    if (outcome === 'existing') {
      const byId = new Map(rows.map((r) => [r.event_id as string, r]));
      const sameAppend = rows.length === events.length && rows.every((r) => r.stream_id === streamId);
      if (!sameAppend) throw new DuplicateEventIdError(streamId, rows.map((r) => r.event_id as string));
      const stored = events.map((e) => byId.get(e.id)!);
      return {
        nextExpectedVersion: Math.max(...stored.map((r) => Number(r.stream_version))),
        globalPositions: stored.map((r) => r.global_position as string),
        transactionId: stored[0].transaction_id as string,
      };
    }
    const current = Number(rows[0].stream_version);
    if (outcome === 'conflict') throw new WrongExpectedVersionError(streamId, expected, current);
    if (outcome === 'current') return { nextExpectedVersion: current, globalPositions: [], transactionId: null };
    if (db === this.pool) this.notifyAppended();
    else if (own) own.appended = true;
    const sorted = [...rows].sort((a, b) => a.stream_version - b.stream_version);
    return {
      nextExpectedVersion: Number(sorted[sorted.length - 1].stream_version),
      globalPositions: sorted.map((r) => r.global_position as string),
      transactionId: sorted[0].transaction_id as string,
    };
  }

  /**
   * `<schema>.append_events_v5` is created by ensureSchema (every migration). For a store whose
   * schema predates it: checked once per instance through the caller's connection (a caller
   * holding a pool client must not wait for a second one), created if missing.
   */
  private async ensureAppendFunction(db: Queryable): Promise<void> {
    if (this.appendFunctionReady) return;
    const { rows } = await db.query('SELECT to_regproc($1) IS NOT NULL AS present', [`${this.schema}.append_events_v5`]);
    if (rows[0].present) {
      this.appendFunctionReady = true;
    } else if (db === this.pool) {
      await this.transaction((client) => this.createAppendFunction(client));
      this.appendFunctionReady = true;
    } else {
      await this.createAppendFunction(db as PoolClient); // commits (or not) with the caller's transaction
    }
  }

  private async createAppendFunction(client: PoolClient): Promise<void> {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [DDL_LOCK]);
    const { rows } = await client.query('SELECT to_regproc($1) IS NOT NULL AS present', [`${this.schema}.append_events_v5`]);
    if (rows[0].present) return;
    // p_expected: NULL = any, 0 = no stream, n = version n. Returns one row per stored id
    // ('existing'), one row with the current version ('conflict' or, for no events, 'current'),
    // or one row per inserted event ('inserted').
    await client.query(`
      CREATE FUNCTION ${this.appendFunction}(p_schema text, p_channel text, p_stream text, p_expected integer, p_events jsonb)
      RETURNS TABLE (outcome text, event_id text, stream_id text, stream_version integer, global_position text, transaction_id text)
      LANGUAGE plpgsql VOLATILE
      -- The statements' plans are cached (generic) per connection: planning them anew for every
      -- call (force_custom_plan, v4) cost a fifth of an append. A generic plan made while the
      -- table was small could pick a scan of the whole table for the id or version check, and
      -- keep it as the table grows: seq scans are off here (the index is always right for these).
      SET enable_seqscan = off
      AS $fn$
      #variable_conflict use_column
      DECLARE
        v_current integer;
        v_ids uuid[] := ARRAY(SELECT (x->>'id')::uuid FROM jsonb_array_elements(p_events) AS x);
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtext(p_schema), hashtext(p_stream));
        -- Each statement below takes a new snapshot: it sees what the previous lock holder committed.
        RETURN QUERY
          SELECT 'existing'::text, e.event_id::text, e.stream_id, e.stream_version, e.global_position::text, e.transaction_id::text
            FROM ${this.events} e
           WHERE e.event_id = ANY(v_ids);
        IF FOUND THEN RETURN; END IF;
        SELECT coalesce(max(e.stream_version), 0) INTO v_current FROM ${this.events} e WHERE e.stream_id = p_stream;
        IF p_expected IS NOT NULL AND p_expected <> v_current THEN
          RETURN QUERY SELECT 'conflict'::text, NULL::text, p_stream, v_current, NULL::text, NULL::text;
          RETURN;
        END IF;
        IF jsonb_array_length(p_events) = 0 THEN
          RETURN QUERY SELECT 'current'::text, NULL::text, p_stream, v_current, NULL::text, NULL::text;
          RETURN;
        END IF;
        RETURN QUERY
          INSERT INTO ${this.events} AS e (stream_id, stream_version, event_id, type, data, metadata)
          SELECT p_stream, v_current + x.ord::int, (x.value->>'id')::uuid, x.value->>'type',
                 coalesce(x.value->'data', 'null'::jsonb), coalesce(x.value->'metadata', '{}'::jsonb)
            FROM jsonb_array_elements(p_events) WITH ORDINALITY AS x(value, ord)
           ORDER BY x.ord
          RETURNING 'inserted'::text, e.event_id::text, e.stream_id, e.stream_version, e.global_position::text, e.transaction_id::text;
        IF p_channel IS NOT NULL THEN PERFORM pg_notify(p_channel, ''); END IF;
      END
      $fn$`);
  }

  /** Runs `work` in one transaction on a pool client; `append`/`readStream` given that `client` join it. */
  async withTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const mark = { appended: false };
    const result = await inPgTransaction(this.pool, this.logger, async (client) => {
      this.ownTransactions.set(client, mark);
      try {
        return await work(client);
      } finally {
        this.ownTransactions.delete(client);
      }
    });
    if (mark.appended) this.notifyAppended();
    return result;
  }

  /**
   * Signals `<schema>_events` after an append committed. NOTIFY inside the appending transaction
   * would serialize every notifying commit (Postgres holds a global lock through the commit's WAL
   * flush, defeating group commit), so it is sent after the commit, from a transaction of its own
   * that writes nothing; appends that commit meanwhile share the next one, sent at least
   * NOTIFY_GAP_MS after the previous one started. The listeners of this instance are woken at
   * once, in-process. That transaction
   * commits asynchronously (synchronous_commit off): a NOTIFY takes a transaction id, and a
   * synchronous commit would cost every signal a WAL flush of its own, competing with the
   * appends' flushes and holding the wake-up back until the disk answered. A signal lost to a
   * server crash costs nothing: listeners poll besides, and reconnect with a wake-up.
   */
  private notifyAppended(): void {
    for (const onAppend of this.localListeners) onAppend();
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifying = true;
    void (async () => {
      try {
        do {
          // Appends that commit meanwhile share the next signal, at most one per NOTIFY_GAP_MS
          // (the first after a quiet gap goes out at once).
          const wait = this.lastNotifyAt + NOTIFY_GAP_MS - Date.now();
          if (wait > 0) await sleep(wait);
          this.notifyAgain = false;
          this.lastNotifyAt = Date.now();
          // One statement, its own transaction; the local setting holds until its commit.
          await this.pool.query(this.sql.notify([this.channel, this.instanceId]));
        } while (this.notifyAgain);
      } catch (err) {
        this.logger.warn(`could not signal ${this.channel}: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        this.notifying = false;
      }
    })();
  }

  /**
   * Takes the append lock of `streamId` inside the caller's transaction (released when it ends):
   * no other append to that stream commits until then. Re-entrant with `append(..., { client })`.
   */
  async lockStream(client: PoolClient, streamId: string): Promise<void> {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', [this.schema, streamId]);
  }

  private transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    return this.withTransaction(work);
  }
}

type PreparedEvent = { id: string; type: string; data: unknown; metadata: EventMetadata };

function prepareEvents(streamId: string, events: readonly NewEvent<unknown>[]): PreparedEvent[] {
  if (!streamId) throw new Error('streamId is required');
  const seen = new Set<string>();
  return events.map((e) => {
    const id = (e.id ?? randomUUID()).toLowerCase();
    if (!UUID.test(id)) throw new Error(`Event id must be a uuid (got '${id}')`);
    if (seen.has(id)) throw new Error(`Event id ${id} appears twice in one append`);
    seen.add(id);
    if (!e.type) throw new Error('Event type is required');
    return { id, type: e.type, data: e.data === undefined ? null : e.data, metadata: e.metadata ?? {} };
  });
}

function isUniqueViolation(err: unknown, constraint: string): err is { detail?: string } {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && e.constraint === constraint;
}

/** The id named by the violation's detail (`Key (event_id)=(<uuid>) already exists.`), else every id of the append. */
function duplicateIds(err: { detail?: string }, events: PreparedEvent[]): string[] {
  const named = /\(event_id\)=\(([0-9a-f-]{36})\)/i.exec(err.detail ?? '')?.[1]?.toLowerCase();
  return named && events.some((e) => e.id === named) ? [named] : events.map((e) => e.id);
}

/** The append function's p_expected: null = any, 0 = no stream, n. Throws on an invalid one. */
function expectedVersionParam(expected: ExpectedVersion): number | null {
  if (expected === 'any') return null;
  const wanted = expected === 'no-stream' ? 0 : expected;
  if (!Number.isInteger(wanted) || wanted < 0) throw new Error(`Invalid expected version ${String(expected)}`);
  return wanted;
}

function toRecorded<T>(row: QueryResultRow): RecordedEvent<T> {
  return {
    globalPosition: String(row.global_position),
    transactionId: String(row.transaction_id),
    streamId: row.stream_id,
    streamVersion: Number(row.stream_version),
    id: row.event_id,
    type: row.type,
    data: row.data as T,
    metadata: (row.metadata ?? {}) as EventMetadata,
    recordedAt: row.recorded_at instanceof Date ? row.recorded_at : new Date(row.recorded_at),
  };
}
