import { MikroORM } from '@mikro-orm/postgresql';
import { Pool } from 'pg';
import { PostgresEventStore, ProjectionRunner, type RebuildProgress } from '@app/event-store';
import { ormOptions } from '@app/nest-kit';
import { identityStorage } from '../storage';
import { GENESIS_HASH, entryHash } from './hash-chain';
import { SecurityLogProjection } from './security-log.projection';
import { quoteIdent, readEntries, toAuditItem, type Queryable, type SecurityLogFilter } from './security-log.store';

/**
 * What `npm run audit -- verify|export|replay` does, as functions the tests call directly.
 */

export type BrokenLink = { seq: number; eventId: string; reason: string };
export type VerifyResult = { count: number; headHash: string; broken: BrokenLink | null };

/** Recomputes the whole chain: each entry's hash from its content, and each link to the previous entry. */
export async function verifySecurityLog(db: Queryable, schema: string): Promise<VerifyResult> {
  let count = 0;
  let prev = GENESIS_HASH;
  for await (const e of readEntries(db, schema)) {
    count++;
    const broken = (reason: string): VerifyResult => ({ count, headHash: prev, broken: { seq: e.seq, eventId: e.eventId, reason } });
    if (e.seq !== count) return broken(`expected entry #${count}, found #${e.seq}: entries are missing`);
    if (e.prevHash !== prev) return broken('prev_hash does not match the hash of the previous entry');
    const { hash, ...content } = e;
    if (entryHash(content) !== hash) return broken('the entry was changed: its content does not match its hash');
    prev = hash;
  }
  return { count, headHash: prev, broken: null };
}

export type ExportOptions = SecurityLogFilter & { format: 'jsonl' | 'csv' };

const CSV_COLUMNS = ['seq', 'time', 'type', 'label', 'userId', 'ip', 'browser', 'os', 'details', 'eventId', 'prevHash', 'hash'] as const;

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
    const item = toAuditItem(e);
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
  const pool = new Pool({ connectionString: opts.databaseUrl, max: 3 });
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
