/**
 * The JetStream relay as its own process, for relay.int-spec.ts (which SIGKILLs it).
 * Env: DATABASE_URL, NATS_URL, NATS_PREFIX, SCHEMA, CONTEXT, BATCH_SIZE, and STALL_AFTER: hang
 * after that many PubAcks, before the batch is checkpointed, and print 'stalled'.
 */
import { connect, type SubscriptionOptions } from '@nats-io/transport-node';
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
    // A JetStream publish is answered by its PubAck, which the relay reads on an inbox
    // subscription (a callback) of its own: count the acks it gets and let none arrive after the
    // STALL_AFTER-th (which does not arrive either), with no publish timeout to end the wait.
    let acked = 0;
    const subscribe = nc.subscribe.bind(nc);
    nc.subscribe = (subject: string, opts?: SubscriptionOptions) => {
      const callback = opts?.callback;
      if (!callback || !subject.startsWith('_INBOX.')) return subscribe(subject, opts);
      return subscribe(subject, {
        ...opts,
        callback: (err, msg) => {
          if (acked >= stallAfter) return;
          if (!err && ++acked === stallAfter) {
            process.stdout.write('stalled\n');
            return;
          }
          callback(err, msg);
        },
      });
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
    ...(stallAfter > 0 ? { publishTimeoutMs: 600_000 } : {}),
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
