import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { parse } from 'csv-parse';
import { Pool, type PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { LEIE_COLUMNS, leieLayout, mapLeieRecord, type LeieLayout } from './leie-record';

/**
 * The LEIE importer (`npm run leie:import`): streams the CSV (csv-parse, never the whole file in
 * memory) into an unlogged staging table with COPY (pg-copy-streams), then applies it to the
 * mirror `leie_exclusions` in one transaction, recording what changed in `leie_changes`:
 *
 * - a full file (`UPDATED.csv`) replaces the mirror: rows not in the file go (removed), new or
 *   changed rows come in (added), identical rows stay untouched;
 * - a supplement (`--supplement`) adds its exclusions (rows without a reinstatement date) and
 *   removes the exclusions its reinstatements name (same names, NPI, DOB and exclusion date).
 *
 * Re-running a file leaves the same mirror and changes nothing. One import at a time (advisory
 * lock); each run is a row of `leie_imports` (counts, rejected lines with their line numbers).
 * The credentialing service screens the changed rows after each import (see screen-exclusions).
 */
export type LeieImportOptions = {
  databaseUrl: string;
  schema: string;
  file: string;
  supplement?: boolean;
  sample?: boolean;
  onProgress?: (p: LeieImportProgress) => void;
  signal?: AbortSignal;
};

export type LeieImportProgress = { file: string; bytes: number; totalBytes: number; rowsRead: number; rowsImported: number; rowsRejected: number };
export type LeieReject = { line: number; reason: string };
export type LeieImportReport = {
  importId: number;
  kind: 'full' | 'supplement';
  file: string;
  sample: boolean;
  rowsRead: number;
  rowsImported: number;
  rowsRejected: number;
  rejects: LeieReject[];
  added: number;
  removed: number;
  mirrorRows: number;
  seconds: number;
  rowsPerSecond: number;
};

export class LeieImportInterrupted extends Error {
  constructor() {
    super('import interrupted: the exclusion mirror was left as it was');
  }
}

const STAGING = 'leie_incoming';
const LOCK_KEY = 'leie import';
/** Rejected lines kept in the report (all are counted). */
export const MAX_REJECTS_REPORTED = 1000;

const COPY_SPECIAL = /[\\\t\n\r]/g;
const copyValue = (v: string | number | null) =>
  v === null ? '\\N' : typeof v === 'number' ? String(v) : v.replace(COPY_SPECIAL, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));

