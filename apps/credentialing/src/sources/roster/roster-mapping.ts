import { Faker, en } from '@faker-js/faker';
import { licenceKey } from '../../domain/roster-check';
import { dateField, detailOf, isReject, mdy, orNull, quotedLine, type DemoPerson, type Field, type Reject } from '../list/source-list';

/**
 * A state board's licence roster, described by a small declarative mapping (one file per state
 * under `states/`): which column holds the licence number, the name, the type, the status, the
 * issue and expiry dates and the discipline flag, and which status words mean active.
 */
export type RosterMapping = {
  state: string;
  name: string;
  file: string;
  columns: readonly string[];
  number: string;
  person: { last: string; first: string } | { full: string };
  type: string;
  status: string;
  /** Status words (upper case) that mean the licence is active. */
  activeStatuses: readonly string[];
  issued: string;
  expires: string;
  discipline: { column: string; yes: readonly string[] };
};

export type RosterRow = {
  licenceKey: string;
  licenceNumber: string;
  lastName: string | null;
  firstName: string | null;
  licenceType: string | null;
  status: string | null;
  issuedOn: string | null;
  expiresOn: string | null;
  disciplined: boolean;
  detail: Record<string, string>;
};

/** A roster line through its mapping. Rejected: no licence number, a date that is not one. */
export function rosterRow(m: RosterMapping, field: Field): RosterRow | Reject {
  const number = field(m.number);
  if (!licenceKey(number)) return { reject: `${m.number}: no licence number` };
  const issued = dateField(field, m.issued);
  if (isReject(issued)) return issued;
  const expires = dateField(field, m.expires);
  if (isReject(expires)) return expires;
  let last: string | null;
  let first: string | null;
  if ('full' in m.person) {
    const full = field(m.person.full);
    const comma = full.indexOf(',');
    last = orNull(comma < 0 ? full : full.slice(0, comma).trim());
    first = comma < 0 ? null : orNull(full.slice(comma + 1).trim().split(/\s+/)[0] ?? '');
  } else {
    last = orNull(field(m.person.last));
    first = orNull(field(m.person.first));
  }
  return {
    licenceKey: licenceKey(number),
    licenceNumber: number,
    lastName: last,
    firstName: first,
    licenceType: orNull(field(m.type)),
    status: orNull(field(m.status)),
    issuedOn: issued,
    expiresOn: expires,
    disciplined: m.discipline.yes.includes(field(m.discipline.column).toUpperCase()),
    detail: detailOf(m.columns, field),
  };
}

/** Sample roster lines (every field quoted): made-up licences, mostly active, some expired or disciplined. */
export function rosterSampleLines(m: RosterMapping, rows: number, _demo: DemoPerson[], seed: number): string[] {
  const f = new Faker({ locale: [en], seed });
  const out = [quotedLine(m.columns, Object.fromEntries(m.columns.map((c) => [c, c])))];
  for (let i = 0; i < rows; i++) {
    const issued = f.date.between({ from: '1990-01-01', to: '2025-01-01' });
    const expires = new Date(Date.UTC(2027, i % 12, 28));
    const v: Record<string, string> = {
      [m.number]: `${m.state}${String(100000 + i)}`,
      [m.type]: f.helpers.arrayElement(['MD', 'DO', 'PA', 'RN', 'NP']),
      [m.status]: i % 10 === 0 ? 'EXPIRED' : m.activeStatuses[0],
      [m.issued]: mdy(issued),
      [m.expires]: mdy(expires),
      [m.discipline.column]: i % 25 === 0 ? m.discipline.yes[0] : '',
    };
    const last = f.person.lastName().toUpperCase();
    const first = f.person.firstName().toUpperCase();
    if ('full' in m.person) v[m.person.full] = `${last}, ${first}`;
    else Object.assign(v, { [m.person.last]: last, [m.person.first]: first });
    out.push(quotedLine(m.columns, v));
  }
  return out;
}
