import { createHash } from 'node:crypto';

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
  const iso = `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}`;
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso) throw new RowError(`${field}: no such date (${t})`);
  return iso;
}

export class RowError extends Error {}

const clean = (v: string | undefined) => {
  const t = (v ?? '').trim();
  return t ? t : null;
};

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** What identifies an exclusion across files (a reinstatement names the same person, NPI, DOB and exclusion date). */
export function identityKey(r: Pick<LeieRow, 'last_name' | 'first_name' | 'mid_name' | 'bus_name' | 'npi' | 'dob' | 'excl_date'>): string {
  const u = (v: string | null) => (v ?? '').toUpperCase().replace(/\s+/g, ' ');
  return md5([u(r.last_name), u(r.first_name), u(r.mid_name), u(r.bus_name), r.npi ?? '', r.dob ?? '', r.excl_date ?? ''].join('\u001f'));
}

/** A record's row, or why it is rejected. */
export function mapLeieRecord(record: string[], layout: LeieLayout): { row: LeieRow } | { reject: string } {
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
    const row: Omit<LeieRow, 'row_key' | 'content_hash'> = {
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
    const content = LEIE_COLUMNS.slice(2).map((c) => row[c as keyof typeof row] ?? '').join('\u001f');
    return { row: { row_key: identityKey(row), content_hash: md5(content), ...row } };
  } catch (err) {
    if (err instanceof RowError) return { reject: err.message };
    throw err;
  }
}

/** A row as an LEIE CSV line (every field quoted, as OIG publishes it). */
export function leieCsvLine(values: Partial<Record<LeieColumn, string>>): string {
  return LEIE_HEADER.map((c) => `"${(values[c] ?? '').replace(/"/g, '""')}"`).join(',');
}
