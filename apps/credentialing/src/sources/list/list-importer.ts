import { basename } from 'node:path';
import { hash } from 'node:crypto';
import { Pool, type PoolClient } from 'pg';
import { NAME_KEY_SQL, SEARCH_TEXT_SQL, allAscii, asciiNameKey } from '../../domain/exclusion-keys';
import { streamCsvIntoCopy, type CsvProgress, type CsvReject } from './csv-copy';
import { isReject, type Field, type ListRow, type SourceList } from './source-list';

/**
 * The importer of every source list but the LEIE (`npm run sources:import -- <source> <file>`):
 * the file streams chunk by chunk through a line loop (fully quoted lines split at once, the
 * others through csv-parse), each line mapped and checked by its list (source-list.ts), written
 * with its keys (identity and content md5, name keys, search text) as COPY text into a staging
 * table, then applied to `source_rows` by joins in one transaction:
 *
 * - a full file replaces the list's rows: rows not in the file go, new or changed rows come in,
 *   identical rows stay untouched;
 * - a supplement (`--supplement`) adds and changes rows only (a reinstatement or termination is
 *   the same row with its end date: it stops matching from that day).
 *
 * Re-running a file changes nothing. One import of a list at a time (advisory lock); each run is a
 * row of `source_imports` (counts, rejected lines with their numbers) and its changes are in
 * `source_changes`, which the service screens.
 */
export type ListImportOptions = {
  databaseUrl: string;
  schema: string;
  list: SourceList;
  file: string;
  supplement?: boolean;
  sample?: boolean;
  onProgress?: (p: ListImportProgress) => void;
  signal?: AbortSignal;
};
export type ListImportProgress = CsvProgress;
export type ListReject = CsvReject;
export type ListImportReport = {
  importId: number;
  source: string;
  kind: 'full' | 'supplement';
  file: string;
  sample: boolean;
  rowsRead: number;
  rowsImported: number;
  rowsRejected: number;
  rejects: ListReject[];
  added: number;
  removed: number;
  listRows: number;
  seconds: number;
  rowsPerSecond: number;
};

