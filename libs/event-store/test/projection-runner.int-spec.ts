import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Pool } from 'pg';
import { createTestDatabase, eventually, type TestDatabase } from '@app/testing';
import { PostgresEventStore, ProjectionError, ProjectionRunner, type Projection, type RecordedEvent } from '../src';
import { SeenCounter, SeenEvent, seenEventsProjection } from './seen-events.fixture';
import { readAllCommitted, recordingLogger, silentLogger, testOrm, testPool } from './support';

let db: TestDatabase;
let pool: Pool;
let orm: MikroORM;
const cleanup: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  db = await createTestDatabase('projection_runner');
  pool = testPool(db.url, 6);
  orm = await testOrm(db.url, [SeenEvent, SeenCounter]);
});

afterAll(async () => {
  for (const undo of cleanup.reverse()) await undo();
  await orm.close();
  await pool.end();
  await db.drop();
});

async function freshStore(schema: string): Promise<PostgresEventStore> {
  const store = new PostgresEventStore(pool, { schema, logger: silentLogger });
  await store.ensureSchema();
  return store;
}

/** Appends `n` events, one transaction each, to streams `<prefix>-0..2`. */
async function appendEvents(store: PostgresEventStore, n: number, type = 'Ticked'): Promise<RecordedEvent[]> {
  const ids = new Set<string>();
  for (let i = 0; i < n; i++) {
    const id = randomUUID();
    ids.add(id);
    await store.append(`stream-${i % 3}`, [{ id, type, data: { i } }]);
  }
  return (await readAllCommitted(store)).filter((e) => ids.has(e.id));
}

/** The ids of the store's events in the read model, in the order the projection saw them. */
async function seenIds(store: PostgresEventStore): Promise<string[]> {
  const { rows } = await pool.query(
    `SELECT event_id::text FROM rm.seen_events WHERE event_id IN (SELECT event_id FROM "${store.schema}".events) ORDER BY seq`,
  );
  return rows.map((r) => r.event_id);
}

/** Wraps the seen-events projection so a test can make it fail. */
function failing(
  name: string,
  fail: (event: RecordedEvent, em: SqlEntityManager) => Promise<void> | void,
): Projection & { attempts: Map<string, number> } {
  const inner = seenEventsProjection(name);
  const attempts = new Map<string, number>();
  return {
    name,
    attempts,
    async handle(event, em) {
      attempts.set(event.id, (attempts.get(event.id) ?? 0) + 1);
      await inner.handle(event, em);
      await fail(event, em);
    },
    reset: inner.reset,
  };
}

async function checkpointOfProjection(store: PostgresEventStore, name: string) {
  const { rows } = await pool.query(`SELECT global_position::text AS p FROM ${store.checkpointsTable} WHERE name = $1`, [name]);
  return rows[0]?.p ?? null;
}

