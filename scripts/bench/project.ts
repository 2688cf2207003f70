/**
 * `project`: projection catch-up (ProjectionRunner, batches of 500 written with the projection's
 * batch hook inside the checkpointed transaction) against a bare batched insert of the same rows
 * (readAll pages of 500, one multi-row INSERT and COMMIT per page); then the lag (append commit
 * to projected) at 1,000 events/s for 30 s with the runner in the background.
 */
import { MikroORM, PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { ProjectionRunner, type Checkpoint, type Projection, type RecordedEvent } from '@app/event-store';
import { benchFixture, seedEvents, tick } from './fixture';
import { flag, fmt, percentile, rateFigure, timed } from './support';
import type { Benchmark } from './types';

const BATCH = 500;

function rowsOf(events: readonly RecordedEvent[]): unknown[] {
  return events.flatMap((e) => {
    const d = e.data as { w: number; i: number; label: string };
    return [e.id, d.w, d.i, d.label];
  });
}

const values = (n: number, mark: (i: number) => string) =>
  Array.from({ length: n }, (_, r) => `(${[0, 1, 2, 3].map((c) => mark(r * 4 + c + 1)).join(', ')})`).join(', ');

/** The read model: one row per event, written in one statement per batch. */
function ticksProjection(table: string): Projection {
  return {
    name: table,
    tables: [table],
    async handle(event, em) {
      await this.handleBatch!([event], em);
    },
    async handleBatch(events, em: SqlEntityManager) {
      await em.execute(`INSERT INTO "${em.schema ?? 'bench'}".${table} (event_id, w, i, label) VALUES ${values(events.length, () => '?')}`, rowsOf(events));
    },
  };
}

export const benchmark: Benchmark = {
  name: 'project',
  description: 'projection catch-up vs bare batched insert of the same rows; lag p50/p99 at 1,000 events/s',
  async run({ smoke, args, log }) {
    const events = smoke ? 1_000 : flag(args, '--events', 50_000);
    const lagSeconds = smoke ? 1 : flag(args, '--lag-seconds', 30);
    const lagRate = smoke ? 200 : flag(args, '--lag-rate', 1_000);
    const fx = await benchFixture('bench_project', { poolSize: 8 });
    const orm = await MikroORM.init({
      driver: PostgreSqlDriver,
      clientUrl: fx.db.url,
      schema: 'bench',
      entities: [],
      discovery: { warnWhenNoEntities: false },
      allowGlobalContext: false,
      debug: false,
    } as never);
    try {
      for (const t of ['ticks', 'plain_ticks', 'live_ticks']) {
        await fx.pool.query(`CREATE TABLE bench.${t} (event_id uuid PRIMARY KEY, w int NOT NULL, i int NOT NULL, label text NOT NULL)`);
      }
      await seedEvents(fx.store, events);
      log(`  seeded ${fmt(events)} events`);

      // Baseline: read the same pages, one multi-row INSERT per page, each page its own transaction.
      const bare = await timed(events, async () => {
        let after: Checkpoint = null;
        for (;;) {
          const page = await fx.store.readAll({ after, limit: BATCH });
          if (page.length === 0) return;
          const client = await fx.pool.connect();
          try {
            await client.query('BEGIN');
            await client.query(`INSERT INTO bench.plain_ticks (event_id, w, i, label) VALUES ${values(page.length, (i) => `$${i}`)}`, rowsOf(page));
            await client.query('COMMIT');
          } finally {
            client.release();
          }
          const last = page[page.length - 1];
          after = { transactionId: last.transactionId, globalPosition: last.globalPosition };
        }
      });

      const runner = new ProjectionRunner({ store: fx.store, orm: orm as never, projections: [ticksProjection('ticks')], batchSize: BATCH, logger: fx.store.logger });
      const projected = await timed(events, () => runner.catchUp());
      const { rows } = await fx.pool.query('SELECT count(*)::int AS n FROM bench.ticks');
      if (rows[0].n !== events) throw new Error(`projected ${rows[0].n} rows, expected ${events}`);
      log(`  catch-up ${fmt(projected.rate)} events/s, bare batched insert ${fmt(bare.rate)} rows/s`);

      // Lag: a live runner (from the head), appends of 10 events at `lagRate` events/s.
      const pending: Array<{ position: bigint; at: number }> = [];
      const lags: number[] = [];
      const live = new ProjectionRunner({
        store: fx.store,
        orm: orm as never,
        projections: [ticksProjection('live_ticks')],
        batchSize: BATCH,
        logger: fx.store.logger,
        onProgress: ({ checkpoint }) => {
          const now = performance.now();
          const reached = BigInt(checkpoint!.globalPosition);
          while (pending.length && pending[0].position <= reached) lags.push(now - pending.shift()!.at);
        },
      });
      await live.catchUp(); // past the seeded events first
      await live.start();
      const perAppend = 10;
      const appends = Math.round((lagSeconds * lagRate) / perAppend);
      const interval = 1000 / (lagRate / perAppend);
      const start = performance.now();
      for (let a = 0; a < appends; a++) {
        const due = start + a * interval;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const { globalPositions } = await fx.store.append(`lag-${a % 50}`, tick(a, perAppend));
        pending.push({ position: BigInt(globalPositions[globalPositions.length - 1]), at: performance.now() });
      }
      const achieved = (appends * perAppend) / ((performance.now() - start) / 1000);
      const deadline = Date.now() + 10_000;
      while (pending.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await live.stop();
      if (pending.length) throw new Error(`${pending.length} appends were not projected within 10 s`);
      const p50 = percentile(lags, 50);
      const p99 = percentile(lags, 99);
      log(`  lag at ${fmt(achieved)} events/s for ${lagSeconds} s: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
      const catchUp = rateFigure('projection catch-up (batches of 500)', projected.rate, { label: 'bare batched INSERT', value: bare.rate });
      Object.assign(catchUp, { target: '>= 10,000 events/s', met: projected.rate >= 10_000 });
      return {
        figures: [
          catchUp,
          { label: `projection lag p50 at ${fmt(achieved)} events/s`, value: Math.round(p50 * 10) / 10, unit: 'ms' },
          { label: `projection lag p99 at ${fmt(achieved)} events/s`, value: Math.round(p99 * 10) / 10, unit: 'ms', target: '< 50 ms', met: p99 < 50 },
        ],
        details: { events, batchSize: BATCH, lagSeconds, lagRate, achievedRate: Math.round(achieved), samples: lags.length },
      };
    } finally {
      await orm.close(true);
      await fx.close();
    }
  },
};
