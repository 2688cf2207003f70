import { normalizeGridText, parseAdvancedTerms, parseDaysAgo, parseGridDate, parseGridNumber, splitGridRange } from '@app/contracts';
import type { GridColumn, GridDataType } from '../types/gridColumn';
import type { FilterType, GridFilter, GridPage, GridQuery } from '../types/gridQuery';
import { fieldValue } from './fieldValue';

/** Text as it is compared: accents stripped (NFD without combining marks) and lower case (the contract's). */
export const foldText = normalizeGridText;

type Key = string | number | undefined;

/** A row value as a number, or as its calendar date (yyyy-mm-dd: an ISO string's date part, a Date's UTC date). */
function rowNumber(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) ? number : undefined;
}
function rowDate(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  return typeof value === 'string' ? /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] : undefined;
}
const parseNumber = (text: string): number | undefined => {
  const canonical = parseGridNumber(text);
  return canonical === undefined ? undefined : Number(canonical);
};

/** The comparison of each number and date filter type: the row's key against the filter's. */
const COMPARISONS: Partial<Record<FilterType, (a: number | string, b: number | string) => boolean>> = {};
for (const [types, compare] of [
  [['greaterThan', 'afterDate'], (a, b) => a > b],
  [['greaterThanOrEqualsTo', 'afterOrOnDate'], (a, b) => a >= b],
  [['equalsTo', 'onDate'], (a, b) => a === b],
  [['lessThanOrEqualsTo', 'onOrBeforeDate'], (a, b) => a <= b],
  [['lessThan', 'beforeDate'], (a, b) => a < b],
] as Array<[FilterType[], (a: number | string, b: number | string) => boolean]>) {
  for (const type of types) COMPARISONS[type] = compare;
}

/** The row test of one filter, or undefined when the filter is empty or malformed (ignored). */
export function filterPredicate({ filterType, value }: GridFilter, options: { today: string }): ((cell: unknown) => boolean) | undefined {
  if (value.trim() === '') return undefined;
  const text = (cell: unknown): string => (cell === null || cell === undefined ? '' : foldText(String(cell)));
  const folded = foldText(value.trim());
  const isNumber = ['greaterThan', 'greaterThanOrEqualsTo', 'equalsTo', 'lessThanOrEqualsTo', 'lessThan', 'numberRange'].includes(filterType);
  const [keyOf, parse]: [(cell: unknown) => Key, (text: string) => Key] = isNumber ? [rowNumber, parseNumber] : [rowDate, parseGridDate];
  const within = (from: Key, to: Key) =>
    from === undefined || to === undefined ? undefined : (cell: unknown) => ((key: Key) => key !== undefined && key >= from && key <= to)(keyOf(cell));
  switch (filterType) {
    case 'startsWith':
      return (cell) => text(cell).startsWith(folded);
    case 'endsWith':
      return (cell) => text(cell).endsWith(folded);
    case 'contains':
      return (cell) => text(cell).includes(folded);
    case 'exactMatch':
      return (cell) => text(cell) === folded;
    case 'advancedFilters': {
      const terms = parseAdvancedTerms(value).map(({ term, exclude }) => ({ term: foldText(term), exclude }));
      return terms.length === 0 ? undefined : (cell) => terms.every(({ term, exclude }) => text(cell).includes(term) !== exclude);
    }
    case 'numberRange':
    case 'dateRange': {
      const [from, to] = (splitGridRange(value) ?? ['', '']).map(parse);
      return within(from, to);
    }
    case 'daysAgo': {
      // As the server reads it: from N days before today through today (UTC calendar days).
      const days = parseDaysAgo(value);
      const [year, month, day] = options.today.split('-').map(Number);
      return days === undefined ? undefined : within(new Date(Date.UTC(year, month - 1, day - days)).toISOString().slice(0, 10), options.today);
    }
    default: {
      const target = parse(value);
      const compare = COMPARISONS[filterType] as (a: number | string, b: number | string) => boolean;
      return target === undefined ? undefined : (cell) => ((key: Key) => key !== undefined && compare(key, target))(keyOf(cell));
    }
  }
}

function sortKey(value: unknown, dataType: GridDataType): Key {
  if (value === null || value === undefined || value === '') return undefined;
  return dataType === 'number' ? rowNumber(value) : dataType === 'date' ? rowDate(value) : foldText(String(value));
}

/**
 * Runs a grid query over rows in the browser with the server's semantics: every filter must
 * hold (text case- and accent-insensitive; daysAgo counts UTC calendar days like the server), one sort field (empty values last when ascending,
 * first when descending, as Postgres orders NULLs), then the page from skip and limit.
 */
export function runLocalQuery<Row>(
  rows: readonly Row[],
  columns: ReadonlyArray<Pick<GridColumn<Row>, 'field' | 'dataType'>>,
  query: GridQuery,
  options: { today?: string } = {},
): GridPage<Row> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const tests = Object.entries(query.filters).flatMap(([field, filter]) => {
    const test = filterPredicate(filter, { today });
    return test ? [{ field, test }] : [];
  });
  let matching = rows.filter((row) => tests.every(({ field, test }) => test(fieldValue(row, field))));
  const [sortField, direction] = Object.entries(query.sorting)[0] ?? [];
  if (sortField && direction) {
    const dataType = columns.find((column) => column.field === sortField)?.dataType ?? 'string';
    const keyed = matching.map((row, index) => ({ row, index, key: sortKey(fieldValue(row, sortField), dataType) }));
    keyed.sort((a, b) => {
      if (a.key === undefined || b.key === undefined) return a.key === b.key ? a.index - b.index : (a.key === undefined ? 1 : -1) * direction;
      const order = typeof a.key === 'number' && typeof b.key === 'number' ? a.key - b.key : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
      return order * direction || a.index - b.index;
    });
    matching = keyed.map(({ row }) => row);
  }
  return { rows: matching.slice(query.skip, query.skip + query.limit), count: matching.length };
}