describe('ProjectionRunner', () => {
  it('catchUp throws a ProjectionError naming the event and commits nothing of the failed batch', async () => {
    const store = await freshStore('fail_catchup');
    const events = await appendEvents(store, 5);
    let broken = true;
    const projection = failing('fail_catchup', (e) => {
      if (broken && e.id === events[2].id) throw new Error('read model says no');
    });
    const runner = new ProjectionRunner({ store, orm, projections: [projection], logger: silentLogger });

    const error = await runner.catchUp().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProjectionError);
    expect((error as ProjectionError).message).toContain(events[2].id);
    expect((error as ProjectionError).event?.id).toBe(events[2].id);
    expect(await seenIds(store)).toEqual([]); // events 1 and 2 were rolled back with 3
    expect(await checkpointOfProjection(store, 'fail_catchup')).toBeNull();

    broken = false;
    await runner.catchUp();
    expect(await seenIds(store)).toEqual(events.map((e) => e.id));
    expect(await checkpointOfProjection(store, 'fail_catchup')).toBe(events[4].globalPosition);
  });

  it('in the background, logs a failing event with its id, retries with backoff and skips nothing', async () => {
    const store = await freshStore('fail_background');
    const events = await appendEvents(store, 8);
    let failuresLeft = 2;
    const projection = failing('fail_background', (e) => {
      if (e.id === events[5].id && failuresLeft > 0) {
        failuresLeft--;
        throw new Error('temporarily unavailable');
      }
    });
    const logger = recordingLogger();
    const runner = new ProjectionRunner({
      store,
      orm,
      projections: [projection],
      logger,
      pollIntervalMs: 50,
      retry: { initialDelayMs: 20, maxDelayMs: 100 },
    });
    await runner.start();
    try {
      await eventually(async () => expect(await seenIds(store)).toHaveLength(8));
    } finally {
      await runner.stop();
    }
    expect(await seenIds(store)).toEqual(events.map((e) => e.id));
    expect(projection.attempts.get(events[5].id)).toBe(3);
    expect(logger.errors).toHaveLength(2);
    for (const [message, context] of logger.errors) {
      expect(message).toContain(events[5].id);
      expect(context).toMatchObject({ projection: 'fail_background', eventId: events[5].id });
    }
  });

  it('a projection stuck on one event records it, reports it in status() and does not hold the others back', async () => {
    const store = await freshStore('stalled');
    const events = await appendEvents(store, 6);
    let broken = true;
    const stuck = failing('stalled_stuck', (e) => {
      if (broken && e.id === events[3].id) throw new Error('read model refuses event 4');
    });
    const healthyHandled: string[] = [];
    const healthy: Projection = { name: 'stalled_healthy', handle: async (e) => void healthyHandled.push(e.id) };
    const logger = recordingLogger();
    const runner = new ProjectionRunner({
      store,
      orm,
      projections: [stuck, healthy],
      logger,
      pollIntervalMs: 50,
      retry: { initialDelayMs: 20, maxDelayMs: 50 },
    });
    await runner.start();
    try {
      // The healthy one reaches the head while the other keeps failing on event 4.
      await eventually(async () => expect(await checkpointOfProjection(store, 'stalled_healthy')).toBe(events[5].globalPosition));
      expect(healthyHandled).toEqual(events.map((e) => e.id));
      await eventually(async () => {
        const status = await runner.status();
        expect(status.find((s) => s.name === 'stalled_healthy')).toMatchObject({ state: 'running', lag: 0 });
        expect(status.find((s) => s.name === 'stalled_stuck')).toMatchObject({
          state: 'failed',
          lag: 3, // events 4, 5 and 6
          failure: { eventId: events[3].id, eventType: 'Ticked', globalPosition: events[3].globalPosition, error: 'read model refuses event 4' },
        });
      });
      expect(await checkpointOfProjection(store, 'stalled_stuck')).toBe(events[2].globalPosition);
      const { rows } = await pool.query(
        `SELECT name, event_id::text, error, attempts, resolved_at FROM stalled.projection_failures WHERE name = 'stalled_stuck'`,
      );
      expect(rows).toEqual([
        expect.objectContaining({ name: 'stalled_stuck', event_id: events[3].id, error: 'read model refuses event 4', resolved_at: null }),
      ]);
      expect(rows[0].attempts).toBeGreaterThanOrEqual(1);
      expect(logger.errors.length).toBeGreaterThanOrEqual(1);
      expect(logger.errors[0][1]).toMatchObject({ projection: 'stalled_stuck', eventId: events[3].id, alert: 'projection-stalled' });
      // A waiter that reads only the healthy projection is not held back.
      await runner.waitUntilProjected(events[5].globalPosition, { timeoutMs: 2000, projections: ['stalled_healthy'] });

      // Fixed: it goes on from the failed event, the failure is resolved, skipping nothing.
      broken = false;
      await eventually(async () => {
        const status = await runner.status();
        expect(status.find((s) => s.name === 'stalled_stuck')).toEqual({
          name: 'stalled_stuck',
          state: 'running',
          lag: 0,
          checkpoint: { transactionId: events[5].transactionId, globalPosition: events[5].globalPosition },
        });
      });
      const { rows: resolved } = await pool.query(`SELECT resolved_at FROM stalled.projection_failures WHERE name = 'stalled_stuck'`);
      expect(resolved[0].resolved_at).not.toBeNull();
      expect(await seenIds(store)).toEqual(events.map((e) => e.id));
    } finally {
      await runner.stop();
    }
  });

  it('after a crash between read-model writes and checkpoint, a restart loses nothing and repeats nothing', async () => {
    const store = await freshStore('crash');
    const events = await appendEvents(store, 6);
    // Two connections: were a dead one leaked on every crash, the third attempt would hang.
    const crashingOrm = await ormWithoutSchema(2);
    let crashes = 0;
    const projection = failing('crash', async (e, em) => {
      if (crashes < 3 && e.id === events[4].id) {
        crashes++;
        // The connection holding the batch's transaction dies, as in a crash of the database session.
        await em.execute('SELECT pg_terminate_backend(pg_backend_pid())');
      }
    });
    for (let attempt = 1; attempt <= 3; attempt++) {
      const runner = new ProjectionRunner({ store, orm: crashingOrm, projections: [projection], logger: silentLogger });
      await expect(runner.catchUp()).rejects.toThrow(ProjectionError);
      expect(await seenIds(store)).toEqual([]);
      expect(await checkpointOfProjection(store, 'crash')).toBeNull();
    }

    const restarted = new ProjectionRunner({ store, orm: crashingOrm, projections: [projection], logger: silentLogger });
    await restarted.catchUp();
    expect(await seenIds(store)).toEqual(events.map((e) => e.id));
    expect(await checkpointOfProjection(store, 'crash')).toBe(events[5].globalPosition);
    expect(projection.attempts.get(events[0].id)).toBe(4); // three lost batches, then the one kept
  });

  it('waitUntilProjected resolves once the position is projected (read-your-writes) and times out otherwise', async () => {
    const store = await freshStore('read_your_writes');
    const runner = new ProjectionRunner({
      store,
      orm,
      projections: [seenEventsProjection('read_your_writes')],
      logger: silentLogger,
      pollIntervalMs: 5000, // only LISTEN/NOTIFY can make this fast
    });
    await runner.start();
    try {
      for (let i = 0; i < 5; i++) {
        const { globalPositions } = await store.append(`account-${i}`, [{ type: 'Ticked', data: { i } }]);
        await runner.waitUntilProjected(globalPositions[0], 2000);
        const [event] = await store.readStream(`account-${i}`);
        expect(await seenIds(store)).toContain(event.id);
      }
    } finally {
      await runner.stop();
    }
    const { globalPositions } = await store.append('account-late', [{ type: 'Ticked', data: {} }]);
    await expect(runner.waitUntilProjected(globalPositions[0], { timeoutMs: 100 })).rejects.toThrow(/Timed out/);
  });

  it('moves the checkpoint past event types the projection does not handle', async () => {
    const store = await freshStore('filtered');
    await appendEvents(store, 3, 'Wanted');
    const ignored = await appendEvents(store, 3, 'Ignored');
    const handled: string[] = [];
    const runner = new ProjectionRunner({
      store,
      orm,
      projections: [{ name: 'filtered', eventTypes: ['Wanted'], handle: async (e) => void handled.push(e.type) }],
      logger: silentLogger,
    });
    await runner.catchUp();
    expect(handled).toEqual(['Wanted', 'Wanted', 'Wanted']);
    await runner.waitUntilProjected(ignored[ignored.length - 1].globalPosition, 1000);
  });

  it('two instances running the same projection never apply an event twice', async () => {
    const store = await freshStore('two_instances');
    const otherOrm = await ormWithoutSchema();
    const runners = [orm, otherOrm].map(
      (o) =>
        new ProjectionRunner({
          store,
          orm: o,
          projections: [seenEventsProjection('two_instances')],
          batchSize: 20,
          pollIntervalMs: 50,
          logger: silentLogger,
        }),
    );
    await Promise.all(runners.map((r) => r.start()));
    try {
      await Promise.all(
        [0, 1, 2, 3].map(async (w) => {
          for (let i = 0; i < 100; i++) await store.append(`stream-${(w + i) % 5}`, [{ type: 'Ticked', data: { w, i } }]);
        }),
      );
      await Promise.all(runners.map((r) => r.catchUp()));
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    const all = await readAllCommitted(store);
    expect(all).toHaveLength(400);
    expect(await seenIds(store)).toEqual(all.map((e) => e.id));
  });
});

/** Another ORM instance on the same database, as in a second process. */
async function ormWithoutSchema(poolSize = 2): Promise<MikroORM> {
  const other = await MikroORM.init({ clientUrl: db.url, entities: [SeenEvent, SeenCounter], debug: false, pool: { min: 0, max: poolSize } });
  cleanup.push(() => other.close().catch(() => undefined));
  return other;
}
