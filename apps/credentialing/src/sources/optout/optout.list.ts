import { Faker, en } from '@faker-js/faker';
import { dateField, detailOf, isReject, mdy, orNull, quotedLine, stateField, type DemoPerson, type Field, type ListRow, type Reject, type SourceList } from '../list/source-list';

/** CMS's "Opt Out Affidavits" file header (dates mm/dd/yyyy). */
export const OPTOUT_COLUMNS = [
  'First Name',
  'Last Name',
  'NPI',
  'Specialty',
  'Optout Effective Date',
  'Optout End Date',
  'First Line Street Address',
  'Second Line Street Address',
  'City Name',
  'State Code',
  'Zip code',
  'Eligible to Order and Refer',
  'Last updated',
] as const;

/**
 * An opt-out affidavit: the practitioner's NPI (required: the list is matched by NPI only), active
 * from `Optout Effective Date` until `Optout End Date`. Rejected: no NPI or not 10 digits, no last
 * name, a date that is not one, an end before the start.
 */
export function optoutRow(field: Field): ListRow | Reject {
  const npi = field('NPI');
  if (!/^\d{10}$/.test(npi)) return { reject: `NPI: not 10 digits (${npi.slice(0, 20)})` };
  if (field('Last Name') === '') return { reject: 'no Last Name' };
  const start = dateField(field, 'Optout Effective Date');
  if (isReject(start)) return start;
  const end = dateField(field, 'Optout End Date');
  if (isReject(end)) return end;
  if (start && end && end < start) return { reject: `Optout End Date before Optout Effective Date (${field('Optout End Date')})` };
  const state = stateField(field, 'State Code');
  if (isReject(state)) return state;
  return {
    entity: false,
    lastName: field('Last Name'),
    firstName: orNull(field('First Name')),
    midName: null,
    busName: null,
    general: 'Medicare opt-out',
    specialty: orNull(field('Specialty')),
    npi,
    dob: null,
    address: orNull([field('First Line Street Address'), field('Second Line Street Address')].filter(Boolean).join(', ')),
    city: orNull(field('City Name')),
    state,
    zip: orNull(field('Zip code')),
    exclType: `Opted out of Medicare (order and refer: ${field('Eligible to Order and Refer') || '?'})`,
    exclDate: start,
    reinDate: end,
    detail: detailOf(OPTOUT_COLUMNS, field),
  };
}

const STATES = ['AZ', 'CA', 'CO', 'FL', 'GA', 'IL', 'MA', 'NJ', 'NY', 'OH', 'PA', 'TX', 'WA'];
const SPECIALTIES = ['Psychiatry', 'Clinical Psychologist', 'Internal Medicine', 'Family Practice', 'Dermatology', 'Licensed Clinical Social Worker'];

/** Opt-out rows (every field quoted); the third demo provider has an active opt-out, the fourth an ended one. */
export function optoutSampleLines(rows: number, demo: DemoPerson[] = [], seed = 20270104): string[] {
  const f = new Faker({ locale: [en], seed });
  const day = 86_400_000;
  const row = (i: number): Record<string, string> => {
    const start = f.date.between({ from: '2012-01-01', to: '2026-10-31' });
    const ended = i % 6 === 0;
    const end = ended ? new Date(start.getTime() + 2 * 365 * day) : new Date(Date.UTC(2028, 0, 1) + (i % 700) * day);
    return {
      'First Name': f.person.firstName(),
      'Last Name': f.person.lastName(),
      NPI: `1${f.string.numeric(9)}`,
      Specialty: f.helpers.arrayElement(SPECIALTIES),
      'Optout Effective Date': mdy(start),
      'Optout End Date': mdy(end),
      'First Line Street Address': f.location.streetAddress(),
      'Second Line Street Address': '',
      'City Name': f.location.city(),
      'State Code': f.helpers.arrayElement(STATES),
      'Zip code': f.location.zipCode('#####'),
      'Eligible to Order and Refer': i % 3 ? 'Y' : 'N',
      'Last updated': '11/15/2026',
    };
  };
  const out = [quotedLine(OPTOUT_COLUMNS, Object.fromEntries(OPTOUT_COLUMNS.map((c) => [c, c])))];
  for (let i = 0; i < rows; i++) out.push(quotedLine(OPTOUT_COLUMNS, row(i)));
  demo.slice(2, 4).forEach((p, k) =>
    out.push(
      quotedLine(OPTOUT_COLUMNS, {
        ...row(rows + k),
        'First Name': p.first_name,
        'Last Name': p.last_name,
        NPI: p.npi,
        'Optout Effective Date': k === 0 ? '01/01/2026' : '01/01/2020',
        'Optout End Date': k === 0 ? '12/31/2027' : '12/31/2021',
      }),
    ),
  );
  return out;
}

export const OPTOUT_LIST: SourceList = {
  id: 'optout',
  name: 'CMS Medicare opt-out affidavits',
  file: 'Opt Out Affidavits (CSV)',
  match: 'opt-out',
  columns: OPTOUT_COLUMNS,
  row: optoutRow,
  identity: (r) => [r.npi, r.exclDate],
  sample: (rows, demo) => ({ file: 'optout-sample.csv', lines: optoutSampleLines(rows, demo) }),
};
