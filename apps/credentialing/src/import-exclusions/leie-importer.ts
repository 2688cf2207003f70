import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { parse as parseLine } from 'csv-parse/sync';
import { Pool, type PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { NAME_KEY_SQL, ROW_KEY_SQL, SEARCH_TEXT_SQL, asciiNameKey, asciiRowKey, asciiSearchText, contentHash } from '../domain/exclusion-keys';
import { LEIE_COLUMNS, LEIE_FIELDS, LEIE_HEADER, leieLayout, type LeieColumn, type LeieLayout } from './leie-record';

/**
 * The LEIE importer (`npm run leie:import`): the file streams chunk by chunk (never whole in
 * memory) through a lean line loop — OIG's fully quoted lines split at once, anything else through
 * csv-parse; each row checked with character tests (no regular expressions) and written as COPY
 * text with its line number and its keys (domain/exclusion-keys.ts: identity and content md5,
 * name keys, search text; Node computes them for ASCII names, Postgres for the few others after
 * the COPY) — into a staging table (pg-copy-streams, COPY); then the rows are applied to the
 * mirror `leie_exclusions` by joins in one transaction, recording what changed in `leie_changes`:
 *
 * - a full file (`UPDATED.csv`) replaces the mirror: rows not in the file go (removed), new or
 *   changed rows come in (added), identical rows stay untouched;
 * - a supplement (`--supplement`) adds its exclusions (rows without a reinstatement date) and
 *   removes the exclusions its reinstatements name (same names, NPI, DOB and exclusion date).
 *
 * A full file into an empty mirror (a first import) skips the staging table: in one transaction
 * the mirror's key and indexes are dropped, the file is COPied straight into it, a duplicated
 * identity keeps its last line, the key and indexes are built after the rows (searches wait for
 * the commit and then see the whole mirror; an interruption rolls it all back).
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
  /** Seconds spent streaming the file into the staging table (checking each row), and applying it to the mirror. */
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
    let plain = true;
    for (let i = 0; i < fields.length && plain; i++) plain = fields[i].indexOf('"') === -1;
    if (plain) return fields;
  }
  try {
    const records = parseLine(text, { relax_column_count: true }) as string[][];
    return records.length === 1 ? records[0] : null;
  } catch {
    return null;
  }
}

/**
 * A chunk of the file with its line ends as readline reads them (CRLF, LF or a lone CR: all LF)
 * and without NULs (Postgres text cannot hold them). A CR ending the chunk waits for the next one
 * (it may be half of a CRLF): the returned `carry`.
 */
export function normalizeLineEnds(chunk: string, last: boolean): { text: string; carry: string } {
  let s = chunk;
  let carry = '';
  if (!last && s.endsWith('\r')) {
    carry = '\r';
    s = s.slice(0, -1);
  }
  if (s.includes('\r')) s = s.replace(/\r\n?/g, '\n');
  if (s.includes('\0')) s = s.replace(/\0/g, '');
  return { text: s, carry };
}

const COPY_SPECIAL = /[\\\t\n\r]/g;
const copyEscaped = (v: string) => v.replace(COPY_SPECIAL, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));

