import { Faker, en } from '@faker-js/faker';
import { dateField, detailOf, isReject, mdy, npiField, orNull, quotedLine, type DemoPerson, type Field, type ListRow, type Reject, type SourceList } from '../list/source-list';

/** The SAM.gov exclusions public extract's header (`SAM_Exclusions_Public_Extract_*.CSV`), every field quoted. */
export const SAM_COLUMNS = [
  'Classification',
  'Name',
  'Prefix',
  'First',
  'Middle',
  'Last',
  'Suffix',
  'Address 1',
  'Address 2',
  'Address 3',
  'Address 4',
  'City',
  'State / Province',
  'Country',
  'Zip Code',
  'Open Data Flag',
  'Blank (Deprecated)',
  'Unique Entity ID',
  'Exclusion Program',
  'Excluding Agency',
  'CT Code',
  'Exclusion Type',
  'Additional Comments',
  'Active Date',
  'Termination Date',
  'Record Status',
  'Cross-Reference',
  'SAM Number',
  'CAGE',
  'NPI',
  'Creation_Date',
] as const;
const CLASSIFICATIONS = ['Individual', 'Firm', 'Vessel', 'Special Entity Designation'];

/**
 * A SAM row: individuals (`Classification` Individual) by `Last` / `First` / `Middle`, firms,
 * vessels and special entities by `Name`; active from `Active Date` until `Termination Date`
 * (`Indefinite`: open-ended), both mm/dd/yyyy. Rejected: an unknown classification, an individual
 * without a last name or an entity without a name, an NPI not of 10 digits, a date that is not one.
 */
export function samRow(field: Field): ListRow | Reject {
  const classification = field('Classification');
  if (!CLASSIFICATIONS.includes(classification)) return { reject: `Classification: not one of ${CLASSIFICATIONS.join(', ')} (${classification.slice(0, 30)})` };
  const entity = classification !== 'Individual';
  if (!entity && field('Last') === '') return { reject: 'an Individual without Last' };
  if (entity && field('Name') === '') return { reject: `a ${classification} without Name` };
  const npi = npiField(field, 'NPI');
  if (isReject(npi)) return npi;
  const active = dateField(field, 'Active Date');
  if (isReject(active)) return active;
  const termination = dateField(field, 'Termination Date', ['Indefinite']);
  if (isReject(termination)) return termination;
  const state = field('State / Province');
  return {
    entity,
    lastName: entity ? null : field('Last'),
    firstName: entity ? null : orNull(field('First')),
    midName: entity ? null : orNull(field('Middle')),
    busName: entity ? field('Name') : null,
    general: classification,
    specialty: orNull(field('Exclusion Program')),
    npi,
    dob: null,
    address: orNull([field('Address 1'), field('Address 2')].filter(Boolean).join(', ')),
    city: orNull(field('City')),
    state: /^[A-Za-z]{2}$/.test(state) && ['USA', ''].includes(field('Country')) ? state.toUpperCase() : null,
    zip: orNull(field('Zip Code')),
    exclType: orNull([field('Excluding Agency'), field('Exclusion Type')].filter(Boolean).join(': ')),
    exclDate: active,
    reinDate: termination,
    detail: detailOf(SAM_COLUMNS, field),
  };
}

const ymdToMdy = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
const STATES = ['AL', 'AZ', 'CA', 'CO', 'FL', 'GA', 'IL', 'MA', 'MI', 'MN', 'NC', 'NJ', 'NY', 'OH', 'PA', 'TX', 'VA', 'WA'];
const AGENCIES = ['HHS', 'OPM', 'TREAS-OFAC', 'GSA', 'DOJ', 'EPA'];
const TYPES = ['Prohibition/Restriction', 'Ineligible (Proceedings Pending)', 'Ineligible (Proceedings Completed)'];

/** SAM rows (every field quoted), with a fixed seed: individuals and firms; the demo providers by NPI (the first) and by name and state (the next), and one terminated. */
export function samSampleLines(rows: number, demo: DemoPerson[] = [], seed = 20270103): string[] {
  const f = new Faker({ locale: [en], seed });
  const person = (i: number): Record<string, string> => {
    const firm = i % 7 === 0;
    const active = f.date.between({ from: '2005-01-01', to: '2026-10-31' });
    const ended = i % 11 === 0;
    return {
      Classification: firm ? 'Firm' : 'Individual',
      Name: firm ? f.company.name().toUpperCase() : '',
      First: firm ? '' : f.person.firstName().toUpperCase(),
      Middle: firm || i % 3 ? '' : `${f.string.alpha(1).toUpperCase()}.`,
      Last: firm ? '' : f.person.lastName().toUpperCase(),
      'Address 1': f.location.streetAddress().toUpperCase(),
      City: f.location.city().toUpperCase(),
      'State / Province': f.helpers.arrayElement(STATES),
      Country: 'USA',
      'Zip Code': f.location.zipCode('#####'),
      'Unique Entity ID': firm ? f.string.alphanumeric({ length: 12, casing: 'upper' }) : '',
      'Exclusion Program': f.helpers.arrayElement(['Reciprocal', 'Procurement', 'NonProcurement']),
      'Excluding Agency': f.helpers.arrayElement(AGENCIES),
      'CT Code': 'Z1',
      'Exclusion Type': f.helpers.arrayElement(TYPES),
      'Active Date': mdy(active),
      'Termination Date': ended ? mdy(new Date(active.getTime() + 365 * 86_400_000)) : 'Indefinite',
      'Record Status': '',
      'SAM Number': `S4MR${f.string.numeric(6)}`,
      NPI: !firm && i % 4 === 0 ? `1${f.string.numeric(9)}` : '',
      Creation_Date: mdy(active),
    };
  };
  const out = [quotedLine(SAM_COLUMNS, Object.fromEntries(SAM_COLUMNS.map((c) => [c, c])))];
  for (let i = 0; i < rows; i++) out.push(quotedLine(SAM_COLUMNS, person(i)));
  demo.slice(0, 1).forEach((p, k) =>
    out.push(quotedLine(SAM_COLUMNS, { ...person(rows + k), Classification: 'Individual', Name: '', First: p.first_name.toUpperCase(), Last: p.last_name.toUpperCase(), NPI: p.npi, 'Excluding Agency': 'HHS', 'Termination Date': 'Indefinite', 'Active Date': ymdToMdy('2025-03-01'), 'State / Province': p.loc_state ?? 'NY' })),
  );
  demo.slice(1, 2).forEach((p, k) =>
    out.push(quotedLine(SAM_COLUMNS, { ...person(rows + 1 + k), Classification: 'Individual', Name: '', First: p.first_name.toUpperCase(), Last: p.last_name.toUpperCase(), NPI: '', 'Excluding Agency': 'OPM', 'Termination Date': 'Indefinite', 'Active Date': ymdToMdy('2024-09-15'), 'State / Province': p.loc_state ?? 'NY' })),
  );
  return out;
}

export const SAM_LIST: SourceList = {
  id: 'sam',
  name: 'SAM.gov exclusions',
  file: 'SAM_Exclusions_Public_Extract_*.CSV',
  match: 'exclusion',
  columns: SAM_COLUMNS,
  row: samRow,
  identity: (r, field) => [r.general, r.busName, r.lastName, r.firstName, r.midName, r.npi, field('Unique Entity ID'), field('SAM Number'), field('Excluding Agency'), field('CT Code'), r.exclDate],
  sample: (rows, demo) => ({ file: 'SAM_Exclusions_Public_Extract_sample.CSV', lines: samSampleLines(rows, demo) }),
};
