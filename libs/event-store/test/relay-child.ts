/**
 * The JetStream relay as its own process, for relay.int-spec.ts (which SIGKILLs it).
 * Env: DATABASE_URL, NATS_URL, NATS_PREFIX, SCHEMA, CONTEXT, BATCH_SIZE, and STALL_AFTER: hang
 * after that many PubAcks, before the batch is checkpointed, and print 'stalled'.
 */
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Pool } from 'pg';
import { Subjects, type BoundedContext } from '@app/contracts';
import { JetStreamRelay, PostgresEventStore } from '@app/event-store';

async function main(): Promise<void> {
  const env = (name: string): string => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is required`);
    return value;
  };
  const pool = new Pool({ connectionString: env('DATABASE_URL'), max: 3 });
  const nc = await connect({ servers: env('NATS_URL') });
  const stallAfter = Number(process.env.STALL_AFTER ?? 0);
  if (stallAfter > 0) {
    // A JetStream publish is a request on the event's subject answered by the PubAck: count
    // the answered ones and hang after the STALL_AFTER-th.
    let acked = 0;
    const events = new Subjects(env('NATS_PREFIX')).allEvents().slice(0, -1);
    const request = nc.request.bind(nc);
    nc.request = async (...args: Parameters<NatsConnection['request']>) => {
      const reply = await request(...args);
      if (args[0].startsWith(events) && ++acked === stallAfter) {
        process.stdout.write('stalled\n');
        await new Promise(() => undefined);
      }
      return reply;
    };
  }
  const store = new PostgresEventStore(pool, { schema: env('SCHEMA') });
  const relay = new JetStreamRelay({
    store,
    nc,
    subjects: new Subjects(env('NATS_PREFIX')),
    context: env('CONTEXT') as BoundedContext,
    source: `/${env('CONTEXT')}`,
    batchSize: Number(process.env.BATCH_SIZE ?? 100),
    pollIntervalMs: 100,
  });
  await relay.start();
  process.stdout.write('started\n');
  process.once('SIGTERM', () => {
    void (async () => {
      await relay.stop();
      await nc.drain();
      await pool.end();
      process.exit(0);
    })();
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
