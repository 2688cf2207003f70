import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { createTestDatabase, eventually, type TestDatabase } from '@app/testing';
import {
  CheckpointAheadError,
  DuplicateEventIdError,
  PostgresEventStore,
  ProjectionRunner,
  WrongExpectedVersionError,
  type Checkpoint,
  type NewEvent,
  type RecordedEvent,
} from '../src';
import { SeenCounter, SeenEvent, seenEventsProjection } from './seen-events.fixture';
import { readAllCommitted, seededRandom, silentLogger, testOrm, testPool } from './support';

let db: TestDatabase;
let pool: Pool;
const pools: Pool[] = [];

function storeFor(schema: string, on: Pool = pool): PostgresEventStore {
  return new PostgresEventStore(on, { schema, logger: silentLogger });
}

async function freshStore(schema: string): Promise<PostgresEventStore> {
  const store = storeFor(schema);
  await store.ensureSchema();
  return store;
}

function tick(data: unknown = {}, id: string = randomUUID()): NewEvent {
  return { id, type: 'Ticked', data };
}

beforeAll(async () => {
  db = await createTestDatabase('event_store');
  pool = testPool(db.url, 6);
});

afterAll(async () => {
  await Promise.all([pool, ...pools].map((p) => p.end()));
  await db.drop();
});

