import { cpus, totalmem } from 'node:os';
import { spawnSync } from 'node:child_process';
import type { Pool } from 'pg';
import type { BenchFigure } from './types';

export const ROOT = (() => {
  // scripts/bench (ts-jest / swc-node) or dist/scripts/bench (built): the repository root either way.
  const parts = __dirname.split(/[\\/]/);
  const i = parts.lastIndexOf('scripts');
  const up = parts[i - 1] === 'dist' ? i - 1 : i;
  return parts.slice(0, up).join('/') || '/';
})();

export function machine(): { cores: number; cpu: string; memoryGiB: number; node: string } {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? 'cpu',
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
  };
}

export function commitId(): string {
  const r = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) return 'unknown';
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  return `${r.stdout.trim()}${dirty ? '+dirty' : ''}`;
}

/** Runs `work`, returns the rate of `count` per second over its wall time. */
export async function timed(count: number, work: () => Promise<unknown>): Promise<{ rate: number; ms: number }> {
  const t = process.hrtime.bigint();
  await work();
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  return { rate: count / (ms / 1000), ms };
}

/** Runs `count` jobs with at most `width` in flight. */
export async function concurrently(width: number, count: number, job: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) await job(next++);
    }),
  );
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** A rate figure against its same-run baseline, with a minimum ratio as target. */
export function rateFigure(label: string, value: number, baseline: { label: string; value: number }, minRatio?: number, unit = 'events/s'): BenchFigure {
  const ratio = value / baseline.value;
  return {
    label,
    value: Math.round(value),
    unit,
    baseline: { label: baseline.label, value: Math.round(baseline.value) },
    ratio: Math.round(ratio * 1000) / 1000,
    ...(minRatio !== undefined ? { target: `>= ${Math.round(minRatio * 100)} % of baseline`, met: ratio >= minRatio } : {}),
  };
}

export function fmt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

export function flag(args: readonly string[], name: string, fallback: number): number {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const v = Number(args[i + 1]);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} needs a positive number`);
  return v;
}

/**
 * The head of a service's event store as its checkpoints count it: the last event in
 * `(transaction_id, global_position)` order (the store's read order), which need not hold the
 * highest position (concurrent appends interleave their positions).
 */
export const headSql = (schema: string) =>
  `SELECT e.transaction_id, e.global_position FROM ${schema}.events e ORDER BY e.transaction_id DESC, e.global_position DESC LIMIT 1`;

/** The checkpoints (projections, relay) of a service's event store not yet at its head, by name ('' when none). */
export async function checkpointsBehind(pool: Pool, schema: string): Promise<string> {
  // Compared as checkpoints are (a checkpoint at the head may have a lower global_position
  // than the highest one: comparing positions alone waited forever on such a head).
  const { rows } = await pool.query<{ names: string | null }>(
    `SELECT string_agg(c.name, ', ') AS names FROM ${schema}.checkpoints c WHERE (c.transaction_id, c.global_position) < (${headSql(schema)})`,
  );
  return rows[0].names ?? '';
}

/** WAL bytes written by the whole cluster since `from` (an LSN from `walPosition`). */
export async function walSince(pool: Pool, from: string): Promise<number> {
  const { rows } = await pool.query<{ bytes: string }>('SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1::pg_lsn)::bigint AS bytes', [from]);
  return Number(rows[0].bytes);
}

/** The cluster's WAL insert position (where the next record goes; what was written but not yet flushed counts). */
export async function walPosition(pool: Pool): Promise<string> {
  const { rows } = await pool.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
  return rows[0].lsn;
}
