import { normalizeGridText, parseAdvancedTerms, parseDaysAgo, parseGridDate, parseGridNumber, splitGridRange } from '@app/contracts';
import type { GridColumn, GridDataType } from '../types/gridColumn';
import type { GridFilter, GridPage, GridQuery } from '../types/gridQuery';
import { fieldValue } from './fieldValue';

/** Text as it is compared: accents stripped (NFD without combining marks) and lower case (the contract's). */
export const foldText = normalizeGridText;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}


/** The calendar date (yyyy-mm-dd) of a row value: an ISO string's date part, or a Date's UTC date. */
function rowDate(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  if (typeof value === 'string') return ISO_DATE.exec(value)?.[0];
  return undefined;
}

/** The date `days` days before an ISO date. */
export function isoDaysBefore(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day - days));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

function rowNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

function parseNumber(value: string): number | undefined {
  const canonical = parseGridNumber(value);
  return canonical === undefined ? undefined : Number(canonical);
}

type Predicate = (value: unknown) => boolean;

/** The row test of one filter, or undefined when the filter is empty or malformed (ignored). */
export function filterPredicate(filter: GridFilter, options: { today: string }): Predicate | undefined {
  const { filterType, value } = filter;
  if (value.trim() === '') return undefined;
  const text = (cell: unknown): string => (cell === null || cell === undefined ? '' : foldText(String(cell)));
  const folded = foldText(value.trim());
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
      const terms = parseAdvancedTerms(value).map(({ term, exclude }) => ({ term: foldText(term), negated: exclude }));
      if (terms.length === 0) return undefined;
      return (cell) => {
        const haystack = text(cell);
        return terms.every(({ term, negated }) => haystack.includes(term) !== negated);
      };
    }
    case 'greaterThan':
    case 'greaterThanOrEqualsTo':
    case 'equalsTo':
    case 'lessThanOrEqualsTo':
    case 'lessThan': {
      const target = parseNumber(value);
      if (target === undefined) return undefined;
      const compare = NUMBER_COMPARISONS[filterType];
      return (cell) => {
        const number = rowNumber(cell);
        return number !== undefined && compare(number, target);
      };
    }
    case 'numberRange': {
      const [from, to] = (splitGridRange(value) ?? ['', '']).map(parseNumber);
      if (from === undefined || to === undefined) return undefined;
      return (cell) => {
        const number = rowNumber(cell);
        return number !== undefined && number >= from && number <= to;
      };
    }
    case 'afterDate':
    case 'afterOrOnDate':
    case 'onDate':
    case 'onOrBeforeDate':
    case 'beforeDate': {
      const target = parseGridDate(value);
      if (target === undefined) return undefined;
      const compare = DATE_COMPARISONS[filterType];
      return (cell) => {
        const date = rowDate(cell);
        return date !== undefined && compare(date, target);
      };
    }
    case 'dateRange': {
      const [from, to] = (splitGridRange(value) ?? ['', '']).map(parseGridDate);
      if (from === undefined || to === undefined) return undefined;
      return (cell) => {
        const date = rowDate(cell);
        return date !== undefined && date >= from && date <= to;
      };
    }
    case 'daysAgo': {
      const days = parseDaysAgo(value);
      if (days === undefined) return undefined;
      // As the server reads it: from N days before today through today.
      const from = isoDaysBefore(options.today, days);
      return (cell) => {
        const date = rowDate(cell);
        return date !== undefined && date >= from && date <= options.today;
      };
    }
  }
}

const NUMBER_COMPARISONS: Record<'greaterThan' | 'greaterThanOrEqualsTo' | 'equalsTo' | 'lessThanOrEqualsTo' | 'lessThan', (a: number, b: number) => boolean> = {
  greaterThan: (a, b) => a > b,
  greaterThanOrEqualsTo: (a, b) => a >= b,
  equalsTo: (a, b) => a === b,
  lessThanOrEqualsTo: (a, b) => a <= b,
  lessThan: (a, b) => a < b,
};

const DATE_COMPARISONS: Record<'afterDate' | 'afterOrOnDate' | 'onDate' | 'onOrBeforeDate' | 'beforeDate', (a: string, b: string) => boolean> = {
  afterDate: (a, b) => a > b,
  afterOrOnDate: (a, b) => a >= b,
  onDate: (a, b) => a === b,
  onOrBeforeDate: (a, b) => a <= b,
  beforeDate: (a, b) => a < b,
};

function sortKey(value: unknown, dataType: GridDataType): string | number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (dataType === 'number') return rowNumber(value);
  if (dataType === 'date') return rowDate(value);
  return foldText(String(value));
}

function compareKeys(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
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
  const tests: Array<{ field: string; test: Predicate }> = [];
  for (const [field, filter] of Object.entries(query.filters)) {
    const test = filterPredicate(filter, { today });
    if (test) tests.push({ field, test });
  }
  let matching = tests.length === 0 ? [...rows] : rows.filter((row) => tests.every(({ field, test }) => test(fieldValue(row, field))));
  const [sortField, direction] = Object.entries(query.sorting)[0] ?? [];
  if (sortField && direction) {
    const dataType = columns.find((column) => column.field === sortField)?.dataType ?? 'string';
    const keyed = matching.map((row, index) => ({ row, index, key: sortKey(fieldValue(row, sortField), dataType) }));
    keyed.sort((a, b) => {
      if (a.key === undefined || b.key === undefined) {
        if (a.key === b.key) return a.index - b.index;
        return (a.key === undefined ? 1 : -1) * direction;
      }
      return compareKeys(a.key, b.key) * direction || a.index - b.index;
    });
    matching = keyed.map(({ row }) => row);
  }
  return { rows: matching.slice(query.skip, query.skip + query.limit), count: matching.length };
}

