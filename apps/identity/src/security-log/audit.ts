import { MikroORM } from '@mikro-orm/postgresql';
import { Pool, type Client, type PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { PostgresEventStore, ProjectionRunner, type RebuildProgress } from '@app/event-store';
import { ormOptions, pgSessionLimits } from '@app/nest-kit';
import { identityStorage } from '../storage';
import { appendAnchorToFile } from './anchor-file';
import type { AnchorStream } from './anchor-stream';
import { AnchorCheck, anchorOf, sameHead, type Anchor, type AnchorMismatch, type AnchorReport, type LogHead, type SourcedAnchor } from './anchors';
import { GENESIS_HASH } from './hash-chain';
import { SecurityLogProjection } from './security-log.projection';
import { copyTextFields, verifyCopySql, type BatchResult } from './verify-rows';
import { BatchCheckers, defaultVerifyThreads } from './verify-threads';
import { quoteIdent, readEntries, toAuditItem, type Queryable, type SecurityLogFilter } from './security-log.store';

/**
 * What `npm run audit -- verify|anchor|export|replay` does, as functions the tests call directly.
 */

export type BrokenLink = { seq: number; eventId: string; reason: string };
export type VerifyOptions = {
  /** Anchors of this log (from JetStream, files...): each must match its entry, none may lie beyond the end. */
  anchors?: readonly SourcedAnchor[];
};
export type VerifyResult = {
  /** Entries walked (all of them when nothing is broken). */
  count: number;
  /** Hash of the last entry walked. */
  headHash: string;
  /** The first entry that breaks the chain, differs from its source event or from an anchor. */
  broken: BrokenLink | null;
  /** The newest anchor names an entry beyond the table's last one: entries were removed from the tail. */
  missingTail: AnchorReport['missingTail'];
  anchors: AnchorReport;
  /** Entries checked against their source event row, and entries written before source hashing (none to check). */
  sourceEvents: { checked: number; unhashed: number };
};

/** True when `verify` passes: no broken link and no missing tail. */
export const isIntact = (r: VerifyResult) => !r.broken && !r.missingTail;

/** Progress of a verify walk: entries checked so far, of about `total` (the table's last seq when the walk began). */
export type VerifyProgress = { checked: number; total: number };

export type VerifyWalkOptions = VerifyOptions & {
  /** Called every `progressEvery` entries (default 100,000) and at the end. */
  onProgress?: (p: VerifyProgress) => void;
  progressEvery?: number;
  /** Worker threads that hash the rows (0: in this thread). Default: one per core from VERIFY_THREADS_FROM entries on. */
  threads?: number;
  /** Entries per COPY statement (default VERIFY_CHUNK); a spec walks several statements with a small one. */
  chunk?: number;
};

/** Entries per COPY statement of the verify walk: each statement stays short (statement_timeout), memory stays flat. */
export const VERIFY_CHUNK = 200_000;
/** Bytes of COPY text per batch of rows handed to a checker (about 1,400 entries). */
const BATCH_BYTES = 1024 * 1024;
/** Below this many entries the walk hashes in its own thread (starting workers costs more). */
export const VERIFY_THREADS_FROM = 20_000;

const isPool = (db: Queryable): db is Pool => typeof (db as Pool).totalCount === 'number' && typeof (db as Pool).connect === 'function';

/**
 * Streams the verify rows (see verify-rows.ts) after `afterSeq`, `VERIFY_CHUNK` per COPY statement,
 * to `onBatch` in batches of complete COPY text lines (`bytes`, without the last newline; `rows`
 * lines, the last one decoded as `lastLine`). `onBatch` resolves to false to stop: the rest of the
 * current statement is read and dropped, as it is when `onBatch` throws (the error is thrown
 * after it, on a connection still usable). Runs on `client` with TimeZone UTC and DateStyle ISO
 * (restored after), the text `timestamptzIso` reads fastest.
 */
export async function streamVerifyRows(
  client: PoolClient | Client,
  schema: string,
  onBatch: (bytes: Buffer, rows: number, lastLine: string) => boolean | Promise<boolean>,
  chunk: number = VERIFY_CHUNK,
): Promise<void> {
  const s = quoteIdent(schema);
  const { rows: saved } = await client.query(`SELECT current_setting('TimeZone') AS tz, current_setting('DateStyle') AS ds, current_setting('jit') AS jit`);
  // jit off: compiling the plan of each statement costs more than it saves here.
  await client.query(`SELECT set_config('TimeZone', 'UTC', false), set_config('DateStyle', 'ISO, MDY', false), set_config('jit', 'off', false)`);
  let ok = false;
  try {
    let after = 0;
    let going = true;
    // A throw from onBatch is kept until the statement's end: the connection stays usable.
    let thrown: { error: unknown } | null = null;
    while (going) {
      let rows = 0;
      let lastLine = '';
      let held: Buffer[] = [];
      let heldBytes = 0;
      /** Hands over the complete lines held (all of them at the statement's end), keeps the partial last one. */
      const deliver = async (end: boolean) => {
        const buf = held.length === 1 ? held[0] : Buffer.concat(held, heldBytes);
        const cut = buf.lastIndexOf(10);
        held = [];
        heldBytes = 0;
        if (cut < 0) {
          if (end && buf.length) throw new Error('COPY output ended in the middle of a row');
          held = buf.length ? [buf] : [];
          heldBytes = buf.length;
          return;
        }
        if (cut + 1 < buf.length) {
          if (end) throw new Error('COPY output ended in the middle of a row');
          const rest = Buffer.from(buf.subarray(cut + 1)); // a copy: the batch's buffer is handed over
          held = [rest];
          heldBytes = rest.length;
        }
        let n = 1;
        for (let i = buf.indexOf(10); i >= 0 && i < cut; i = buf.indexOf(10, i + 1)) n++;
        const lastStart = buf.lastIndexOf(10, cut - 1) + 1;
        lastLine = buf.toString('utf8', lastStart, cut);
        rows += n;
        try {
          going = await onBatch(buf.subarray(0, cut), n, lastLine);
        } catch (error) {
          thrown = { error };
          going = false;
        }
      };
      const stream = client.query(copyTo(verifyCopySql(s, after, chunk)));
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        if (!going) continue; // stopped: read the rest of this statement and drop it
        held.push(chunk);
        heldBytes += chunk.length;
        if (heldBytes >= BATCH_BYTES) await deliver(false);
      }
      if (going && heldBytes) await deliver(true);
      if (thrown) throw (thrown as { error: unknown }).error;
      if (rows < chunk) break;
      after = Number(lastLine.slice(0, lastLine.indexOf('\t')));
    }
    ok = true;
  } finally {
    const restore = client.query(`SELECT set_config('TimeZone', $1, false), set_config('DateStyle', $2, false), set_config('jit', $3, false)`, [
      saved[0].tz,
      saved[0].ds,
      saved[0].jit,
    ]);
    // After a failed COPY the restore may fail too (an aborted transaction): that failure is not the one to report.
    if (ok) await restore;
    else await restore.catch(() => undefined);
  }
}

