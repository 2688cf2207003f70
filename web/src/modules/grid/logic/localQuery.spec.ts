import type { GridFilter, GridQuery } from '../types/gridQuery';
import { foldText, runLocalQuery } from './localQuery';

type Row = { id: number; name: string; score: number | null; seen: string | null; address: { city: string } };

const ROWS: Row[] = [
  { id: 1, name: 'Zoë Łukasz Ångström', score: 10, seen: '2026-11-23', address: { city: 'Houston' } },
  { id: 2, name: 'Ann Lee', score: 20, seen: '2026-11-20T08:00:00Z', address: { city: 'Austin' } },
  { id: 3, name: 'Bob Marley', score: -5, seen: '2026-10-01', address: { city: 'Dallas' } },
  { id: 4, name: 'ann marie smith', score: null, seen: null, address: { city: 'San Antonio' } },
  { id: 5, name: 'Céline Dion', score: 20.5, seen: '2026-11-17', address: { city: 'Houston' } },
];
const COLUMNS = [
  { field: 'name', dataType: 'string' as const },
  { field: 'score', dataType: 'number' as const },
  { field: 'seen', dataType: 'date' as const },
  { field: 'address.city', dataType: 'string' as const },
];
const TODAY = '2026-11-23';

function ids(filters: Record<string, GridFilter>, sorting: GridQuery['sorting'] = {}): number[] {
  return runLocalQuery(ROWS, COLUMNS, { skip: 0, limit: 100, filters, sorting }, { today: TODAY }).rows.map((row) => row.id);
}

describe('local grid query', () => {
  it('folds case and accents', () => {
    expect(foldText('Zoë ÅNGSTRÖM Céline')).toBe('zoe angstrom celine');
  });

  it.each<[GridFilter, number[]]>([
    [{ filterType: 'startsWith', value: 'ANN' }, [2, 4]],
    [{ filterType: 'endsWith', value: 'angstrom' }, [1]],
    [{ filterType: 'contains', value: 'celine' }, [5]],
    [{ filterType: 'contains', value: 'lee' }, [2]],
    [{ filterType: 'exactMatch', value: 'ann lee' }, [2]],
    [{ filterType: 'exactMatch', value: 'ann' }, []],
    [{ filterType: 'advancedFilters', value: 'ann -lee' }, [4]],
    [{ filterType: 'advancedFilters', value: '"marie smith" ann' }, [4]],
    [{ filterType: 'advancedFilters', value: '-"ann lee" -bob' }, [1, 4, 5]],
    [{ filterType: 'contains', value: '' }, [1, 2, 3, 4, 5]],
  ])('text filter %j', (filter, expected) => {
    expect(ids({ name: filter })).toEqual(expected);
  });

  it.each<[GridFilter, number[]]>([
    [{ filterType: 'greaterThan', value: '10' }, [2, 5]],
    [{ filterType: 'greaterThanOrEqualsTo', value: '10' }, [1, 2, 5]],
    [{ filterType: 'equalsTo', value: '20' }, [2]],
    [{ filterType: 'lessThanOrEqualsTo', value: '10' }, [1, 3]],
    [{ filterType: 'lessThan', value: '10' }, [3]],
    [{ filterType: 'numberRange', value: '-5:20' }, [1, 2, 3]],
    [{ filterType: 'numberRange', value: '10:' }, [1, 2, 3, 4, 5]],
    [{ filterType: 'equalsTo', value: '1e1' }, [1, 2, 3, 4, 5]],
  ])('number filter %j', (filter, expected) => {
    expect(ids({ score: filter })).toEqual(expected);
  });

  it.each<[GridFilter, number[]]>([
    [{ filterType: 'afterDate', value: '2026-11-20' }, [1]],
    [{ filterType: 'afterOrOnDate', value: '2026-11-20' }, [1, 2]],
    [{ filterType: 'onDate', value: '2026-11-20' }, [2]],
    [{ filterType: 'onOrBeforeDate', value: '2026-11-20' }, [2, 3, 5]],
    [{ filterType: 'beforeDate', value: '2026-11-20' }, [3, 5]],
    [{ filterType: 'dateRange', value: '2026-11-17:2026-11-20' }, [2, 5]],
    [{ filterType: 'daysAgo', value: '1' }, [1]],
    [{ filterType: 'daysAgo', value: '3' }, [1, 2]],
    [{ filterType: 'daysAgo', value: '4' }, [1, 2]],
    [{ filterType: 'daysAgo', value: '7' }, [1, 2, 5]],
  ])('date filter %j (today %s)', (filter, expected) => {
    expect(ids({ seen: filter })).toEqual(expected);
  });

  it('combines filters and reads dotted fields', () => {
    expect(ids({ 'address.city': { filterType: 'exactMatch', value: 'houston' }, score: { filterType: 'greaterThan', value: '15' } })).toEqual([5]);
  });

  it('sorts one field, empty values last ascending and first descending', () => {
    expect(ids({}, { score: 1 })).toEqual([3, 1, 2, 5, 4]);
    expect(ids({}, { score: -1 })).toEqual([4, 5, 2, 1, 3]);
    expect(ids({}, { name: 1 })).toEqual([2, 4, 3, 5, 1]);
    expect(ids({}, { seen: -1 })).toEqual([4, 1, 2, 5, 3]);
  });

  it('pages with skip and limit and counts every match', () => {
    const page = runLocalQuery(ROWS, COLUMNS, { skip: 2, limit: 2, filters: {}, sorting: { score: 1 } });
    expect(page.rows.map((row) => row.id)).toEqual([2, 5]);
    expect(page.count).toBe(5);
  });
});