async function write(stream: Writable, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

export async function importLeie(options: LeieImportOptions): Promise<LeieImportReport> {
  const started = Date.now();
  const kind = options.supplement ? 'supplement' : 'full';
  const name = basename(options.file);
  const sample = !!options.sample || /sample/i.test(name);
  const { size } = await stat(options.file);
  const pool = new Pool({ connectionString: options.databaseUrl, max: 2, options: `-c search_path=${options.schema},public`, statement_timeout: 0 });
  const client = await pool.connect();
  const counters = { bytes: 0, rowsRead: 0, rowsImported: 0, rowsRejected: 0 };
  const rejects: LeieReject[] = [];
  const reject = (line: number, reason: string) => {
    counters.rowsRejected++;
    if (rejects.length < MAX_REJECTS_REPORTED) rejects.push({ line, reason });
  };
  let importId = 0;
  try {
    const { rows: locked } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [`${options.schema}:${LOCK_KEY}`]);
    if (!locked[0].ok) throw new Error('another LEIE import is running: wait for it to finish');
    await client.query(`UPDATE leie_imports SET status = 'failed', finished_at = now() WHERE status = 'running'`);
    const { rows } = await client.query<{ id: string }>(`INSERT INTO leie_imports (kind, file_name, sample, status) VALUES ($1, $2, $3, 'running') RETURNING id`, [kind, name, sample]);
    importId = Number(rows[0].id);
    await client.query(`DROP TABLE IF EXISTS ${STAGING}`);
    await client.query(
      `CREATE UNLOGGED TABLE ${STAGING} AS SELECT ${LEIE_COLUMNS.join(', ')}, line FROM leie_exclusions WITH NO DATA`,
    );

    // 1. Stream the file into the staging table.
    const input = createReadStream(options.file, { highWaterMark: 1 << 20 });
    input.on('data', (chunk) => {
      counters.bytes += chunk.length;
    });
    const abort = () => input.destroy(new LeieImportInterrupted());
    options.signal?.addEventListener('abort', abort, { once: true });
    if (options.signal?.aborted) throw new LeieImportInterrupted();
    const parser = parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      info: true,
      on_skip: (err: (Error & { lines?: number }) | undefined) => {
        counters.rowsRead++;
        reject(err?.lines ?? 0, `malformed CSV line${err?.message ? `: ${err.message.replace(/^Invalid[^:]*: /, '').slice(0, 120)}` : ''}`);
      },
    });
    input.on('error', (e) => parser.destroy(e));
    input.pipe(parser);
    const copy = client.query(copyFrom(`COPY ${STAGING} (${LEIE_COLUMNS.join(', ')}, line) FROM STDIN`));
    let copyError: Error | undefined;
    copy.on('error', (e: Error) => {
      copyError = e;
    });
    let layout: LeieLayout | undefined;
    let buffer = '';
    let lastReport = 0;
    const progress = () => options.onProgress?.({ file: name, totalBytes: size, ...counters });
    try {
      for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
        if (!layout) {
          layout = leieLayout(record);
          continue;
        }
        counters.rowsRead++;
        const mapped = mapLeieRecord(record, layout);
        if ('reject' in mapped) {
          reject(info.lines, mapped.reject);
          continue;
        }
        counters.rowsImported++;
        const r = mapped.row;
        let line = '';
        for (const c of LEIE_COLUMNS) line += `${copyValue(r[c])}\t`;
        buffer += `${line}${info.lines}\n`;
        if (buffer.length > 256 * 1024) {
          if (copyError) throw copyError;
          await write(copy, buffer);
          buffer = '';
        }
        if (counters.rowsRead - lastReport >= 5000) {
          lastReport = counters.rowsRead;
          progress();
        }
      }
    } finally {
      options.signal?.removeEventListener('abort', abort);
    }
    if (!layout) throw new Error(`${name} is empty: no header line`);
    // csv-parse reports a broken quote as soon as it meets it: in line order for the report.
    rejects.sort((a, b) => a.line - b.line);
    if (buffer) await write(copy, buffer);
    if (copyError) throw copyError;
    const finished = once(copy, 'finish');
    copy.end();
    await finished;
    progress();
    if (options.signal?.aborted) throw new LeieImportInterrupted();

    // 2. Apply to the mirror in one transaction (searches see the old mirror until it commits).
    const { added, removed } = await apply(client, importId, kind);
    const { rows: total } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM leie_exclusions`);
    await client.query(`DROP TABLE IF EXISTS ${STAGING}`);
    await client.query(
      `UPDATE leie_imports SET status = 'done', finished_at = now(), rows_read = $2, rows_imported = $3, rows_rejected = $4, rejects = $5::jsonb, added = $6, removed = $7,
              screened_at = CASE WHEN $6::int + $7::int = 0 THEN now() END
        WHERE id = $1`,
      [importId, counters.rowsRead, counters.rowsImported, counters.rowsRejected, JSON.stringify(rejects), added, removed],
    );
    const seconds = (Date.now() - started) / 1000;
    return {
      importId,
      kind,
      file: name,
      sample,
      ...counters,
      rejects,
      added,
      removed,
      mirrorRows: total[0].n,
      seconds,
      rowsPerSecond: Math.round(counters.rowsRead / Math.max(seconds, 0.001)),
    };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    if (importId) await client.query(`UPDATE leie_imports SET status = 'failed', finished_at = now() WHERE id = $1`, [importId]).catch(() => undefined);
    await client.query(`DROP TABLE IF EXISTS ${STAGING}`).catch(() => undefined);
    throw err;
  } finally {
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    client.release();
    await pool.end();
  }
}

const COLS = LEIE_COLUMNS.join(', ');
const UPDATE_SET = [...LEIE_COLUMNS.slice(1), 'import_id', 'line'].map((c) => `${c} = EXCLUDED.${c}`).join(', ');

/** The staging rows, last line of a duplicated identity winning, applied with the changes recorded. */
async function apply(client: PoolClient, importId: number, kind: 'full' | 'supplement'): Promise<{ added: number; removed: number }> {
  await client.query('BEGIN');
  // The file's exclusions, one per identity (its last line).
  const source = kind === 'full' ? `${STAGING}` : `(SELECT * FROM ${STAGING} WHERE rein_date IS NULL) s`;
  await client.query(
    `CREATE TEMP TABLE leie_wanted ON COMMIT DROP AS SELECT DISTINCT ON (row_key) ${COLS}, line FROM ${source} ORDER BY row_key, line DESC`,
  );
  await client.query(`ALTER TABLE leie_wanted ADD PRIMARY KEY (row_key)`);
  let removed = 0;
  if (kind === 'full') {
    const r = await client.query(
      `WITH gone AS (DELETE FROM leie_exclusions e WHERE NOT EXISTS (SELECT 1 FROM leie_wanted w WHERE w.row_key = e.row_key) RETURNING row_key)
       INSERT INTO leie_changes (import_id, row_key, change) SELECT $1, row_key, 'removed' FROM gone`,
      [importId],
    );
    removed = r.rowCount ?? 0;
  } else {
    // Reinstatements: the exclusion they name leaves the mirror (unless the same file excludes it again).
    const r = await client.query(
      `WITH gone AS (
         DELETE FROM leie_exclusions e USING (SELECT DISTINCT row_key FROM ${STAGING} WHERE rein_date IS NOT NULL) s
          WHERE e.row_key = s.row_key AND NOT EXISTS (SELECT 1 FROM leie_wanted w WHERE w.row_key = e.row_key)
          RETURNING e.row_key)
       INSERT INTO leie_changes (import_id, row_key, change) SELECT $1, row_key, 'removed' FROM gone`,
      [importId],
    );
    removed = r.rowCount ?? 0;
  }
  const a = await client.query(
    `WITH up AS (
       INSERT INTO leie_exclusions (${COLS}, import_id, line)
       SELECT ${COLS}, $1, line FROM leie_wanted
       ON CONFLICT (row_key) DO UPDATE SET ${UPDATE_SET} WHERE leie_exclusions.content_hash <> EXCLUDED.content_hash
       RETURNING row_key)
     INSERT INTO leie_changes (import_id, row_key, change) SELECT $1, row_key, 'added' FROM up`,
    [importId],
  );
  await client.query('COMMIT');
  return { added: a.rowCount ?? 0, removed };
}

/** What the mirror holds (npm start imports the sample only into an empty mirror). */
export async function leieMirrorStatus(pool: Pool): Promise<{ rows: number; lastImport: { file: string; kind: string; finishedAt: string; sample: boolean } | null }> {
  const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM leie_exclusions`);
  const { rows: last } = await pool.query<{ file_name: string; kind: string; finished_at: Date; sample: boolean }>(
    `SELECT file_name, kind, finished_at, sample FROM leie_imports WHERE status = 'done' ORDER BY id DESC LIMIT 1`,
  );
  const l = last[0];
  return { rows: rows[0].n, lastImport: l ? { file: l.file_name, kind: l.kind, finishedAt: l.finished_at.toISOString(), sample: l.sample } : null };
}