describe('PostgresEventStore', () => {
  it('creates its schema idempotently, also from several processes at once', async () => {
    const others = Array.from({ length: 4 }, () => testPool(db.url, 1));
    pools.push(...others);
    await Promise.all(others.map((p) => storeFor('boot_race', p).ensureSchema()));
    await storeFor('boot_race').ensureSchema();
    const { rows } = await pool.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'boot_race' ORDER BY table_name`,
    );
    expect(rows.map((r) => r.table_name)).toEqual(['checkpoints', 'claims', 'events', 'projection_failures']);
  });

  it('runs the statements of every append and round prepared: parsed once per connection, the same answers each time', async () => {
    const one = testPool(db.url, 1);
    pools.push(one);
    const store = storeFor('prepared_stmts', one);
    await store.ensureSchema();
    for (let i = 0; i < 8; i++) {
      const [result] = await store.appendMany([{ streamId: `room-${i % 2}`, events: [tick({ i })] }]);
      expect(result).not.toBeInstanceOf(Error);
      // readAll hides events behind transactions still open anywhere on the server (other test files).
      const all = await eventually(async () => {
        const read = await store.readAll({ limit: 100 });
        expect(read.map((e) => (e.data as { i: number }).i)).toEqual(Array.from({ length: i + 1 }, (_, k) => k));
        return read;
      });
      const head = await store.headCheckpoint();
      expect(head).toEqual({ transactionId: all[i].transactionId, globalPosition: all[i].globalPosition });
      await store.storeCheckpoint('reader', head);
      expect(await store.readCheckpoint('reader')).toEqual(head);
    }
    // The pool's one connection holds each statement once, whatever the number of calls.
    const { rows } = await one.query(`SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'es\\_%' ORDER BY name`);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.some((r) => /append_events_v5/.test(r.statement))).toBe(true);
    expect(rows.some((r) => /pg_snapshot_xmin/.test(r.statement))).toBe(true);
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
  });

  it('appends with consecutive versions and reads a stream back in order', async () => {
    const store = await freshStore('basics');
    const first = await store.append('account-1', [tick({ n: 1 }), tick({ n: 2 })], { expectedVersion: 'no-stream' });
    const second = await store.append('account-1', [tick({ n: 3 })], { expectedVersion: 2 });
    expect(first.nextExpectedVersion).toBe(2);
    expect(second.nextExpectedVersion).toBe(3);
    expect(first.globalPositions).toHaveLength(2);
    expect(BigInt(first.globalPositions[0])).toBeLessThan(BigInt(first.globalPositions[1]));
    const stream = await store.readStream('account-1');
    expect(stream.map((e) => [e.streamVersion, e.data])).toEqual([
      [1, { n: 1 }],
      [2, { n: 2 }],
      [3, { n: 3 }],
    ]);
    expect(stream[0]).toMatchObject({ streamId: 'account-1', type: 'Ticked', metadata: {} });
    expect(stream[0].recordedAt).toBeInstanceOf(Date);
    expect((await store.readStream('account-1', { fromVersion: 3 })).map((e) => e.streamVersion)).toEqual([3]);
    expect(await store.streamVersion('account-1')).toBe(3);
    expect(await store.streamVersion('account-missing')).toBe(0);
  });

  it('pages through readAll in (transaction, position) order, also across digit boundaries', async () => {
    const store = await freshStore('paging');
    await store.append('stream-a', Array.from({ length: 12 }, (_, n) => tick({ n })));
    await store.append('stream-b', [tick({ n: 12 })]);
    await readAllCommitted(store); // both transactions readable, whatever else runs on the server
    const pages: number[][] = [];
    let after: Checkpoint = null;
    for (;;) {
      const page: RecordedEvent[] = await store.readAll({ after, limit: 5 });
      if (page.length === 0) break;
      pages.push(page.map((e) => (e.data as { n: number }).n));
      after = { transactionId: page[page.length - 1].transactionId, globalPosition: page[page.length - 1].globalPosition };
    }
    expect(pages).toEqual([
      [0, 1, 2, 3, 4],
      [5, 6, 7, 8, 9],
      [10, 11, 12],
    ]);
    expect(await store.headCheckpoint()).toEqual(after);
  });

  it('stores metadata beside the data', async () => {
    const store = await freshStore('metadata');
    const metadata = { correlationId: 'c-1', causationId: 'k-1', actorId: 'u-1', request: { ip: '10.0.0.1', os: 'Linux' } };
    await store.append('account-1', [{ type: 'Ticked', data: { a: 1 }, metadata }]);
    const [event] = await store.readStream('account-1');
    expect(event.metadata).toEqual(metadata);
    expect(event.data).toEqual({ a: 1 });
  });

  it('rejects a wrong expected version with WrongExpectedVersionError and stores nothing', async () => {
    const store = await freshStore('versions');
    await store.append('practice-1', [tick(), tick()]);
    for (const expected of [0, 1, 3, 'no-stream'] as const) {
      const error = await store.append('practice-1', [tick()], { expectedVersion: expected }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect(error).toMatchObject({ streamId: 'practice-1', expected, actual: 2 });
    }
    expect(await store.streamVersion('practice-1')).toBe(2);
    await expect(store.append('practice-1', [tick()], { expectedVersion: 'any' })).resolves.toMatchObject({ nextExpectedVersion: 3 });
  });

  it('treats appending already stored event ids as a no-op that returns the original result', async () => {
    const store = await freshStore('idempotency');
    const batch = [tick({ n: 1 }), tick({ n: 2 })];
    const first = await store.append('chat-1', batch, { expectedVersion: 'no-stream' });
    await store.append('chat-1', [tick({ n: 3 })]);
    // The retry carries the version it saw the first time: still no conflict, no duplicate.
    const retry = await store.append('chat-1', batch, { expectedVersion: 'no-stream' });
    expect(retry).toEqual(first);
    expect((await store.readStream('chat-1')).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('refuses event ids already stored elsewhere or only partly stored', async () => {
    const store = await freshStore('duplicates');
    const stored = tick();
    await store.append('chat-1', [stored]);
    await expect(store.append('chat-2', [stored])).rejects.toBeInstanceOf(DuplicateEventIdError);
    await expect(store.append('chat-1', [stored, tick()])).rejects.toBeInstanceOf(DuplicateEventIdError);
    expect(await store.streamVersion('chat-1')).toBe(1);
    expect(await store.streamVersion('chat-2')).toBe(0);
  });

  it('raises DuplicateEventIdError, never a raw unique violation, when one id is appended to two streams at once', async () => {
    const store = await freshStore('duplicate_race');
    const id = randomUUID();
    // Both appends pass their "already stored?" check before either commits: the first is held
    // open in a transaction, the second blocks on the event id's unique index until it commits.
    const first = await pool.connect();
    try {
      await first.query('BEGIN');
      await store.append('chat-a', [tick({ n: 1 }, id)], { client: first });
      const second = store.append('chat-b', [tick({ n: 2 }, id)]).then(
        () => null,
        (e: unknown) => e,
      );
      await new Promise((r) => setTimeout(r, 200));
      await first.query('COMMIT');
      const error = await second;
      expect(error).toBeInstanceOf(DuplicateEventIdError);
      expect(error).toMatchObject({ streamId: 'chat-b', eventIds: [id] });
    } finally {
      first.release();
    }
    // And inside a caller's transaction (the command helper's side writes) as well.
    const other = randomUUID();
    const held = await pool.connect();
    const joined = await pool.connect();
    try {
      await held.query('BEGIN');
      await joined.query('BEGIN');
      await store.append('chat-c', [tick({}, other)], { client: held });
      const racing = store.append('chat-d', [tick({}, other)], { client: joined }).then(
        () => null,
        (e: unknown) => e,
      );
      await new Promise((r) => setTimeout(r, 200));
      await held.query('COMMIT');
      expect(await racing).toBeInstanceOf(DuplicateEventIdError);
      await joined.query('ROLLBACK');
    } finally {
      held.release();
      joined.release();
    }
    expect(await store.streamVersion('chat-a')).toBe(1);
    expect(await store.streamVersion('chat-b')).toBe(0);
    expect(await store.streamVersion('chat-d')).toBe(0);
    // Many at once: exactly one stream gets the id, every other append is a DuplicateEventIdError.
    const shared = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        store.append(`race-${i}`, [tick({ i }, shared)]).then(
          () => 'ok',
          (e: unknown) => (e instanceof DuplicateEventIdError ? 'duplicate' : e),
        ),
      ),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'duplicate')).toHaveLength(4);
  });

  it('startup guard: refuses checkpoints past the newest event or from a transaction this server has not reached', async () => {
    const store = await freshStore('guard');
    await store.append('chat-1', [tick(), tick()]);
    const head = (await store.headCheckpoint())!;
    await pool.query(`INSERT INTO guard.checkpoints (name, transaction_id, global_position) VALUES ('fine', $1::xid8, $2)`, [
      head.transactionId,
      head.globalPosition,
    ]);
    await expect(store.assertCheckpointsNotAhead()).resolves.toBeUndefined();

    // A restored database: the projection's checkpoint is past everything this store holds.
    await pool.query(`INSERT INTO guard.checkpoints (name, transaction_id, global_position) VALUES ('accounts', $1::xid8, $2::bigint + 500)`, [
      head.transactionId,
      head.globalPosition,
    ]);
    // A dump from another cluster: a transaction id this server has not handed out yet.
    await pool.query(`INSERT INTO guard.checkpoints (name, transaction_id, global_position) VALUES ('relay:jetstream', '999999999999'::xid8, 1)`);
    const error = await store.assertCheckpointsNotAhead().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckpointAheadError);
    expect((error as CheckpointAheadError).checkpoints.map((c) => c.name)).toEqual(['accounts', 'relay:jetstream']);
    const message = (error as Error).message;
    expect(message).toContain(`'accounts' at (${head.transactionId}, ${Number(head.globalPosition) + 500}) is past the newest event`);
    expect(message).toContain("'relay:jetstream' at (999999999999, 1) has a transaction id this Postgres has not reached yet");
    expect(message).toContain('node dist/libs/event-store/src/reset-checkpoints.js guard');
    expect(message).toContain('DELETE FROM "guard".checkpoints');

    // The documented reset command clears them, and the guard lets the service start.
    const reset = spawnSync(
      process.execPath,
      ['-r', path.join(__dirname, 'register-ts.js'), path.join(__dirname, '../src/reset-checkpoints.ts'), 'guard'],
      { env: { ...process.env, DATABASE_URL: db.url }, encoding: 'utf8' },
    );
    expect(reset.stderr).toBe('');
    expect(reset.status).toBe(0);
    expect(reset.stdout).toContain('reset the checkpoints of "guard": accounts, fine, relay:jetstream');
    await expect(store.assertCheckpointsNotAhead()).resolves.toBeUndefined();
  });

  it('joins the caller transaction when given a client', async () => {
    const store = await freshStore('caller_tx');
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await store.append('account-1', [tick()], { client });
      await client.query('ROLLBACK');
      expect(await store.streamVersion('account-1')).toBe(0);

      await client.query('BEGIN');
      const result = await store.append('account-1', [tick()], { client, expectedVersion: 'no-stream' });
      expect(await store.streamVersion('account-1')).toBe(0); // not visible before commit
      await client.query('COMMIT');
      expect(result.nextExpectedVersion).toBe(1);
      expect(await store.streamVersion('account-1')).toBe(1);
    } finally {
      client.release();
    }
  });

  it('lockCheckpoint waits for the holder of the checkpoint and then reads what it committed', async () => {
    const store = await freshStore('ckpt_lock');
    const [first] = await store.appendMany([{ streamId: 's', events: [tick(), tick()] }]);
    const positions = (first as { globalPositions: string[]; transactionId: string }).globalPositions;
    const txid = (first as { transactionId: string }).transactionId;
    const a = await pool.connect();
    const b = await pool.connect();
    try {
      await a.query('BEGIN');
      expect(await store.lockCheckpoint('reader', { client: a })).toBeNull();
      await store.storeCheckpoint('reader', { transactionId: txid, globalPosition: positions[1] }, { client: a });
      await b.query('BEGIN');
      let settled = false;
      const waiting = store.lockCheckpoint('reader', { client: b }).finally(() => (settled = true));
      // B is blocked on A's lock (its backend waits on an advisory lock) until A commits.
      await eventually(async () => {
        const { rows } = await pool.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`);
        expect(rows[0].n).toBeGreaterThanOrEqual(1);
      });
      expect(settled).toBe(false);
      await a.query('COMMIT');
      // Read after the lock, in a snapshot of its own: A's committed checkpoint, not the row as it was when B asked.
      expect(await waiting).toEqual({ transactionId: txid, globalPosition: positions[1] });
      await b.query('COMMIT');
    } finally {
      a.release();
      b.release();
    }
  });

  it("wakes the appending instance's listeners in-process, once, and other instances through NOTIFY", async () => {
    const store = await freshStore('local_wake');
    const other = storeFor('local_wake'); // another process's store on the same schema
    // What woke each listener: 'local' in-process, else the NOTIFY's payload.
    const own: string[] = [];
    const others: string[] = [];
    const ownListener = await store.listen((payload?: string) => own.push(payload ?? 'local'));
    const otherListener = await other.listen((payload?: string) => others.push(payload ?? 'local'));
    try {
      await store.appendMany([{ streamId: 's', events: [tick()] }]);
      expect(own).toEqual(['local']); // before appendMany returned: no round trip through Postgres
      await eventually(() => expect(others).toHaveLength(1)); // the NOTIFY reached the other instance
      const storeId = others[0];
      await other.appendMany([{ streamId: 't', events: [tick()] }]);
      await pool.query(`SELECT pg_notify('local_wake_events', 'sentinel')`);
      // A connection gets its notifications in order: once the sentinel is in, the store's own
      // NOTIFY (sent first) has come back to it too, and was skipped.
      await eventually(() => expect(own).toContain('sentinel'));
      expect(own).toHaveLength(3);
      expect(own[0]).toBe('local');
      expect(own[1]).not.toBe(storeId);
      expect(own[1]).not.toBe('local');
      await eventually(() => expect(others).toContain('sentinel'));
      expect(others).toEqual([storeId, 'local', 'sentinel']);
    } finally {
      await ownListener.close();
      await otherListener.close();
    }
  });

  it('readAll never hands out an event past a transaction that is still open', async () => {
    const store = await freshStore('late_commit');
    const open = await pool.connect();
    try {
      await open.query('BEGIN');
      const early = await store.append('stream-a', [tick({ from: 'open' })], { client: open });
      const late = await store.append('stream-b', [tick({ from: 'committed' })]);
      expect(BigInt(early.globalPositions[0])).toBeLessThan(BigInt(late.globalPositions[0]));
      // The committed event comes after the open one in (transaction, position) order: hidden too.
      expect(await store.readAll()).toEqual([]);
      await open.query('COMMIT');
    } finally {
      open.release();
    }
    const all = await eventually(async () => {
      const events = await store.readAll();
      expect(events).toHaveLength(2);
      return events;
    });
    expect(all.map((e) => e.data)).toEqual([{ from: 'open' }, { from: 'committed' }]);
  });

  it('orders by transaction, so a later position from an older transaction is not skipped', async () => {
    const store = await freshStore('late_position');
    const open = await pool.connect();
    let seenBefore: RecordedEvent[];
    try {
      await open.query('BEGIN');
      await open.query('SELECT pg_current_xact_id()'); // takes its transaction id now
      const committed = await store.append('stream-b', [tick({ from: 'younger transaction' })]);
      const older = await store.append('stream-a', [tick({ from: 'older transaction' })], { client: open });
      expect(BigInt(older.globalPositions[0])).toBeGreaterThan(BigInt(committed.globalPositions[0]));
      seenBefore = await store.readAll();
      await open.query('COMMIT');
    } finally {
      open.release();
    }
    expect(seenBefore).toEqual([]);
    const all = await eventually(async () => {
      const events = await store.readAll();
      expect(events).toHaveLength(2);
      return events;
    });
    expect(all.map((e) => e.data)).toEqual([{ from: 'older transaction' }, { from: 'younger transaction' }]);
    const second = await store.readAll({ after: { transactionId: all[0].transactionId, globalPosition: all[0].globalPosition } });
    expect(second.map((e) => e.id)).toEqual([all[1].id]);
  });

  describe('8 concurrent writers on 20 shared streams, with a projection running', () => {
    const WRITERS = 8;
    const EVENTS_PER_WRITER = 1000;
    const STREAMS = 20;
    const HOT_STREAMS = 4;
    let orm: MikroORM;

    afterAll(async () => {
      await orm?.close();
    });

    it('projects all 8,000 events exactly once in readAll order, with gapless versions and reported conflicts', async () => {
      const store = await freshStore('concurrency');
      orm = await testOrm(db.url, [SeenEvent, SeenCounter]);
      const runner = new ProjectionRunner({
        store,
        orm,
        projections: [seenEventsProjection()],
        batchSize: 200,
        pollIntervalMs: 100,
        logger: silentLogger,
      });
      await runner.start();

      type Explicit = { streamId: string; expected: number; ids: string[] };
      const writer = async (w: number) => {
        const own = testPool(db.url, 2);
        pools.push(own);
        const writerStore = storeFor('concurrency', own);
        const random = seededRandom(w + 1);
        const explicit: Explicit[] = [];
        let conflicts = 0;
        let written = 0;
        for (let batch = 0; written < EVENTS_PER_WRITER; batch++) {
          const size = Math.min(1 + Math.floor(random() * 5), EVENTS_PER_WRITER - written);
          const events = Array.from({ length: size }, (_, i) => tick({ writer: w, n: written + i }));
          if (batch % 2 === 0) {
            // Read-then-append with the version seen, on a few hot streams: conflicts happen.
            const streamId = `shared-${Math.floor(random() * HOT_STREAMS)}`;
            for (;;) {
              const expected = await writerStore.streamVersion(streamId);
              try {
                const result = await writerStore.append(streamId, events, { expectedVersion: expected });
                expect(result.nextExpectedVersion).toBe(expected + size);
                explicit.push({ streamId, expected, ids: events.map((e) => e.id!) });
                break;
              } catch (err) {
                if (!(err instanceof WrongExpectedVersionError)) throw err;
                expect(err.actual).toBeGreaterThan(expected);
                conflicts++;
              }
            }
          } else {
            await writerStore.append(`shared-${Math.floor(random() * STREAMS)}`, events);
          }
          written += size;
        }
        return { conflicts, explicit };
      };
      let results: Array<{ conflicts: number; explicit: Explicit[] }> = [];

      try {
        results = await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
        await runner.catchUp();
      } finally {
        await runner.stop();
      }

      const total = WRITERS * EVENTS_PER_WRITER;
      const all = await readAllCommitted(store);
      expect(all).toHaveLength(total);
      expect(new Set(all.map((e) => e.id)).size).toBe(total);
      expect(new Set(all.map((e) => JSON.stringify(e.data))).size).toBe(total);

      // Exactly once, in readAll order.
      const em = orm.em.fork();
      const seen = await em.find(SeenEvent, {}, { orderBy: { seq: 'asc' } });
      expect(seen).toHaveLength(total);
      expect(seen.map((s) => s.eventId)).toEqual(all.map((e) => e.id));
      expect(seen.map((s) => s.seq)).toEqual(all.map((_, i) => i + 1));
      expect((await em.findOneOrFail(SeenCounter, { name: 'seen' })).count).toBe(total);

      // Gapless versions in every stream.
      const byStream = new Map<string, number[]>();
      for (const e of all) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.streamVersion]);
      expect(byStream.size).toBe(STREAMS);
      for (const versions of byStream.values()) {
        expect([...versions].sort((a, b) => a - b)).toEqual(versions.map((_, i) => i + 1));
      }

      // Conflicts were reported, and every append with an expected version landed right after it.
      const conflicts = results.reduce((n, r) => n + r.conflicts, 0);
      expect(conflicts).toBeGreaterThan(0);
      const byId = new Map(all.map((e) => [e.id, e]));
      for (const { streamId, expected, ids } of results.flatMap((r) => r.explicit)) {
        expect(ids.map((id) => [byId.get(id)?.streamId, byId.get(id)?.streamVersion])).toEqual(
          ids.map((_, i) => [streamId, expected + i + 1]),
        );
      }
      console.info(`concurrency: ${total} events, ${conflicts} expected-version conflicts retried`);
    });
  });
});
