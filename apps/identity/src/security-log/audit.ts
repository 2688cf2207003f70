import { MikroORM } from '@mikro-orm/postgresql';
import { Pool } from 'pg';
import { PostgresEventStore, ProjectionRunner, type RebuildProgress } from '@app/event-store';
import { ormOptions, pgSessionLimits } from '@app/nest-kit';
import { identityStorage } from '../storage';
import { appendAnchorToFile } from './anchor-file';
import type { AnchorStream } from './anchor-stream';
import { AnchorCheck, anchorOf, sameHead, type Anchor, type AnchorReport, type LogHead, type SourcedAnchor } from './anchors';
import { GENESIS_HASH, entryHash, sourceEventHash, type ChainEntry } from './hash-chain';
import { SecurityLogProjection } from './security-log.projection';
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

const ENTRY_COLUMNS = ['seq', 'event_id', 'global_position', 'stream_id', 'account_id', 'type', 'occurred_at', 'ip', 'browser', 'os', 'details', 'event_hash', 'prev_hash', 'hash']
  .map((c) => `s.${c}`)
  .join(', ');

const SOURCE_COLUMNS = `e.event_id::text AS source_event_id, e.stream_id AS source_stream_id, e.stream_version AS source_stream_version,
  e.type AS source_type, e.data AS source_data, e.metadata AS source_metadata, e.recorded_at AS source_recorded_at`;

/** Entries per page of the verify walk. */
const VERIFY_PAGE = 5000;

/**
 * Recomputes the whole chain: each entry's hash from its content, each link to the previous
 * entry, each entry's source event row in the event store, and every anchor. Reads keyset pages
 * of the log joined with its source events and asks for the next page before hashing the current
 * one, so Postgres reads while this process hashes.
 */
export async function verifySecurityLog(db: Queryable, schema: string, options: VerifyOptions = {}): Promise<VerifyResult> {
  const s = quoteIdent(schema);
  const check = new AnchorCheck((options.anchors ?? []).filter((a) => a.schema === schema));
  const sourceEvents = { checked: 0, unhashed: 0 };
  let count = 0;
  let prev = GENESIS_HASH;
  let broken: BrokenLink | null = null;
  type Page = { rows: Record<string, unknown>[] };
  const page = (after: number): Promise<Page> =>
    db.query(
      // The source row is found by its position (the primary key, in the log's order: index
      // reads in sequence); when the row there is not the entry's event, by its id below.
      `SELECT ${ENTRY_COLUMNS}, ${SOURCE_COLUMNS}
         FROM ${s}.security_log s LEFT JOIN ${s}.events e ON e.global_position = s.global_position
        WHERE s.seq > $1 ORDER BY s.seq LIMIT $2`,
      [after, VERIFY_PAGE],
    );
  /** The source event row with the entry's id, wherever it is; undefined when there is none. */
  const sourceById = async (eventId: string): Promise<Record<string, unknown> | undefined> =>
    (await db.query(`SELECT ${SOURCE_COLUMNS} FROM ${s}.events e WHERE e.event_id = $1`, [eventId])).rows[0];
  let next: Promise<Page> | null = page(0);
  try {
    walk: while (next) {
      const { rows }: Page = await next;
      // The next page is on its way while this one is hashed.
      next = rows.length === VERIFY_PAGE ? page(Number(rows[rows.length - 1].seq)) : null;
      for (const row of rows) {
        let r: Record<string, unknown> = row;
        const hash = String(r.hash);
        const e = chainEntryOfRow(r);
        count++;
        const fail = (reason: string) => (broken = { seq: e.seq, eventId: e.eventId, reason });
        if (e.seq !== count) {
          fail(`expected entry #${count}, found #${e.seq}: entries are missing`);
          break walk;
        }
        if (e.prevHash !== prev) {
          fail('prev_hash does not match the hash of the previous entry');
          break walk;
        }
        if (entryHash(e) !== hash) {
          fail('the entry was changed: its content does not match its hash');
          break walk;
        }
        if (e.eventHash !== undefined && r.source_event_id !== e.eventId) r = { ...r, ...(await sourceById(e.eventId)) };
        if (e.eventHash === undefined) sourceEvents.unhashed++;
        else if (r.source_event_id !== e.eventId) {
          fail('its source event is missing from the event store');
          break walk;
        } else {
          sourceEvents.checked++;
          const source = sourceEventHash({
            id: e.eventId,
            streamId: r.source_stream_id as string,
            streamVersion: Number(r.source_stream_version),
            type: r.source_type as string,
            data: r.source_data,
            metadata: r.source_metadata ?? {},
            recordedAt: r.source_recorded_at instanceof Date ? r.source_recorded_at : new Date(r.source_recorded_at as string),
          });
          if (source !== e.eventHash) {
            fail('its source event was changed in the event store after it was logged');
            break walk;
          }
        }
        const mismatch = check.at(e.seq, hash);
        if (mismatch) {
          fail(
            `the entry's hash ${hash.slice(0, 16)}… differs from the anchored hash ${mismatch.anchor.hash} (anchored ${mismatch.anchor.anchoredAt}, ${mismatch.anchor.source}): ` +
              'an entry up to this one was changed, removed or rebuilt from edited events',
          );
          break walk;
        }
        prev = hash;
      }
    }
  } finally {
    // Stopped early: the page asked for ahead is not needed (nor its failure).
    await next?.catch(() => undefined);
  }
  // The table's end, even when the walk stopped early: anchors beyond it mean a lost tail.
  const end = (await db.query(`SELECT coalesce(max(seq), 0)::bigint AS n FROM ${s}.security_log`)).rows[0].n;
  const anchors = check.result(Math.max(Number(end), count));
  return { count, headHash: prev, broken, missingTail: anchors.missingTail, anchors, sourceEvents };
}

/** What an entry's hash covers, from its row (rowToEntry without the hash). */
function chainEntryOfRow(r: Record<string, unknown>): ChainEntry {
  const entry: ChainEntry = {
    seq: Number(r.seq),
    eventId: String(r.event_id),
    globalPosition: String(r.global_position),
    streamId: String(r.stream_id),
    accountId: (r.account_id as string | null) ?? null,
    type: String(r.type),
    occurredAt: (r.occurred_at as Date).toISOString(),
    ip: (r.ip as string | null) ?? null,
    browser: (r.browser as string | null) ?? null,
    os: (r.os as string | null) ?? null,
    details: (r.details as Record<string, unknown>) ?? {},
    prevHash: String(r.prev_hash),
  };
  if (r.event_hash) entry.eventHash = String(r.event_hash);
  return entry;
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
