/**
 * One line of the HHS-OIG LEIE downloadable database (`UPDATED.csv` and the monthly
 * supplements), mapped by header name: dates yyyymmdd with `00000000` for none, NPI
 * `0000000000` when the record has none. See /work/shared/data/README.md.
 */
export const LEIE_HEADER = [
  'LASTNAME',
  'FIRSTNAME',
  'MIDNAME',
  'BUSNAME',
  'GENERAL',
  'SPECIALTY',
  'UPIN',
  'NPI',
  'DOB',
  'ADDRESS',
  'CITY',
  'STATE',
  'ZIP',
  'EXCLTYPE',
  'EXCLDATE',
  'REINDATE',
  'WAIVERDATE',
  'WVRSTATE',
] as const;
export type LeieColumn = (typeof LEIE_HEADER)[number];

/** The mirror's columns, in COPY order. */
export const LEIE_COLUMNS = [
  'row_key',
  'content_hash',
  'last_name',
  'first_name',
  'mid_name',
  'bus_name',
  'general',
  'specialty',
  'upin',
  'npi',
  'dob',
  'address',
  'city',
  'state',
  'zip',
  'excl_type',
  'excl_date',
  'rein_date',
  'waiver_date',
  'waiver_state',
] as const;
export type LeieRow = Record<(typeof LEIE_COLUMNS)[number], string | null>;

export type LeieLayout = Record<LeieColumn, number>;

/** Column positions by header name; throws naming the missing columns. */
export function leieLayout(header: string[]): LeieLayout {
  const names = header.map((h) => h.replace(/^\uFEFF/, '').trim().toUpperCase());
  const missing = LEIE_HEADER.filter((c) => !names.includes(c));
  if (missing.length) throw new Error(`not an LEIE file: the header lacks ${missing.join(', ')}`);
  return Object.fromEntries(LEIE_HEADER.map((c) => [c, names.indexOf(c)])) as LeieLayout;
}

/** `yyyymmdd` -> `yyyy-mm-dd`; `00000000` or empty -> null; anything else is an error. */
export function leieDate(v: string, field: string): string | null {
  const t = v.trim();
  if (!t || /^0+$/.test(t)) return null;
  if (!/^\d{8}$/.test(t)) throw new RowError(`${field}: not a yyyymmdd date (${t.slice(0, 20)})`);
  const y = Number(t.slice(0, 4));
  const m = Number(t.slice(4, 6));
  const d = Number(t.slice(6, 8));
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
  if (!days || d < 1 || d > days) throw new RowError(`${field}: no such date (${t})`);
  return `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}`;
}

export class RowError extends Error {}

const clean = (v: string | undefined) => {
  const t = (v ?? '').trim();
  return t ? t : null;
};

/** The fields a line gives (the mirror's columns but the two keys, which Postgres computes: see the importer). */
export const LEIE_FIELDS = LEIE_COLUMNS.slice(2) as Exclude<(typeof LEIE_COLUMNS)[number], 'row_key' | 'content_hash'>[];
export type LeieFields = Omit<LeieRow, 'row_key' | 'content_hash'>;

/** A record's row, or why it is rejected. */
export function mapLeieRecord(record: string[], layout: LeieLayout): { row: LeieFields } | { reject: string } {
  if (record.length !== LEIE_HEADER.length && record.length < Math.max(...Object.values(layout)) + 1)
    return { reject: `expected ${LEIE_HEADER.length} fields, got ${record.length}` };
  const f = (c: LeieColumn) => clean(record[layout[c]]);
  try {
    const npiRaw = f('NPI');
    if (npiRaw && !/^\d{10}$/.test(npiRaw)) throw new RowError(`NPI: not 10 digits (${npiRaw.slice(0, 20)})`);
    const npi = npiRaw && !/^0+$/.test(npiRaw) ? npiRaw : null;
    const last = f('LASTNAME');
    const bus = f('BUSNAME');
    if (!last && !bus) throw new RowError('no LASTNAME and no BUSNAME');
    const state = f('STATE');
    if (state && !/^[A-Za-z]{2}$/.test(state)) throw new RowError(`STATE: not a two-letter code (${state.slice(0, 20)})`);
    const exclDate = leieDate(f('EXCLDATE') ?? '', 'EXCLDATE');
    if (!exclDate) throw new RowError('EXCLDATE is missing');
    const row: LeieFields = {
      last_name: last,
      first_name: f('FIRSTNAME'),
      mid_name: f('MIDNAME'),
      bus_name: bus,
      general: f('GENERAL'),
      specialty: f('SPECIALTY'),
      upin: f('UPIN'),
      npi,
      dob: leieDate(f('DOB') ?? '', 'DOB'),
      address: f('ADDRESS'),
      city: f('CITY'),
      state: state?.toUpperCase() ?? null,
      zip: f('ZIP'),
      excl_type: f('EXCLTYPE'),
      excl_date: exclDate,
      rein_date: leieDate(f('REINDATE') ?? '', 'REINDATE'),
      waiver_date: leieDate(f('WAIVERDATE') ?? '', 'WAIVERDATE'),
      waiver_state: f('WVRSTATE'),
    };
    return { row };
  } catch (err) {
    if (err instanceof RowError) return { reject: err.message };
    throw err;
  }
}

/** A row as an LEIE CSV line (every field quoted, as OIG publishes it). */
export function leieCsvLine(values: Partial<Record<LeieColumn, string>>): string {
  return LEIE_HEADER.map((c) => `"${(values[c] ?? '').replace(/"/g, '""')}"`).join(',');
}
