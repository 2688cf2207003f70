import { credentialing } from '@app/contracts';
import { splitLeieLine } from '../../import-exclusions/leie-importer';
import { NY_MEDICAID } from '../medicaid/states/ny';
import { CA_MEDICAID } from '../medicaid/states/ca';
import { TX_MEDICAID } from '../medicaid/states/tx';
import { medicaidRow } from '../medicaid/medicaid-mapping';
import { ofacRow, splitOfacName } from '../ofac/ofac.list';
import { optoutRow, OPTOUT_COLUMNS } from '../optout/optout.list';
import { SAM_COLUMNS, samRow } from '../sam/sam.list';
import { isReject, listDate, type Field, type ListRow } from './source-list';
import { listCopyLine } from './list-importer';
import { SOURCE_LISTS } from './source-registry';

const fieldOf =
  (values: Record<string, string>): Field =>
  (c) =>
    values[c] ?? '';
const row = (r: ListRow | { reject: string }): ListRow => {
  if (isReject(r)) throw new Error(r.reject);
  return r;
};

describe('source lists', () => {
  it('are the contracts’ lists, LEIE aside, each with a sample in its own layout that its own rules read without a reject', () => {
    expect(['leie', ...SOURCE_LISTS.map((s) => s.id)]).toEqual(credentialing.SANCTION_SOURCES.map((s) => s.id));
    for (const list of SOURCE_LISTS) {
      expect(credentialing.SANCTION_SOURCES.find((s) => s.id === list.id)).toMatchObject({ name: list.name, rule: list.match });
      const demo = [
        { npi: '1234567893', first_name: 'Ann', last_name: 'Lee', loc_state: 'NY' },
        { npi: '1234567894', first_name: 'Bob', last_name: 'Ray', loc_state: 'CA' },
        { npi: '1234567895', first_name: 'Cy', last_name: 'Dee', loc_state: 'TX' },
        { npi: '1234567896', first_name: 'Di', last_name: 'Moe', loc_state: 'TX' },
        { npi: '1234567897', first_name: 'Ed', last_name: 'Fox', loc_state: 'TX' },
      ];
      const { lines } = list.sample(200, demo);
      const body = list.headerless ? lines : lines.slice(1);
      const header = list.headerless ? [...list.columns] : splitLeieLine(lines[0])!;
      expect(header).toEqual([...list.columns]);
      for (const line of body) {
        const fields = splitLeieLine(line)!;
        const r = list.row((c) => (fields[list.columns.indexOf(c)] ?? '').trim(), new Map());
        expect(isReject(r) ? `${list.id}: ${r.reject} in ${line}` : 'ok').toBe('ok');
      }
      expect(body.length).toBeGreaterThanOrEqual(200);
    }
  });

  it('reads dates as the publishers write them', () => {
    expect(listDate('03/01/2025')).toBe('2025-03-01');
    expect(listDate('3/1/2025')).toBe('2025-03-01');
    expect(listDate('20250301')).toBe('2025-03-01');
    expect(listDate('Indefinite', ['Indefinite'])).toBeNull();
    expect(listDate('')).toBeNull();
    expect(listDate('02/30/2025')).toBeUndefined();
    expect(listDate('soon')).toBeUndefined();
  });
});

describe('SAM.gov exclusions', () => {
  const sam = (over: Record<string, string>) => samRow(fieldOf({ Classification: 'Individual', First: 'DAVID', Middle: 'M.', Last: 'FINK', City: 'METUCHEN', 'State / Province': 'NJ', Country: 'USA', 'Active Date': '03/19/2020', 'Termination Date': 'Indefinite', 'Excluding Agency': 'HHS', 'Exclusion Type': 'Prohibition/Restriction', ...over }));

  it('maps an individual: names, state, an open-ended exclusion from its active date', () => {
    expect(row(sam({}))).toMatchObject({ entity: false, lastName: 'FINK', firstName: 'DAVID', midName: 'M.', state: 'NJ', npi: null, exclDate: '2020-03-19', reinDate: null, exclType: 'HHS: Prohibition/Restriction' });
  });
  it('maps a firm by its name, and a terminated exclusion to its end date', () => {
    expect(row(sam({ Classification: 'Firm', Name: 'ACME HEALTH LLC', Last: '', First: '', 'Termination Date': '06/30/2022' }))).toMatchObject({ entity: true, busName: 'ACME HEALTH LLC', lastName: null, reinDate: '2022-06-30' });
  });
  it('keeps an NPI when there is one', () => {
    expect(row(sam({ NPI: '1234567893' })).npi).toBe('1234567893');
  });
  it('rejects an unknown classification, an individual without a last name, a bad NPI or date, naming the column', () => {
    expect(sam({ Classification: 'Robot' })).toEqual({ reject: expect.stringContaining('Classification') });
    expect(sam({ Last: '' })).toEqual({ reject: 'an Individual without Last' });
    expect(sam({ NPI: '12345' })).toEqual({ reject: expect.stringContaining('NPI') });
    expect(sam({ 'Active Date': '2020-13-01' })).toEqual({ reject: expect.stringContaining('Active Date') });
  });
  it('drops a foreign province (a state is a US two-letter code)', () => {
    expect(row(sam({ 'State / Province': 'ON', Country: 'CAN' })).state).toBeNull();
  });
  it('has the published header', () => {
    expect(SAM_COLUMNS).toHaveLength(31);
  });
});

