/**
 * Resets the checkpoints of one service's event store, after the startup guard refused to
 * start (CheckpointAheadError: a restored database, or the wrong one):
 *
 *   node dist/libs/event-store/src/reset-checkpoints.js <schema>      (DATABASE_URL from the environment)
 *
 * At its next start the service then rebuilds every read model from the events (a projection
 * without a checkpoint starts from an empty read model) and the relay publishes every event
 * again (consumers deduplicate by event id).
 */
import { Pool } from 'pg';
import { PostgresEventStore } from './store/postgres-event-store';

async function main(): Promise<number> {
  const schema = process.argv[2];
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/credentialing';
  if (!schema || !/^[a-z_][a-z0-9_]{0,50}$/.test(schema)) {
    console.error('usage: node dist/libs/event-store/src/reset-checkpoints.js <schema>   (e.g. identity; DATABASE_URL from the environment)');
    return 2;
  }
  const pool = new Pool({ connectionString: url, max: 1, statement_timeout: 30_000, idle_in_transaction_session_timeout: 60_000 });
  try {
    const names = await new PostgresEventStore(pool, { schema }).resetCheckpoints();
    console.log(names.length ? `reset the checkpoints of "${schema}": ${names.join(', ')}` : `"${schema}" has no checkpoints`);
    console.log('at its next start the service rebuilds its read models and the relay publishes every event again');
    return 0;
  } finally {
    await pool.end();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