type Settled = { result: BatchResult } | { error: unknown };

/**
 * Recomputes the whole chain: each entry's hash from its content, each link to the previous
 * entry, each entry's source event row in the event store, and every anchor. Streams the log
 * joined with its source events with COPY (one connection; a Pool lends one for the walk) in
 * batches of rows that worker threads check (verify-rows.ts checkBatch) while the next ones are
 * read; the results are taken in the log's order, so the first broken entry is the one reported.
 * A batch's first row is checked against the stored hash of the row before it, which the previous
 * batch checks (or breaks at) in turn.
 */
export async function verifySecurityLog(db: Queryable, schema: string, options: VerifyWalkOptions = {}): Promise<VerifyResult> {
  const s = quoteIdent(schema);
  const mine = (options.anchors ?? []).filter((a) => a.schema === schema);
  const check = new AnchorCheck(mine);
  const anchored = new Map<number, string[]>();
  for (const a of mine) anchored.set(a.seq, [...(anchored.get(a.seq) ?? []), a.hash]);
  const sourceEvents = { checked: 0, unhashed: 0 };
  let count = 0;
  let prev = GENESIS_HASH;
  let broken: BrokenLink | null = null;
  const client = isPool(db) ? await db.connect() : db;
  let release = isPool(db) ? (client as PoolClient).release.bind(client) : null;
  let checkers: BatchCheckers | null = null;
  try {
    const { onProgress } = options;
    const every = options.progressEvery ?? 100_000;
    const total = Number((await client.query(`SELECT coalesce(max(seq), 0)::bigint AS n FROM ${s}.security_log`)).rows[0].n);
    const threads = options.threads ?? (total >= VERIFY_THREADS_FROM ? defaultVerifyThreads() : 0);
    checkers = new BatchCheckers(threads, anchored);
    const batches = checkers;
    // Batches in hand, in the log's order: enough to keep every thread busy, few enough to keep memory flat.
    const inHand: Promise<Settled>[] = [];
    const most = Math.max(2, threads * 3);
    let nextReport = every;
    const take = async () => {
      const settled = await inHand.shift()!;
      if ('error' in settled) throw settled.error;
      const r = settled.result;
      let mismatch: AnchorMismatch | null = null;
      for (const [seq, hash] of r.anchored) mismatch = check.at(seq, hash);
      count += r.n;
      sourceEvents.checked += r.checked;
      sourceEvents.unhashed += r.unhashed;
      if (r.lastGood) prev = r.lastGood;
      if (r.broken) {
        const { seq, eventId, hash, reason } = r.broken;
        broken = {
          seq,
          eventId,
          reason:
            reason ??
            `the entry's hash ${hash.slice(0, 16)}… differs from the anchored hash ${mismatch!.anchor.hash} (anchored ${mismatch!.anchor.anchoredAt}, ${mismatch!.anchor.source}): ` +
              'an entry up to this one was changed, removed or rebuilt from edited events',
        };
      }
      if (onProgress && count >= nextReport) {
        onProgress({ checked: count, total: Math.max(total, count) });
        nextReport = count + every;
      }
    };
    let start = 0;
    let prevStored = GENESIS_HASH;
    await streamVerifyRows(client, schema, async (bytes, rows, lastLine) => {
      inHand.push(batches.check(bytes, start, prevStored).then((result) => ({ result }), (error: unknown) => ({ error })));
      start += rows;
      prevStored = String(copyTextFields(lastLine)[13]);
      while (!broken && inHand.length >= most) await take();
      return !broken;
    }, options.chunk);
    while (!broken && inHand.length) await take();
    if (onProgress) onProgress({ checked: count, total: Math.max(total, count) });
    // The table's end, even when the walk stopped early: anchors beyond it mean a lost tail.
    const end = (await client.query(`SELECT coalesce(max(seq), 0)::bigint AS n FROM ${s}.security_log`)).rows[0].n;
    const anchors = check.result(Math.max(Number(end), count));
    return { count, headHash: prev, broken, missingTail: anchors.missingTail, anchors, sourceEvents };
  } catch (e) {
    // A connection that failed mid-COPY is not handed back to the pool as if healthy.
    release?.(e as Error);
    release = null;
    throw e;
  } finally {
    release?.();
    await checkers?.close();
  }
}

