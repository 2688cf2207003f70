import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { parse as parseSync } from 'csv-parse/sync';
import { Pool, type PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  PROVIDER_COLUMNS,
  endpointLayout,
  mapEndpointRecord,
  mapNppesRecord,
  nppesLayout,
  type ProviderRow,
} from '../domain/registry/nppes-record';
import type { TaxonomyTable } from '../domain/registry/taxonomy';
import { fileDate, openCsvFile, openNppesSource, type CsvSource } from './nppes-source';
import { asciiNorm, asciiOrgKey } from './normalise';
import {
  ENDPOINTS_NEXT_TABLE,
  ENDPOINTS_OLD_TABLE,
  ENDPOINTS_TABLE,
  NEXT_TABLE,
  OLD_TABLE,
  PROVIDERS_TABLE,
  PROVIDER_SEARCH_COLUMNS_SQL,
  SEARCH_COLUMNS,
  WORD_COUNTS_NEXT_TABLE,
  WORD_COUNTS_OLD_TABLE,
  WORD_COUNTS_TABLE,
  WORDS_NEXT_TABLE,
  WORDS_OLD_TABLE,
  WORDS_TABLE,
  endpointsKeyDdl,
  endpointsTableDdl,
  orgWordCountsFillSql,
  orgWordCountsKeyDdl,
  orgWordCountsTableDdl,
  orgWordsFillSql,
  orgWordsIndexDdl,
  orgWordsReplaceSql,
  orgWordsTableDdl,
  providersIndexDdl,
} from './schema';
import { nuccTaxonomy } from './taxonomy';

/**
 * The NPPES importer (`npm run nppes:import`). Streams the file (a fast splitter for NPPES's
 * fully quoted lines, csv-parse for anything else; never the whole file in memory) into Postgres with COPY (pg-copy-streams), columns mapped by header name:
 *
 * - full import: into `registry_providers_next`, in COPY batches of `batchRows` lines (each its
 *   own short transaction: a long one would hold back every event-store reader of the server),
 *   with the search columns computed here (Postgres computes them for non-ASCII names); then the
 *   primary key, indexes, organisation words and endpoints tables on two connections at once;
 *   then one short transaction renames the new tables in place of the live ones: searches read
 *   the old tables until that commit, the new ones after;
 * - incremental (`--incremental`, the weekly files): into `registry_incoming`, then one upsert
 *   transaction (the last line of an NPI wins).
 *
 * An interrupted run leaves the live table as it was; the next run starts its staging table
 * afresh, so re-running never duplicates. One import at a time (advisory lock). Every run is
 * a row of `registry_imports` (file, date, counts, rejects by reason).
 */
export type ImportOptions = {
  databaseUrl: string;
  schema: string;
  file: string;
  endpointsFile?: string;
  incremental?: boolean;
  /** Marks every imported row as sample data (also when the file name says 'sample'). */
  sample?: boolean;
  /** Lines per COPY transaction. */
  batchRows?: number;
  onProgress?: (p: ImportProgress) => void;
  signal?: AbortSignal;
  taxonomy?: TaxonomyTable;
  /** `maintenance_work_mem` of each index-building session (default 1GB; an index sorts in memory up to it). */
  maintenanceWorkMem?: string;
};

/** `maintenance_work_mem` of the import's sessions (each of the two index-building connections). */
const DEFAULT_MAINTENANCE_WORK_MEM = '1GB';

export type ImportPhase = 'providers' | 'endpoints' | 'indexes' | 'swap' | 'upsert';

export type ImportProgress = {
  phase: ImportPhase;
  file: string;
  bytes: number;
  totalBytes: number;
  rowsRead: number;
  rowsImported: number;
  rowsRejected: number;
};

export type RejectSample = { line: number; reason: string; npi?: string };

export type ImportReport = {
  importId: number;
  kind: 'full' | 'incremental';
  file: string;
  fileDate: string | null;
  endpointsFile: string | null;
  sample: boolean;
  rowsRead: number;
  rowsImported: number;
  rowsRejected: number;
  rejects: Record<string, number>;
  rejectSamples: RejectSample[];
  endpointsRead: number;
  endpointsImported: number;
  seconds: number;
  rowsPerSecond: number;
};

export class ImportInterrupted extends Error {
  constructor() {
    super('import interrupted: the mirror was left as it was');
  }
}

const INCOMING_TABLE = 'registry_incoming';
/** Rows of a full import whose search columns Postgres computes (names with non-ASCII characters). */
const PENDING_TABLE = 'registry_pending';
const ENDPOINTS_INCOMING = 'registry_endpoints_incoming';
const LOCK_KEY = 'registry import';
/** Every table an import creates and drops again (or swaps in). */
const STAGING_TABLES = [NEXT_TABLE, INCOMING_TABLE, ENDPOINTS_INCOMING, PENDING_TABLE, WORDS_NEXT_TABLE, WORD_COUNTS_NEXT_TABLE, ENDPOINTS_NEXT_TABLE];
const MAX_REJECT_SAMPLES = 20;

/** COPY text format: tab-separated, \N for null, backslash escapes. */
const COPY_SPECIAL = /[\\\t\n\r]/;

