import type { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { ConcurrencyConflictError, PostgresEventStore, handleCommand, type DomainEvent } from '../src';
import { silentLogger, testPool } from './support';

type Added = DomainEvent<'Added', { by: number }>;
const evolve = (total: number, e: Added) => total + e.data.by;

let db: TestDatabase;
let pool: Pool;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase('command_helper');
  pool = testPool(db.url, 12);
  store = new PostgresEventStore(pool, { schema: 'cmd', logger: silentLogger });
  await store.ensureSchema();
  await pool.query('CREATE TABLE cmd.side (stream_id text, total int, UNIQUE (stream_id, total))');
});

afterAll(async () => {
  await pool.end();
  await db.drop();
});

describe('handleCommand on Postgres', () => {
  it('runs 30 concurrent commands on one stream: every one commits once, with its side write, none fails', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        handleCommand<number, Added>(
          store,
          'counter-race',
          (total) => ({
            events: [{ type: 'Added', data: { by: 1 } }],
            // The total this decision saw + 1: unique, so a stale decision could not commit its row.
            inTransaction: async (client) => void (await client.query('INSERT INTO cmd.side VALUES ($1, $2)', ['counter-race', total + 1])),
          }),
          evolve,
          0,
        ),
      ),
    );
    expect(results.map((r) => r.newState).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(await store.streamVersion('counter-race')).toBe(30);
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM cmd.side WHERE stream_id = 'counter-race'`);
    expect(rows[0].n).toBe(30);
    expect(results.some((r) => r.attempts > 1)).toBe(true);
  });

  it('rolls the side writes back with the append when the append conflicts, and back with the side writes when they fail', async () => {
    await pool.query(`INSERT INTO cmd.side VALUES ('taken', 1)`);
    const failing = handleCommand<number, Added>(
      store,
      'counter-side',
      () => ({
        events: [{ type: 'Added', data: { by: 1 } }],
        inTransaction: async (client) => void (await client.query(`INSERT INTO cmd.side VALUES ('taken', 1)`)),
      }),
      evolve,
      0,
    );
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect(await store.streamVersion('counter-side')).toBe(0);
  });

  it('decides again under the stream lock after a conflict, so the second attempt wins', async () => {
    let calls = 0;
    const result = await handleCommand<number, Added>(
      store,
      'counter-lost',
      async (_total, { attempt }) => {
        calls++;
        // Another writer appends between the first load and its append.
        if (attempt === 1) await store.append('counter-lost', [{ type: 'Added', data: { by: 100 } }]);
        return {
          events: [{ type: 'Added', data: { by: 1 } }],
          inTransaction: async (client) => void (await client.query(`INSERT INTO cmd.side VALUES ('counter-lost', $1)`, [attempt])),
        };
      },
      evolve,
      0,
      { retries: 2, backoff: { maxMs: 5 } },
    );
    expect(calls).toBe(2);
    expect(result).toMatchObject({ newState: 101, attempts: 2, nextExpectedVersion: 2 });
    // Only the side write of the attempt that committed is there.
    const { rows } = await pool.query(`SELECT total FROM cmd.side WHERE stream_id = 'counter-lost'`);
    expect(rows.map((r) => r.total)).toEqual([2]);
  });

  it('gives up with ConcurrencyConflictError when the stream keeps changing even under its lock', async () => {
    // A writer that ignores the lock cannot exist in Postgres (every append takes it), so the
    // helper's last resort is shown with a store whose append always reports a conflict.
    const flaky = Object.assign(Object.create(store) as PostgresEventStore, {
      append: async () => {
        const { WrongExpectedVersionError } = await import('../src');
        throw new WrongExpectedVersionError('counter-flaky', 0, 1);
      },
    });
    const error = await handleCommand<number, Added>(flaky, 'counter-flaky', () => [{ type: 'Added', data: { by: 1 } }], evolve, 0, {
      retries: 3,
      backoff: { maxMs: 2 },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConcurrencyConflictError);
    expect(error).toMatchObject({ streamId: 'counter-flaky', attempts: 4 });
  });
});
