import { GRID_FILTER_TYPES, nextSortOrder } from './filter-types';
import { GridQueryRequest } from './query';

/** What the gateway answers for a bad query: the first issue's message and field (parseFields). */
function failure(input: unknown): { message: string; field: string } {
  const r = GridQueryRequest.safeParse(input);
  if (r.success) throw new Error(`expected a failure for ${JSON.stringify(input)}`);
  const issue = r.error.issues[0];
  return { message: issue.message, field: issue.path.join('.') };
}

describe('GridQueryRequest', () => {
  it('defaults to the first page of 10, no filters, no sorting', () => {
    expect(GridQueryRequest.parse({})).toEqual({ skip: 0, limit: 10, filters: {}, sorting: {} });
    expect(GridQueryRequest.parse({ skip: '', limit: '', filters: '', sorting: '' })).toEqual({ skip: 0, limit: 10, filters: {}, sorting: {} });
  });

  it('reads form-data text: numbers as text, filters and sorting as JSON text', () => {
    const q = GridQueryRequest.parse({
      skip: '20',
      limit: '10',
      filters: JSON.stringify({ lastName: { filterType: 'startsWith', value: ' Jos ' } }),
      sorting: '{"lastName":-1}',
    });
    expect(q).toEqual({ skip: 20, limit: 10, filters: { lastName: { filterType: 'startsWith', value: 'Jos' } }, sorting: { lastName: -1 } });
  });

  it('reads JSON objects as they are', () => {
    const q = GridQueryRequest.parse({ filters: { createdAt: { filterType: 'dateRange', value: '2024-01-01:2024-03-31' } }, sorting: { createdAt: 1 } });
    expect(q.filters).toEqual({ createdAt: { filterType: 'dateRange', value: '2024-01-01:2024-03-31' } });
    expect(q.sorting).toEqual({ createdAt: 1 });
  });

  it('accepts every filter type of the contract', () => {
    for (const filterType of GRID_FILTER_TYPES) {
      expect(GridQueryRequest.parse({ filters: { f: { filterType, value: 'x' } } }).filters.f.filterType).toBe(filterType);
    }
  });

  it('leaves out filters whose value is empty, and ignores the web filter state extras', () => {
    const q = GridQueryRequest.parse({
      filters: {
        a: { filterType: 'contains', value: '' },
        b: { filterType: 'contains', value: '   ' },
        c: { value: '' },
        d: { filterType: 'equalsTo', value: 12, selectedItems: [], selectAllChecked: false },
      },
    });
    expect(q.filters).toEqual({ d: { filterType: 'equalsTo', value: '12' } });
  });

  it('limits a page to 100 rows and names skip/limit', () => {
    expect(GridQueryRequest.parse({ limit: 100 }).limit).toBe(100);
    expect(failure({ limit: 101 })).toEqual({ message: 'limit must be 100 or less', field: 'limit' });
    expect(failure({ limit: 0 })).toEqual({ message: 'limit must be 1 or more', field: 'limit' });
    expect(failure({ limit: 'ten' })).toEqual({ message: 'limit must be a number', field: 'limit' });
    expect(failure({ limit: '2.5' })).toEqual({ message: 'limit must be a whole number', field: 'limit' });
    expect(failure({ skip: -1 })).toEqual({ message: 'skip must be 0 or more', field: 'skip' });
    expect(failure({ skip: '1e9' })).toEqual({ message: 'skip is too large', field: 'skip' });
  });

  it('names the field of a bad filter', () => {
    expect(failure({ filters: '{not json' })).toEqual({ message: 'filters must be a JSON object', field: 'filters' });
    expect(failure({ filters: '[1]' })).toEqual({ message: 'filters must be a JSON object', field: 'filters' });
    expect(failure({ filters: 42 })).toEqual({ message: 'filters must be a JSON object', field: 'filters' });
    expect(failure({ filters: { npi: 'x' } })).toEqual({ message: 'filters.npi: must be an object { filterType, value }', field: 'filters.npi' });
    expect(failure({ filters: { npi: { filterType: 'like', value: 'x' } } })).toEqual({
      message: "filters.npi: unknown filter type 'like'",
      field: 'filters.npi',
    });
    expect(failure({ filters: { npi: { filterType: 3, value: 'x' } } })).toEqual({ message: 'filters.npi: filterType must be text', field: 'filters.npi' });
    expect(failure({ filters: { npi: { value: 'x' } } })).toEqual({ message: 'filters.npi: filterType is required', field: 'filters.npi' });
    expect(failure({ filters: { npi: { filterType: 'contains', value: { $ne: 1 } } } })).toEqual({
      message: 'filters.npi: value must be text',
      field: 'filters.npi',
    });
    expect(failure({ filters: { npi: { filterType: 'contains', value: 'x'.repeat(501) } } }).field).toBe('filters.npi');
  });

  it('refuses field names that cannot be a column name, naming them', () => {
    expect(failure({ filters: { 'a"; DROP TABLE x; --': { filterType: 'contains', value: 'x' } } })).toEqual({
      message: 'filters.a"; DROP TABLE x; --: unknown field',
      field: 'filters.a"; DROP TABLE x; --',
    });
    expect(failure({ sorting: { '1=1': 1 } }).message).toBe('sorting.1=1: unknown field');
    expect(failure({ filters: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`f${i}`, { filterType: 'contains', value: 'x' }])) })).toEqual({
      message: 'filters: at most 30 fields',
      field: 'filters',
    });
  });

  it('keeps a field named __proto__ as a plain field (for the whitelist to refuse)', () => {
    const q = GridQueryRequest.parse({ filters: '{"__proto__":{"filterType":"contains","value":"x"}}', sorting: '{"__proto__":1}' });
    expect(Object.keys(q.filters)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(q.filters)).toBe(Object.prototype);
    expect(Object.keys(q.sorting)).toEqual(['__proto__']);
  });

  it('sorts by at most one field, 1 or -1; 0 means unsorted', () => {
    expect(GridQueryRequest.parse({ sorting: { a: 0, b: -1 } }).sorting).toEqual({ b: -1 });
    expect(GridQueryRequest.parse({ sorting: '{"a":"1"}' }).sorting).toEqual({ a: 1 });
    expect(GridQueryRequest.parse({ sorting: { a: 0 } }).sorting).toEqual({});
    expect(failure({ sorting: { a: 1, b: -1 } })).toEqual({ message: 'sorting: sort by one field at a time', field: 'sorting' });
    expect(failure({ sorting: { a: 2 } })).toEqual({ message: 'sorting.a: must be 1 (ascending), -1 (descending) or 0', field: 'sorting.a' });
    expect(failure({ sorting: { a: 'asc' } }).field).toBe('sorting.a');
    expect(failure({ sorting: 'nope' })).toEqual({ message: 'sorting must be a JSON object', field: 'sorting' });
  });

  it('can be extended with a list call own fields', () => {
    const Req = GridQueryRequest.extend({ adminEmail: GridQueryRequest.shape.skip });
    expect(Req.parse({ adminEmail: '3' })).toMatchObject({ adminEmail: 3, limit: 10 });
  });
});

describe('nextSortOrder (header click)', () => {
  it('cycles unsorted → ascending → descending → unsorted', () => {
    expect(nextSortOrder(0)).toBe(1);
    expect(nextSortOrder(undefined)).toBe(1);
    expect(nextSortOrder(1)).toBe(-1);
    expect(nextSortOrder(-1)).toBe(0);
  });
});
