import type { Pool, PoolClient } from 'pg';

/**
 * Runs `work` in one transaction with the record of the integration event it applies: a
 * redelivered event (same CloudEvent id) finds its row and changes nothing. The service's schema
 * has a `processed_events (event_id text PRIMARY KEY, subject text, processed_at)` table.
 */
export async function applyOnce(pool: Pool, eventId: string, subject: string, work: (client: PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  // pg-pool leaves a checked-out client's errors to its holder: unheard, a dropped connection would crash the process.
  let broken: Error | undefined;
  const onError = (err: Error) => (broken = err);
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const fresh = await client.query('INSERT INTO processed_events (event_id, subject) VALUES ($1, $2) ON CONFLICT DO NOTHING', [eventId, subject]);
    if (fresh.rowCount === 0) {
      await client.query('ROLLBACK');
      return;
    }
    await work(client);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}
