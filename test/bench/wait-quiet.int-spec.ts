/**
 * `waitQuiet` (scripts/bench-users.ts), the users and FHIR benchmarks' wait for the directory's
 * checkpoints, against a head written by concurrent appends: the transaction that commits last
 * (the head in checkpoint order) holds a lower global_position than an earlier one. Comparing
 * positions alone waited forever there: the FHIR bench smoke hung for 300 s whenever
 * bulkProfiles' two writers interleaved their positions (blamed at first on NATS write coalescing).
 */
import { randomUUID } from 'node:crypto';
import { Pool, type PoolClient } from 'pg';
import { PostgresEventStore } from '@app/event-store';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { waitQuiet } from '../../scripts/bench-users';

let db: TestDatabase;
let pool: Pool;
let store: PostgresEventStore;

const insert = (client: PoolClient) =>
  client.query(`INSERT INTO directory.events (stream_id, stream_version, event_id, type, data) VALUES ($1, 1, $2, 'ProfileCreated', '{}')`, [
    `profile-${randomUUID()}`,
    randomUUID(),
  ]);

const setCheckpoints = (names: string[], transactionId: string, globalPosition: string) =>
  pool.query(
    `INSERT INTO directory.checkpoints (name, transaction_id, global_position) SELECT n, $2::xid8, $3::bigint FROM unnest($1::text[]) AS n
     ON CONFLICT (name) DO UPDATE SET transaction_id = EXCLUDED.transaction_id, global_position = EXCLUDED.global_position`,
    [names, transactionId, globalPosition],
  );

/** Two appends whose positions interleave: the earlier transaction (lower id) takes the higher position. */
async function interleavedAppends(): Promise<{ older: { tx: string; gp: string }; newer: { tx: string; gp: string } }> {
  const first = await pool.connect();
  const second = await pool.connect();
  try {
    await first.query('BEGIN');
    const { rows: a } = await first.query<{ tx: string }>('SELECT pg_current_xact_id()::text AS tx');
    await second.query('BEGIN');
    const { rows: b } = await second.query<{ tx: string }>('SELECT pg_current_xact_id()::text AS tx');
    await insert(second);
    await second.query('COMMIT');
    await insert(first);
    await first.query('COMMIT');
    const gp = async (tx: string) =>
      (await pool.query<{ gp: string }>('SELECT max(global_position)::text AS gp FROM directory.events WHERE transaction_id = $1::xid8', [tx])).rows[0].gp;
    return { older: { tx: a[0].tx, gp: await gp(a[0].tx) }, newer: { tx: b[0].tx, gp: await gp(b[0].tx) } };
  } finally {
    // Closed, not returned to the pool: a transaction left open by a failure would hold back
    // every event-store reader on the server (snapshots are server-wide).
    first.release(true);
    second.release(true);
  }
}

beforeAll(async () => {
  db = await createTestDatabase('waitquiet');
  pool = new Pool({ connectionString: db.url, max: 3 });
  store = new PostgresEventStore(pool, { schema: 'directory', logger: { log: () => undefined, warn: () => undefined, error: () => undefined } });
  await store.ensureSchema();
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

describe('waitQuiet', () => {
  it('is quiet once every checkpoint is at the head in (transaction, position) order, though an older transaction holds a higher position', async () => {
    const { older, newer } = await interleavedAppends();
    expect(BigInt(older.tx)).toBeLessThan(BigInt(newer.tx));
    expect(BigInt(older.gp)).toBeGreaterThan(BigInt(newer.gp));
    const head = await store.headCheckpoint();
    expect(head).toEqual({ transactionId: newer.tx, globalPosition: newer.gp });
    await setCheckpoints(['profiles', 'relay:jetstream'], head!.transactionId, head!.globalPosition);
    const lines: string[] = [];
    // Quiet at the first look; before the fix this waited out the whole timeout and answered false.
    await expect(waitQuiet(pool, (m) => lines.push(m), 20_000)).resolves.toBe(true);
    expect(lines).toEqual([]);
  });

  it('is not quiet while a checkpoint holds the highest position but not the last transaction', async () => {
    const { older, newer } = await interleavedAppends();
    await setCheckpoints(['profiles'], newer.tx, newer.gp);
    // Past the older transaction's event, short of the newer one's: the newer event is not processed yet.
    await setCheckpoints(['relay:jetstream'], older.tx, older.gp);
    expect(BigInt(older.gp)).toBeGreaterThan(BigInt(newer.gp));
    await expect(waitQuiet(pool, () => undefined, 1_500)).resolves.toBe(false);
    await setCheckpoints(['relay:jetstream'], newer.tx, newer.gp);
    await expect(waitQuiet(pool, () => undefined, 20_000)).resolves.toBe(true);
  });
});
