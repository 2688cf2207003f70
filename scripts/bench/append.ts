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
      return { figures, details: { writers, events, rounds } };
    } finally {
      await fx.close();
    }
  },
};
