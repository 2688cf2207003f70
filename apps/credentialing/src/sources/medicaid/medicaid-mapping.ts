import { Faker, en } from '@faker-js/faker';
import { dateField, detailOf, isReject, mdy, npiField, orNull, quotedLine, type DemoPerson, type Field, type ListRow, type Reject, type SourceList } from '../list/source-list';

/**
 * A state Medicaid exclusion / termination list, described by a small declarative mapping (one
 * file per state under `states/`): which of the state's columns holds what. One importer reads
 * them all; a list is matched like the federal ones (by NPI, else name and state).
 */
export type MedicaidMapping = {
  /** Two-letter state. */
  state: string;
  name: string;
  file: string;
  /** The state's header, as published. */
  columns: readonly string[];
  /** The person's name: separate columns, or one column `Last, First Middle`. */
  person: { last: string; first?: string; middle?: string } | { full: string };
  /** A business name column (a row without a person's name is a business). */
  business?: string;
  npi?: string;
  licence?: string;
  providerType?: string;
  action?: string;
  /** When the exclusion starts, and (when the state publishes it) when it ends: a reinstatement. */
  start: string;
  end?: string;
  /** Words a date column holds for "none" (e.g. `N/A`). */
  noDate?: readonly string[];
  address?: string;
  city?: string;
  zip?: string;
};

function personName(m: MedicaidMapping, field: Field): { last: string; first: string | null; mid: string | null } {
  if ('full' in m.person) {
    const full = field(m.person.full);
    const comma = full.indexOf(',');
    if (comma < 0) return { last: full, first: null, mid: null };
    const [first, ...mid] = full
      .slice(comma + 1)
      .trim()
      .split(/\s+/);
    return { last: full.slice(0, comma).trim(), first: first || null, mid: mid.join(' ') || null };
  }
  return { last: field(m.person.last), first: m.person.first ? orNull(field(m.person.first)) : null, mid: m.person.middle ? orNull(field(m.person.middle)) : null };
}

/** A row of a state's list through its mapping. Rejected: no name at all, a bad NPI, a start date missing or not a date, an end date not a date. */
export function medicaidRow(m: MedicaidMapping, field: Field): ListRow | Reject {
  const name = personName(m, field);
  const business = m.business ? field(m.business) : '';
  if (!name.last && !business) return { reject: `no name (${'full' in m.person ? m.person.full : m.person.last}${m.business ? ` or ${m.business}` : ''})` };
  const npi = m.npi ? npiField(field, m.npi) : null;
  if (isReject(npi)) return npi;
  const start = dateField(field, m.start, m.noDate);
  if (isReject(start)) return start;
  if (!start) return { reject: `${m.start} is missing` };
  const end = m.end ? dateField(field, m.end, m.noDate) : null;
  if (isReject(end)) return end;
  const entity = !name.last;
  return {
    entity,
    lastName: entity ? null : name.last,
    firstName: entity ? null : name.first,
    midName: entity ? null : name.mid,
    busName: entity ? business : orNull(business),
    general: m.providerType ? orNull(field(m.providerType)) : null,
    specialty: m.licence && field(m.licence) ? `Licence ${field(m.licence)}` : null,
    npi,
    dob: null,
    address: m.address ? orNull(field(m.address)) : null,
    city: m.city ? orNull(field(m.city)) : null,
    state: m.state,
    zip: m.zip ? orNull(field(m.zip)) : null,
    exclType: `${m.state} Medicaid${m.action && field(m.action) ? `: ${field(m.action)}` : ' exclusion'}`,
    exclDate: start,
    reinDate: end,
    detail: detailOf(m.columns, field),
  };
}

/** Sample rows in the state's layout (every field quoted); the first demo provider of the state list is on it by name (no NPI). */
function sampleLines(m: MedicaidMapping, rows: number, demo: DemoPerson[], seed: number): string[] {
  const f = new Faker({ locale: [en], seed });
  const row = (i: number, who?: DemoPerson): Record<string, string> => {
    const last = (who?.last_name ?? f.person.lastName()).toUpperCase();
    const first = (who?.first_name ?? f.person.firstName()).toUpperCase();
    const firm = !who && !!m.business && i % 8 === 0;
    const start = f.date.between({ from: '2008-01-01', to: '2026-10-31' });
    const v: Record<string, string> = {};
    if ('full' in m.person) v[m.person.full] = firm ? '' : `${last}, ${first}`;
    else {
      v[m.person.last] = firm ? '' : last;
      if (m.person.first) v[m.person.first] = firm ? '' : first;
    }
    if (m.business) v[m.business] = firm ? f.company.name().toUpperCase() : '';
    if (m.npi) v[m.npi] = !who && i % 3 === 0 ? `1${f.string.numeric(9)}` : '';
    if (m.licence) v[m.licence] = f.string.alphanumeric({ length: 7, casing: 'upper' });
    if (m.providerType) v[m.providerType] = f.helpers.arrayElement(['PHYSICIAN', 'NURSE', 'PHARMACY', 'HOME HEALTH', 'DME SUPPLIER']);
    if (m.action) v[m.action] = f.helpers.arrayElement(['EXCLUDED', 'TERMINATED', 'SUSPENDED']);
    v[m.start] = mdy(start);
    if (m.end) v[m.end] = !who && i % 10 === 0 ? mdy(new Date(start.getTime() + 400 * 86_400_000)) : '';
    if (m.city) v[m.city] = f.location.city().toUpperCase();
    if (m.zip) v[m.zip] = f.location.zipCode('#####');
    if (m.address) v[m.address] = f.location.streetAddress().toUpperCase();
    return v;
  };
  const out = [quotedLine(m.columns, Object.fromEntries(m.columns.map((c) => [c, c])))];
  for (let i = 0; i < rows; i++) out.push(quotedLine(m.columns, row(i)));
  for (const p of demo.filter((d) => d.loc_state === m.state).slice(0, 1)) out.push(quotedLine(m.columns, row(rows, p)));
  return out;
}

/** The source list of a state's mapping (`medicaid-<state>`). */
export function medicaidList(m: MedicaidMapping, seed: number): SourceList {
  return {
    id: `medicaid-${m.state.toLowerCase()}`,
    name: m.name,
    file: m.file,
    match: 'exclusion',
    columns: m.columns,
    row: (field) => medicaidRow(m, field),
    identity: (r, field) => [r.lastName, r.firstName, r.busName, r.npi, m.licence ? field(m.licence) : null, r.exclDate],
    sample: (rows, demo) => ({ file: `medicaid-${m.state.toLowerCase()}-sample.csv`, lines: sampleLines(m, rows, demo, seed) }),
  };
}
