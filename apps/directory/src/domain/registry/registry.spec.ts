import { ValidationFailed } from '@app/errors';
import { withNpiCheckDigit } from '@app/validation';
import { NUCC_TAXONOMY_CSV } from '../../registry/data/nucc-taxonomy';
import { NPPES_NPIDATA_HEADER } from '../../registry/data/nppes-headers';
import { mapNppesRecord, nppesDate, nppesLayout } from './nppes-record';
import { rankResults } from './ranking';
import type { RegistryResult } from './registry-result';
import { parseRegistryTerm } from './search-term';
import { TaxonomyTable } from './taxonomy';

const taxonomy = new TaxonomyTable(NUCC_TAXONOMY_CSV);

describe('registry search terms', () => {
  it('reads 10 digits as an exact NPI, 3 to 9 as a prefix, fewer as nothing yet', () => {
    expect(parseRegistryTerm('1234567893', { audience: 'any' })).toEqual({ kind: 'npi', npi: '1234567893', audience: 'any' });
    expect(parseRegistryTerm(' 123-456 ', { audience: 'person' })).toEqual({ kind: 'npiPrefix', prefix: '123456', audience: 'person' });
    expect(parseRegistryTerm('12', { audience: 'any' })).toEqual({ kind: 'none' });
  });
  it("refuses an NPI with a wrong check digit: 400 'Invalid NPI'", () => {
    expect(() => parseRegistryTerm('1234567890', { audience: 'any' })).toThrow(ValidationFailed);
    expect(() => parseRegistryTerm('1234567890', { audience: 'any' })).toThrow('Invalid NPI');
    expect(() => parseRegistryTerm('123456789012', { audience: 'any' })).toThrow('Invalid NPI');
  });
  it("reads 'Last, First' for people and words for organisations, narrowed by state and city", () => {
    expect(parseRegistryTerm('  Smith ,  Jo ', { audience: 'person', state: 'CA' })).toEqual({ kind: 'person', last: 'Smith', first: 'Jo', state: 'CA' });
    expect(parseRegistryTerm('smith', { audience: 'any' })).toEqual({ kind: 'person', last: 'smith' });
    expect(parseRegistryTerm(', John', { audience: 'person' })).toEqual({ kind: 'none' });
    expect(parseRegistryTerm('Acme Health, LLC', { audience: 'organization', city: 'Austin' })).toEqual({ kind: 'organization', name: 'Acme Health, LLC', city: 'Austin' });
    expect(() => parseRegistryTerm('x'.repeat(101), { audience: 'any' })).toThrow('searchTerm');
  });
});

