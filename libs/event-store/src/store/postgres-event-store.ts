import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient, QueryResultRow } from 'pg';
import { consoleLogger, quoteIdent, type EventStoreLogger } from '../support/support';
import { DuplicateEventIdError, WrongExpectedVersionError } from './event-store.errors';
import type {
  AppendOptions,
  AppendResult,
  Checkpoint,
  EventMetadata,
  EventStore,
  ExpectedVersion,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
} from './event-store.types';
import { PgListener } from './pg-listener';
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
    guardPoolErrors(pool, this.logger);
  }

  /** The fully qualified, quoted checkpoints table, for projection runners and relays. */
  get checkpointsTable(): string {
    return this.checkpoints;
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
    });
  }

  /**
   * Appends `events` to `streamId` in one transaction, with consecutive versions, after checking
   * `expectedVersion` (default 'any'). Appending events whose ids are all already stored in this
   * stream is a no-op that returns the original result.
   */
  async append(streamId: string, events: readonly NewEvent[], options: PostgresAppendOptions = {}): Promise<AppendResult> {
    const prepared = prepareEvents(streamId, events);
    const expected = options.expectedVersion ?? 'any';
    if (options.client) return this.appendIn(options.client, streamId, prepared, expected);
    return this.transaction((client) => this.appendIn(client, streamId, prepared, expected));
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
    const { rows } = await this.pool.query(
      `SELECT ${COLUMNS} FROM ${this.events} e
        WHERE e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          AND (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
        ORDER BY e.transaction_id, e.global_position
        LIMIT $3`,
      [after?.transactionId ?? '0', after?.globalPosition ?? '0', limit],
    );
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
    const { rows } = await this.pool.query(
      `SELECT e.transaction_id::text AS transaction_id, e.global_position::text AS global_position FROM ${this.events} e
        ORDER BY e.transaction_id DESC, e.global_position DESC LIMIT 1`,
    );
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

  /** How many events are stored (committed). */
  async countEvents(): Promise<number> {
    const { rows } = await this.pool.query(`SELECT count(*)::int AS n FROM ${this.events}`);
    return rows[0].n;
  }

  /** Calls `onAppend` whenever an append commits (LISTEN on a dedicated connection). */
  async listen(onAppend: () => void): Promise<{ close: () => Promise<void> }> {
    const listener = new PgListener(this.pool.options, this.channel, onAppend, this.logger);
    await listener.open();
    return { close: () => listener.close() };
  }

  private async appendIn(client: PoolClient, streamId: string, events: PreparedEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', [this.schema, streamId]);
    // A new statement, so a new snapshot: it sees whatever the previous lock holder committed.
    const { rows } = await client.query(
      `SELECT (SELECT coalesce(max(stream_version), 0) FROM ${this.events} WHERE stream_id = $1) AS version,
              (SELECT coalesce(json_agg(json_build_object(
                  'id', event_id, 'streamId', stream_id, 'version', stream_version,
                  'position', global_position::text, 'tx', transaction_id::text)), '[]')
                 FROM ${this.events} WHERE event_id = ANY($2::uuid[])) AS existing`,
      [streamId, events.map((e) => e.id)],
    );
    const current = Number(rows[0].version);
    const existing = rows[0].existing as Array<{ id: string; streamId: string; version: number; position: string; tx: string }>;

    if (existing.length > 0) {
      const byId = new Map(existing.map((e) => [e.id, e]));
      const sameAppend = existing.length === events.length && existing.every((e) => e.streamId === streamId);
      if (!sameAppend) throw new DuplicateEventIdError(streamId, existing.map((e) => e.id));
      const stored = events.map((e) => byId.get(e.id)!);
      return {
        nextExpectedVersion: Math.max(...stored.map((e) => e.version)),
        globalPositions: stored.map((e) => e.position),
        transactionId: stored[0].tx,
      };
    }

    assertExpectedVersion(streamId, expected, current);
    if (events.length === 0) return { nextExpectedVersion: current, globalPositions: [], transactionId: null };

    const inserted = await client.query(
      `INSERT INTO ${this.events} (stream_id, stream_version, event_id, type, data, metadata)
       SELECT $1, $2::int + e.ord::int, (e.value->>'id')::uuid, e.value->>'type',
              coalesce(e.value->'data', 'null'::jsonb), coalesce(e.value->'metadata', '{}'::jsonb)
         FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(value, ord)
        ORDER BY e.ord
       RETURNING global_position::text AS global_position, stream_version, transaction_id::text AS transaction_id`,
      [streamId, current, JSON.stringify(events)],
    );
    await client.query('SELECT pg_notify($1, $2)', [this.channel, '']);
    const sorted = [...inserted.rows].sort((a, b) => a.stream_version - b.stream_version);
    return {
      nextExpectedVersion: current + events.length,
      globalPositions: sorted.map((r) => r.global_position as string),
      transactionId: sorted[0].transaction_id as string,
    };
  }

  private transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    return inPgTransaction(this.pool, this.logger, work);
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

function assertExpectedVersion(streamId: string, expected: ExpectedVersion, actual: number): void {
  if (expected === 'any') return;
  const wanted = expected === 'no-stream' ? 0 : expected;
  if (!Number.isInteger(wanted) || wanted < 0) throw new Error(`Invalid expected version ${String(expected)}`);
  if (wanted !== actual) throw new WrongExpectedVersionError(streamId, expected, actual);
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