describe('Medicare opt-out affidavits', () => {
  const optout = (over: Record<string, string>) =>
    optoutRow(fieldOf({ 'First Name': 'Jane', 'Last Name': 'Roe', NPI: '1234567893', 'Optout Effective Date': '01/01/2026', 'Optout End Date': '12/31/2027', 'State Code': 'ny', 'Eligible to Order and Refer': 'Y', ...over }));
  it('maps the NPI and the opt-out period', () => {
    expect(row(optout({}))).toMatchObject({ npi: '1234567893', lastName: 'Roe', state: 'NY', exclDate: '2026-01-01', reinDate: '2027-12-31' });
  });
  it('rejects a row without an NPI (the list matches by NPI only) and an end before the start', () => {
    expect(optout({ NPI: '' })).toEqual({ reject: expect.stringContaining('NPI') });
    expect(optout({ 'Optout End Date': '12/31/2020' })).toEqual({ reject: expect.stringContaining('before') });
  });
  it('has the published header', () => {
    expect(OPTOUT_COLUMNS).toContain('Optout End Date');
  });
});

describe('OFAC SDN', () => {
  const fields = ['36', 'ROE, Jane Q', 'individual', 'SDGT', '-0- ', '-0- ', '-0- ', '-0- ', '-0- ', '-0- ', '-0- ', 'DOB 1970.'];
  const cols = ['ent_num', 'SDN_Name', 'SDN_Type', 'Program', 'Title', 'Call_Sign', 'Vess_type', 'Tonnage', 'GRT', 'Vess_flag', 'Vess_owner', 'Remarks'];
  const field =
    (f: string[]): Field =>
    (c) =>
      f[cols.indexOf(c)] ?? '';
  it('reads an individual as LAST, First with the aliases of alt.csv, and -0- as empty', () => {
    const r = row(ofacRow(field(fields), new Map([['36', ['DOE, Janet']]])));
    expect(r).toMatchObject({ entity: false, lastName: 'ROE', firstName: 'Jane', midName: 'Q', aliases: ['DOE, Janet'], specialty: 'SDGT' });
    expect(r.detail.Title).toBeUndefined();
  });
  it('reads an entity by its whole name', () => {
    const f = [...fields];
    f[1] = 'AEROCARIBBEAN AIRLINES';
    f[2] = '-0- ';
    expect(row(ofacRow(field(f), new Map()))).toMatchObject({ entity: true, busName: 'AEROCARIBBEAN AIRLINES', lastName: null });
  });
  it('rejects an ent_num that is not a number', () => {
    expect(ofacRow(field(['x', ...fields.slice(1)]), new Map())).toEqual({ reject: expect.stringContaining('ent_num') });
  });
  it('splits names', () => {
    expect(splitOfacName('SMITH, John Paul')).toEqual({ last: 'SMITH', first: 'John', mid: 'Paul' });
    expect(splitOfacName('MONONYM')).toEqual({ last: 'MONONYM', first: null, mid: null });
  });
  it('searches the aliases too', () => {
    const list = SOURCE_LISTS.find((s) => s.id === 'ofac')!;
    const r = row(ofacRow(field(fields), new Map([['36', ['DOE, Janet']]])));
    expect(listCopyLine(list, r, field(fields), 2)).toContain('roe jane q  doe, janet');
  });
});

describe('state Medicaid lists (one importer, a mapping per state)', () => {
  it('New York: one name column LAST, FIRST, an NPI, a reinstatement date', () => {
    const r = row(medicaidRow(NY_MEDICAID, fieldOf({ 'PROVIDER NAME': 'ROE, JANE A', NPI: '1234567893', 'EFFECTIVE DATE': '01/02/2024', 'REINSTATEMENT DATE': '02/03/2025', 'ACTION TYPE': 'EXCLUDED' })));
    expect(r).toMatchObject({ lastName: 'ROE', firstName: 'JANE', midName: 'A', npi: '1234567893', state: 'NY', exclDate: '2024-01-02', reinDate: '2025-02-03', exclType: 'NY Medicaid: EXCLUDED' });
  });
  it('California: separate name columns, no NPI (name and state), N/A dates', () => {
    const r = row(medicaidRow(CA_MEDICAID, fieldOf({ 'Last Name': 'Roe', 'First Name': 'Jane', 'Date of Suspension': '5/6/2019', 'License Number': 'A12345' })));
    expect(r).toMatchObject({ lastName: 'Roe', firstName: 'Jane', npi: null, state: 'CA', exclDate: '2019-05-06', reinDate: null, specialty: 'Licence A12345' });
    expect(medicaidRow(CA_MEDICAID, fieldOf({ 'Last Name': 'Roe', 'Date of Suspension': 'N/A' }))).toEqual({ reject: 'Date of Suspension is missing' });
  });
  it('Texas: a company without a person is a business row', () => {
    const r = row(medicaidRow(TX_MEDICAID, fieldOf({ CompanyName: 'ACME DME', StartDate: '07/08/2021', ReinstatedDate: 'N/A' })));
    expect(r).toMatchObject({ entity: true, busName: 'ACME DME', lastName: null, state: 'TX', reinDate: null });
    expect(medicaidRow(TX_MEDICAID, fieldOf({ StartDate: '07/08/2021' }))).toEqual({ reject: expect.stringContaining('no name') });
    expect(medicaidRow(TX_MEDICAID, fieldOf({ LastName: 'ROE', NPI: '99', StartDate: '07/08/2021' }))).toEqual({ reject: expect.stringContaining('NPI') });
  });
  it('the three states differ in layout', () => {
    const layouts = [NY_MEDICAID, CA_MEDICAID, TX_MEDICAID].map((m) => m.columns.join(','));
    expect(new Set(layouts).size).toBe(3);
  });
});
