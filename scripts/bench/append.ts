/**
 * `append`: PostgresEventStore.append (per stream lock, version check, insert, notify) against a
 * plain multi-row INSERT of the same rows into a table of the same shape (same writers, same
 * rows per statement), measured in the same run, interleaved so both see the same machine.
 * Then appends of 100 events each.
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { benchFixture, tick } from './fixture';
import { concurrently, flag, fmt, rateFigure, timed } from './support';
import type { BenchFigure, Benchmark } from './types';

async function plainInsert(pool: Pool, table: string, writers: number, appends: number, perAppend: number, label: string): Promise<void> {
  const columns = 6;
  const placeholders = Array.from(
    { length: perAppend },
    (_, r) => `(${Array.from({ length: columns }, (_, c) => `$${r * columns + c + 1}`).join(', ')})`,
  ).join(', ');
  const sql = `INSERT INTO ${table} (stream_id, stream_version, event_id, type, data, metadata) VALUES ${placeholders}`;
  await concurrently(writers, appends, async (a) => {
    const streamId = `${label}-${a}`;
    const params = tick(a, perAppend).flatMap((e, k) => [streamId, k + 1, randomUUID(), e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)]);
    await pool.query(sql, params);
  });
}

export const benchmark: Benchmark = {
  name: 'append',
  description: 'event store append vs plain multi-row INSERT of the same rows (same writers and batches)',
  async run({ smoke, args, log }) {
    const writers = flag(args, '--writers', 4);
    const events = smoke ? 400 : flag(args, '--events', 40_000);
    const rounds = smoke ? 1 : 2;
    const fx = await benchFixture('bench_append', { poolSize: writers + 2 });
    try {
      await fx.pool.query('CREATE TABLE bench.plain (LIKE bench.events INCLUDING ALL)');
      const figures: BenchFigure[] = [];
      for (const perAppend of [10, 100]) {
        const appends = Math.ceil(events / perAppend);
        const total = appends * perAppend;
        let storeMs = 0;
        let plainMs = 0;
        // Warm up both paths (plans, connections), then interleave rounds.
        await plainInsert(fx.pool, 'bench.plain', writers, writers, perAppend, `warm-${perAppend}`);
        await concurrently(writers, writers, async (a) => void (await fx.store.append(`warm-${perAppend}-${a}`, tick(a, perAppend))));
        for (let round = 0; round < rounds; round++) {
          plainMs += (await timed(total, () => plainInsert(fx.pool, 'bench.plain', writers, appends, perAppend, `p${perAppend}-${round}`))).ms;
          storeMs += (
            await timed(total, () =>
              concurrently(writers, appends, async (a) => {
                await fx.store.append(`s${perAppend}-${round}-${a}`, tick(a, perAppend), { expectedVersion: 'no-stream' });
              }),
            )
          ).ms;
        }
        const storeRate = (total * rounds) / (storeMs / 1000);
        const plainRate = (total * rounds) / (plainMs / 1000);
        log(`  ${perAppend}/append: store ${fmt(storeRate)} events/s, plain insert ${fmt(plainRate)} rows/s`);
        const figure = rateFigure(`append (${writers} writers, ${perAppend}/append)`, storeRate, { label: 'plain INSERT', value: plainRate }, perAppend === 10 ? 0.7 : undefined);
        if (perAppend === 100) Object.assign(figure, { target: '>= 10,000 events/s', met: storeRate >= 10_000 });
        figures.push(figure);
      }
      // The chat writer's shape under load: one writer, each statement one new event in each of
      // `streams` rooms (appendMany), against one multi-row INSERT of the same rows.
      const streams = flag(args, '--streams', 34);
      const batches = smoke ? 5 : Math.ceil(events / streams / 4);
      const versions = new Map<string, number>();
      const manyRows = (round: number, b: number) => Array.from({ length: streams }, (_, k) => `m${round}-${(b * 7 + k) % (streams * 4)}`);
      let manyMs = 0;
      let manyPlainMs = 0;
      for (let round = 0; round < rounds + 1; round++) {
        const warm = round === 0; // plans and connections
        const plain = await timed(batches * streams, async () => {
          for (let b = 0; b < batches; b++) {
            const rows = manyRows(round, b);
            const params = rows.flatMap((streamId) => {
              const v = (versions.get(`p-${streamId}`) ?? 0) + 1;
              versions.set(`p-${streamId}`, v);
              const e = tick(b, 1)[0];
              return [`p-${streamId}`, v, randomUUID(), e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)];
            });
            const values = rows.map((_, r) => `(${Array.from({ length: 6 }, (_, c) => `$${r * 6 + c + 1}`).join(', ')})`).join(', ');
            await fx.pool.query(`INSERT INTO bench.plain (stream_id, stream_version, event_id, type, data, metadata) VALUES ${values}`, params);
          }
        });
        const store = await timed(batches * streams, async () => {
          for (let b = 0; b < batches; b++) {
            const ids = manyRows(round, b).map((streamId) => `s-${streamId}`);
            const results = await fx.store.appendMany(ids.map((streamId) => ({ streamId, events: tick(b, 1), expectedVersion: versions.get(streamId) ?? 0 })));
            results.forEach((r, k) => {
              if (r instanceof Error) throw r;
              versions.set(ids[k], r.nextExpectedVersion);
            });
          }
        });
        if (warm) continue;
        manyPlainMs += plain.ms;
        manyMs += store.ms;
      }
      const manyRate = (batches * streams * rounds) / (manyMs / 1000);
      const manyPlainRate = (batches * streams * rounds) / (manyPlainMs / 1000);
      log(`  appendMany of ${streams} streams x 1 event: store ${fmt(manyRate)} events/s (${(manyMs / (batches * rounds)).toFixed(2)} ms a statement), plain insert ${fmt(manyPlainRate)} rows/s`);
      figures.push(rateFigure(`appendMany (1 writer, ${streams} streams x 1 event a statement)`, manyRate, { label: 'plain INSERT', value: manyPlainRate }));
      return { figures, details: { writers, events, rounds, streams } };
    } finally {
      await fx.close();
    }
  },
};