/** The newest entry, or null when the log is empty. */
export async function securityLogHead(db: Queryable, schema: string): Promise<LogHead | null> {
  const { rows } = await db.query(`SELECT seq, hash, occurred_at FROM ${quoteIdent(schema)}.security_log ORDER BY seq DESC LIMIT 1`);
  if (!rows[0]) return null;
  return { seq: Number(rows[0].seq), hash: String(rows[0].hash), occurredAt: (rows[0].occurred_at as Date).toISOString() };
}

export type AnchorResult =
  | { anchored: false; reason: 'empty' | 'unchanged'; head: LogHead | null }
  | { anchored: true; anchor: Anchor; jetstream?: { stream: string; streamSeq: number; duplicate: boolean }; file?: string };

/**
 * Anchors the log's head: appends it to the JetStream stream and/or a file (both when given).
 * `onlyIfMoved`: skip when the stream's (or `lastAnchored`'s) newest anchor is already this head.
 * Every target is tried; the first failure is thrown after.
 */
export async function anchorSecurityLog(opts: {
  db: Queryable;
  schema: string;
  stream?: AnchorStream;
  file?: string;
  onlyIfMoved?: boolean;
  lastAnchored?: Pick<Anchor, 'seq' | 'hash'> | null;
  now?: Date;
}): Promise<AnchorResult> {
  const head = await securityLogHead(opts.db, opts.schema);
  if (!head) return { anchored: false, reason: 'empty', head };
  if (opts.onlyIfMoved) {
    const last = opts.lastAnchored !== undefined ? opts.lastAnchored : ((await opts.stream?.last()) ?? null);
    if (last && sameHead(last, head)) return { anchored: false, reason: 'unchanged', head };
  }
  const anchor = anchorOf(opts.schema, head, opts.now);
  const result: AnchorResult = { anchored: true, anchor };
  const errors: Error[] = [];
  if (opts.stream) {
    try {
      result.jetstream = { stream: opts.stream.name, ...(await opts.stream.publish(anchor)) };
    } catch (e) {
      errors.push(new Error(`JetStream ${opts.stream.name}: ${(e as Error).message}`));
    }
  }
  if (opts.file) {
    try {
      await appendAnchorToFile(opts.file, anchor);
      result.file = opts.file;
    } catch (e) {
      errors.push(new Error(`file ${opts.file}: ${(e as Error).message}`));
    }
  }
  if (errors.length) throw new Error(`anchoring failed: ${errors.map((e) => e.message).join('; ')}`);
  return result;
}

