import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Faker, base, en, en_US } from '@faker-js/faker';
import { withNpiCheckDigit } from '@app/validation';
import { NPPES_ENDPOINT_HEADER, NPPES_NPIDATA_HEADER } from './data/nppes-headers';
import { nuccTaxonomy } from './taxonomy';

/**
 * A generated registry in the exact NPPES layout (the 330-column data file and the endpoint
 * file), deterministic for a seed: @faker-js/faker (seeded) makes pools of names, streets and
 * places, and a seeded PRNG combines them per row, which keeps millions of rows fast. NPIs are
 * unique with valid check digits, taxonomy codes are real NUCC codes matching the credential,
 * organisation names carry legal suffixes, a few NPIs are deactivated (the file's way: no
 * entity type, a deactivation date). The file names say 'sample': the importer marks every
 * row as sample data.
 */
export type SampleOptions = {
  dir: string;
  individuals: number;
  organizations: number;
  seed?: number;
  /** Share of NPIs that get endpoint lines (default 0.05). */
  endpointShare?: number;
  /** Share of deactivated NPIs (default 0.002). */
  deactivatedShare?: number;
  onProgress?: (written: number, total: number) => void;
};

export type SampleFiles = { dataFile: string; endpointsFile: string; rows: number; endpoints: number };

export const SAMPLE_DATA_FILE = 'npidata_pfile_sample_20240101-20240107.csv';
export const SAMPLE_ENDPOINT_FILE = 'endpoint_pfile_sample_20240101-20240107.csv';
// A little over 50,000 people and 10,000 organisations once the deactivated NPIs are set aside.
export const DEFAULT_SAMPLE = { individuals: 50_500, organizations: 10_100, seed: 20240107 } as const;

/**
 * Rows every generated registry starts with, whatever the seed: tests and the README use them
 * (accents, 'Last, First' prefixes, an organisation name with a legal suffix, a deactivated NPI).
 */
export const FIXED_SAMPLE_ROWS = {
  person: { npi: withNpiCheckDigit('100000001'), last: 'MÜLLER-ÅSTRÖM', first: 'JOSÉ', middle: 'A', credential: 'MD', state: 'NY', city: 'ALBANY' },
  person2: { npi: withNpiCheckDigit('100000002'), last: 'MULLIGAN', first: 'JOSEPHINE', middle: '', credential: 'NP', state: 'CA', city: 'SAN DIEGO' },
  organization: { npi: withNpiCheckDigit('100000003'), name: 'ACME FAMILY HEALTH, PLLC', state: 'TX', city: 'AUSTIN' },
  deactivated: { npi: withNpiCheckDigit('100000004'), deactivationDate: '06/15/2020' },
} as const;

const CREDENTIALS: Array<{ credential: string; weight: number; codes: (code: string) => boolean; prefix?: string[] }> = [
  { credential: 'MD', weight: 34, codes: (c) => /^20[78]/.test(c) },
  { credential: 'DO', weight: 6, codes: (c) => /^20[78]/.test(c) },
  { credential: 'NP', weight: 12, codes: (c) => c.startsWith('363L') },
  { credential: 'PA-C', weight: 7, codes: (c) => c.startsWith('363A') },
  { credential: 'RN', weight: 10, codes: (c) => c.startsWith('163W') },
  { credential: 'DDS', weight: 6, codes: (c) => c.startsWith('1223') },
  { credential: 'DMD', weight: 2, codes: (c) => c.startsWith('1223') },
  { credential: 'PHARMD', weight: 4, codes: (c) => c.startsWith('1835') },
  { credential: 'OD', weight: 3, codes: (c) => c.startsWith('152W') },
  { credential: 'DPM', weight: 2, codes: (c) => c.startsWith('213E') },
  { credential: 'DPT', weight: 5, codes: (c) => c.startsWith('2251') },
  { credential: 'LCSW', weight: 5, codes: (c) => c.startsWith('1041') },
  { credential: 'PSYD', weight: 4, codes: (c) => c.startsWith('103T') },
];
const ORG_GROUPINGS = ['Hospitals', 'Agencies', 'Ambulatory Health Care Facilities', 'Laboratories', 'Suppliers', 'Nursing & Custodial Care Facilities', 'Group', 'Pharmacy Service Providers'];
const LEGAL_SUFFIXES = ['LLC', 'PC', 'PLLC', 'INC', 'LLP', 'PA', 'CORP', 'LTD', 'P.C.', 'INC.', 'L.L.C.'];
const ORG_WORDS = ['FAMILY', 'HEALTH', 'MEDICAL', 'CARE', 'CLINIC', 'ASSOCIATES', 'PEDIATRICS', 'ORTHOPEDICS', 'DENTAL', 'CARDIOLOGY', 'WELLNESS', 'PHYSICIANS', 'SURGERY', 'IMAGING', 'PHARMACY', 'HOME HEALTH', 'REHABILITATION', 'LABORATORY', 'URGENT CARE', 'BEHAVIORAL HEALTH', 'VISION', 'DERMATOLOGY', 'WOMENS HEALTH', 'PRIMARY CARE'];
const STATES = ['AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'PR'];
const ENDPOINT_TYPES = [
  { type: 'DIRECT', desc: 'Direct Messaging Address' },
  { type: 'FHIR', desc: 'FHIR URL' },
  { type: 'CONNECT', desc: 'CONNECT URL' },
  { type: 'WEB', desc: 'Web Service' },
];

/** mulberry32: a small, fast, seeded PRNG (the pools come from faker, the combinations from this). */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
  };
}

