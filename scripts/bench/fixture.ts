import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Pool } from 'pg';
import { Subjects } from '@app/contracts';
import { PostgresEventStore, type EventStoreLogger } from '@app/event-store';
import { createTestDatabase, testNatsPrefix, testNatsUrl, type TestDatabase } from '@app/testing';

export const quietLogger: EventStoreLogger = { log: () => undefined, warn: () => undefined, error: (...a: unknown[]) => console.error(...a) };

/** A throwaway database (and, when asked, NATS prefix) for one benchmark; `close()` drops it all. */
export type BenchFixture = {
  db: TestDatabase;
  pool: Pool;
  store: PostgresEventStore;
  /** `streams`: JetStream streams to delete at close (the relay's event stream is there already). */
  nats?: { nc: NatsConnection; subjects: Subjects; prefix: string; streams: string[] };
  close(): Promise<void>;
};

export async function benchFixture(label: string, options: { poolSize?: number; nats?: boolean } = {}): Promise<BenchFixture> {
  const db = await createTestDatabase(label);
  const pool = new Pool({ connectionString: db.url, max: options.poolSize ?? 8 });
  const store = new PostgresEventStore(pool, { schema: 'bench', logger: quietLogger });
  await store.ensureSchema();
  let nats: BenchFixture['nats'];
  if (options.nats) {
    const prefix = testNatsPrefix(label);
    const subjects = new Subjects(prefix);
    // noAsyncTraces: the client would otherwise create an Error per request up front (for the stack
    // of a timeout that rarely comes), a third of the CPU time of a bare publish here.
    nats = { nc: await connect({ servers: testNatsUrl(), noAsyncTraces: true }), subjects, prefix, streams: [subjects.eventStream] };
  }
  return {
    db,
    pool,
    store,
    nats,
    async close() {
      if (nats) {
        const jsm = await jetstreamManager(nats.nc);
        for (const name of nats.streams) await jsm.streams.delete(name).catch(() => undefined);
        await nats.nc.close();
      }
      await pool.end();
      await db.drop();
    },
  };
}

/** Appends `total` events in appends of `perAppend`, `writers` at a time, streams of up to 1,000 events. */
export async function seedEvents(store: PostgresEventStore, total: number, perAppend = 100, writers = 4): Promise<void> {
  const appends = Math.ceil(total / perAppend);
  let next = 0;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (next < appends) {
        const a = next++;
        const n = Math.min(perAppend, total - a * perAppend);
        await store.append(`seed-${Math.floor((a * perAppend) / 1000)}-${a % writers}`, tick(a, n), { expectedVersion: 'any' });
      }
    }),
  );
  await waitReadable(store, total);
}

/**
 * Waits until `readAll` can return `count` events: it holds back events of transactions newer
 * than the oldest one still running anywhere on the server (other databases' included), so on
 * a busy shared server committed events become readable a little later.
 */
export async function waitReadable(store: PostgresEventStore, count: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await store.pool.query(
      `SELECT count(*)::int AS n FROM ${store.schema}.events WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())`,
    );
    if (rows[0].n >= count) return;
    if (Date.now() > deadline) throw new Error(`only ${rows[0].n} of ${count} events became readable in ${timeoutMs} ms (a long transaction on the server?)`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** `n` small events like the services append (a few fields of data, correlation metadata). */
export function tick(batch: number, n: number): Array<{ type: string; data: Record<string, unknown>; metadata: Record<string, unknown> }> {
  return Array.from({ length: n }, (_, k) => ({
    type: 'Ticked',
    data: { w: batch % 16, i: batch * 1000 + k, label: `tick ${batch}/${k}`, at: '2026-11-23T10:00:00.000Z' },
    metadata: { correlationId: `c-${batch}`, actorId: 'bench' },
  }));
}