export type ExportOptions = SecurityLogFilter & { format: 'jsonl' | 'csv' };

const CSV_COLUMNS = ['seq', 'time', 'type', 'label', 'userId', 'ip', 'browser', 'os', 'details', 'eventId', 'prevHash', 'hash', 'eventHash'] as const;

function csvCell(v: unknown): string {
  const s = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  // Quote always; neutralise spreadsheet formulas.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Writes the entries between from (inclusive) and to (exclusive), in chain order. Returns the count. */
export async function exportSecurityLog(db: Queryable, schema: string, opts: ExportOptions, write: (chunk: string) => void | Promise<void>): Promise<number> {
  let n = 0;
  if (opts.format === 'csv') await write(`${CSV_COLUMNS.join(',')}\n`);
  for await (const e of readEntries(db, schema, opts)) {
    const item = { ...toAuditItem(e), eventHash: e.eventHash ?? null };
    if (opts.format === 'jsonl') await write(`${JSON.stringify(item)}\n`);
    else await write(`${CSV_COLUMNS.map((c) => csvCell(c === 'time' ? item.time : item[c])).join(',')}\n`);
    n++;
  }
  return n;
}

/** Rebuilds the security log from the event store, from zero. Returns how many entries it holds. */
export async function replaySecurityLog(opts: {
  databaseUrl: string;
  schema: string;
  onProgress?: (p: RebuildProgress) => void;
}): Promise<{ processed: number; entries: number }> {
  const pool = new Pool({ connectionString: opts.databaseUrl, max: 3, ...pgSessionLimits() });
  const orm = await MikroORM.init(
    ormOptions(opts.databaseUrl, { schema: opts.schema, entities: identityStorage.entities as never, migrations: identityStorage.migrations }) as never,
  );
  try {
    const store = new PostgresEventStore(pool, { schema: opts.schema });
    const runner = new ProjectionRunner({ store, orm: orm as never, projections: [new SecurityLogProjection()] });
    const { processed } = await runner.rebuild('security-log', { onProgress: opts.onProgress });
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM ${quoteIdent(opts.schema)}.security_log`);
    return { processed, entries: rows[0].n };
  } finally {
    await orm.close(true);
    await pool.end();
  }
}
