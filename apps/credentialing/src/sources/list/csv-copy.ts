import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { normalizeLineEnds, splitLeieLine } from '../../import-exclusions/leie-importer';
import type { Field, Reject } from './source-list';

/**
 * A publisher's CSV streamed into a COPY, chunk by chunk (never whole in memory): lines split at
 * once when every field is quoted, through csv-parse otherwise (one record per physical line);
 * the header mapped by name (or the columns by position for a file without one); each line's
 * fields handed to `line`, which answers its COPY text or why it is rejected (counted, with its
 * line number). Used by the source lists' and the licence rosters' importers.
 */
export type CsvProgress = { file: string; bytes: number; totalBytes: number; rowsRead: number; rowsImported: number; rowsRejected: number };
export type CsvReject = { line: number; reason: string };
export const MAX_REJECTS_REPORTED = 1000;

export class ListImportInterrupted extends Error {
  constructor() {
    super('import interrupted: the list was left as it was');
  }
}

async function write(stream: Writable, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

export async function streamCsvIntoCopy(o: {
  client: PoolClient;
  file: string;
  copySql: string;
  columns: readonly string[];
  headerless?: boolean;
  /** What the file should be (in the error for a wrong header). */
  what: string;
  line: (field: Field, lineNo: number) => string | Reject;
  signal?: AbortSignal;
  onProgress?: (p: CsvProgress) => void;
}): Promise<{ rowsRead: number; rowsImported: number; rowsRejected: number; rejects: CsvReject[] }> {
  const name = basename(o.file);
  const { size } = await stat(o.file);
  const counters = { bytes: 0, rowsRead: 0, rowsImported: 0, rowsRejected: 0 };
  const rejects: CsvReject[] = [];
  const reject = (line: number, reason: string) => {
    counters.rowsRejected++;
    if (rejects.length < MAX_REJECTS_REPORTED) rejects.push({ line, reason });
  };
  const progress = () => o.onProgress?.({ file: name, totalBytes: size, ...counters });
  const input = createReadStream(o.file, { highWaterMark: 1 << 20, encoding: 'utf8' });
  const abort = () => input.destroy(new ListImportInterrupted());
  o.signal?.addEventListener('abort', abort, { once: true });
  if (o.signal?.aborted) throw new ListImportInterrupted();
  const copy = o.client.query(copyFrom(o.copySql));
  let copyError: Error | undefined;
  copy.on('error', (e: Error) => {
    copyError = e;
  });
  let positions: Map<string, number> | undefined = o.headerless ? new Map(o.columns.map((c, i) => [c, i])) : undefined;
  let lineNo = 0;
  let rest = '';
  let carry = '';
  let record: string[] = [];
  const field: Field = (c) => {
    const i = positions!.get(c);
    return i === undefined ? '' : (record[i] ?? '').trim();
  };
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
      const fields = splitLeieLine(positions ? line : line.replace(/^\uFEFF/, ''));
      if (!positions) {
        if (!fields) throw new Error(`${name}: the header line is not CSV`);
        const names = fields.map((h) => h.trim().toUpperCase());
        const missing = o.columns.filter((c) => !names.includes(c.toUpperCase()));
        if (missing.length) throw new Error(`${name} is not a ${o.what} file: the header lacks ${missing.join(', ')}`);
        positions = new Map(o.columns.map((c) => [c, names.indexOf(c.toUpperCase())]));
        continue;
      }
      counters.rowsRead++;
      if (!fields) {
        reject(lineNo, 'malformed CSV line (unbalanced quotes)');
        continue;
      }
      if (fields.length < (o.headerless ? 2 : positions.size)) {
        reject(lineNo, `expected ${positions.size} fields, got ${fields.length}`);
        continue;
      }
      record = fields;
      const copyLine = o.line(field, lineNo);
      if (typeof copyLine !== 'string') {
        reject(lineNo, copyLine.reject);
        continue;
      }
      counters.rowsImported++;
      out += copyLine;
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
    if (!positions) throw new Error(`${name} is empty: no header line`);
    if (copyError) throw copyError;
  } catch (err) {
    // Interrupted or failed mid-file: the COPY is failed on the server before the session rolls back.
    if (!copy.closed) {
      const closed = once(copy, 'close').catch(() => undefined);
      copy.destroy(err as Error);
      await closed;
    }
    throw err;
  } finally {
    o.signal?.removeEventListener('abort', abort);
  }
  const finished = once(copy, 'finish');
  copy.end();
  await finished;
  progress();
  if (o.signal?.aborted) throw new ListImportInterrupted();
  return { rowsRead: counters.rowsRead, rowsImported: counters.rowsImported, rowsRejected: counters.rowsRejected, rejects };
}
