import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Faker, en } from '@faker-js/faker';
import { LEIE_HEADER, leieCsvLine, type LeieColumn } from './leie-record';

/** A person of the sample registry the demo data was seeded from (npm run seed takes them in NPI order). */
export type DemoPerson = { npi: string; first_name: string; last_name: string; loc_state: string | null };

export const DEFAULT_LEIE_SAMPLE_ROWS = 2_000;
export const SAMPLE_LEIE_FILE = 'UPDATED-sample.csv';

const GENERAL = ['PHYSICIAN (MD, DO)', 'NURSING PROFESSION', 'OTHER BUSINESS', 'PHARMACY', 'DME', 'IND- LIC HC SERV PRO', 'BUSINESS OWNER/EXEC'];
const SPECIALTY = ['FAMILY PRACTICE', 'INTERNAL MEDICINE', 'NURSE/NURSES AIDE', 'PHARMACIST', 'SOBER HOME', 'COUNSELOR', 'CHIROPRACTOR'];
const EXCLTYPES = ['1128a1', '1128a2', '1128a3', '1128a4', '1128b4', '1128b5', '1128b7', '1128b14'];
const STATES = ['AL', 'AZ', 'CA', 'CO', 'FL', 'GA', 'IL', 'MA', 'MI', 'MN', 'NC', 'NJ', 'NY', 'OH', 'PA', 'TX', 'VA', 'WA'];

const ymd = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');

/**
 * Rows in the real LEIE layout (every field quoted, CRLF), generated with a fixed seed so every
 * run makes the same list: `rows` made-up individuals and entities, plus demo providers so the
 * embedded default shows real matches: the first three by NPI (the second with another spelling
 * of the name), the next two by last and first name and state only (no NPI: possible matches).
 */
export function leieSampleLines(rows: number, demo: DemoPerson[] = [], seed = 20261127): string[] {
  const f = new Faker({ locale: [en], seed });
  const out: string[] = [];
  const person = (i: number, npi?: string): Partial<Record<LeieColumn, string>> => {
    const entity = i % 9 === 0;
    return {
      LASTNAME: entity ? '' : f.person.lastName().toUpperCase(),
      FIRSTNAME: entity ? '' : f.person.firstName().toUpperCase(),
      MIDNAME: entity || i % 3 ? '' : f.string.alpha(1).toUpperCase(),
      BUSNAME: entity ? f.company.name().toUpperCase() : '',
      GENERAL: entity ? 'OTHER BUSINESS' : f.helpers.arrayElement(GENERAL),
      SPECIALTY: f.helpers.arrayElement(SPECIALTY),
      NPI: npi ?? (i % 5 === 0 ? `1${f.string.numeric(9)}` : '0000000000'),
      DOB: entity || i % 4 === 0 ? '00000000' : ymd(f.date.birthdate({ mode: 'age', min: 30, max: 80 })),
      ADDRESS: f.location.streetAddress().toUpperCase(),
      CITY: f.location.city().toUpperCase(),
      STATE: f.helpers.arrayElement(STATES),
      ZIP: f.location.zipCode('#####'),
      EXCLTYPE: f.helpers.arrayElement(EXCLTYPES),
      EXCLDATE: ymd(f.date.between({ from: '1990-01-01', to: '2026-10-31' })),
      REINDATE: '00000000',
      WAIVERDATE: '00000000',
    };
  };
  for (let i = 0; i < rows; i++) out.push(leieCsvLine(person(i)));
  const byNpi = demo.slice(0, 3);
  const byName = demo.slice(3, 5);
  byNpi.forEach((p, k) =>
    out.push(
      leieCsvLine({
        ...person(rows + k, p.npi),
        LASTNAME: k === 1 ? `${p.last_name.toUpperCase()}-SMITH` : p.last_name.toUpperCase(),
        FIRSTNAME: p.first_name.toUpperCase(),
        BUSNAME: '',
        GENERAL: 'PHYSICIAN (MD, DO)',
        STATE: p.loc_state ?? 'NY',
        EXCLTYPE: '1128b4',
        EXCLDATE: '20250115',
      }),
    ),
  );
  byName.forEach((p, k) =>
    out.push(
      leieCsvLine({
        ...person(rows + 3 + k, '0000000000'),
        LASTNAME: p.last_name.toUpperCase(),
        FIRSTNAME: p.first_name.toUpperCase(),
        BUSNAME: '',
        GENERAL: 'PHYSICIAN (MD, DO)',
        STATE: p.loc_state ?? 'NY',
        DOB: '00000000',
        EXCLTYPE: '1128a1',
        EXCLDATE: '20240610',
      }),
    ),
  );
  return out;
}

/** Writes the file: header and rows with CRLF line ends, as OIG publishes it. */
export async function writeLeieFile(file: string, lines: string[]): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${LEIE_HEADER.join(',')}\r\n${lines.map((l) => `${l}\r\n`).join('')}`);
}
