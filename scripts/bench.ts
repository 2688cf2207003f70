/**
 * `npm run bench`: event-store throughput on the real Postgres and NATS of this machine, in a
 * throwaway database and prefix. Prints events per second for appends (concurrent writers),
 * readAll, projection catch-up and the JetStream relay. Numbers, not pass/fail.
 */
import { MikroORM, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { connect } from 'nats';
import { Pool } from 'pg';
import { Subjects } from '@app/contracts';
import { JetStreamRelay, PostgresEventStore, ProjectionRunner, type Checkpoint, type Projection } from '@app/event-store';
import { createTestDatabase, testNatsPrefix, testNatsUrl } from '@app/testing';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 20000);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 4);
const BATCH = 10;

function rate(n: number, ms: number) {
  return `${Math.round((n / ms) * 1000).toLocaleString('en-US')} events/s (${n} in ${(ms / 1000).toFixed(2)} s)`;
}

async function main() {
  const db = await createTestDatabase('bench');
  const prefix = testNatsPrefix('bench');
  const pool = new Pool({ connectionString: db.url, max: WRITERS + 4 });
  const nc = await connect({ servers: testNatsUrl() });
  const subjects = new Subjects(prefix);
  try {
    const store = new PostgresEventStore(pool, { schema: 'bench' });
    await store.ensureSchema();

    // 1. Appends: WRITERS concurrent writers, batches of BATCH events, one stream per writer batch.
    let t = Date.now();
    const perWriter = Math.ceil(EVENTS / WRITERS);
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        for (let i = 0; i < perWriter; i += BATCH) {
          const events = Array.from({ length: BATCH }, (_, k) => ({ type: 'Ticked', data: { w, i: i + k } }));
          await store.append(`bench-${w}-${Math.floor(i / 100)}`, events, { expectedVersion: 'any' });
        }
      }),
    );
    const total = perWriter * WRITERS;
    console.log(`append  (${WRITERS} writers, ${BATCH}/batch): ${rate(total, Date.now() - t)}`);

    // 2. readAll in commit order.
    t = Date.now();
    let read = 0;
    let after: Checkpoint = null;
    for (;;) {
      const page = await store.readAll({ after, limit: 1000 });
      if (!page.length) break;
      read += page.length;
      const last = page[page.length - 1];
      after = { transactionId: last.transactionId, globalPosition: last.globalPosition };
    }
    console.log(`readAll (pages of 1000):      ${rate(read, Date.now() - t)}`);

    // 3. Projection catch-up into a MikroORM-managed table, checkpointed per batch.
    await pool.query('CREATE TABLE bench.ticks (event_id uuid PRIMARY KEY, w int NOT NULL)');
    const orm = await MikroORM.init({ driver: PostgreSqlDriver, clientUrl: db.url, entities: [], discovery: { warnWhenNoEntities: false } } as never);
    const projection: Projection = {
      name: 'ticks',
      async handle(event, em) {
        await em.execute('INSERT INTO bench.ticks (event_id, w) VALUES (?, ?)', [event.id, (event.data as { w: number }).w]);
      },
      async reset(em) {
        await em.execute('DELETE FROM bench.ticks');
      },
    };
    const runner = new ProjectionRunner({ store, orm: orm as never, projections: [projection], batchSize: 500 });
    t = Date.now();
    await runner.catchUp();
    console.log(`project (batches of 500):     ${rate(read, Date.now() - t)}`);
    await orm.close(true);

    // 4. Relay to JetStream with PubAck per event and checkpoint per batch.
    const relay = new JetStreamRelay({ store, nc, subjects, context: 'identity', source: '/bench' });
    t = Date.now();
    await relay.catchUp();
    console.log(`relay   (JetStream, acked):   ${rate(read, Date.now() - t)}`);
    await relay.stop();
  } finally {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(subjects.eventStream).catch(() => undefined);
    await nc.close();
    await pool.end();
    await db.drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
