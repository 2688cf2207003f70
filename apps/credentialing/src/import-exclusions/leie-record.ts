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

/** The fields a line gives (the mirror's columns but the two md5 keys), mapped and checked by the importer's line loop (leie-importer.ts leieFields). */
export const LEIE_FIELDS = LEIE_COLUMNS.slice(2) as Exclude<(typeof LEIE_COLUMNS)[number], 'row_key' | 'content_hash'>[];

/** A row as an LEIE CSV line (every field quoted, as OIG publishes it). */
export function leieCsvLine(values: Partial<Record<LeieColumn, string>>): string {
  return LEIE_HEADER.map((c) => `"${(values[c] ?? '').replace(/"/g, '""')}"`).join(',');
}
