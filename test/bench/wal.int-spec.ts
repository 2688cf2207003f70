/**
 * `walPosition` / `walSince` (scripts/bench/support.ts): the chat benchmark's WAL per message,
 * the Postgres share of a message's cost that CPU counters do not show.
 */
import { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { walPosition, walSince } from '../../scripts/bench/support';

let db: TestDatabase;
let pool: Pool;

beforeAll(async () => {
  db = await createTestDatabase('benchwal');
  pool = new Pool({ connectionString: db.url, max: 2 });
});

afterAll(async () => {
  await pool.end();
  await db.drop();
});

it('counts the WAL written since a position: at least what was written, in bytes', async () => {
  const from = await walPosition(pool);
  expect(from).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
  await pool.query(`SELECT pg_logical_emit_message(false, 'bench-wal-test', repeat('x', 100000))`);
  const written = await walSince(pool, from);
  expect(written).toBeGreaterThanOrEqual(100_000);
  // Other suites write WAL at the same time: bounded loosely, but a count in kB or pages would fail.
  expect(written).toBeLessThan(1_000_000_000);
});
