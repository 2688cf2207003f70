/**
 * The projection runner reading a KurrentDB log (the in-process fake client; no server runs
 * here) with its checkpoint in Postgres: every event projected once in `$all` order, a failed
 * batch rolled back with its checkpoint and read again (at-least-once reads, exactly-once
 * effect), a second runner resuming from the stored checkpoint, read-your-writes at an append's
 * KurrentDB position, a rebuild from the log, and the startup guard against another log.
 */
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { CheckpointAheadError, KurrentEventStore, PostgresEventStore, ProjectionError, ProjectionRunner, type Projection } from '../src';
import { FakeKurrentDBClient } from '../src/kurrent/fake-kurrentdb-client.fixture';
import { SeenCounter, SeenEvent, seenEventsProjection } from './seen-events.fixture';
import { silentLogger, testOrm, testPool } from './support';

let db: TestDatabase;
let pool: Pool;
let orm: MikroORM;

beforeAll(async () => {
  db = await createTestDatabase('kurrent_log');
  pool = testPool(db.url, 6);
  orm = await testOrm(db.url, [SeenEvent, SeenCounter]);
});

afterAll(async () => {
  await orm.close();
  await pool.end();
  await db.drop();
});

const tick = (i: number) => ({ id: randomUUID(), type: 'Ticked', data: { i } });

async function seen(prefix: string): Promise<Array<{ id: string; seq: number; position: string }>> {
  const { rows } = await pool.query(
    `SELECT event_id::text AS id, seq, global_position AS position FROM rm.seen_events WHERE stream_id LIKE $1 ORDER BY seq`,
    [`${prefix}%`],
  );
  return rows;
}

describe('ProjectionRunner on a KurrentDB log (fake client), checkpoint in Postgres', () => {
  it('projects each event once in $all order, reads a failed batch again, resumes in a second runner, waits at KurrentDB positions, rebuilds', async () => {
    const store = new PostgresEventStore(pool, { schema: 'klog', logger: silentLogger });
    await store.ensureSchema();
    const client = new FakeKurrentDBClient();
    const log = new KurrentEventStore(client, { readAllPageSize: 4 });
    const prefix = `k${randomUUID().slice(0, 6)}-`;
    for (let i = 0; i < 10; i++) {
      await log.append(`${prefix}${i % 3}`, [tick(i)], i === 4 ? { claims: { acquire: [{ scope: 'k', value: prefix, owner: `${prefix}1` }] } } : {});
      if (i % 4 === 0) client.recordSystemEvent('$stats-127.0.0.1:2113', '$statsCollected');
    }
    const all = await log.readAll();
    expect(all).toHaveLength(10);

    // Fails once on the sixth event, after its read-model write: that batch must leave nothing behind.
    const inner = seenEventsProjection('kseen');
    let failOn: string | null = all[5].id;
    const projection: Projection = {
      name: 'kseen',
      async handle(event, em) {
        await inner.handle(event, em);
        if (event.id === failOn) {
          failOn = null;
          throw new Error('boom');
        }
      },
      reset: inner.reset,
    };
    const runner = new ProjectionRunner({ store, log, orm, projections: [projection], batchSize: 4, logger: silentLogger, pollIntervalMs: 50 });
    await expect(runner.catchUp()).rejects.toBeInstanceOf(ProjectionError);
    expect((await seen(prefix)).map((r) => r.id)).toEqual(all.slice(0, 4).map((e) => e.id));
    expect(await store.readCheckpoint('kseen')).toEqual({ transactionId: all[3].transactionId, globalPosition: all[3].globalPosition });

    await runner.catchUp();
    const once = await seen(prefix);
    expect(once.map((r) => r.id)).toEqual(all.map((e) => e.id));
    expect(once.map((r) => r.seq)).toEqual(all.map((_, i) => i + 1));
    expect(once.map((r) => r.position)).toEqual(all.map((e) => e.globalPosition));
    expect(await store.readCheckpoint('kseen')).toEqual({ transactionId: all[9].transactionId, globalPosition: all[9].globalPosition });
    // No event went to Postgres: the log is KurrentDB's.
    expect(await store.countEvents()).toBe(0);

    // Another instance resumes from the checkpoint in Postgres, wakes on the append and is waited for at its position.
    const second = new ProjectionRunner({ store, log, orm, projections: [seenEventsProjection('kseen')], batchSize: 4, logger: silentLogger, pollIntervalMs: 50 });
    await second.start();
    try {
      const appended = await log.append(`${prefix}late`, [tick(10), tick(11)]);
      await second.waitUntilProjected(appended.globalPositions[1], 30_000);
      const after = await seen(prefix);
      expect(after).toHaveLength(12);
      expect(after.slice(10).map((r) => r.position)).toEqual(appended.globalPositions);
      expect((await second.status())[0]).toMatchObject({ name: 'kseen', state: 'running', lag: 0 });
    } finally {
      await second.stop();
    }

    const rebuilt = await runner.rebuild('kseen');
    expect(rebuilt).toEqual({ processed: 12, total: 12 });
    expect((await seen(prefix)).map((r) => r.seq)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));

    // The startup guard: these checkpoints are within this log, and past the end of another (empty) one.
    await store.assertCheckpointsNotAheadOf(log);
    const other = new KurrentEventStore(new FakeKurrentDBClient());
    const refused = store.assertCheckpointsNotAheadOf(other, 'the KurrentDB log');
    await expect(refused).rejects.toBeInstanceOf(CheckpointAheadError);
    await expect(refused).rejects.toMatchObject({ checkpoints: [expect.objectContaining({ name: 'kseen', reason: 'is past the newest event of the KurrentDB log' })], head: null });
  });
});
