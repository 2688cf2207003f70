import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Pool } from 'pg';
import type { Projection } from '../projections/projection';
import { ProjectionRunner } from '../projections/projection-runner';
import { PostgresEventStore } from '../store/postgres-event-store';
import type { EventMetadata } from '../store/event-store.types';
import { quoteIdent, type EventStoreLogger } from '../support/support';

/** An event as stored: the same row goes into both copies (same id, position, time). */
export type StoredEventInput = { streamId: string; type: string; data: unknown; metadata?: EventMetadata; id: string; recordedAt: Date };

/** One copy of a read model: its schema (event store and read-model tables, migrated) and an ORM bound to it. */
export type ReadModelCopy = { schema: string; orm: { em: SqlEntityManager } };

const silent: EventStoreLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Test helper for a projection's `handleBatch`: stores the same events (same ids, positions and
 * times) in two migrated copies of the service's schema, projects them through the
 * ProjectionRunner into the first with `handle` only (one event at a time) and into the second
 * with `handleBatch` in batches of each of `batchSizes` (the read model emptied before each),
 * and returns every table's rows of each copy, to compare. `tables` default to the projection's.
 */
export async function projectOneByOneAndBatched(opts: {
  pool: Pool;
  projection: Projection;
  events: readonly StoredEventInput[];
  oneByOne: ReadModelCopy;
  batched: ReadModelCopy;
  batchSizes: readonly number[];
  tables?: readonly string[];
}): Promise<{ oneByOne: TableRows; batched: TableRows[] }> {
  const { pool, projection } = opts;
  if (!projection.handleBatch) throw new Error(`Projection '${projection.name}' has no handleBatch`);
  const tables = opts.tables ?? projection.tables;
  if (!tables?.length) throw new Error(`Projection '${projection.name}': name the tables to compare`);
  for (const copy of [opts.oneByOne, opts.batched]) await storeEvents(pool, copy.schema, opts.events);

  const oneByOne: Projection = {
    name: projection.name,
    eventTypes: projection.eventTypes,
    tables: projection.tables,
    handle: (event, em) => projection.handle(event, em),
  };
  await project(pool, opts.oneByOne, oneByOne, 500);
  const expected = await dumpTables(pool, opts.oneByOne.schema, tables);

  const batched: TableRows[] = [];
  for (const size of opts.batchSizes) {
    for (const t of tables) await pool.query(`DELETE FROM ${quoteIdent(opts.batched.schema)}.${quoteIdent(t)}`);
    await pool.query(`DELETE FROM ${quoteIdent(opts.batched.schema)}.checkpoints`);
    await project(pool, opts.batched, projection, size);
    batched.push(await dumpTables(pool, opts.batched.schema, tables));
  }
  return { oneByOne: expected, batched };
}

/** Rows of each table, as JSON values, in a stable order. */
export type TableRows = Record<string, unknown[]>;

async function project(pool: Pool, copy: ReadModelCopy, projection: Projection, batchSize: number): Promise<void> {
  const store = new PostgresEventStore(pool, { schema: copy.schema, logger: silent });
  const runner = new ProjectionRunner({ store, orm: copy.orm, projections: [projection], batchSize, logger: silent });
  await runner.catchUp();
}

/** The events as rows of `<schema>.events`, positions 1..n in the given order, in one transaction. */
async function storeEvents(pool: Pool, schema: string, events: readonly StoredEventInput[]): Promise<void> {
  const s = quoteIdent(schema);
  const versions = new Map<string, number>();
  const rows = events.map((e, i) => {
    const version = (versions.get(e.streamId) ?? 0) + 1;
    versions.set(e.streamId, version);
    return [i + 1, e.streamId, version, e.id, e.type, JSON.stringify(e.data ?? null), JSON.stringify(e.metadata ?? {}), e.recordedAt.toISOString()];
  });
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (let from = 0; from < rows.length; from += 1000) {
      const chunk = rows.slice(from, from + 1000);
      await client.query(
        `INSERT INTO ${s}.events (global_position, stream_id, stream_version, event_id, type, data, metadata, recorded_at) VALUES ${chunk
          .map((_, r) => `(${Array.from({ length: 8 }, (_, c) => `$${r * 8 + c + 1}`).join(', ')})`)
          .join(', ')}`,
        chunk.flat(),
      );
    }
    await client.query(`SELECT setval(pg_get_serial_sequence('${s}.events', 'global_position'), greatest($1::bigint, 1))`, [rows.length]);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

async function dumpTables(pool: Pool, schema: string, tables: readonly string[]): Promise<TableRows> {
  const out: TableRows = {};
  for (const t of tables) {
    const { rows } = await pool.query(`SELECT to_jsonb(r) AS row FROM ${quoteIdent(schema)}.${quoteIdent(t)} r ORDER BY to_jsonb(r)::text`);
    out[t] = rows.map((r) => r.row);
  }
  return out;
}
