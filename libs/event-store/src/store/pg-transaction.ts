import type { Pool, PoolClient } from 'pg';
import type { EventStoreLogger } from '../support/support';

/**
 * Runs `work` inside BEGIN/COMMIT on a pool client, rolling back on error. pg-pool leaves the
 * errors of a checked-out client to whoever holds it; unheard, a dropped connection would crash
 * the process, so they are logged here (the query in flight fails on its own). A client that
 * cannot even roll back is discarded, not returned to the pool.
 */
export async function inPgTransaction<T>(
  pool: Pool,
  logger: EventStoreLogger,
  work: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  const onError = (err: Error) => logger.warn(`Postgres connection error: ${err.message}`);
  client.on('error', onError);
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
    throw err;
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}

const guarded = new WeakSet<Pool>();

/**
 * Logs the errors pg-pool re-emits for idle clients (e.g. after a database restart); without a
 * listener they would crash the process. Once per pool.
 */
export function guardPoolErrors(pool: Pool, logger: EventStoreLogger): void {
  if (guarded.has(pool)) return;
  guarded.add(pool);
  pool.on('error', (err) => logger.warn(`Postgres idle connection error: ${err.message}`));
}
