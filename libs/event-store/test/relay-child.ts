/**
 * The JetStream relay as its own process, for relay.int-spec.ts (which SIGKILLs it).
 * Env: DATABASE_URL, NATS_URL, NATS_PREFIX, SCHEMA, CONTEXT, BATCH_SIZE, and STALL_AFTER: hang
 * after that many PubAcks, before the batch is checkpointed, and print 'stalled'.
 */
import { connect, type JetStreamClient, type JetStreamOptions } from 'nats';
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
    let acked = 0;
    const jetstream = nc.jetstream.bind(nc);
    nc.jetstream = (opts?: JetStreamOptions): JetStreamClient => {
      const js = jetstream(opts);
      const publish = js.publish.bind(js);
      js.publish = async (...args: Parameters<JetStreamClient['publish']>) => {
        const ack = await publish(...args);
        if (++acked === stallAfter) {
          process.stdout.write('stalled\n');
          await new Promise(() => undefined);
        }
        return ack;
      };
      return js;
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