function pools(seed: number) {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(seed);
  const unique = (n: number, make: () => string) => [...new Set(Array.from({ length: n }, make))];
  const places = Array.from({ length: 600 }, () => {
    const state = faker.helpers.arrayElement(STATES);
    return { city: faker.location.city().toUpperCase(), state, zip: faker.location.zipCode({ state: state === 'PR' || state === 'DC' ? 'NY' : state }).replace(/\D/g, '').slice(0, 5) };
  });
  return {
    lastNames: unique(4000, () => faker.person.lastName().toUpperCase().replace(/[^A-Z' -]/g, '')),
    firstNames: unique(3000, () => faker.person.firstName().toUpperCase().replace(/[^A-Z' -]/g, '')),
    streets: unique(5000, () => faker.location.streetAddress().toUpperCase()),
    suites: unique(300, () => faker.location.secondaryAddress().toUpperCase()),
    companyWords: unique(800, () => faker.company.name().split(/[ ,-]+/)[0].toUpperCase().replace(/[^A-Z]/g, '')).filter((w) => w.length > 2),
    places,
  };
}

const q = (v: string | number | undefined | null) => `"${v === undefined || v === null ? '' : String(v).replace(/"/g, '""')}"`;

/** Writes the data file and the endpoint file under `dir` (replacing them atomically). */
export async function generateSampleRegistry(options: SampleOptions): Promise<SampleFiles> {
  const seed = options.seed ?? DEFAULT_SAMPLE.seed;
  const rnd = prng(seed);
  const p = pools(seed);
  const taxonomy = nuccTaxonomy().cleanCodes();
  const personCodes = CREDENTIALS.map((c) => ({ ...c, list: taxonomy.filter((t) => c.codes(t.code)).map((t) => t.code) }));
  const orgCodes = taxonomy.filter((t) => ORG_GROUPINGS.some((g) => t.grouping.startsWith(g))).map((t) => t.code);
  const totalWeight = CREDENTIALS.reduce((s, c) => s + c.weight, 0);
  const pickCredential = () => {
    let r = rnd.next() * totalWeight;
    for (const c of personCodes) if ((r -= c.weight) < 0) return c;
    return personCodes[0];
  };

  await mkdir(options.dir, { recursive: true });
  const dataFile = join(options.dir, SAMPLE_DATA_FILE);
  const endpointsFile = join(options.dir, SAMPLE_ENDPOINT_FILE);
  const data = createWriteStream(`${dataFile}.partial`);
  const endpoints = createWriteStream(`${endpointsFile}.partial`);
  const col = new Map(NPPES_NPIDATA_HEADER.map((name, i) => [name, i]));
  const width = NPPES_NPIDATA_HEADER.length;
  const empty = Array<string>(width).fill('""');

  let buffer = `${NPPES_NPIDATA_HEADER.map(q).join(',')}\n`;
  let endpointBuffer = `${NPPES_ENDPOINT_HEADER.map(q).join(',')}\n`;
  let endpointCount = 0;
  const flush = async (force = false) => {
    if (buffer.length > 1 << 20 || (force && buffer)) {
      if (!data.write(buffer)) await once(data, 'drain');
      buffer = '';
    }
    if (endpointBuffer.length > 1 << 20 || (force && endpointBuffer)) {
      if (!endpoints.write(endpointBuffer)) await once(endpoints, 'drain');
      endpointBuffer = '';
    }
  };

  const date = (fromYear: number, toYear: number) =>
    `${String(rnd.int(1, 12)).padStart(2, '0')}/${String(rnd.int(1, 28)).padStart(2, '0')}/${rnd.int(fromYear, toYear)}`;
  const phone = () => `${rnd.int(201, 989)}${rnd.int(200, 999)}${String(rnd.int(0, 9999)).padStart(4, '0')}`;
  const address = (place = rnd.pick(p.places)) => ({
    line1: rnd.pick(p.streets),
    line2: rnd.chance(0.3) ? rnd.pick(p.suites) : '',
    city: place.city,
    state: place.state,
    zip: `${place.zip}${rnd.chance(0.6) ? String(rnd.int(0, 9999)).padStart(4, '0') : ''}`,
    phone: phone(),
    fax: rnd.chance(0.5) ? phone() : '',
  });

  const total = options.individuals + options.organizations;
  const fixed = FIXED_SAMPLE_ROWS;
  for (let i = 0; i < total; i++) {
    const v = empty.slice();
    const set = (name: string, value: string | number) => {
      const at = col.get(name);
      if (at === undefined) throw new Error(`no column '${name}' in the NPPES header`);
      v[at] = q(value);
    };
    // Unique, scattered NPIs: i -> 100000000 + (i * 7919 + 1009) mod 10^8 is a bijection.
    const isFixed = i < 4;
    const nine = isFixed ? [fixed.person, fixed.person2, fixed.organization, fixed.deactivated][i].npi.slice(0, 9) : String(100000000 + ((i * 7919 + 1009) % 100000000));
    const npi = withNpiCheckDigit(nine);
    set('NPI', npi);
    const deactivated = i === 3 || (!isFixed && rnd.chance(options.deactivatedShare ?? 0.002));
    if (deactivated) {
      // What the real file holds for a deactivated NPI: the number and the deactivation date.
      set('NPI Deactivation Date', i === 3 ? fixed.deactivated.deactivationDate : date(2008, 2023));
      buffer += `${v.join(',')}\n`;
      await flush();
      continue;
    }
    const organization = i === 2 || (!isFixed && i >= options.individuals);
    const loc = address(i === 0 ? { city: fixed.person.city, state: fixed.person.state, zip: '12207' } : i === 1 ? { city: fixed.person2.city, state: fixed.person2.state, zip: '92101' } : i === 2 ? { city: fixed.organization.city, state: fixed.organization.state, zip: '78701' } : undefined);
    const mail = rnd.chance(0.7) ? loc : address();
    set('Entity Type Code', organization ? 2 : 1);
    set('Provider Enumeration Date', date(2005, 2023));
    set('Last Update Date', date(2023, 2024));
    set('Provider First Line Business Mailing Address', mail.line1);
    set('Provider Second Line Business Mailing Address', mail.line2);
    set('Provider Business Mailing Address City Name', mail.city);
    set('Provider Business Mailing Address State Name', mail.state);
    set('Provider Business Mailing Address Postal Code', mail.zip);
    set('Provider Business Mailing Address Country Code (If outside U.S.)', 'US');
    set('Provider Business Mailing Address Telephone Number', mail.phone);
    set('Provider Business Mailing Address Fax Number', mail.fax);
    set('Provider First Line Business Practice Location Address', loc.line1);
    set('Provider Second Line Business Practice Location Address', loc.line2);
    set('Provider Business Practice Location Address City Name', loc.city);
    set('Provider Business Practice Location Address State Name', loc.state);
    set('Provider Business Practice Location Address Postal Code', loc.zip);
    set('Provider Business Practice Location Address Country Code (If outside U.S.)', 'US');
    set('Provider Business Practice Location Address Telephone Number', loc.phone);
    set('Provider Business Practice Location Address Fax Number', loc.fax);
    let codes: string[];
    if (organization) {
      const name =
        i === 2
          ? fixed.organization.name
          : `${rnd.pick(p.companyWords)} ${rnd.pick(ORG_WORDS)}${rnd.chance(0.3) ? ` ${rnd.pick(ORG_WORDS)}` : ''}${rnd.chance(0.85) ? `${rnd.chance(0.4) ? ',' : ''} ${rnd.pick(LEGAL_SUFFIXES)}` : ''}`;
      set('Provider Organization Name (Legal Business Name)', name);
      set('Authorized Official Last Name', rnd.pick(p.lastNames));
      set('Authorized Official First Name', rnd.pick(p.firstNames));
      set('Authorized Official Title or Position', rnd.pick(['CEO', 'OWNER', 'ADMINISTRATOR', 'PRESIDENT', 'OFFICE MANAGER']));
      set('Authorized Official Telephone Number', phone());
      set('Is Organization Subpart', rnd.chance(0.1) ? 'Y' : 'N');
      codes = Array.from({ length: rnd.int(1, 2) }, () => rnd.pick(orgCodes));
    } else {
      const c = i === 0 ? personCodes[0] : i === 1 ? personCodes.find((x) => x.credential === 'NP')! : pickCredential();
      set('Provider Last Name (Legal Name)', i === 0 ? fixed.person.last : i === 1 ? fixed.person2.last : rnd.pick(p.lastNames));
      set('Provider First Name', i === 0 ? fixed.person.first : i === 1 ? fixed.person2.first : rnd.pick(p.firstNames));
      set('Provider Middle Name', i === 0 ? fixed.person.middle : i === 1 ? '' : rnd.chance(0.6) ? rnd.pick(p.firstNames).slice(0, rnd.chance(0.5) ? 1 : 20) : '');
      set('Provider Name Prefix Text', c.credential === 'MD' || c.credential === 'DO' ? 'DR.' : rnd.chance(0.5) ? rnd.pick(['MS.', 'MR.', 'MRS.']) : '');
      set('Provider Name Suffix Text', rnd.chance(0.04) ? rnd.pick(['JR.', 'SR.', 'III']) : '');
      set('Provider Credential Text', i === 0 ? fixed.person.credential : c.credential);
      set('Provider Sex Code', rnd.chance(0.5) ? 'F' : 'M');
      set('Is Sole Proprietor', rnd.chance(0.2) ? 'Y' : 'N');
      codes = Array.from({ length: rnd.chance(0.75) ? 1 : rnd.int(2, 3) }, () => rnd.pick(c.list));
    }
    codes = [...new Set(codes)];
    const primary = rnd.int(0, codes.length - 1);
    codes.forEach((code, k) => {
      const n = k + 1;
      set(`Healthcare Provider Taxonomy Code_${n}`, code);
      set(`Provider License Number_${n}`, organization && rnd.chance(0.5) ? '' : `${String.fromCharCode(65 + rnd.int(0, 25))}${rnd.int(10000, 999999)}`);
      set(`Provider License Number State Code_${n}`, k === 0 ? loc.state : rnd.pick(STATES));
      set(`Healthcare Provider Primary Taxonomy Switch_${n}`, k === primary ? 'Y' : 'N');
      set(`Healthcare Provider Taxonomy Group_${n}`, '');
    });
    buffer += `${v.join(',')}\n`;

    if (i === 0 || i === 2 || (!isFixed && rnd.chance(options.endpointShare ?? 0.05))) {
      const count = i === 0 ? 2 : rnd.int(1, 2);
      for (let k = 0; k < count; k++) {
        const t = i === 0 || i === 2 ? ENDPOINT_TYPES[k] : rnd.pick(ENDPOINT_TYPES);
        const host = `${(rnd.pick(p.companyWords) || 'clinic').toLowerCase()}.example.org`;
        const endpoint = t.type === 'DIRECT' ? `provider${npi}@direct.${host}` : `https://${host}/${t.type.toLowerCase()}/${npi}`;
        const affiliation = rnd.chance(0.5);
        endpointBuffer += `${[
          npi,
          t.type,
          t.desc,
          endpoint,
          affiliation ? 'Y' : 'N',
          t.type === 'DIRECT' ? 'Direct secure messaging' : '',
          affiliation ? `${rnd.pick(p.companyWords)} HEALTH SYSTEM INC` : '',
          'HIE',
          'Health Information Exchange (HIE)',
          '',
          'OTHER',
          'Other',
          '',
          affiliation ? loc.line1 : '',
          '',
          affiliation ? loc.city : '',
          affiliation ? loc.state : '',
          affiliation ? 'US' : '',
          affiliation ? loc.zip : '',
        ]
          .map(q)
          .join(',')}\n`;
        endpointCount++;
      }
    }
    if (i % 10000 === 0) options.onProgress?.(i, total);
    await flush();
  }
  await flush(true);
  data.end();
  endpoints.end();
  await Promise.all([once(data, 'finish'), once(endpoints, 'finish')]);
  await mkdir(dirname(dataFile), { recursive: true });
  await rename(`${dataFile}.partial`, dataFile);
  await rename(`${endpointsFile}.partial`, endpointsFile);
  options.onProgress?.(total, total);
  return { dataFile, endpointsFile, rows: total, endpoints: endpointCount };
}
