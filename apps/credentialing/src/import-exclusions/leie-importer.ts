import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { parse as parseLine } from 'csv-parse/sync';
import { Pool, type PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { LEIE_COLUMNS, LEIE_FIELDS, LEIE_HEADER, leieLayout, type LeieColumn, type LeieLayout } from './leie-record';

/**
 * The LEIE importer (`npm run leie:import`), set-based: the file's bytes stream into a temporary
 * table of lines with COPY (pg-copy-streams; never the whole file in memory, no work per row in
 * JavaScript but escaping for COPY's text format, chunk by chunk), Postgres splits OIG's fully
 * quoted lines, validates and maps every row in one statement (rejects keep their line numbers;
 * the rare line that is not plain `"a","b",…` is parsed by csv-parse), then the rows are applied
 * to the mirror `leie_exclusions` in one transaction, recording what changed in `leie_changes`:
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

/** While the file streams only the lines read are known; imported and rejected once Postgres has checked them. */
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
  /** Seconds spent streaming the file into Postgres, checking its rows, and applying them to the mirror. */
  phases: { read: number; check: number; apply: number };
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
 * (The importer splits the plain lines in SQL the same way: see PARSED_DDL.)
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

/**
 * A chunk of the file as COPY text-format data, one table row per physical line: line breaks as
 * readline reads them (CRLF, LF or a lone CR) become LF, backslashes and tabs are escaped, NULs
 * (which Postgres text cannot hold) dropped. A CR ending the chunk waits for the next one (it may
 * be half of a CRLF): the returned `carry`.
 */
export function copyTextChunk(chunk: string, last: boolean): { text: string; carry: string } {
  let s = chunk;
  let carry = '';
  if (!last && s.endsWith('\r')) {
    carry = '\r';
    s = s.slice(0, -1);
  }
  if (s.includes('\r')) s = s.replace(/\r\n?/g, '\n');
  if (s.includes('\\') || s.includes('\t') || s.includes('\0')) s = s.replace(/[\\\t\0]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : ''));
  return { text: s, carry };
}

const countLines = (s: string) => {
  let n = 0;
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) n++;
  return n;
};

/** The raw lines (COPY numbers them in file order: `line` is the physical line number). */
const LINES = 'leie_lines';
/** Each line after the header as its fields (null: not plain OIG quoting, then csv-parse; still null: malformed). */
const PARSED = 'leie_parsed';
/** The checked rows: the mirror's fields, why a row is rejected, and its keys. */
const STAGING = 'leie_incoming';
const LOCK_KEY = 'leie import';
/** Rejected lines kept in the report (all are counted). */
export const MAX_REJECTS_REPORTED = 1000;
/** Lines that need csv-parse are read and written back this many at a time. */
const SLOW_PATH_BATCH = 5_000;

const BLANK = `btrim(text, E' \\t\\r\\n\\f\\x0b\\u00a0\\ufeff') = ''`;
const PARSED_DDL = (header: number) => `CREATE TEMP TABLE ${PARSED} AS
  SELECT line, CASE WHEN length(text) > 1 AND left(text, 1) = '"' AND right(text, 1) = '"' AND strpos(replace(substr(text, 2, length(text) - 2), '","', ''), '"') = 0
                    THEN string_to_array(substr(text, 2, length(text) - 2), '","') END AS f
    FROM ${LINES} WHERE line > ${header} AND NOT (${BLANK})`;

