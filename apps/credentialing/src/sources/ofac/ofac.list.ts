import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { Faker, en } from '@faker-js/faker';
import { csvField, type DemoPerson, type Field, type ListRow, type Reject, type SourceList } from '../list/source-list';

/** The Treasury's `sdn.csv` columns (no header row; `-0- ` for an empty value). */
export const SDN_COLUMNS = ['ent_num', 'SDN_Name', 'SDN_Type', 'Program', 'Title', 'Call_Sign', 'Vess_type', 'Tonnage', 'GRT', 'Vess_flag', 'Vess_owner', 'Remarks'] as const;
/** `alt.csv`: the aliases of an `ent_num`. */
export const ALT_COLUMNS = ['ent_num', 'alt_num', 'alt_type', 'alt_name', 'alt_remarks'] as const;

/** OFAC's empty value. */
const ofac = (v: string) => (v.trim() === '-0-' ? '' : v.trim());

/** `LAST, First Middle` as last and first (and middle) names. */
export function splitOfacName(name: string): { last: string; first: string | null; mid: string | null } {
  const comma = name.indexOf(',');
  if (comma < 0) return { last: name.trim(), first: null, mid: null };
  const [first, ...rest] = name
    .slice(comma + 1)
    .trim()
    .split(/\s+/);
  return { last: name.slice(0, comma).trim(), first: first || null, mid: rest.join(' ') || null };
}

/** The aliases of every entry, by `ent_num`, from `alt.csv` beside `sdn.csv` (none when it is not there). */
export async function readAliases(sdnFile: string): Promise<Map<string, string[]>> {
  const name = basename(sdnFile);
  const alt = join(dirname(sdnFile), /sdn/i.test(name) ? name.replace(/sdn/i, (m) => (m === 'SDN' ? 'ALT' : 'alt')) : 'alt.csv');
  const out = new Map<string, string[]>();
  if (!existsSync(alt) || alt === sdnFile) return out;
  const records = parse(await readFile(alt, 'utf8'), { relax_column_count: true, relax_quotes: true, skip_empty_lines: true }) as string[][];
  for (const r of records) {
    const ent = ofac(r[0] ?? '');
    const aka = ofac(r[3] ?? '');
    if (!/^\d+$/.test(ent) || !aka) continue;
    out.set(ent, [...(out.get(ent) ?? []), aka]);
  }
  return out;
}

/**
 * An SDN entry: individuals (`SDN_Type` individual) by their `LAST, First` name, everyone else
 * (entities, vessels, aircraft) by the whole name; the aliases of alt.csv beside it. Rejected: an
 * ent_num that is not a number, no name.
 */
export function ofacRow(field: Field, aliases: Map<string, string[]>): ListRow | Reject {
  const ent = ofac(field('ent_num'));
  if (!/^\d+$/.test(ent)) return { reject: `ent_num: not a number (${ent.slice(0, 20)})` };
  const name = ofac(field('SDN_Name'));
  if (!name) return { reject: 'no SDN_Name' };
  const type = ofac(field('SDN_Type'));
  const person = type.toLowerCase() === 'individual';
  const n = splitOfacName(name);
  const detail: Record<string, string> = {};
  for (const c of SDN_COLUMNS) if (ofac(field(c))) detail[c] = ofac(field(c));
  return {
    entity: !person,
    lastName: person ? n.last : null,
    firstName: person ? n.first : null,
    midName: person ? n.mid : null,
    busName: person ? null : name,
    general: type || 'entity',
    specialty: ofac(field('Program')) || null,
    npi: null,
    dob: null,
    address: null,
    city: null,
    state: null,
    zip: null,
    exclType: `OFAC SDN ${ofac(field('Program'))}`.trim(),
    exclDate: null,
    reinDate: null,
    aliases: aliases.get(ent) ?? [],
    detail,
  };
}

/** sdn.csv and alt.csv lines (no header), with a fixed seed; the fifth demo provider is on the list under an alias. */
export function ofacSampleFiles(rows: number, demo: DemoPerson[] = [], seed = 20270105): { sdn: string[]; alt: string[] } {
  const f = new Faker({ locale: [en], seed });
  const sdn: string[] = [];
  const alt: string[] = [];
  let altNum = 1;
  const line = (ent: number, name: string, type: string, program: string) =>
    [String(ent), csvField(name), type === '' ? '-0- ' : csvField(type), csvField(program), '-0- ', '-0- ', '-0- ', '-0- ', '-0- ', '-0- ', '-0- ', csvField(`DOB ${f.date.birthdate().getUTCFullYear()}.`)].join(',');
  for (let i = 0; i < rows; i++) {
    const ent = 10_000 + i;
    const person = i % 3 !== 0;
    const name = person ? `${f.person.lastName().toUpperCase()}, ${f.person.firstName()}` : f.company.name().toUpperCase();
    sdn.push(line(ent, name, person ? 'individual' : '', f.helpers.arrayElement(['SDGT', 'CUBA', 'IRAN', 'SDNTK', 'RUSSIA-EO14024'])));
    if (person && i % 4 === 0) alt.push([String(ent), String(altNum++), 'aka', csvField(`${f.person.lastName().toUpperCase()}, ${f.person.firstName()}`), '-0- '].join(','));
  }
  demo.slice(4, 5).forEach((p, k) => {
    const ent = 10_000 + rows + k;
    sdn.push(line(ent, `${f.person.lastName().toUpperCase()}, ${f.person.firstName()}`, 'individual', 'SDNTK'));
    alt.push([String(ent), String(altNum++), 'aka', csvField(`${p.last_name.toUpperCase()}, ${p.first_name}`), '-0- '].join(','));
  });
  return { sdn, alt };
}

export const OFAC_LIST: SourceList = {
  id: 'ofac',
  name: 'OFAC SDN list',
  file: 'sdn.csv (and alt.csv beside it)',
  match: 'name-only',
  columns: SDN_COLUMNS,
  headerless: true,
  prepare: readAliases,
  row: (field, aliases) => ofacRow(field, aliases as Map<string, string[]>),
  identity: (_r, field) => [ofac(field('ent_num'))],
  sample: (rows, demo) => {
    const { sdn, alt } = ofacSampleFiles(rows, demo);
    return { file: 'sdn.csv', lines: sdn, extra: { file: 'alt.csv', lines: alt } };
  },
};