export { ListImportInterrupted } from './csv-copy';
const SEP = '\u001f';
const md5 = (s: string) => hash('md5', s, 'hex');
const COPY_SPECIAL = /[\\\t\n\r]/g;
const copyText = (v: string | null) => (v === null ? '\\N' : v.replace(COPY_SPECIAL, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r')));

/** The columns a row is written with, in COPY order. */
const ROW_COLUMNS = [
  'row_key',
  'content_hash',
  'entity',
  'last_name',
  'first_name',
  'mid_name',
  'bus_name',
  'general',
  'specialty',
  'npi',
  'dob',
  'address',
  'city',
  'state',
  'zip',
  'excl_type',
  'excl_date',
  'rein_date',
  'detail',
  'aliases',
  'last_key',
  'first_key',
  'search_text',
] as const;
const STAGING = 'source_incoming';
const STAGING_DDL = `CREATE TEMP TABLE ${STAGING} (row_key text, content_hash text, entity boolean, last_name text, first_name text, mid_name text, bus_name text, general text,
  specialty text, npi text, dob date, address text, city text, state text, zip text, excl_type text, excl_date date, rein_date date, detail jsonb, aliases text,
  last_key text, first_key text, search_text text, line bigint)`;

/** A row as a COPY line (its keys computed here; name keys and search text null for Postgres when a name is not ASCII). */
export function listCopyLine(list: SourceList, row: ListRow, field: Field, line: number): string {
  const rowKey = md5([list.id, ...list.identity(row, field)].map((v) => (v ?? '').toUpperCase()).join(SEP));
  const aliases = row.aliases?.length ? row.aliases.join('\n') : null;
  const detail = JSON.stringify(row.detail);
  const values = [row.lastName, row.firstName, row.midName, row.busName, row.general, row.specialty, row.npi, row.dob, row.address, row.city, row.state, row.zip, row.exclType, row.exclDate, row.reinDate];
  const contentHash = md5([...values, detail, aliases].join(SEP));
  const ascii = allAscii(row.lastName, row.firstName, row.midName, row.busName, aliases);
  const searchText = ascii ? `${row.lastName ?? ''} ${row.firstName ?? ''} ${row.midName ?? ''} ${row.busName ?? ''}${aliases ? ` ${aliases.replace(/\n/g, ' ')}` : ''}`.toLowerCase() : null;
  const lastKey = ascii ? asciiNameKey(row.lastName) : null;
  const firstKey = ascii ? asciiNameKey(row.firstName) : null;
  return [rowKey, contentHash, row.entity ? 't' : 'f', ...values, detail, aliases, lastKey, firstKey, searchText].map(copyText).join('\t') + `\t${line}\n`;
}

export async function importList(options: ListImportOptions): Promise<ListImportReport> {
  const started = Date.now();
  const { list } = options;
  const kind = options.supplement ? 'supplement' : 'full';
  const name = basename(options.file);
  const sample = !!options.sample || /sample/i.test(name);
  const context = list.prepare ? await list.prepare(options.file) : undefined;
  const pool = new Pool({ connectionString: options.databaseUrl, max: 1, options: `-c search_path=${options.schema},public -c temp_buffers=128MB`, statement_timeout: 0 });
  const client = await pool.connect();
  const counters = { rowsRead: 0, rowsImported: 0, rowsRejected: 0 };
  const rejects: ListReject[] = [];
  let importId = 0;
  try {
    const { rows: locked } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [`${options.schema}:source import:${list.id}`]);
    if (!locked[0].ok) throw new Error(`another ${list.id} import is running: wait for it to finish`);
    await client.query(`UPDATE source_imports SET status = 'failed', finished_at = now() WHERE source = $1 AND status = 'running'`, [list.id]);
    const { rows } = await client.query<{ id: string }>(`INSERT INTO source_imports (source, kind, file_name, sample, status) VALUES ($1, $2, $3, $4, 'running') RETURNING id`, [
      list.id,
      kind,
      name,
      sample,
    ]);
    importId = Number(rows[0].id);
    await client.query(STAGING_DDL);

    const read = await streamCsvIntoCopy({
      client,
      file: options.file,
      copySql: `COPY ${STAGING} (${ROW_COLUMNS.join(', ')}, line) FROM STDIN`,
      columns: list.columns,
      headerless: list.headerless,
      what: list.name,
      signal: options.signal,
      onProgress: options.onProgress,
      line: (field, lineNo) => {
        const row = list.row(field, context);
        return isReject(row) ? row : listCopyLine(list, row, field, lineNo);
      },
    });
    counters.rowsRead = read.rowsRead;
    counters.rowsImported = read.rowsImported;
    counters.rowsRejected = read.rowsRejected;
    rejects.push(...read.rejects);

    await client.query(
      `UPDATE ${STAGING} SET last_key = ${NAME_KEY_SQL('last_name')}, first_key = ${NAME_KEY_SQL('first_name')},
         search_text = ${SEARCH_TEXT_SQL('last_name', 'first_name', 'mid_name', 'bus_name')} || coalesce(' ' || lower(public.f_unaccent(replace(aliases, E'\\n', ' '))), '')
       WHERE last_key IS NULL`,
    );
    const { added, removed } = await apply(client, list.id, importId, kind);
    const { rows: count } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM source_rows WHERE source = $1`, [list.id]);
    await client.query(`DROP TABLE IF EXISTS ${STAGING}`);
    await client.query(
      `UPDATE source_imports SET status = 'done', finished_at = now(), rows_read = $2, rows_imported = $3, rows_rejected = $4, rejects = $5::jsonb, added = $6, removed = $7,
              screened_at = CASE WHEN $6::int + $7::int = 0 THEN now() END
        WHERE id = $1`,
      [importId, counters.rowsRead, counters.rowsImported, counters.rowsRejected, JSON.stringify(rejects), added, removed],
    );
    const seconds = (Date.now() - started) / 1000;
    return {
      importId,
      source: list.id,
      kind,
      file: name,
      sample,
      ...counters,
      rejects,
      added,
      removed,
      listRows: count[0].n,
      seconds,
      rowsPerSecond: Math.round(counters.rowsRead / Math.max(seconds, 0.001)),
    };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    if (importId) await client.query(`UPDATE source_imports SET status = 'failed', finished_at = now() WHERE id = $1`, [importId]).catch(() => undefined);
    await client.query(`DROP TABLE IF EXISTS ${STAGING}`).catch(() => undefined);
    throw err;
  } finally {
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    client.release();
    await pool.end();
  }
}

const INSERT_COLUMNS = ROW_COLUMNS.join(', ');
const UPDATE_SET = [...ROW_COLUMNS.slice(1), 'line', 'import_id'].map((c) => `${c} = w.${c}`).join(', ');
const ALIAS_KEY = (part: string) => NAME_KEY_SQL(part);
const SECONDARY_INDEXES: Record<string, string> = {
  source_rows_npi: `CREATE INDEX IF NOT EXISTS source_rows_npi ON source_rows (npi) WHERE npi IS NOT NULL`,
  source_rows_name: `CREATE INDEX IF NOT EXISTS source_rows_name ON source_rows (last_key, first_key)`,
  source_rows_search: `CREATE INDEX IF NOT EXISTS source_rows_search ON source_rows USING gin (search_text public.gin_trgm_ops)`,
};

/**
 * The staging rows applied by joins, a duplicated identity keeping its last line: new and changed
 * rows inserted / updated, the rows a full file lacks deleted, each change recorded; the aliases
 * of the changed rows written again.
 */
async function apply(client: PoolClient, source: string, importId: number, kind: 'full' | 'supplement'): Promise<{ added: number; removed: number }> {
  await client.query('BEGIN');
  await client.query(`CREATE TEMP TABLE source_wanted ON COMMIT DROP AS SELECT DISTINCT ON (row_key) *, $1::bigint AS import_id FROM ${STAGING} ORDER BY row_key, line DESC`, [importId]);
  const delta = await client.query(
    `CREATE TEMP TABLE source_delta ON COMMIT DROP AS
       SELECT w.row_key, e.row_key IS NOT NULL AS existing FROM source_wanted w LEFT JOIN source_rows e ON e.row_key = w.row_key
        WHERE e.row_key IS NULL OR e.content_hash <> w.content_hash`,
  );
  const added = delta.rowCount ?? 0;
  // Many rows into a small table (a first import): the secondary indexes are built after the rows.
  const { rows: size } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM source_rows`);
  const rebuild = added > 10_000 && added > size[0].n;
  if (rebuild) {
    await client.query(`DROP INDEX IF EXISTS ${Object.keys(SECONDARY_INDEXES).join(', ')}`);
    await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
  }
  let removed = 0;
  if (kind === 'full') {
    const r = await client.query(
      `WITH gone AS (DELETE FROM source_rows e WHERE e.source = $2 AND NOT EXISTS (SELECT 1 FROM source_wanted w WHERE w.row_key = e.row_key) RETURNING row_key)
       INSERT INTO source_changes (import_id, row_key, change) SELECT $1, row_key, 'removed' FROM gone`,
      [importId, source],
    );
    removed = r.rowCount ?? 0;
  }
  if (added) {
    await client.query(`UPDATE source_rows e SET ${UPDATE_SET} FROM source_wanted w JOIN source_delta d ON d.row_key = w.row_key AND d.existing WHERE e.row_key = w.row_key`);
    await client.query(
      `INSERT INTO source_rows (source, ${INSERT_COLUMNS}, import_id, line) SELECT $1, ${ROW_COLUMNS.map((c) => `w.${c}`).join(', ')}, w.import_id, w.line
         FROM source_wanted w JOIN source_delta d ON d.row_key = w.row_key AND NOT d.existing`,
      [source],
    );
    await client.query(`INSERT INTO source_changes (import_id, row_key, change) SELECT $1, row_key, 'added' FROM source_delta`, [importId]);
  }
  if (added || removed) {
    await client.query(`DELETE FROM source_aliases a USING source_changes c WHERE c.import_id = $1 AND a.row_key = c.row_key`, [importId]);
    await client.query(
      `INSERT INTO source_aliases (row_key, source, last_key, first_key)
       SELECT r.row_key, r.source, ${ALIAS_KEY(`split_part(a.name, ',', 1)`)}, ${ALIAS_KEY(`split_part(btrim(split_part(a.name, ',', 2)), ' ', 1)`)}
         FROM source_rows r JOIN source_delta d ON d.row_key = r.row_key CROSS JOIN LATERAL unnest(string_to_array(r.aliases, E'\\n')) AS a(name)
        WHERE r.aliases IS NOT NULL`,
    );
  }
  if (rebuild) for (const ddl of Object.values(SECONDARY_INDEXES)) await client.query(ddl);
  await client.query('COMMIT');
  return { added, removed };
}

/** Every list's rows and last completed import. */
export async function listStatus(db: Pick<Pool, 'query'>): Promise<{ source: string; rows: number; file: string | null; finishedAt: Date | null; sample: boolean }[]> {
  const { rows } = await db.query<{ source: string; rows: number; file: string | null; finished_at: Date | null; sample: boolean | null }>(
    `WITH counts AS (SELECT 'leie'::text AS source, count(*)::int AS rows FROM leie_exclusions UNION ALL SELECT source, count(*)::int FROM source_rows GROUP BY source),
          last AS (SELECT DISTINCT ON (source) source, file_name, finished_at, sample FROM
                     (SELECT 'leie'::text AS source, id, file_name, finished_at, sample FROM leie_imports WHERE status = 'done'
                      UNION ALL SELECT source, id, file_name, finished_at, sample FROM source_imports WHERE status = 'done') i
                   ORDER BY source, id DESC)
     SELECT coalesce(c.source, l.source) AS source, coalesce(c.rows, 0) AS rows, l.file_name AS file, l.finished_at, l.sample
       FROM counts c FULL JOIN last l ON l.source = c.source`,
  );
  return rows.map((r) => ({ source: r.source, rows: r.rows, file: r.file, finishedAt: r.finished_at, sample: r.sample ?? false }));
}