const isDigits = (v: string, from = 0, to = v.length) => {
  for (let i = from; i < to; i++) {
    const c = v.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
};
const isZeros = (v: string) => {
  for (let i = 0; i < v.length; i++) if (v.charCodeAt(i) !== 48) return false;
  return true;
};
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `yyyymmdd` as `yyyy-mm-dd`; '' or `00000000` -> null; undefined when it is not a date (dateReject says why). */
function leieDate(v: string): string | null | undefined {
  if (v === '' || isZeros(v)) return null;
  if (v.length !== 8 || !isDigits(v)) return undefined;
  const y = +v.slice(0, 4);
  const m = +v.slice(4, 6);
  const d = +v.slice(6, 8);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = m === 2 && leap ? 29 : DAYS[m - 1];
  if (y < 1 || !days || d < 1 || d > days) return undefined;
  return `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}`;
}
const dateReject = (v: string, field: string) => ({ reject: v.length !== 8 || !isDigits(v) ? `${field}: not a yyyymmdd date (${v.slice(0, 20)})` : `${field}: no such date (${v})` });

/** The header's column positions, and how many fields a line must have at least. */
export type LineLayout = LeieLayout & { width: number };
const DATE_FIELDS = new Set(['dob', 'excl_date', 'rein_date', 'waiver_date']);

/**
 * One record's fields in LEIE_FIELDS order, or why it is rejected: too few fields, an NPI not of
 * 10 digits, neither LASTNAME nor BUSNAME, a STATE not of two letters, EXCLDATE missing or not a
 * date, DOB / REINDATE / WAIVERDATE not a date. Fields trimmed, empty -> null, NPI `0000000000`
 * -> null, dates yyyymmdd -> yyyy-mm-dd, STATE upper case.
 */
export function leieFields(record: string[], layout: LineLayout): (string | null)[] | { reject: string } {
  if (record.length !== LEIE_HEADER.length && record.length < layout.width) return { reject: `expected ${LEIE_HEADER.length} fields, got ${record.length}` };
  const f = (c: LeieColumn) => (record[layout[c]] ?? '').trim();
  const npi = f('NPI');
  if (npi !== '' && (npi.length !== 10 || !isDigits(npi))) return { reject: `NPI: not 10 digits (${npi.slice(0, 20)})` };
  if (f('LASTNAME') === '' && f('BUSNAME') === '') return { reject: 'no LASTNAME and no BUSNAME' };
  const state = f('STATE');
  if (state !== '' && (state.length !== 2 || !isLetter(state.charCodeAt(0)) || !isLetter(state.charCodeAt(1)))) return { reject: `STATE: not a two-letter code (${state.slice(0, 20)})` };
  const exclRaw = f('EXCLDATE');
  const excl = leieDate(exclRaw);
  if (excl === undefined) return dateReject(exclRaw, 'EXCLDATE');
  if (excl === null) return { reject: 'EXCLDATE is missing' };
  const dobRaw = f('DOB');
  const dob = leieDate(dobRaw);
  if (dob === undefined) return dateReject(dobRaw, 'DOB');
  const reinRaw = f('REINDATE');
  const rein = leieDate(reinRaw);
  if (rein === undefined) return dateReject(reinRaw, 'REINDATE');
  const waiverRaw = f('WAIVERDATE');
  const waiver = leieDate(waiverRaw);
  if (waiver === undefined) return dateReject(waiverRaw, 'WAIVERDATE');
  const text = (c: LeieColumn) => {
    const v = f(c);
    return v === '' ? null : v;
  };
  // In LEIE_FIELDS order.
  return [
    text('LASTNAME'),
    text('FIRSTNAME'),
    text('MIDNAME'),
    text('BUSNAME'),
    text('GENERAL'),
    text('SPECIALTY'),
    text('UPIN'),
    npi === '' || isZeros(npi) ? null : npi,
    dob,
    text('ADDRESS'),
    text('CITY'),
    state === '' ? null : state.toUpperCase(),
    text('ZIP'),
    text('EXCLTYPE'),
    excl,
    rein,
    waiver,
    text('WVRSTATE'),
  ];
}
// Positions in LEIE_FIELDS.
const [LAST, FIRST, MID, BUS, NPI, DOB, EXCL] = ['last_name', 'first_name', 'mid_name', 'bus_name', 'npi', 'dob', 'excl_date'].map((c) => LEIE_FIELDS.indexOf(c as never));

/** Fields as COPY text (tab-separated, null as \\N; escaped when `escape`). */
function copyFields(fields: readonly (string | null)[], escape: boolean): string {
  const out = new Array<string>(fields.length);
  for (let i = 0; i < fields.length; i++) {
    const v = fields[i];
    out[i] = v === null ? '\\N' : escape ? copyEscaped(v) : v;
  }
  return out.join('\t');
}

/** One record as a COPY text line of its fields (in LEIE_FIELDS order) and its line number, or why it is rejected (leieFields). */
export function leieCopyLine(record: string[], layout: LineLayout, line: number, escape = false): string | { reject: string } {
  const fields = leieFields(record, layout);
  return Array.isArray(fields) ? `${copyFields(fields, escape)}\t${line}\n` : fields;
}

/** The keys of a row (exclusion-keys.ts): computed here for ASCII names, null (`\\N`) for Postgres to compute otherwise. */
export type RowKeys = { rowKey: string | null; contentHash: string; lastKey: string | null; firstKey: string | null; searchText: string | null };
export function leieRowKeys(fields: readonly (string | null)[]): RowKeys {
  const [last, first, mid, bus] = [fields[LAST], fields[FIRST], fields[MID], fields[BUS]];
  const rowKey = asciiRowKey(last, first, mid, bus, fields[NPI], fields[DOB], fields[EXCL]);
  return {
    rowKey,
    contentHash: contentHash(fields),
    lastKey: rowKey === null ? null : asciiNameKey(last),
    firstKey: rowKey === null ? null : asciiNameKey(first),
    searchText: rowKey === null ? null : asciiSearchText(last, first, mid, bus),
  };
}

const STAGING = 'leie_incoming';
/** The keys a COPY line carries after its fields and line number (exclusion-keys.ts), then the import. */
const KEY_COLUMNS = ['row_key', 'content_hash', 'last_key', 'first_key', 'search_text'] as const;
const COPY_COLUMNS = [...LEIE_FIELDS, 'line', ...KEY_COLUMNS, 'import_id'].join(', ');
/**
 * The staging table (this session's): the file's fields and line, and the keys the line loop
 * computed (`row_key` the identity: names, NPI, DOB, exclusion date, what a reinstatement names
 * again; `content_hash` every field, a changed row is applied again; the name keys).
 */
const STAGING_DDL = `CREATE TEMP TABLE ${STAGING} (${LEIE_FIELDS.map((c) => `${c} text`).join(', ')}, line bigint, ${KEY_COLUMNS.map((c) => `${c} text`).join(', ')}, import_id bigint)`;
/**
 * The keys of the rows whose names are not all ASCII (the line loop leaves them null), by the
 * SQL definitions themselves; `dob` / `excl` give the dates as `yyyy-mm-dd` text.
 */
const fillKeysSql = (table: string, dob: string, excl: string) =>
  `UPDATE ${table} SET row_key = ${ROW_KEY_SQL('last_name', 'first_name', 'mid_name', 'bus_name', 'npi', dob, excl)},
     last_key = ${NAME_KEY_SQL('last_name')}, first_key = ${NAME_KEY_SQL('first_name')}, search_text = ${SEARCH_TEXT_SQL('last_name', 'first_name', 'mid_name', 'bus_name')}
   WHERE row_key IS NULL`;
/** Staging rows (text) as the mirror's columns: the dates (yyyy-mm-dd, checked) cast. */
const WANTED_COLUMNS = ['row_key', 'content_hash', ...LEIE_FIELDS.map((c) => (DATE_FIELDS.has(c) ? `${c}::date AS ${c}` : c)), 'last_key', 'first_key', 'search_text'].join(', ');
const LOCK_KEY = 'leie import';
/** Rejected lines kept in the report (all are counted). */
export const MAX_REJECTS_REPORTED = 1000;

async function write(stream: Writable, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

export async function importLeie(options: LeieImportOptions): Promise<LeieImportReport> {
  const started = Date.now();
  const kind = options.supplement ? 'supplement' : 'full';
  const name = basename(options.file);
  const sample = !!options.sample || /sample/i.test(name);
  const { size } = await stat(options.file);
  // One session: the staging is its temporary table (local buffers large enough to keep it in memory).
  const pool = new Pool({ connectionString: options.databaseUrl, max: 1, options: `-c search_path=${options.schema},public -c temp_buffers=128MB`, statement_timeout: 0 });
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
    // A full file into an empty mirror (a first import) goes straight into the mirror, in one
    // transaction, without its indexes (built after the rows); anything else through the staging table.
    const { rows: empty } = await client.query<{ empty: boolean }>(`SELECT NOT EXISTS (SELECT 1 FROM leie_exclusions) AS empty`);
    const direct = kind === 'full' && empty[0].empty;
    if (direct) {
      await client.query('BEGIN');
      // The trigram index builds in memory at this size (the default 64 MB spills).
      await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
      await client.query(`DROP INDEX IF EXISTS ${Object.keys(SECONDARY_INDEXES).join(', ')}`);
      await client.query(`ALTER TABLE leie_exclusions DROP CONSTRAINT IF EXISTS leie_exclusions_pkey, ALTER COLUMN row_key DROP NOT NULL`);
    } else await client.query(STAGING_DDL);

    // 1. Stream the file into the staging table (or the empty mirror).
    const progress = () => options.onProgress?.({ file: name, totalBytes: size, ...counters });
    const input = createReadStream(options.file, { highWaterMark: 1 << 20, encoding: 'utf8' });
    const abort = () => input.destroy(new LeieImportInterrupted());
    options.signal?.addEventListener('abort', abort, { once: true });
    if (options.signal?.aborted) throw new LeieImportInterrupted();
    const copy = client.query(copyFrom(`COPY ${direct ? 'leie_exclusions' : STAGING} (${COPY_COLUMNS}) FROM STDIN`));
    let copyError: Error | undefined;
    copy.on('error', (e: Error) => {
      copyError = e;
    });
    let layout: LineLayout | undefined;
    let lineNo = 0;
    let rest = '';
    let carry = '';
    const rowSuffix = `\t${importId}\n`;
    /** Rows whose keys Postgres computes. */
    let keysInSql = 0;
    /** The complete lines of `text` (the last, unfinished one kept for the next chunk). */
    const lines = (text: string, last: boolean): string => {
      let out = '';
      let start = 0;
      for (;;) {
        let end = text.indexOf('\n', start);
        if (end === -1) {
          if (!last || start >= text.length) break;
          end = text.length;
        }
        lineNo++;
        const line = text.slice(start, end);
        start = end + 1;
        if (line.trim() === '') continue;
        const record = splitLeieLine(layout ? line : line.replace(/^\uFEFF/, ''));
        if (!layout) {
          if (!record) throw new Error(`${name}: the header line is not CSV`);
          const l = leieLayout(record);
          layout = { ...l, width: Math.max(...Object.values(l)) + 1 };
          continue;
        }
        counters.rowsRead++;
        if (!record) {
          reject(lineNo, 'malformed CSV line (unbalanced quotes)');
          continue;
        }
        const fields = leieFields(record, layout);
        if (!Array.isArray(fields)) {
          reject(lineNo, fields.reject);
          continue;
        }
        counters.rowsImported++;
        const keys = leieRowKeys(fields);
        if (keys.rowKey === null) keysInSql++;
        // COPY escapes only for the rare line holding a backslash or a tab.
        const escape = line.indexOf('\\') !== -1 || line.indexOf('\t') !== -1;
        const searchText = keys.searchText === null ? '\\N' : escape ? copyEscaped(keys.searchText) : keys.searchText;
        out += `${copyFields(fields, escape)}\t${lineNo}\t${keys.rowKey ?? '\\N'}\t${keys.contentHash}\t${keys.lastKey ?? '\\N'}\t${keys.firstKey ?? '\\N'}\t${searchText}${rowSuffix}`;
      }
      rest = text.slice(start);
      return out;
    };
    try {
      for await (const chunk of input as AsyncIterable<string>) {
        if (copyError) throw copyError;
        counters.bytes = input.bytesRead;
        const normal = normalizeLineEnds(carry + chunk, false);
        carry = normal.carry;
        const out = lines(rest + normal.text, false);
        if (out) await write(copy, out);
        progress();
      }
      const out = lines(rest + normalizeLineEnds(carry, true).text, true);
      if (out) await write(copy, out);
      if (!layout) throw new Error(`${name} is empty: no header line`);
      if (copyError) throw copyError;
    } catch (err) {
      // Interrupted or failed mid-file: the COPY is failed on the server (CopyFail) before the
      // session rolls back (else the session would wait in COPY, the transaction open).
      if (!copy.closed) {
        const closed = once(copy, 'close').catch(() => undefined);
        copy.destroy(err as Error);
        await closed;
      }
      throw err;
    } finally {
      options.signal?.removeEventListener('abort', abort);
    }
    const finished = once(copy, 'finish');
    copy.end();
    await finished;
    progress();
    if (options.signal?.aborted) throw new LeieImportInterrupted();

    // 2. Apply to the mirror in one transaction (searches see the old mirror until it commits).
    const readDone = Date.now();
    let changes: { added: number; removed: number };
    if (direct) {
      if (keysInSql) await client.query(fillKeysSql('leie_exclusions', `to_char(dob, 'YYYY-MM-DD')`, `to_char(excl_date, 'YYYY-MM-DD')`));
      changes = await indexAndRecord(client, importId);
    } else {
      if (keysInSql) await client.query(fillKeysSql(STAGING, 'dob', 'excl_date'));
      changes = await apply(client, importId, kind);
    }
    const { added, removed } = changes;
    const applyDone = Date.now();
    // A first import's mirror is what it added.
    const mirrorRows = direct ? added : (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM leie_exclusions`)).rows[0].n;
    if (!direct) await client.query(`DROP TABLE IF EXISTS ${STAGING}`);
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
      mirrorRows,
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

const COLS = [...LEIE_COLUMNS, ...KEY_COLUMNS.slice(2)].join(', ');
const REBUILD_INDEXES_AT = 10_000;
/** The migration's secondary indexes of the mirror (Migration20261227000001_monitoring), built again after a big change. */
const SECONDARY_INDEXES: Record<string, string> = {
  leie_exclusions_npi: `CREATE INDEX IF NOT EXISTS leie_exclusions_npi ON leie_exclusions (npi) WHERE npi IS NOT NULL`,
  leie_exclusions_name: `CREATE INDEX IF NOT EXISTS leie_exclusions_name ON leie_exclusions (last_key, first_key)`,
  leie_exclusions_search: `CREATE INDEX IF NOT EXISTS leie_exclusions_search ON leie_exclusions USING gin (search_text public.gin_trgm_ops)`,
};
const UPDATE_SET = [...LEIE_COLUMNS.slice(1), ...KEY_COLUMNS.slice(2), 'line'].map((c) => `${c} = w.${c}`).join(', ');
/** A file's lines with the same identity are one exclusion: its last line. */
const DEDUPLICATE_MIRROR = `DELETE FROM leie_exclusions e USING (SELECT row_key, max(line) AS line FROM leie_exclusions GROUP BY row_key HAVING count(*) > 1) d
  WHERE e.row_key = d.row_key AND e.line <> d.line`;

/**
 * A first import, its rows in the mirror (the transaction open, the indexes dropped): the primary
 * key and the indexes built, every row recorded as added, committed.
 */
async function indexAndRecord(client: PoolClient, importId: number): Promise<{ added: number; removed: number }> {
  const addKey = `ALTER TABLE leie_exclusions ADD CONSTRAINT leie_exclusions_pkey PRIMARY KEY (row_key)`;
  // Lines with the same identity refuse the key: then the file's last line of each is kept.
  await client.query('SAVEPOINT leie_key');
  try {
    await client.query(addKey);
  } catch (err) {
    if ((err as { code?: string }).code !== '23505') throw err;
    await client.query('ROLLBACK TO SAVEPOINT leie_key');
    await client.query(DEDUPLICATE_MIRROR);
    await client.query(addKey);
  }
  // In the key's order (hex digits: the same in "C"), appended to the changes' key.
  const added = await client.query(`INSERT INTO leie_changes (import_id, row_key, change) SELECT $1, row_key, 'added' FROM leie_exclusions ORDER BY row_key COLLATE "C"`, [importId]);
  for (const ddl of Object.values(SECONDARY_INDEXES)) await client.query(ddl);
  await client.query('COMMIT');
  return { added: added.rowCount ?? 0, removed: 0 };
}

/**
 * The staging rows, last line of a duplicated identity winning, applied with the changes recorded,
 * all by joins: the new and changed identities (`leie_delta`) are inserted / updated, the rows a
 * full file lacks or a supplement reinstates deleted.
 */
async function apply(client: PoolClient, importId: number, kind: 'full' | 'supplement'): Promise<{ added: number; removed: number }> {
  await client.query('BEGIN');
  // The file's exclusions, one per identity (its last line).
  await client.query(
    `CREATE TEMP TABLE leie_wanted ON COMMIT DROP AS SELECT DISTINCT ON (row_key) ${WANTED_COLUMNS}, line FROM ${STAGING}
      ${kind === 'full' ? '' : 'WHERE rein_date IS NULL'} ORDER BY row_key, line DESC`,
  );
  const delta = await client.query(
    `CREATE TEMP TABLE leie_delta ON COMMIT DROP AS
       SELECT w.row_key, e.row_key IS NOT NULL AS existing FROM leie_wanted w LEFT JOIN leie_exclusions e ON e.row_key = w.row_key
        WHERE e.row_key IS NULL OR e.content_hash <> w.content_hash`,
  );
  const added = delta.rowCount ?? 0;
  // Many new or changed rows (a big monthly change): the secondary indexes are built again after
  // them instead of taking them one by one (searches wait for the commit either way).
  const rebuild = added > REBUILD_INDEXES_AT;
  if (rebuild) {
    await client.query(`DROP INDEX IF EXISTS ${Object.keys(SECONDARY_INDEXES).join(', ')}`);
    // The trigram index builds in memory at this size (the default 64 MB spills).
    await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
  }
  const gone =
    kind === 'full'
      ? `DELETE FROM leie_exclusions e WHERE NOT EXISTS (SELECT 1 FROM leie_wanted w WHERE w.row_key = e.row_key) RETURNING row_key`
      : // Reinstatements: the exclusion they name leaves the mirror (unless the same file excludes it again).
        `DELETE FROM leie_exclusions e USING (SELECT DISTINCT row_key FROM ${STAGING} WHERE rein_date IS NOT NULL) s
          WHERE e.row_key = s.row_key AND NOT EXISTS (SELECT 1 FROM leie_wanted w WHERE w.row_key = e.row_key) RETURNING e.row_key`;
  const r = await client.query(`WITH gone AS (${gone}) INSERT INTO leie_changes (import_id, row_key, change) SELECT $1, row_key, 'removed' FROM gone`, [importId]);
  if (added) {
    await client.query(
      `UPDATE leie_exclusions e SET ${UPDATE_SET}, import_id = $1 FROM leie_wanted w JOIN leie_delta d ON d.row_key = w.row_key AND d.existing WHERE e.row_key = w.row_key`,
      [importId],
    );
    await client.query(
      `INSERT INTO leie_exclusions (${COLS}, import_id, line) SELECT ${COLS.split(', ').map((c) => `w.${c}`).join(', ')}, $1, w.line FROM leie_wanted w JOIN leie_delta d ON d.row_key = w.row_key AND NOT d.existing`,
      [importId],
    );
    await client.query(`INSERT INTO leie_changes (import_id, row_key, change) SELECT $1, row_key, 'added' FROM leie_delta`, [importId]);
  }
  if (rebuild) for (const ddl of Object.values(SECONDARY_INDEXES)) await client.query(ddl);
  await client.query('COMMIT');
  return { added, removed: r.rowCount ?? 0 };
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