describe('NPPES data file lines', () => {
  const layout = nppesLayout(NPPES_NPIDATA_HEADER);
  const line = (values: Record<string, string>) => NPPES_NPIDATA_HEADER.map((name) => values[name] ?? '');
  const npi = withNpiCheckDigit('123456789');

  it('maps columns by header name (older files say Provider Gender Code), taxonomy codes to NUCC descs, the Y one primary', () => {
    const older = NPPES_NPIDATA_HEADER.map((n) => (n === 'Provider Sex Code' ? 'Provider Gender Code' : n)).reverse();
    const olderLayout = nppesLayout(older);
    const values = {
      NPI: npi,
      'Entity Type Code': '1',
      'Provider Last Name (Legal Name)': 'SMITH',
      'Provider First Name': 'JANE',
      'Provider Credential Text': 'M.D.',
      'Provider Sex Code': 'F',
      'Provider Business Practice Location Address State Name': 'co',
      'Provider Enumeration Date': '05/23/2005',
      'Healthcare Provider Taxonomy Code_1': '207R00000X',
      'Healthcare Provider Primary Taxonomy Switch_1': 'N',
      'Healthcare Provider Taxonomy Code_2': '207RC0000X',
      'Healthcare Provider Primary Taxonomy Switch_2': 'Y',
      'Provider License Number_2': 'DR123',
      'Provider License Number State Code_2': 'CO',
    };
    const record = older.map((name) => (values as Record<string, string>)[name === 'Provider Gender Code' ? 'Provider Sex Code' : name] ?? '');
    const mapped = mapNppesRecord(record, olderLayout, taxonomy, { sample: false });
    if (!('row' in mapped)) throw new Error(mapped.reject);
    expect(mapped.row).toMatchObject({ npi, entity_type: 1, last_name: 'SMITH', first_name: 'JANE', sex: 'F', loc_state: 'CO', enumeration_date: '2005-05-23', deactivated: false });
    expect(mapped.row.primary_taxonomy_desc).toBe('Internal Medicine, Cardiovascular Disease');
    expect(JSON.parse(mapped.row.taxonomies as string)).toEqual([
      { code: '207R00000X', desc: 'Internal Medicine', primary: false, state: null, license: null },
      { code: '207RC0000X', desc: 'Internal Medicine, Cardiovascular Disease', primary: true, state: 'CO', license: 'DR123' },
    ]);
    expect(mapNppesRecord(line({ NPI: npi, 'Entity Type Code': '1' }), layout, taxonomy, { sample: true })).toMatchObject({ row: { sample: true } });
  });

  it('keeps deactivated NPIs, marked, unless reactivated since', () => {
    const d = mapNppesRecord(line({ NPI: npi, 'NPI Deactivation Date': '06/15/2020' }), layout, taxonomy, { sample: false });
    expect(d).toMatchObject({ row: { entity_type: null, deactivated: true, deactivation_date: '2020-06-15' } });
    const r = mapNppesRecord(line({ NPI: npi, 'Entity Type Code': '2', 'NPI Deactivation Date': '06/15/2020', 'NPI Reactivation Date': '01/02/2021' }), layout, taxonomy, { sample: false });
    expect(r).toMatchObject({ row: { deactivated: false } });
  });

  it('rejects lines with a reason', () => {
    expect(mapNppesRecord(line({ NPI: '1234567890', 'Entity Type Code': '1' }), layout, taxonomy, { sample: false })).toEqual({ reject: 'invalid NPI check digit', npi: '1234567890' });
    expect(mapNppesRecord(line({ NPI: '' }), layout, taxonomy, { sample: false })).toEqual({ reject: 'missing NPI' });
    expect(mapNppesRecord(line({ NPI: npi, 'Entity Type Code': '7' }), layout, taxonomy, { sample: false })).toMatchObject({ reject: 'unknown entity type' });
    expect(mapNppesRecord(line({ NPI: npi }).slice(1), layout, taxonomy, { sample: false })).toMatchObject({ reject: 'wrong number of columns' });
    expect(() => nppesLayout(['Foo', 'Bar'])).toThrow("no 'NPI' column");
    expect(nppesDate('13/01/2020')).toBeNull();
    expect(nppesDate('2020-01-01')).toBeNull();
  });

  it('reads MM/DD/YYYY dates, spaces around allowed, and nothing else', () => {
    expect(nppesDate('05/23/2005')).toBe('2005-05-23');
    expect(nppesDate(' 12/31/1999 ')).toBe('1999-12-31');
    for (const bad of ['00/10/2020', '01/00/2020', '01/32/2020', '1/02/2020', '01/02/20', '0a/02/2020', '01-02-2020', '01/02/2020x', '', undefined]) expect(nppesDate(bad)).toBeNull();
  });

  it('trims values, also of no-break spaces, and keeps inner spaces', () => {
    const mapped = mapNppesRecord(line({ NPI: npi, 'Entity Type Code': '1', 'Provider Last Name (Legal Name)': ' VAN DYKE\u00a0', 'Provider First Name': '\tJO ANN' }), layout, taxonomy, { sample: false });
    expect(mapped).toMatchObject({ row: { last_name: 'VAN DYKE', first_name: 'JO ANN' } });
  });

  it('turns damaged NUCC texts into their classification, never a backslash', () => {
    expect(taxonomy.size).toBe(856);
    expect(taxonomy.desc('133NN1002X')).toBe('Nutritionist');
    for (const e of taxonomy.cleanCodes()) expect(e.desc).not.toMatch(/\\/);
    expect(taxonomy.desc('ZZZZ')).toBe('ZZZZ');
  });
});

describe('ranking (live answers)', () => {
  const result = (number: string, last: string, first: string): RegistryResult => ({
    number,
    enumeration_type: 'NPI-1',
    basic: { first_name: first, middle_name: '', last_name: last, organization_name: '', credential: '', name_prefix: '', name_suffix: '', sex: '', enumeration_date: null, last_updated: null, status: 'A', deactivation_date: null },
    taxonomies: [],
    addresses: [],
    endpoints: [],
    deactivated: false,
    sample: false,
  });
  it('puts the exact name first, then prefixes by name, drops non-matches and duplicates, at most 50', () => {
    const list = [result('3', 'SMITHERS', 'JANET'), result('1', 'SMITH', 'JANE'), result('2', 'SMITH', 'JANEY'), result('1', 'SMITH', 'JANE'), result('4', 'JONES', 'JANE')];
    expect(rankResults({ kind: 'person', last: 'Smith', first: 'Jane' }, list).map((r) => r.number)).toEqual(['1', '2', '3']);
    const many = Array.from({ length: 80 }, (_, i) => result(String(1000 + i), 'SMITH', `A${i}`));
    expect(rankResults({ kind: 'person', last: 'smi' }, many)).toHaveLength(50);
  });
});
