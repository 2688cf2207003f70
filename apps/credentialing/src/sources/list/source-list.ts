/**
 * One source list: a publisher's file (SAM.gov exclusions, Medicare opt-outs, a state's Medicaid
 * list, OFAC's SDN list) mapped into the rows every list shares (`source_rows`), imported by one
 * importer (list-importer.ts), screened by one join (infrastructure/screening.sql.ts) and searched
 * by one query. A list says how its lines read (its columns, by header name or position), how a
 * row is checked and mapped, what a row's identity is, and how it matches a provider:
 *
 * - `exclusion`: an NPI on the row is a definitive match (`Excluded`); without one, the same last
 *   and first name and state a possible one; a row carrying another NPI is another person; firm
 *   rows match by NPI only;
 * - `opt-out`: by NPI only, an active row is a flag (`Opted out`), not an exclusion;
 * - `name-only`: the same last and first name as the row's name or one of its aliases, a possible
 *   match only (never definitive: the list carries no NPI and no state).
 *
 * A row is active from its start date (none: always) until its end date (none: indefinite); the
 * screening compares only active rows, so a reinstatement, a termination or an opt-out's end is a
 * new end date and the match clears.
 */
export type SourceMatchRule = 'exclusion' | 'opt-out' | 'name-only';

/** A row as every list keeps it (dates yyyy-mm-dd; empty values null). */
export type ListRow = {
  entity: boolean;
  lastName: string | null;
  firstName: string | null;
  midName: string | null;
  busName: string | null;
  /** The list's category (LEIE GENERAL, SAM Classification and Program, a board's licence type). */
  general: string | null;
  specialty: string | null;
  npi: string | null;
  dob: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  /** What the row is: the exclusion type, the agency's action, the program. */
  exclType: string | null;
  /** Active from (none: always). */
  exclDate: string | null;
  /** Active until (none: indefinite): a termination, reinstatement or opt-out end date. */
  reinDate: string | null;
  /** Other names, each `LAST, First` (OFAC's aliases). */
  aliases?: string[];
  /** The row's other fields, by the publisher's column names (the evidence of a match). */
  detail: Record<string, string>;
};

export type Reject = { reject: string };
export type Field = (column: string) => string;

export type SourceList<Context = unknown> = {
  /** The id on the command line, in the API and on every row (lower case). */
  id: string;
  /** How people call it. */
  name: string;
  /** The publisher's file, as a person would look for it. */
  file: string;
  match: SourceMatchRule;
  /** Column names: the header a file must carry (by name, any order), or a file's columns by position when `headerless`. */
  columns: readonly string[];
  headerless?: boolean;
  /** Work before the lines (OFAC: the aliases of alt.csv beside sdn.csv). */
  prepare?(file: string): Promise<Context>;
  /** A line's fields mapped into a row, or why it is rejected. */
  row(field: Field, context: Context): ListRow | Reject;
  /** The values that make a row's identity (the same identity in two files is the same row). */
  identity(row: ListRow, field: Field): (string | null)[];
  /** A generated file in the publisher's layout: its lines (header included when the file has one). */
  sample(rows: number, demo: DemoPerson[]): { file: string; lines: string[]; extra?: { file: string; lines: string[] } };
};

/** A person of the sample registry (the seed's demo providers), so a sample list matches someone. */
export type DemoPerson = { npi: string; first_name: string; last_name: string; loc_state: string | null };

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const validDay = (y: number, m: number, d: number) => {
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = m === 2 && leap ? 29 : DAYS[m - 1];
  return y >= 1800 && y <= 2999 && !!days && d >= 1 && d <= days;
};
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date as yyyy-mm-dd: `mm/dd/yyyy` (also m/d/yyyy), `yyyy-mm-dd` or `yyyymmdd`; '' (and the
 * given `none` words, e.g. `Indefinite`, `00000000`) -> null; undefined when it is not a date.
 */
export function listDate(v: string, none: readonly string[] = []): string | null | undefined {
  const t = v.trim();
  if (t === '' || none.includes(t) || /^0+$/.test(t)) return null;
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (m) return validDay(+m[3], +m[1], +m[2]) ? `${m[3]}-${pad(+m[1])}-${pad(+m[2])}` : undefined;
  m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(t);
  if (m) return validDay(+m[1], +m[2], +m[3]) ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
  return undefined;
}

/** A field as a date, or a reject naming the column. */
export function dateField(field: Field, column: string, none: readonly string[] = []): string | null | Reject {
  const d = listDate(field(column), none);
  return d === undefined ? { reject: `${column}: not a date (${field(column).slice(0, 20)})` } : d;
}

export const isReject = (v: unknown): v is Reject => typeof v === 'object' && v !== null && 'reject' in v;

/** An NPI field: 10 digits, or empty (also all zeros) -> null; a reject otherwise. */
export function npiField(field: Field, column: string): string | null | Reject {
  const v = field(column);
  if (v === '' || /^0+$/.test(v)) return null;
  return /^\d{10}$/.test(v) ? v : { reject: `${column}: not 10 digits (${v.slice(0, 20)})` };
}

/** A state field: two letters (upper case) or empty -> null; a reject otherwise. */
export function stateField(field: Field, column: string): string | null | Reject {
  const v = field(column);
  if (v === '') return null;
  return /^[A-Za-z]{2}$/.test(v) ? v.toUpperCase() : { reject: `${column}: not a two-letter state (${v.slice(0, 20)})` };
}

export const orNull = (v: string) => (v === '' ? null : v);

/** The fields of a row, non-empty, by column (the evidence kept with the row). */
export function detailOf(columns: readonly string[], field: Field): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of columns) {
    const v = field(c);
    if (v !== '') out[c] = v;
  }
  return out;
}

/** A row as a CSV line with every field quoted (as SAM, CMS and LEIE publish). */
export function quotedLine(columns: readonly string[], values: Record<string, string>): string {
  return columns.map((c) => `"${(values[c] ?? '').replace(/"/g, '""')}"`).join(',');
}

/** A CSV field quoted only when it must be (OFAC's files). */
export const csvField = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** A date as mm/dd/yyyy. */
export const mdy = (d: Date) => `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