const upperOf = (c: string) => `upper(coalesce(${c}, ''))`;
/** A field as the mapping reads it: trimmed, empty -> null. */
const fieldOf = (layout: LeieLayout, c: LeieColumn) => `nullif(btrim(f[${layout[c] + 1}], E' \\t\\r\\n\\f\\x0b\\u00a0\\ufeff'), '')`;
const quoteSql = (v: string) => `'${v.replace(/'/g, "''")}'`;
/** `yyyymmdd` -> `yyyy-mm-dd`, `00000000` or empty -> null (its error, if any, is dateError's). */
const dateOf = (v: string) => `CASE WHEN ${v} IS NULL OR ${v} ~ '^0+$' THEN NULL ELSE substr(${v}, 1, 4) || '-' || substr(${v}, 5, 2) || '-' || substr(${v}, 7, 2) END`;
/** Why a date field is not a date (null when it is one, or none). */
const dateError = (v: string, field: string) => `CASE WHEN ${v} IS NULL OR ${v} ~ '^0+$' THEN NULL
    WHEN ${v} !~ '^[0-9]{8}$' THEN ${quoteSql(`${field}: not a yyyymmdd date (`)} || left(${v}, 20) || ')'
    WHEN substr(${v}, 1, 4)::int < 1 OR substr(${v}, 5, 2)::int NOT BETWEEN 1 AND 12
      OR substr(${v}, 7, 2)::int NOT BETWEEN 1 AND extract(day FROM make_date(substr(${v}, 1, 4)::int, substr(${v}, 5, 2)::int, 1) + interval '1 month' - interval '1 day')::int
      THEN ${quoteSql(`${field}: no such date (`)} || ${v} || ')' END`;

/**
 * The checked rows, set-based (the rules of one LEIE line): the fields by header name, NPI
 * `0000000000` none, dates yyyymmdd (`00000000` none), and the first reason to reject a line:
 * malformed CSV, too few fields, an NPI not of 10 digits, neither LASTNAME nor BUSNAME, a STATE
 * not of two letters, EXCLDATE missing or not a date, DOB / REINDATE / WAIVERDATE not a date.
 * `row_key` is the row's identity (names, NPI, DOB, exclusion date: what a reinstatement names
 * again), `content_hash` covers every field (a changed row is applied again).
 */
function stagingSql(layout: LeieLayout): string {
  // Each field trimmed once (OFFSET 0 keeps the planner from repeating the trims in every reference).
  const v = (c: LeieColumn) => `"${c}"`;
  const trimmed = `SELECT line, f, ${LEIE_HEADER.map((c) => `${fieldOf(layout, c)} AS "${c}"`).join(', ')} FROM ${PARSED} OFFSET 0`;
  const width = Math.max(...Object.values(layout)) + 1;
  const npi = v('NPI');
  const state = v('STATE');
  const reject = `coalesce(
      CASE WHEN f IS NULL THEN 'malformed CSV line (unbalanced quotes)' END,
      CASE WHEN cardinality(f) <> ${LEIE_HEADER.length} AND cardinality(f) < ${width} THEN 'expected ${LEIE_HEADER.length} fields, got ' || cardinality(f) END,
      CASE WHEN ${npi} !~ '^[0-9]{10}$' THEN 'NPI: not 10 digits (' || left(${npi}, 20) || ')' END,
      CASE WHEN ${v('LASTNAME')} IS NULL AND ${v('BUSNAME')} IS NULL THEN 'no LASTNAME and no BUSNAME' END,
      CASE WHEN ${state} !~ '^[A-Za-z]{2}$' THEN 'STATE: not a two-letter code (' || left(${state}, 20) || ')' END,
      ${dateError(v('EXCLDATE'), 'EXCLDATE')},
      CASE WHEN ${dateOf(v('EXCLDATE'))} IS NULL THEN 'EXCLDATE is missing' END,
      ${dateError(v('DOB'), 'DOB')}, ${dateError(v('REINDATE'), 'REINDATE')}, ${dateError(v('WAIVERDATE'), 'WAIVERDATE')})`;
  const value: Record<(typeof LEIE_FIELDS)[number], string> = {
    last_name: v('LASTNAME'),
    first_name: v('FIRSTNAME'),
    mid_name: v('MIDNAME'),
    bus_name: v('BUSNAME'),
    general: v('GENERAL'),
    specialty: v('SPECIALTY'),
    upin: v('UPIN'),
    npi: `CASE WHEN ${npi} ~ '^0+$' THEN NULL ELSE ${npi} END`,
    dob: dateOf(v('DOB')),
    address: v('ADDRESS'),
    city: v('CITY'),
    state: `upper(${state})`,
    zip: v('ZIP'),
    excl_type: v('EXCLTYPE'),
    excl_date: dateOf(v('EXCLDATE')),
    rein_date: dateOf(v('REINDATE')),
    waiver_date: dateOf(v('WAIVERDATE')),
    waiver_state: v('WVRSTATE'),
  };
  const rowKey = `md5(${['last_name', 'first_name', 'mid_name', 'bus_name'].map(upperOf).join(` || chr(31) || `)} || chr(31) || coalesce(npi, '') || chr(31) || coalesce(dob, '') || chr(31) || coalesce(excl_date, ''))`;
  const contentHash = `md5(${LEIE_FIELDS.map((c) => `coalesce(${c}, '')`).join(` || chr(31) || `)})`;
  return `CREATE TEMP TABLE ${STAGING} AS
    SELECT line, reject, ${LEIE_FIELDS.join(', ')}, CASE WHEN reject IS NULL THEN ${rowKey} END AS row_key, CASE WHEN reject IS NULL THEN ${contentHash} END AS content_hash
      FROM (SELECT line, ${reject} AS reject, ${LEIE_FIELDS.map((c) => `${value[c]} AS ${c}`).join(', ')} FROM (${trimmed}) t OFFSET 0) checked`;
}

/** Staging rows (text) as the mirror's columns: the dates (yyyy-mm-dd, checked) cast. */
const WANTED_COLUMNS = ['row_key', 'content_hash', ...LEIE_FIELDS.map((c) => (c === 'dob' || c.endsWith('_date') ? `${c}::date AS ${c}` : c))].join(', ');

async function write(stream: Writable, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

export async function importLeie(options: LeieImportOptions): Promise<LeieImportReport> {
  const started = Date.now();
  const kind = options.supplement ? 'supplement' : 'full';
  const name = basename(options.file);
  const sample = !!options.sample || /sample/i.test(name);
  const { size } = await stat(options.file);
  const pool = new Pool({ connectionString: options.databaseUrl, max: 1, options: `-c search_path=${options.schema},public`, statement_timeout: 0 });
  const client = await pool.connect();
  const counters = { bytes: 0, rowsRead: 0, rowsImported: 0, rowsRejected: 0 };
  let importId = 0;
  try {
    const { rows: locked } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [`${options.schema}:${LOCK_KEY}`]);
    if (!locked[0].ok) throw new Error('another LEIE import is running: wait for it to finish');
    await client.query(`UPDATE leie_imports SET status = 'failed', finished_at = now() WHERE status = 'running'`);
    const { rows } = await client.query<{ id: string }>(`INSERT INTO leie_imports (kind, file_name, sample, status) VALUES ($1, $2, $3, 'running') RETURNING id`, [kind, name, sample]);
    importId = Number(rows[0].id);
    // Staging is this session's (temporary tables): nothing to clean up after a crash.
    await client.query(`CREATE TEMP TABLE ${LINES} (line bigint GENERATED ALWAYS AS IDENTITY, text text NOT NULL)`);

    // 1. Stream the file into the lines table.
    const progress = () => options.onProgress?.({ file: name, totalBytes: size, ...counters });
    const input = createReadStream(options.file, { highWaterMark: 1 << 20, encoding: 'utf8' });
    const abort = () => input.destroy(new LeieImportInterrupted());
    options.signal?.addEventListener('abort', abort, { once: true });
    if (options.signal?.aborted) throw new LeieImportInterrupted();
    const copy = client.query(copyFrom(`COPY ${LINES} (text) FROM STDIN`));
    let copyError: Error | undefined;
    copy.on('error', (e: Error) => {
      copyError = e;
    });
    let lines = 0;
    try {
      let carry = '';
      for await (const chunk of input as AsyncIterable<string>) {
        if (copyError) throw copyError;
        counters.bytes = input.bytesRead;
        const out = copyTextChunk(carry + chunk, false);
        carry = out.carry;
        lines += countLines(out.text);
        counters.rowsRead = Math.max(lines - 1, 0);
        await write(copy, out.text);
        progress();
      }
      if (carry) await write(copy, copyTextChunk(carry, true).text);
    } finally {
      options.signal?.removeEventListener('abort', abort);
    }
    if (copyError) throw copyError;
    const finished = once(copy, 'finish');
    copy.end();
    await finished;
    if (options.signal?.aborted) throw new LeieImportInterrupted();
    const readDone = Date.now();

    // 2. Check the rows (set-based), csv-parse for the lines that need it.
    const { rows: head } = await client.query<{ line: string; text: string }>(`SELECT line, text FROM ${LINES} WHERE NOT (${BLANK}) ORDER BY line LIMIT 1`);
    if (!head[0]) throw new Error(`${name} is empty: no header line`);
    const header = splitLeieLine(head[0].text.replace(/^\uFEFF/, ''));
    if (!header) throw new Error(`${name}: the header line is not CSV`);
    const layout = leieLayout(header);
    await client.query(PARSED_DDL(Number(head[0].line)));
    await parseSlowLines(client);
    await client.query(stagingSql(layout));
    const { rows: checked } = await client.query<{ read: number; rejected: number; rejects: LeieReject[] | null }>(
      `SELECT count(*)::int AS read, count(reject)::int AS rejected,
              (SELECT jsonb_agg(jsonb_build_object('line', line, 'reason', reject) ORDER BY line)
                 FROM (SELECT line, reject FROM ${STAGING} WHERE reject IS NOT NULL ORDER BY line LIMIT ${MAX_REJECTS_REPORTED}) r) AS rejects
         FROM ${STAGING}`,
    );
    counters.rowsRead = checked[0].read;
    counters.rowsRejected = checked[0].rejected;
    counters.rowsImported = checked[0].read - checked[0].rejected;
    const rejects = (checked[0].rejects ?? []).map((r) => ({ line: Number(r.line), reason: r.reason }));
    progress();
    if (options.signal?.aborted) throw new LeieImportInterrupted();
    const checkDone = Date.now();

    // 3. Apply to the mirror in one transaction (searches see the old mirror until it commits).
    const { added, removed } = await apply(client, importId, kind);
    const applyDone = Date.now();
    const { rows: total } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM leie_exclusions`);
    await client.query(`DROP TABLE IF EXISTS ${STAGING}, ${PARSED}, ${LINES}`);
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
      phases: { read: (readDone - started) / 1000, check: (checkDone - readDone) / 1000, apply: (applyDone - checkDone) / 1000 },
      seconds,
      rowsPerSecond: Math.round(counters.rowsRead / Math.max(seconds, 0.001)),
    };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    if (importId) await client.query(`UPDATE leie_imports SET status = 'failed', finished_at = now() WHERE id = $1`, [importId]).catch(() => undefined);
    await client.query(`DROP TABLE IF EXISTS ${STAGING}, ${PARSED}, ${LINES}`).catch(() => undefined);
    throw err;
  } finally {
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    client.release();
    await pool.end();
  }
}

/** The lines SQL did not split (not plain `"a","b",…`): csv-parse, a batch at a time; the malformed stay null. */
async function parseSlowLines(client: PoolClient): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await client.query<{ line: string; text: string }>(
      `SELECT p.line, l.text FROM ${PARSED} p JOIN ${LINES} l USING (line) WHERE p.f IS NULL AND p.line > $1 ORDER BY p.line LIMIT ${SLOW_PATH_BATCH}`,
      [after],
    );
    if (!rows.length) return;
    after = Number(rows[rows.length - 1].line);
    const parsed = rows.map((r) => ({ line: Number(r.line), f: splitLeieLine(r.text) })).filter((r) => r.f);
    if (parsed.length)
      await client.query(
        `UPDATE ${PARSED} p SET f = ARRAY(SELECT jsonb_array_elements_text(x.f)) FROM jsonb_to_recordset($1::jsonb) AS x(line bigint, f jsonb) WHERE p.line = x.line`,
        [JSON.stringify(parsed)],
      );
  }
}

const COLS = LEIE_COLUMNS.join(', ');
const REBUILD_SEARCH_INDEX_AT = 10_000;
/** The migration's trigram index of the search (Migration20261227000001_monitoring). */
const SEARCH_INDEX_DDL = `CREATE INDEX IF NOT EXISTS leie_exclusions_search ON leie_exclusions USING gin (search_text public.gin_trgm_ops)`;
const UPDATE_SET = [...LEIE_COLUMNS.slice(1), 'line'].map((c) => `${c} = w.${c}`).join(', ');

/**
 * The checked rows, last line of a duplicated identity winning, applied with the changes recorded,
 * all by joins: the new and changed identities (`leie_delta`) are inserted / updated, the rows a
 * full file lacks or a supplement reinstates deleted.
 */
async function apply(client: PoolClient, importId: number, kind: 'full' | 'supplement'): Promise<{ added: number; removed: number }> {
  await client.query('BEGIN');
  // The file's exclusions, one per identity (its last line).
  await client.query(
    `CREATE TEMP TABLE leie_wanted ON COMMIT DROP AS SELECT DISTINCT ON (row_key) ${WANTED_COLUMNS}, line FROM ${STAGING}
      WHERE reject IS NULL ${kind === 'full' ? '' : 'AND rein_date IS NULL'} ORDER BY row_key, line DESC`,
  );
  await client.query(`ANALYZE leie_wanted`);
  const delta = await client.query(
    `CREATE TEMP TABLE leie_delta ON COMMIT DROP AS
       SELECT w.row_key, e.row_key IS NOT NULL AS existing FROM leie_wanted w LEFT JOIN leie_exclusions e ON e.row_key = w.row_key
        WHERE e.row_key IS NULL OR e.content_hash <> w.content_hash`,
  );
  const added = delta.rowCount ?? 0;
  // Many new or changed rows (a first import, a big monthly change): the search index is built
  // again after them instead of taking them one by one (searches wait for the commit either way).
  const rebuild = added > REBUILD_SEARCH_INDEX_AT;
  if (rebuild) await client.query(`DROP INDEX IF EXISTS leie_exclusions_search`);
  const gone =
    kind === 'full'
      ? `DELETE FROM leie_exclusions e WHERE NOT EXISTS (SELECT 1 FROM leie_wanted w WHERE w.row_key = e.row_key) RETURNING row_key`
      : // Reinstatements: the exclusion they name leaves the mirror (unless the same file excludes it again).
        `DELETE FROM leie_exclusions e USING (SELECT DISTINCT row_key FROM ${STAGING} WHERE reject IS NULL AND rein_date IS NOT NULL) s
          WHERE e.row_key = s.row_key AND NOT EXISTS (SELECT 1 FROM leie_wanted w WHERE w.row_key = e.row_key) RETURNING e.row_key`;
  const r = await client.query(`WITH gone AS (${gone}) INSERT INTO leie_changes (import_id, row_key, change) SELECT $1, row_key, 'removed' FROM gone`, [importId]);
  if (added) {
    await client.query(
      `UPDATE leie_exclusions e SET ${UPDATE_SET}, import_id = $1 FROM leie_wanted w JOIN leie_delta d ON d.row_key = w.row_key AND d.existing WHERE e.row_key = w.row_key`,
      [importId],
    );
    await client.query(
      `INSERT INTO leie_exclusions (${COLS}, import_id, line) SELECT ${LEIE_COLUMNS.map((c) => `w.${c}`).join(', ')}, $1, w.line FROM leie_wanted w JOIN leie_delta d ON d.row_key = w.row_key AND NOT d.existing`,
      [importId],
    );
    await client.query(`INSERT INTO leie_changes (import_id, row_key, change) SELECT $1, row_key, 'added' FROM leie_delta`, [importId]);
  }
  if (rebuild) await client.query(SEARCH_INDEX_DDL);
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
