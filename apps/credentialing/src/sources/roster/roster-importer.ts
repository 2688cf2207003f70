import { basename } from 'node:path';
import { hash } from 'node:crypto';
import { Pool } from 'pg';
import { streamCsvIntoCopy, type CsvProgress, type CsvReject } from '../list/csv-copy';
import { isReject } from '../list/source-list';
import { rosterRow, type RosterMapping } from './roster-mapping';
import { rosterId } from './rosters';

/**
 * A state board's licence roster into `licence_rosters` (`npm run sources:import -- roster-<state> <file>`):
 * the file streamed through the shared CSV line loop (list/csv-copy.ts) into a staging table, then
 * applied by joins in one transaction: a full file replaces the state's roster, a supplement adds
 * and changes licences; a licence number twice keeps its last line; re-running a file changes
 * nothing. Each run is a row of `source_imports` (source `roster-<state>`).
 */
export type RosterImportReport = {
  importId: number;
  source: string;
  kind: 'full' | 'supplement';
  file: string;
  sample: boolean;
  rowsRead: number;
  rowsImported: number;
  rowsRejected: number;
  rejects: CsvReject[];
  added: number;
  removed: number;
  rosterRows: number;
  seconds: number;
  rowsPerSecond: number;
};

const COPY_SPECIAL = /[\\\t\n\r]/g;
const copyText = (v: string | null) => (v === null ? '\\N' : v.replace(COPY_SPECIAL, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r')));
const COLUMNS = ['licence_key', 'licence_number', 'last_name', 'first_name', 'licence_type', 'status', 'issued_on', 'expires_on', 'disciplined', 'detail', 'content_hash'];

export async function importRoster(options: {
  databaseUrl: string;
  schema: string;
  roster: RosterMapping;
  file: string;
  supplement?: boolean;
  sample?: boolean;
  onProgress?: (p: CsvProgress) => void;
  signal?: AbortSignal;
}): Promise<RosterImportReport> {
  const started = Date.now();
  const { roster } = options;
  const source = rosterId(roster);
  const kind = options.supplement ? 'supplement' : 'full';
  const name = basename(options.file);
  const sample = !!options.sample || /sample/i.test(name);
  const pool = new Pool({ connectionString: options.databaseUrl, max: 1, options: `-c search_path=${options.schema},public -c temp_buffers=256MB`, statement_timeout: 0 });
  const client = await pool.connect();
  let importId = 0;
  try {
    const { rows: locked } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [`${options.schema}:source import:${source}`]);
    if (!locked[0].ok) throw new Error(`another ${source} import is running: wait for it to finish`);
    await client.query(`UPDATE source_imports SET status = 'failed', finished_at = now() WHERE source = $1 AND status = 'running'`, [source]);
    const { rows } = await client.query<{ id: string }>(`INSERT INTO source_imports (source, kind, file_name, sample, status) VALUES ($1, $2, $3, $4, 'running') RETURNING id`, [source, kind, name, sample]);
    importId = Number(rows[0].id);
    await client.query(
      `CREATE TEMP TABLE roster_incoming (licence_key text, licence_number text, last_name text, first_name text, licence_type text, status text, issued_on date, expires_on date,
         disciplined boolean, detail jsonb, content_hash text, line bigint)`,
    );
    const read = await streamCsvIntoCopy({
      client,
      file: options.file,
      copySql: `COPY roster_incoming (${COLUMNS.join(', ')}, line) FROM STDIN`,
      columns: roster.columns,
      what: roster.name,
      signal: options.signal,
      onProgress: options.onProgress,
      line: (field, lineNo) => {
        const r = rosterRow(roster, field);
        if (isReject(r)) return r;
        const detail = JSON.stringify(r.detail);
        const values = [r.licenceNumber, r.lastName, r.firstName, r.licenceType, r.status, r.issuedOn, r.expiresOn, r.disciplined ? 't' : 'f', detail];
        return `${[r.licenceKey, ...values, hash('md5', values.join('\u001f'), 'hex')].map(copyText).join('\t')}\t${lineNo}\n`;
      },
    });
    await client.query('BEGIN');
    await client.query(`CREATE TEMP TABLE roster_wanted ON COMMIT DROP AS SELECT DISTINCT ON (licence_key) * FROM roster_incoming ORDER BY licence_key, line DESC`);
    const removed = kind === 'full' ? ((await client.query(`DELETE FROM licence_rosters r WHERE r.state = $1 AND NOT EXISTS (SELECT 1 FROM roster_wanted w WHERE w.licence_key = r.licence_key)`, [roster.state])).rowCount ?? 0) : 0;
    const set = [...COLUMNS.slice(1), 'line'].map((c) => `${c} = EXCLUDED.${c}`).join(', ');
    const upserted = await client.query(
      `INSERT INTO licence_rosters (state, ${COLUMNS.join(', ')}, import_id, line) SELECT $1, ${COLUMNS.join(', ')}, $2, line FROM roster_wanted
       ON CONFLICT (state, licence_key) DO UPDATE SET ${set}, import_id = EXCLUDED.import_id WHERE licence_rosters.content_hash <> EXCLUDED.content_hash`,
      [roster.state, importId],
    );
    await client.query('COMMIT');
    const added = upserted.rowCount ?? 0;
    const { rows: count } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM licence_rosters WHERE state = $1`, [roster.state]);
    await client.query(`DROP TABLE IF EXISTS roster_incoming`);
    await client.query(
      `UPDATE source_imports SET status = 'done', finished_at = now(), screened_at = now(), rows_read = $2, rows_imported = $3, rows_rejected = $4, rejects = $5::jsonb, added = $6, removed = $7 WHERE id = $1`,
      [importId, read.rowsRead, read.rowsImported, read.rowsRejected, JSON.stringify(read.rejects), added, removed],
    );
    const seconds = (Date.now() - started) / 1000;
    return {
      importId,
      source,
      kind,
      file: name,
      sample,
      ...read,
      added,
      removed,
      rosterRows: count[0].n,
      seconds,
      rowsPerSecond: Math.round(read.rowsRead / Math.max(seconds, 0.001)),
    };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    if (importId) await client.query(`UPDATE source_imports SET status = 'failed', finished_at = now() WHERE id = $1`, [importId]).catch(() => undefined);
    await client.query(`DROP TABLE IF EXISTS roster_incoming`).catch(() => undefined);
    throw err;
  } finally {
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    client.release();
    await pool.end();
  }
}