function copyValue(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (typeof v === 'number') return String(v);
  if (!COPY_SPECIAL.test(v)) return v;
  return v.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

function copyLine(values: Array<string | number | boolean | null | undefined>): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += (i ? '\t' : '') + copyValue(values[i]);
  return `${line}\n`;
}

/**
 * A row's COPY text (tab-separated, no line end) for a fixed column list, compiled once: a
 * property read per column by its literal name instead of a lookup by a variable name.
 */
function compileCopyRow(columns: readonly string[]): (row: ProviderRow) => string {
  const body = columns.map((c) => `v(r[${JSON.stringify(c)}])`).join(` + '\\t' + `);
  return new Function('v', `return (r) => ${body};`)(copyValue) as (row: ProviderRow) => string;
}

/**
 * COPY text gathered row by row straight into a Buffer (UTF-8), handed to the COPY stream when
 * about 256 KiB are there: no long string built by concatenation to flatten and encode again
 * on each write (that took ~2 µs a row).
 */
const COPY_BUFFER_SIZE = 512 * 1024;
const COPY_FLUSH_AT = 256 * 1024;

class CopyBuffer {
  private buf = Buffer.allocUnsafe(COPY_BUFFER_SIZE);
  size = 0;

  add(text: string): void {
    // A UTF-16 code unit takes at most 3 UTF-8 bytes.
    if (this.size + 3 * text.length > this.buf.length) {
      const grown = Buffer.allocUnsafe(Math.max(2 * this.buf.length, this.size + 3 * text.length));
      this.buf.copy(grown, 0, 0, this.size);
      this.buf = grown;
    }
    this.size += this.buf.write(text, this.size, 'utf8');
  }

  get full(): boolean {
    return this.size >= COPY_FLUSH_AT;
  }

  /** The bytes gathered (the stream keeps them until sent: a new buffer takes over). */
  take(): Buffer {
    const out = this.buf.subarray(0, this.size);
    this.buf = Buffer.allocUnsafe(COPY_BUFFER_SIZE);
    this.size = 0;
    return out;
  }
}

/** A COPY stream's failure, kept so that a write after it fails at once instead of waiting for 'drain'. */
const copyErrors = new WeakMap<Writable, Error>();

function watched(stream: Writable): Writable {
  stream.on('error', (e: Error) => copyErrors.set(stream, e));
  return stream;
}

async function write(stream: Writable, chunk: string | Buffer): Promise<void> {
  const failed = copyErrors.get(stream);
  if (failed) throw failed;
  if (!stream.write(chunk)) await once(stream, 'drain');
}

async function finishCopy(stream: Writable): Promise<void> {
  const failed = copyErrors.get(stream);
  if (failed) throw failed;
  const done = once(stream, 'finish');
  stream.end();
  await done;
}

type Counters = Omit<ImportProgress, 'phase' | 'file' | 'totalBytes'> & { rejects: Record<string, number>; samples: RejectSample[] };

