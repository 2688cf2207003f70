import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { DuplicateEventIdError, PostgresEventStore, WrongExpectedVersionError, type NewEvent } from '../src';
import { silentLogger, testPool } from './support';

/**
 * `appendMany`: the appends of several streams in one statement (one commit), each checked
 * against its own expected version, as the chat writer batches concurrent messages.
 */
let db: TestDatabase;
let pool: Pool;
let store: PostgresEventStore;

const tick = (n: number): NewEvent => ({ id: randomUUID(), type: 'Ticked', data: { n } });

beforeAll(async () => {
  db = await createTestDatabase('append_many');
  pool = testPool(db.url, 6);
  store = new PostgresEventStore(pool, { schema: 'batch', logger: silentLogger });
  await store.ensureSchema();
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

describe('PostgresEventStore.appendMany', () => {
  it('stores each stream at consecutive versions after its expected version, in the given order, answering in the order asked', async () => {
    const [a, b, c] = ['room-c', 'room-a', 'room-b'].map((s) => `${s}-${randomUUID()}`);
    await store.append(b, [tick(0)]);
    const results = await store.appendMany([
      { streamId: a, events: [tick(1), tick(2)], expectedVersion: 'no-stream' },
      { streamId: b, events: [tick(3)], expectedVersion: 1 },
      { streamId: c, events: [tick(4), tick(5), tick(6)] },
    ]);
    expect(results.map((r) => (r instanceof Error ? 'error' : r.nextExpectedVersion))).toEqual([2, 2, 3]);
    const positions = results.flatMap((r) => (r instanceof Error ? [] : r.globalPositions));
    expect(positions).toHaveLength(6);
    for (const [stream, ns] of [
      [a, [1, 2]],
      [b, [0, 3]],
      [c, [4, 5, 6]],
    ] as const) {
      const events = await store.readStream<{ n: number }>(stream);
      expect(events.map((e) => [e.streamVersion, e.data.n])).toEqual(ns.map((n, i) => [i + 1, n]));
    }
    // One transaction: every event of the batch has the same transaction id.
    const ok = results.filter((r): r is Exclude<(typeof results)[number], Error> => !(r instanceof Error));
    expect(new Set(ok.map((r) => r.transactionId)).size).toBe(1);
  });

  it('refuses only the stream whose expected version is stale; the others are stored', async () => {
    const [stale, fine] = [`stale-${randomUUID()}`, `fine-${randomUUID()}`];
    await store.append(stale, [tick(1), tick(2)]);
    const [refused, stored] = await store.appendMany([
      { streamId: stale, events: [tick(3)], expectedVersion: 1 },
      { streamId: fine, events: [tick(1)], expectedVersion: 'no-stream' },
    ]);
    expect(refused).toBeInstanceOf(WrongExpectedVersionError);
    expect((refused as WrongExpectedVersionError).message).toMatch(/2/);
    expect(stored).toMatchObject({ nextExpectedVersion: 1 });
    expect(await store.streamVersion(stale)).toBe(2);
    expect(await store.streamVersion(fine)).toBe(1);
  });

  it('refuses a stream whose event id is stored in another stream, and answers a repeated append with what was stored', async () => {
    const taken = tick(1);
    const first = `first-${randomUUID()}`;
    const stored = await store.append(first, [taken]);
    const [other, dup, again] = [`other-${randomUUID()}`, `dup-${randomUUID()}`, first];
    const results = await store.appendMany([
      { streamId: other, events: [tick(1)] },
      { streamId: dup, events: [{ ...taken }] },
    ]);
    expect(results[0]).toMatchObject({ nextExpectedVersion: 1 });
    expect(results[1]).toBeInstanceOf(DuplicateEventIdError);
    expect(await store.streamVersion(dup)).toBe(0);
    const [repeated] = await store.appendMany([{ streamId: again, events: [{ ...taken }] }]);
    expect(repeated).toEqual(stored);
  });

  it("gives a batch global positions in stream order, each stream's events in their order, as stream-by-stream appends would", async () => {
    const streams = ['b', 'c', 'a'].map((s) => `order-${s}-${randomUUID()}`);
    const results = await store.appendMany(streams.map((streamId, k) => ({ streamId, events: [tick(k * 10 + 1), tick(k * 10 + 2)] })));
    const stored = (await Promise.all(streams.map((s) => store.readStream<{ n: number }>(s)))).flat();
    const byPosition = [...stored].sort((x, y) => (BigInt(x.globalPosition) < BigInt(y.globalPosition) ? -1 : 1));
    // sorted by stream id (a, b, c), then by version
    expect(byPosition.map((e) => e.data.n)).toEqual([21, 22, 1, 2, 11, 12]);
    results.forEach((r, k) => {
      expect(r).not.toBeInstanceOf(Error);
      const ok = r as Exclude<typeof r, Error>;
      expect(ok.globalPositions).toEqual(stored.filter((e) => e.streamId === streams[k]).map((e) => e.globalPosition));
    });
  });

  it('answers an entry without events with its stream\'s version, and its stale expected version with a conflict', async () => {
    const s = `empty-${randomUUID()}`;
    await store.append(s, [tick(1), tick(2)]);
    const [current, conflict, stored] = await store.appendMany([
      { streamId: s, events: [] },
      { streamId: `never-${randomUUID()}`, events: [], expectedVersion: 3 },
      { streamId: `next-${randomUUID()}`, events: [tick(3)], expectedVersion: 'no-stream' },
    ]);
    expect(current).toEqual({ nextExpectedVersion: 2, globalPositions: [], transactionId: null });
    expect(conflict).toBeInstanceOf(WrongExpectedVersionError);
    expect(stored).toMatchObject({ nextExpectedVersion: 1 });
  });

  it('stores the first of two entries that share an event id and refuses the second, whatever the batch', async () => {
    const shared = tick(7);
    const [first, second] = [`a-first-${randomUUID()}`, `b-second-${randomUUID()}`];
    const [ok, dup] = await store.appendMany([
      { streamId: first, events: [shared] },
      { streamId: second, events: [{ ...shared }] },
    ]);
    expect(ok).toMatchObject({ nextExpectedVersion: 1 });
    expect(dup).toBeInstanceOf(DuplicateEventIdError);
    expect(await store.streamVersion(second)).toBe(0);
  });

  it('keeps every stream gap-free when batches and single appends race on the same streams', async () => {
    const streams = Array.from({ length: 6 }, () => `race-${randomUUID()}`);
    const writers = Array.from({ length: 8 }, async (_, w) => {
      for (let round = 0; round < 10; round++) {
        if (w % 2) await store.append(streams[(w + round) % streams.length], [tick(w * 100 + round)]);
        else await store.appendMany([...streams].reverse().slice(0, 3 + (round % 3)).map((s) => ({ streamId: s, events: [tick(w * 100 + round)] })));
      }
    });
    await Promise.all(writers);
    for (const s of streams) {
      const versions = (await store.readStream(s)).map((e) => e.streamVersion);
      expect(versions).toEqual(versions.map((_, i) => i + 1));
    }
  });

  it('commits without waiting for the WAL flush when asked (asyncCommit), for that transaction only', async () => {
    // What synchronous_commit is at each commit, read by a trigger that runs at commit time.
    await pool.query(`CREATE TABLE IF NOT EXISTS batch.commit_modes (stream_id text, mode text)`);
    await pool.query(`CREATE OR REPLACE FUNCTION batch.note_commit_mode() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO batch.commit_modes VALUES (NEW.stream_id, current_setting('synchronous_commit')); RETURN NULL; END $$`);
    await pool.query(`DROP TRIGGER IF EXISTS note_commit_mode ON batch.events`);
    await pool.query(`CREATE CONSTRAINT TRIGGER note_commit_mode AFTER INSERT ON batch.events DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION batch.note_commit_mode()`);
    const single = testPool(db.url, 1); // one connection: a setting left behind would show on the next statement
    const onOne = new PostgresEventStore(single, { schema: 'batch', logger: silentLogger });
    try {
      const [fast, durable] = [`async-${randomUUID()}`, `sync-${randomUUID()}`];
      const [stored] = await onOne.appendMany([{ streamId: fast, events: [tick(1), tick(2)] }], { asyncCommit: true });
      expect(stored).toMatchObject({ nextExpectedVersion: 2 });
      await onOne.appendMany([{ streamId: durable, events: [tick(3)] }]);
      const { rows } = await pool.query<{ stream_id: string; mode: string }>(`SELECT stream_id, mode FROM batch.commit_modes WHERE stream_id = ANY($1)`, [[fast, durable]]);
      expect(rows.filter((r) => r.stream_id === fast).map((r) => r.mode)).toEqual(['off', 'off']);
      expect(rows.filter((r) => r.stream_id === durable).map((r) => r.mode)).toEqual(['on']);
      expect((await single.query('SHOW synchronous_commit')).rows[0].synchronous_commit).toBe('on');
      expect((await onOne.readStream<{ n: number }>(fast)).map((e) => e.data.n)).toEqual([1, 2]);
    } finally {
      await pool.query(`DROP TRIGGER IF EXISTS note_commit_mode ON batch.events`);
      await single.end();
    }
  });

  it('reads several streams in one query, each from its own version', async () => {
    const [x, y] = [`x-${randomUUID()}`, `y-${randomUUID()}`];
    await store.append(x, [tick(1), tick(2), tick(3)]);
    await store.append(y, [tick(1)]);
    const read = await store.readStreams<{ n: number }>([
      { streamId: x, fromVersion: 2 },
      { streamId: y },
      { streamId: `none-${randomUUID()}` },
    ]);
    expect(read.get(x)!.map((e) => e.data.n)).toEqual([2, 3]);
    expect(read.get(y)!.map((e) => e.data.n)).toEqual([1]);
    expect([...read.values()][2]).toEqual([]);
  });
});
