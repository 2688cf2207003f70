import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { createInterface } from 'node:readline';
import { parse as parseLine } from 'csv-parse/sync';
import { Pool, type PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { LEIE_COLUMNS, LEIE_FIELDS, leieLayout, mapLeieRecord, type LeieLayout } from './leie-record';

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
 * The credentialing service screens the changed rows after each import (see infrastructure/exclusion-screening.service.ts).
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
  /** Seconds spent streaming the file into the staging table, and applying it to the mirror. */
  phases: { read: number; apply: number };
  seconds: number;
  rowsPerSecond: number;
};

export class LeieImportInterrupted extends Error {
  constructor() {
    super('import interrupted: the exclusion mirror was left as it was');
  }
}

/**
 * One physical line as fields: OIG quotes every field, so a line `"a","b",…` without other quotes
 * splits at once; anything else (the header, unquoted or escaped quotes) goes through csv-parse;
 * null for a line that is not CSV (an unbalanced quote). LEIE fields hold no line breaks.
 */
export function splitLeieLine(text: string): string[] | null {
  if (text.length > 1 && text.charCodeAt(0) === 0x22 && text.charCodeAt(text.length - 1) === 0x22) {
    const fields = text.slice(1, -1).split('","');
    if (!fields.some((f) => f.includes('"'))) return fields;
  }
  try {
    const records = parseLine(text, { relax_column_count: true }) as string[][];
    return records.length === 1 ? records[0] : null;
  } catch {
    return null;
  }
}

const STAGING = 'leie_incoming';
const upperOf = (c: string) => `upper(coalesce(${c}, ''))`;
/**
 * The staging table: the file's fields and line, with the keys Postgres computes as COPY stores
 * each row: `row_key` the identity (names, NPI, DOB, exclusion date: what a reinstatement names
 * again), `content_hash` every field (a changed row is applied again).
 */
const STAGING_DDL = `CREATE UNLOGGED TABLE ${STAGING} (
  ${LEIE_FIELDS.map((c) => `${c} text`).join(', ')}, line bigint,
  row_key text GENERATED ALWAYS AS (md5(${['last_name', 'first_name', 'mid_name', 'bus_name'].map(upperOf).join(` || chr(31) || `)} || chr(31) || coalesce(npi, '') || chr(31) || coalesce(dob, '') || chr(31) || coalesce(excl_date, ''))) STORED,
  content_hash text GENERATED ALWAYS AS (md5(${LEIE_FIELDS.map((c) => `coalesce(${c}, '')`).join(` || chr(31) || `)})) STORED)`;
/** Staging rows (text) as the mirror's columns: the dates (yyyy-mm-dd, checked by the mapping) cast. */
const WANTED_COLUMNS = ['row_key', 'content_hash', ...LEIE_FIELDS.map((c) => (c === 'dob' || c.endsWith('_date') ? `${c}::date AS ${c}` : c))].join(', ');
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
    await client.query(STAGING_DDL);

    // 1. Stream the file into the staging table.
    const input = createReadStream(options.file, { highWaterMark: 1 << 20 });
    input.on('data', (chunk) => {
      counters.bytes += chunk.length;
    });
    const abort = () => input.destroy(new LeieImportInterrupted());
    options.signal?.addEventListener('abort', abort, { once: true });
    if (options.signal?.aborted) throw new LeieImportInterrupted();
    const lines = createInterface({ input, crlfDelay: Infinity });
    input.on('error', (e) => lines.emit('error', e));
    const copy = client.query(copyFrom(`COPY ${STAGING} (${LEIE_FIELDS.join(', ')}, line) FROM STDIN`));
    let copyError: Error | undefined;
    copy.on('error', (e: Error) => {
      copyError = e;
    });
    let layout: LeieLayout | undefined;
    let buffer = '';
    let lastReport = 0;
    const progress = () => options.onProgress?.({ file: name, totalBytes: size, ...counters });
    try {
      let lineNo = 0;
      for await (const text of lines) {
        lineNo++;
        if (!text.trim()) continue;
        const record = splitLeieLine(lineNo === 1 ? text.replace(/^\uFEFF/, '') : text);
        const info = { lines: lineNo };
        if (!record) {
          if (!layout) throw new Error(`${name}: the header line is not CSV`);
          counters.rowsRead++;
          reject(lineNo, 'malformed CSV line (unbalanced quotes)');
          continue;
        }
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
        for (const c of LEIE_FIELDS) line += `${copyValue(r[c])}\t`;
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
    if (buffer) await write(copy, buffer);
    if (copyError) throw copyError;
    const finished = once(copy, 'finish');
    copy.end();
    await finished;
    progress();
    if (options.signal?.aborted) throw new LeieImportInterrupted();

    // 2. Apply to the mirror in one transaction (searches see the old mirror until it commits).
    const readDone = Date.now();
    const { added, removed } = await apply(client, importId, kind);
    const applyDone = Date.now();
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
      phases: { read: (readDone - started) / 1000, apply: (applyDone - readDone) / 1000 },
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
const REBUILD_SEARCH_INDEX_AT = 10_000;
/** The migration's trigram index of the search (Migration20261227000001_monitoring). */
const SEARCH_INDEX_DDL = `CREATE INDEX IF NOT EXISTS leie_exclusions_search ON leie_exclusions USING gin (search_text public.gin_trgm_ops)`;
const UPDATE_SET = [...LEIE_COLUMNS.slice(1), 'import_id', 'line'].map((c) => `${c} = EXCLUDED.${c}`).join(', ');

/** The staging rows, last line of a duplicated identity winning, applied with the changes recorded. */
async function apply(client: PoolClient, importId: number, kind: 'full' | 'supplement'): Promise<{ added: number; removed: number }> {
  await client.query('BEGIN');
  // The file's exclusions, one per identity (its last line).
  const source = kind === 'full' ? `${STAGING}` : `(SELECT * FROM ${STAGING} WHERE rein_date IS NULL) s`;
  await client.query(
    `CREATE TEMP TABLE leie_wanted ON COMMIT DROP AS SELECT DISTINCT ON (row_key) ${WANTED_COLUMNS}, line FROM ${source} ORDER BY row_key, line DESC`,
  );
  await client.query(`ALTER TABLE leie_wanted ADD PRIMARY KEY (row_key)`);
  // Many new or changed rows (a first import, a big monthly change): the search index is built
  // again after them instead of taking them one by one (searches wait for the commit either way).
  const { rows: incoming } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM leie_wanted w LEFT JOIN leie_exclusions e ON e.row_key = w.row_key WHERE e.row_key IS NULL OR e.content_hash <> w.content_hash`,
  );
  const rebuild = incoming[0].n > REBUILD_SEARCH_INDEX_AT;
  if (rebuild) await client.query(`DROP INDEX IF EXISTS leie_exclusions_search`);
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
  if (rebuild) await client.query(SEARCH_INDEX_DDL);
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
