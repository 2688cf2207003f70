import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import * as yauzl from 'yauzl';

/** One CSV to read: a plain file, or an entry of the published .zip bundle (read without unpacking). */
export type CsvSource = { name: string; size: number; open: () => Promise<Readable> };

const DATA_FILE = /^npidata_pfile_.*\.csv$/i;
const ENDPOINT_FILE = /^endpoint_pfile_.*\.csv$/i;
const HEADER_ONLY = /fileheader/i;

/**
 * The data file (and the endpoint file, when the bundle has one) of an import argument:
 * `npidata_pfile_*.csv`, or the monthly/weekly `.zip` as CMS publishes it, whose entries are
 * streamed straight out of the archive.
 */
export async function openNppesSource(file: string): Promise<{ data: CsvSource; endpoints?: CsvSource }> {
  if (!/\.zip$/i.test(file)) {
    const { size } = await stat(file);
    return { data: { name: basename(file), size, open: async () => createReadStream(file, { highWaterMark: 1 << 20 }) } };
  }
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  let data: yauzl.Entry | undefined;
  let endpoints: yauzl.Entry | undefined;
  for await (const entry of zip.eachEntry()) {
    const name = basename(entry.fileName);
    if (HEADER_ONLY.test(name)) continue;
    if (DATA_FILE.test(name)) data = entry;
    else if (ENDPOINT_FILE.test(name)) endpoints = entry;
  }
  if (!data) {
    zip.close();
    throw new Error(`${basename(file)} holds no npidata_pfile_*.csv`);
  }
  const source = (entry: yauzl.Entry): CsvSource => ({
    name: basename(entry.fileName),
    size: entry.uncompressedSize,
    open: () => zip.openReadStreamPromise(entry),
  });
  return { data: source(data), ...(endpoints ? { endpoints: source(endpoints) } : {}) };
}

export async function openCsvFile(file: string): Promise<CsvSource> {
  if (/\.zip$/i.test(file)) {
    const { data, endpoints } = await openNppesSource(file);
    return endpoints ?? data;
  }
  const { size } = await stat(file);
  return { name: basename(file), size, open: async () => createReadStream(file, { highWaterMark: 1 << 20 }) };
}

/** The date a file's name gives (`npidata_pfile_20050523-20240512.csv` -> 2024-05-12), else null. */
export function fileDate(name: string): string | null {
  const m = /_(\d{8})-(\d{8})(?:_|\.|$)/.exec(name) ?? /_(\d{8})(?:_|\.|$)/.exec(name);
  const d = m?.[2] ?? m?.[1];
  if (!d) return null;
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
}