export async function importNppes(options: ImportOptions): Promise<ImportReport> {
  const started = Date.now();
  const kind = options.incremental ? 'incremental' : 'full';
  const taxonomy = options.taxonomy ?? nuccTaxonomy();
  const batchRows = options.batchRows ?? 100_000;
  const source = await openNppesSource(options.file);
  const endpointsSource = options.endpointsFile ? await openCsvFile(options.endpointsFile) : source.endpoints;
  const sample = !!options.sample || /sample/i.test(source.data.name);
  const pool = new Pool({
    connectionString: options.databaseUrl,
    // The advisory lock, the loading connection, a second one for the index builds, one reading the endpoints, one to cancel the builds.
    max: 5,
    options: `-c search_path=${options.schema},public`,
    // Index builds on millions of rows run for minutes; the lock wait of the swap is bounded below.
    statement_timeout: 0,
  });
  const lock = await pool.connect();
  let db = await pool.connect();
  let dbBroken = false;
  let importId = 0;
  const counters: Counters = { bytes: 0, rowsRead: 0, rowsImported: 0, rowsRejected: 0, rejects: {}, samples: [] };
  let endpointsRead = 0;
  let endpointsImported = 0;
  try {
    const { rows: locked } = await lock.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [`${options.schema}:${LOCK_KEY}`]);
    if (!locked[0].ok) throw new Error('another NPPES import is running on this mirror: wait for it to finish');
    // A run killed outright (kill -9, power loss) left its row 'running': it did not finish.
    await db.query(`UPDATE registry_imports SET status = 'failed', finished_at = now(), message = 'did not finish' WHERE status = 'running'`);
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO registry_imports (kind, file_name, file_date, endpoints_file, sample, status) VALUES ($1, $2, $3, $4, $5, 'running') RETURNING id`,
      [kind, source.data.name, fileDate(source.data.name), endpointsSource?.name ?? null, sample],
    );
    importId = Number(rows[0].id);
    await tuneSession(db, options);
    const progress = (phase: ImportPhase, src: CsvSource = source.data, bytes = counters.bytes) =>
      options.onProgress?.({ phase, file: src.name, totalBytes: src.size, bytes, rowsRead: counters.rowsRead, rowsImported: counters.rowsImported, rowsRejected: counters.rowsRejected });

    const target = kind === 'full' ? NEXT_TABLE : INCOMING_TABLE;
    await db.query(`DROP TABLE IF EXISTS ${STAGING_TABLES.join(', ')}`);
    if (kind === 'full') {
      await db.query(`CREATE TABLE ${NEXT_TABLE} (LIKE ${PROVIDERS_TABLE} INCLUDING DEFAULTS)`);
      await db.query(`CREATE UNLOGGED TABLE ${PENDING_TABLE} AS SELECT ${PROVIDER_COLUMNS.join(', ')} FROM ${PROVIDERS_TABLE} WITH NO DATA`);
    } else {
      await db.query(`CREATE UNLOGGED TABLE ${INCOMING_TABLE} AS SELECT ${PROVIDER_COLUMNS.join(', ')} FROM ${PROVIDERS_TABLE} WITH NO DATA`);
      await db.query(`ALTER TABLE ${INCOMING_TABLE} ADD COLUMN line bigint`);
    }
    // A full import gives the search columns itself (ASCII names, nearly all of them); a row
    // with other characters goes to the pending table, and Postgres computes its search columns
    // when it is moved into the new table after each batch. An incremental upsert computes them in SQL.
    const columns = kind === 'full' ? [...PROVIDER_COLUMNS, ...SEARCH_COLUMNS] : [...PROVIDER_COLUMNS, 'line'];
    const copySql = `COPY ${target} (${columns.join(', ')}) FROM STDIN`;
    let pending = '';
    // NPIs sent to the pending table in this batch: a later line of one of them goes there too,
    // so the rows keep their file order (the last line of a duplicated NPI wins, below).
    const pendingNpis = new Set<string>();
    const movePending = async () => {
      pendingNpis.clear();
      if (!pending) return;
      const copy = watched(db.query(copyFrom(`COPY ${PENDING_TABLE} (${PROVIDER_COLUMNS.join(', ')}) FROM STDIN`)));
      await write(copy, pending);
      await finishCopy(copy);
      pending = '';
      await db.query(
        `WITH moved AS (DELETE FROM ${PENDING_TABLE} RETURNING *)
         INSERT INTO ${NEXT_TABLE} (${columns.join(', ')})
         SELECT ${PROVIDER_COLUMNS.join(', ')}, ${SEARCH_COLUMNS.map((c) => PROVIDER_SEARCH_COLUMNS_SQL[c]).join(', ')} FROM moved`,
      );
    };

    const providerText = compileCopyRow(PROVIDER_COLUMNS);

    // 1. Providers, streamed in COPY batches.
    await streamCsv(source.data, options.signal, counters, async (batches) => {
      let header: string[] | undefined;
      let layout: ReturnType<typeof nppesLayout> | undefined;
      let copy: Writable | undefined;
      let inBatch = 0;
      const buffer = new CopyBuffer();
      let lastReport = 0;
      for await (const batch of batches) for (const record of batch) {
        if (!layout) {
          header = record as string[];
          layout = nppesLayout(header);
          continue;
        }
        counters.rowsRead++;
        const mapped = mapNppesRecord(record as string[], layout, taxonomy, { sample });
        if ('reject' in mapped) {
          reject(counters, mapped.reject, counters.rowsRead + 1, mapped.npi);
          continue;
        }
        const row: ProviderRow = mapped.row;
        const text = providerText(row);
        inBatch++;
        counters.rowsImported++;
        if (kind === 'incremental') buffer.add(`${text}\t${counters.rowsRead}\n`);
        else {
          const last = asciiNorm(row.last_name as string | null);
          const first = asciiNorm(row.first_name as string | null);
          const city = asciiNorm(row.loc_city as string | null);
          const org = asciiOrgKey(row.organization_name as string | null);
          if (last === undefined || first === undefined || city === undefined || org === undefined || pendingNpis.has(row.npi as string)) {
            pending += `${text}\n`;
            pendingNpis.add(row.npi as string);
            continue;
          }
          buffer.add(`${text}\t${copyValue(last)}\t${copyValue(first)}\t${copyValue(city)}\t${copyValue(org)}\n`);
        }
        if (buffer.full) {
          copy ??= watched(db.query(copyFrom(copySql)));
          await write(copy, buffer.take());
        }
        if (inBatch >= batchRows) {
          copy ??= watched(db.query(copyFrom(copySql)));
          if (buffer.size) await write(copy, buffer.take());
          await finishCopy(copy);
          copy = undefined;
          inBatch = 0;
          await movePending();
        }
        if (counters.rowsRead - lastReport >= 5000) {
          lastReport = counters.rowsRead;
          progress(kind === 'full' ? 'providers' : 'upsert');
        }
      }
      if (!layout) throw new Error(`${source.data.name} is empty: no header line`);
      if (buffer.size || copy) {
        copy ??= watched(db.query(copyFrom(copySql)));
        if (buffer.size) await write(copy, buffer.take());
        await finishCopy(copy);
      }
      await movePending();
      progress(kind === 'full' ? 'providers' : 'upsert');
    }, layoutColumns);

    // 2. Endpoints (one line per endpoint of an NPI) into an unlogged table, gathered per NPI
    // later. A full import reads them on a connection of their own while the index builds run
    // (the JavaScript thread is free then, Postgres busy); an incremental one reads them now.
    const loadEndpoints = async (client: PoolClient, src: CsvSource, signal: AbortSignal | undefined) => {
      await client.query(`CREATE UNLOGGED TABLE ${ENDPOINTS_INCOMING} (npi text COLLATE "C" NOT NULL, line bigint NOT NULL, endpoint jsonb NOT NULL)`);
      const endpointCounters: Counters = { bytes: 0, rowsRead: 0, rowsImported: 0, rowsRejected: 0, rejects: {}, samples: [] };
      await streamCsv(src, signal, endpointCounters, async (batches) => {
        let layout: ReturnType<typeof endpointLayout> | undefined;
        const copy = watched(client.query(copyFrom(`COPY ${ENDPOINTS_INCOMING} (npi, line, endpoint) FROM STDIN`)));
        const buffer = new CopyBuffer();
        for await (const batch of batches) for (const record of batch) {
          if (!layout) {
            layout = endpointLayout(record as string[]);
            continue;
          }
          endpointCounters.rowsRead++;
          const mapped = mapEndpointRecord(record as string[], layout);
          if ('reject' in mapped) {
            reject(counters, `endpoint: ${mapped.reject}`, endpointCounters.rowsRead + 1, mapped.npi);
            continue;
          }
          buffer.add(copyLine([mapped.npi, endpointCounters.rowsRead, JSON.stringify(mapped.endpoint)]));
          if (buffer.full) await write(copy, buffer.take());
        }
        if (buffer.size) await write(copy, buffer.take());
        await finishCopy(copy);
      });
      endpointsRead = endpointCounters.rowsRead;
      if (kind === 'incremental') options.onProgress?.({ phase: 'endpoints', file: src.name, totalBytes: src.size, bytes: endpointCounters.bytes, rowsRead: counters.rowsRead, rowsImported: counters.rowsImported, rowsRejected: counters.rowsRejected });
    };
    if (endpointsSource && kind === 'incremental') {
      progress('endpoints', endpointsSource, 0);
      await loadEndpoints(db, endpointsSource, options.signal);
    }
    checkAborted(options.signal);

    if (kind === 'full') {
      // 3. Primary key (a duplicated NPI keeps its last line), the organisation words and the
      // indexes, on two connections at once, the endpoints read on a third; then the swap.
      progress('indexes');
      const stopEndpoints = new AbortController();
      let endpointsClient: PoolClient | undefined;
      let endpointsFailed = false;
      let endpointsLoad: Promise<void> | undefined;
      if (endpointsSource) {
        endpointsClient = await pool.connect();
        const signal = options.signal ? AbortSignal.any([options.signal, stopEndpoints.signal]) : stopEndpoints.signal;
        endpointsLoad = loadEndpoints(endpointsClient, endpointsSource, signal).catch((err: unknown) => {
          endpointsFailed = true;
          throw err;
        });
        endpointsLoad.catch(() => undefined);
      }
      try {
        endpointsImported = await buildIndexes(pool, db, importId, counters, options, endpointsLoad);
      } catch (err) {
        stopEndpoints.abort();
        throw err;
      } finally {
        // Settled before anything drops its table; a connection left in the middle of a COPY is closed.
        await endpointsLoad?.catch(() => undefined);
        endpointsClient?.release(endpointsFailed);
      }
      checkAborted(options.signal);
      progress('swap');
      await db.query('BEGIN');
      try {
        await db.query(`SET LOCAL lock_timeout = '30s'`);
        await db.query(`ALTER TABLE ${PROVIDERS_TABLE} RENAME TO ${OLD_TABLE}`);
        await db.query(`ALTER TABLE ${NEXT_TABLE} RENAME TO ${PROVIDERS_TABLE}`);
        await db.query(`ALTER TABLE ${WORDS_TABLE} RENAME TO ${WORDS_OLD_TABLE}`);
        await db.query(`ALTER TABLE ${WORDS_NEXT_TABLE} RENAME TO ${WORDS_TABLE}`);
        await db.query(`ALTER TABLE ${WORD_COUNTS_TABLE} RENAME TO ${WORD_COUNTS_OLD_TABLE}`);
        await db.query(`ALTER TABLE ${WORD_COUNTS_NEXT_TABLE} RENAME TO ${WORD_COUNTS_TABLE}`);
        await db.query(`ALTER TABLE ${ENDPOINTS_TABLE} RENAME TO ${ENDPOINTS_OLD_TABLE}`);
        await db.query(`ALTER TABLE ${ENDPOINTS_NEXT_TABLE} RENAME TO ${ENDPOINTS_TABLE}`);
        await db.query(`DROP TABLE ${OLD_TABLE}, ${WORDS_OLD_TABLE}, ${WORD_COUNTS_OLD_TABLE}, ${ENDPOINTS_OLD_TABLE}`);
        await finishImport(db, importId, counters, endpointsImported);
        await db.query('COMMIT');
      } catch (err) {
        await db.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
    } else {
      progress('upsert');
      const set = [...PROVIDER_COLUMNS.filter((c) => c !== 'npi' && c !== 'sample'), ...SEARCH_COLUMNS].map((c) => `${c} = EXCLUDED.${c}`).join(', ');
      await db.query('BEGIN');
      try {
        const { rowCount } = await db.query(
          `INSERT INTO ${PROVIDERS_TABLE} (${PROVIDER_COLUMNS.join(', ')}, ${SEARCH_COLUMNS.join(', ')})
           SELECT ${PROVIDER_COLUMNS.join(', ')}, ${SEARCH_COLUMNS.map((c) => PROVIDER_SEARCH_COLUMNS_SQL[c]).join(', ')}
             FROM (SELECT DISTINCT ON (npi) * FROM ${INCOMING_TABLE} ORDER BY npi, line DESC) latest
           ON CONFLICT (npi) DO UPDATE SET ${set}, sample = ${PROVIDERS_TABLE}.sample AND EXCLUDED.sample`,
        );
        const duplicates = counters.rowsImported - (rowCount ?? 0);
        if (duplicates > 0) counters.rejects['duplicate NPI (the last line kept)'] = duplicates;
        counters.rowsImported = rowCount ?? 0;
        counters.rowsRejected = counters.rowsRead - counters.rowsImported;
        // The changed organisations' words: dropped and written again from their new rows, the word counts with them.
        await db.query(orgWordsReplaceSql(PROVIDERS_TABLE, INCOMING_TABLE));
        if (endpointsSource) endpointsImported = await applyEndpoints(db);
        await finishImport(db, importId, counters, endpointsImported);
        await db.query('COMMIT');
      } catch (err) {
        await db.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
    }
    await db.query(`DROP TABLE IF EXISTS ${INCOMING_TABLE}, ${ENDPOINTS_INCOMING}, ${PENDING_TABLE}`);
    // The words pages an incremental file changed are all-visible again (index-only searches).
    if (kind === 'incremental') await db.query(`VACUUM (ANALYZE) ${WORDS_TABLE}, ${WORD_COUNTS_TABLE}`);
    const seconds = (Date.now() - started) / 1000;
    return {
      importId,
      kind,
      file: source.data.name,
      fileDate: fileDate(source.data.name),
      endpointsFile: endpointsSource?.name ?? null,
      sample,
      rowsRead: counters.rowsRead,
      rowsImported: counters.rowsImported,
      rowsRejected: counters.rowsRejected,
      rejects: counters.rejects,
      rejectSamples: counters.samples,
      endpointsRead,
      endpointsImported,
      seconds,
      rowsPerSecond: Math.round(counters.rowsRead / Math.max(seconds, 0.001)),
    };
  } catch (err) {
    const interrupted = options.signal?.aborted;
    // The connection may be in the middle of a COPY: drop it, clean up on a fresh one.
    db.release(true);
    dbBroken = true;
    db = await pool.connect();
    dbBroken = false;
    if (importId) {
      await db
        .query(`UPDATE registry_imports SET status = 'failed', finished_at = now(), rows_read = $2, message = $3 WHERE id = $1`, [
          importId,
          counters.rowsRead,
          interrupted ? 'interrupted' : (err as Error).message.slice(0, 500),
        ])
        .catch(() => undefined);
    }
    await db.query(`DROP TABLE IF EXISTS ${STAGING_TABLES.join(', ')}`).catch(() => undefined);
    throw interrupted ? new ImportInterrupted() : err;
  } finally {
    await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [`${options.schema}:${LOCK_KEY}`]).catch(() => undefined);
    lock.release();
    if (!dbBroken) db.release();
    await pool.end();
  }
}

/** Session settings of the import's connections: index sorts in memory, commits without waiting for the WAL flush (a crash means a re-run). */
async function tuneSession(client: PoolClient, options: ImportOptions): Promise<void> {
  const mem = options.maintenanceWorkMem ?? DEFAULT_MAINTENANCE_WORK_MEM;
  if (!/^\d+\s*(kB|MB|GB)$/.test(mem)) throw new Error(`maintenanceWorkMem: a size like '512MB', not ${mem}`);
  await client.query(`SET maintenance_work_mem = '${mem}'`);
  await client.query('SET synchronous_commit = off');
}

/**
 * The new table's primary key (a duplicated NPI keeps its last line), search indexes and
 * organisation words, on two connections at once (each index build is one statement; two
 * run side by side, and Postgres may add parallel workers to each). The words are filled once
 * the primary key has settled the duplicates. Then the planner statistics, and a VACUUM of the
 * words table so that its searches are index-only scans.
 */
async function buildIndexes(pool: Pool, db: PoolClient, importId: number, counters: Counters, options: ImportOptions, endpoints: Promise<void> | undefined): Promise<number> {
  const [pkey, ...indexes] = providersIndexDdl(NEXT_TABLE, importId);
  const second = await pool.connect();
  let failed = false;
  let endpointsImported = 0;
  try {
    await tuneSession(second, options);
    const pids = [(await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid, (await second.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid];
    const primaryKey = async () => {
      try {
        await db.query(pkey);
      } catch (err) {
        if ((err as { code?: string }).code !== '23505') throw err;
        const { rowCount } = await db.query(`DELETE FROM ${NEXT_TABLE} a USING ${NEXT_TABLE} b WHERE a.npi = b.npi AND a.ctid < b.ctid`);
        counters.rowsImported -= rowCount ?? 0;
        counters.rowsRejected += rowCount ?? 0;
        counters.rejects['duplicate NPI (the last line kept)'] = rowCount ?? 0;
        await db.query(pkey);
      }
    };
    const keyed = primaryKey();
    keyed.catch(() => undefined);
    const jobs: Array<(c: PoolClient) => Promise<unknown>> = [
      ...indexes.slice(0, 2).map((sql) => (c: PoolClient) => c.query(sql)),
      async (c) => {
        await keyed;
        await c.query(orgWordsTableDdl(WORDS_NEXT_TABLE));
        await c.query(orgWordsFillSql(WORDS_NEXT_TABLE, NEXT_TABLE));
        for (const sql of orgWordsIndexDdl(WORDS_NEXT_TABLE, importId)) await c.query(sql);
        await c.query(orgWordCountsTableDdl(WORD_COUNTS_NEXT_TABLE));
        await c.query(orgWordCountsFillSql(WORD_COUNTS_NEXT_TABLE, WORDS_NEXT_TABLE));
        await c.query(orgWordCountsKeyDdl(WORD_COUNTS_NEXT_TABLE, importId));
      },
      async (c) => {
        await keyed;
        await endpoints;
        await c.query(endpointsTableDdl(ENDPOINTS_NEXT_TABLE));
        if (endpoints) endpointsImported = (await c.query(endpointsFillSql(ENDPOINTS_NEXT_TABLE, NEXT_TABLE))).rowCount ?? 0;
        await c.query(endpointsKeyDdl(ENDPOINTS_NEXT_TABLE, importId));
      },
      ...indexes.slice(2).map((sql) => (c: PoolClient) => c.query(sql)),
    ];
    const worker = async (c: PoolClient, first?: Promise<void>) => {
      if (first) await first;
      for (let job = jobs.shift(); job; job = jobs.shift()) {
        checkAborted(options.signal);
        await job(c);
      }
    };
    await Promise.all([worker(db, keyed), worker(second)]).catch(async (err) => {
      failed = true;
      jobs.length = 0;
      // Stop the builds still running rather than wait minutes for them.
      await pool.query('SELECT pg_cancel_backend(pid) FROM unnest($1::int[]) AS pid', [pids]).catch(() => undefined);
      throw err;
    });
    // Once no build's snapshot is open any more, so that VACUUM can mark every page all-visible.
    // FREEZE: a page that another process holds pinned at that moment (the checkpointer writing
    // out this freshly filled table) is waited for instead of skipped, so that no page is left
    // out of the visibility map (an 8M-row run had 13 % left out: heap reads in index-only scans).
    await Promise.all([db.query(`ANALYZE ${NEXT_TABLE}`), second.query(`VACUUM (FREEZE, ANALYZE) ${WORDS_NEXT_TABLE}, ${WORD_COUNTS_NEXT_TABLE}`)]);
    return endpointsImported;
  } finally {
    second.release(failed);
  }
}

function reject(counters: Counters, reason: string, line: number, npi?: string) {
  counters.rowsRejected++;
  counters.rejects[reason] = (counters.rejects[reason] ?? 0) + 1;
  if (counters.samples.length < MAX_REJECT_SAMPLES) counters.samples.push({ line, reason, ...(npi ? { npi } : {}) });
}

function checkAborted(signal?: AbortSignal) {
  if (signal?.aborted) throw new ImportInterrupted();
}

/**
 * The columns a consumer reads, given the header line (undefined: all). With a filter, every
 * record, the header included, holds only those columns, in file order; a line with another
 * number of columns than the header gets one more (empty) value, so that it still counts as a
 * wrong number of columns.
 */
type ColumnFilter = (header: readonly string[]) => Uint8Array | undefined;

/**
 * Parses a CSV source as a stream of batches of records (arrays, one batch per chunk read),
 * counting bytes and malformed lines. NPPES files quote every value, so a line whose values are
 * each `"..."` with no quote or line break inside is split straight from the bytes (one pass, and
 * only the columns the consumer reads are decoded: a monthly file has 330 columns, the mirror
 * needs about 90); any other line (escaped quotes, a line break inside a value) goes through
 * csv-parse. A file that is not quoted that way is read by csv-parse throughout.
 */
async function streamCsv(
  source: CsvSource,
  signal: AbortSignal | undefined,
  counters: Counters,
  consume: (batches: AsyncIterable<string[][]>) => Promise<void>,
  filter?: ColumnFilter,
): Promise<void> {
  const input: Readable = await source.open();
  input.on('data', (chunk: Buffer) => {
    counters.bytes += chunk.length;
  });
  const abort = () => input.destroy(new ImportInterrupted());
  signal?.addEventListener('abort', abort, { once: true });
  try {
    checkAborted(signal);
    await consume(csvRecords(input, counters, filter));
  } finally {
    signal?.removeEventListener('abort', abort);
    input.destroy();
  }
}

const MAX_RECORD_LINES = 50;
const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

async function* csvRecords(input: Readable, counters: Counters, filter?: ColumnFilter): AsyncGenerator<string[][]> {
  let pending: string[] = [];
  let line = 0;
  let quoted: boolean | undefined;
  let columns: number | undefined;
  let header = false;
  let pick: Int32Array | undefined;
  let width = 0;
  let out: string[][] = [];
  let starts = new Int32Array(512);
  let ends = new Int32Array(512);
  const slow = (text: string): string[][] | undefined => {
    try {
      return parseSync(text, { relax_column_count: true, relax_quotes: true, skip_empty_lines: true }) as string[][];
    } catch {
      return undefined;
    }
  };
  const malformed = (at: number) => {
    counters.rowsRead++;
    reject(counters, 'malformed CSV line', at);
  };
  const compact = (record: string[]): string[] => {
    if (!pick) return record;
    const c = new Array<string>(pick.length + (record.length === width ? 0 : 1));
    for (let k = 0; k < pick.length; k++) c[k] = record[pick[k]] ?? '';
    if (record.length !== width) c[pick.length] = '';
    return c;
  };
  const emit = (record: string[]) => {
    if (!header) {
      header = true;
      width = record.length;
      const wanted = filter?.(record);
      if (wanted) pick = Int32Array.from(record.keys()).filter((i) => wanted[i] === 1);
    }
    out.push(compact(record));
  };
  /** The general path, one physical line at a time (a record may span several). */
  function take(raw: string): void {
    line++;
    let text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (quoted === undefined) quoted = text.startsWith('"') && text.endsWith('"');
    if (!pending.length) {
      if (!text) return;
      if (quoted && text.length > 1 && text.startsWith('"') && text.endsWith('"')) {
        const fields = text.slice(1, -1).split('","');
        if (!fields.some((f) => f.includes('"'))) {
          columns ??= fields.length;
          emit(fields);
          return;
        }
      }
      if (!quoted) {
        const records = slow(text);
        if (records) {
          columns ??= records[0]?.length;
          for (const r of records) emit(r);
        } else malformed(line);
        return;
      }
    }
    if (!pending.length) {
      // A stray quote in one line: csv-parse (relaxed) may still read it as one whole record.
      const alone = slow(text);
      if (alone?.length === 1 && alone[0].length === columns) {
        emit(alone[0]);
        return;
      }
    }
    pending.push(text);
    const joined = pending.join('\n');
    // An odd number of quotes: a value goes on over the next line.
    if ((joined.match(/"/g)?.length ?? 0) % 2 === 1 && pending.length < MAX_RECORD_LINES) return;
    const first = line - pending.length + 1;
    pending = [];
    const parsed = slow(joined);
    if (parsed && parsed.length === 1) {
      columns ??= parsed[0].length;
      emit(parsed[0]);
    } else for (let k = 0; k < joined.split('\n').length; k++) malformed(first + k);
  }
  /**
   * The fast path: the line [pos, nl) read straight from the bytes when every value is quoted
   * with no quote inside (false: the general path). The line is decoded once; the values the
   * consumer reads are substrings of it (or decoded one by one when it is not all ASCII).
   */
  function fast(buf: Buffer, pos: number, nl: number): boolean {
    const end = nl > pos && buf[nl - 1] === CR ? nl - 1 : nl;
    if (end - pos < 2 || buf[pos] !== QUOTE || buf[end - 1] !== QUOTE) return false;
    let n = 0;
    let i = pos;
    for (;;) {
      const s = i + 1;
      let j = s;
      while (j < end && buf[j] !== QUOTE) j++;
      if (j >= end) return false;
      if (n === starts.length) {
        const grow = (a: Int32Array) => {
          const b = new Int32Array(a.length * 2);
          b.set(a);
          return b;
        };
        starts = grow(starts);
        ends = grow(ends);
      }
      starts[n] = s;
      ends[n] = j;
      n++;
      if (j === end - 1) break;
      if (buf[j + 1] !== COMMA || buf[j + 2] !== QUOTE) return false;
      i = j + 2;
    }
    const text = buf.toString('utf8', pos, end);
    const ascii = text.length === end - pos;
    const value = (k: number) =>
      k >= n || starts[k] === ends[k] ? '' : ascii ? text.substring(starts[k] - pos, ends[k] - pos) : buf.toString('utf8', starts[k], ends[k]);
    let record: string[];
    if (pick) {
      record = new Array<string>(pick.length + (n === width ? 0 : 1));
      for (let k = 0; k < pick.length; k++) record[k] = value(pick[k]);
      if (n !== width) record[pick.length] = '';
    } else {
      record = new Array<string>(n);
      for (let k = 0; k < n; k++) record[k] = value(k);
    }
    line++;
    out.push(record);
    return true;
  }
  /** The lines of buf up to its line feed at `last`. */
  const lines = (buf: Buffer, last: number) => {
    let pos = 0;
    while (pos <= last) {
      const nl = buf.indexOf(LF, pos);
      if (!(header && quoted && !pending.length && fast(buf, pos, nl))) take(buf.toString('utf8', pos, nl));
      pos = nl + 1;
    }
  };
  let rest: Buffer | undefined;
  for await (const chunk of input) {
    let buf = chunk as Buffer;
    // The line the previous chunk ended in: its start and its end joined (not the whole chunk).
    if (rest) {
      const first = buf.indexOf(LF);
      if (first < 0) {
        rest = Buffer.concat([rest, buf]);
        continue;
      }
      const head = Buffer.concat([rest, buf.subarray(0, first + 1)]);
      rest = undefined;
      lines(head, head.length - 1);
      buf = buf.subarray(first + 1);
    }
    const last = buf.lastIndexOf(LF);
    if (last < 0) {
      rest = buf;
      continue;
    }
    lines(buf, last);
    rest = last + 1 < buf.length ? buf.subarray(last + 1) : undefined;
    if (out.length) {
      yield out;
      out = [];
    }
  }
  if (rest?.length) take(rest.toString('utf8'));
  if (pending.length) {
    const parsed = slow(pending.join('\n'));
    if (parsed && parsed.length === 1) emit(parsed[0]);
    else malformed(line - pending.length + 1);
  }
  if (out.length) yield out;
}

/** The columns of an NPPES data file the mirror reads. */
function layoutColumns(header: readonly string[]): Uint8Array {
  const layout = nppesLayout(header);
  const wanted = new Uint8Array(header.length);
  for (const i of Object.values(layout.at)) if (i >= 0) wanted[i] = 1;
  for (const t of layout.taxonomies) for (const i of [t.code, t.license, t.state, t.primary]) if (i >= 0) wanted[i] = 1;
  return wanted;
}

/** The endpoints read, one row per NPI of the providers table with its list in file order. */
function endpointsFillSql(target: string, providers: string): string {
  return `INSERT INTO ${target} (npi, list)
    SELECT e.npi, jsonb_agg(e.endpoint ORDER BY e.line) FROM ${ENDPOINTS_INCOMING} e
     WHERE e.npi IN (SELECT npi FROM ${providers}) GROUP BY e.npi`;
}

/** Incremental: the NPIs of the endpoint file get its list in place of theirs. */
async function applyEndpoints(db: PoolClient): Promise<number> {
  await db.query(`DELETE FROM ${ENDPOINTS_TABLE} WHERE npi IN (SELECT npi FROM ${ENDPOINTS_INCOMING})`);
  const { rowCount } = await db.query(endpointsFillSql(ENDPOINTS_TABLE, PROVIDERS_TABLE));
  return rowCount ?? 0;
}

async function finishImport(db: PoolClient, id: number, c: Counters, endpointsImported: number) {
  await db.query(
    `UPDATE registry_imports SET status = 'completed', finished_at = now(), rows_read = $2, rows_imported = $3, rows_rejected = $4,
       rejects = $5, endpoints_imported = $6 WHERE id = $1`,
    [id, c.rowsRead, c.rowsImported, c.rowsRejected, JSON.stringify(c.rejects), endpointsImported],
  );
}

/** What the mirror holds: the newest completed full import, the incremental files after it, the row count. */
export type MirrorStatus = {
  providers: number;
  file: string | null;
  fileDate: string | null;
  importedAt: string | null;
  sampleOnly: boolean;
  incrementals: Array<{ file: string; fileDate: string | null; importedAt: string }>;
};

export async function mirrorStatus(db: { query: Pool['query'] }): Promise<MirrorStatus> {
  const { rows: full } = await db.query<{ id: string; file_name: string; file_date: string | null; finished_at: Date; sample: boolean }>(
    `SELECT id, file_name, to_char(file_date, 'YYYY-MM-DD') AS file_date, finished_at, sample FROM registry_imports
      WHERE status = 'completed' AND kind = 'full' ORDER BY id DESC LIMIT 1`,
  );
  const after = full[0]?.id ?? '0';
  const { rows: inc } = await db.query<{ file_name: string; file_date: string | null; finished_at: Date; sample: boolean }>(
    `SELECT file_name, to_char(file_date, 'YYYY-MM-DD') AS file_date, finished_at, sample FROM registry_imports
      WHERE status = 'completed' AND kind = 'incremental' AND id > $1 ORDER BY id`,
    [after],
  );
  // The planner's estimate (exact after an import's ANALYZE), else a bounded count.
  const { rows: count } = await db.query<{ estimate: number; any: boolean }>(
    `SELECT (SELECT reltuples FROM pg_class WHERE oid = '${PROVIDERS_TABLE}'::regclass)::float8 AS estimate,
            EXISTS (SELECT 1 FROM ${PROVIDERS_TABLE}) AS any`,
  );
  let providers = count[0].any ? Math.max(Math.round(count[0].estimate), 0) : 0;
  if (count[0].any && providers === 0) {
    const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM (SELECT 1 FROM ${PROVIDERS_TABLE} LIMIT 100000) x`);
    providers = Number(rows[0].n);
  }
  return {
    providers,
    file: full[0]?.file_name ?? null,
    fileDate: full[0]?.file_date ?? null,
    importedAt: full[0]?.finished_at?.toISOString() ?? null,
    sampleOnly: providers > 0 && (full[0] ? full[0].sample : true) && inc.every((i) => i.sample),
    incrementals: inc.map((i) => ({ file: i.file_name, fileDate: i.file_date, importedAt: i.finished_at.toISOString() })),
  };
}
