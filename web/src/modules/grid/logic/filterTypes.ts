import { DEFAULT_FILTER_TYPE, FILTER_TYPES_BY_DATA_TYPE, GRID_RANGE_SEPARATOR, parseDaysAgo, parseGridDate, parseGridNumber } from '@app/contracts';
import type { GridDataType } from '../types/gridColumn';
import type { FilterType } from '../types/gridQuery';

/** The filter types of each data type (menu order) and the default one: the contract's. */
export { DEFAULT_FILTER_TYPE, FILTER_TYPES_BY_DATA_TYPE };

export const FILTER_TYPE_LABELS: Record<FilterType, string> = {
  startsWith: 'Starts with',
  endsWith: 'Ends with',
  contains: 'Contains',
  exactMatch: 'Exact match',
  advancedFilters: 'Advanced',
  afterDate: 'After',
  afterOrOnDate: 'On or after',
  onDate: 'On',
  onOrBeforeDate: 'On or before',
  beforeDate: 'Before',
  dateRange: 'Between',
  daysAgo: 'In the last N days',
  greaterThan: 'Greater than',
  greaterThanOrEqualsTo: 'Greater than or equal to',
  equalsTo: 'Equal to',
  lessThanOrEqualsTo: 'Less than or equal to',
  lessThan: 'Less than',
  numberRange: 'Between',
};

/** Short symbols shown on the filter-type button. */
export const FILTER_TYPE_SYMBOLS: Record<FilterType, string> = {
  startsWith: 'a…',
  endsWith: '…a',
  contains: '…a…',
  exactMatch: '=',
  advancedFilters: '+/−',
  afterDate: '>',
  afterOrOnDate: '≥',
  onDate: '=',
  onOrBeforeDate: '≤',
  beforeDate: '<',
  dateRange: '[ ]',
  daysAgo: 'N d',
  greaterThan: '>',
  greaterThanOrEqualsTo: '≥',
  equalsTo: '=',
  lessThanOrEqualsTo: '≤',
  lessThan: '<',
  numberRange: '[ ]',
};

/** Filter types whose value is two values joined by a colon. */
export function isRangeFilterType(filterType: FilterType): boolean {
  return filterType === 'numberRange' || filterType === 'dateRange';
}

/** Joins the two ends of a range ('a:b'); '' (no filter) until both ends are given. */
export function joinRange(from: string, to: string): string {
  return from.trim() !== '' && to.trim() !== '' ? `${from.trim()}${GRID_RANGE_SEPARATOR}${to.trim()}` : '';
}

/** The two ends of a stored range value. */
export function splitRange(value: string): [string, string] {
  const at = value.indexOf(GRID_RANGE_SEPARATOR);
  return at < 0 ? [value, ''] : [value.slice(0, at), value.slice(at + 1)];
}

/** The first filter type of the column's data type that is not disabled (or its preferred one when allowed). */
export function initialFilterType(dataType: GridDataType, preferred: FilterType | undefined, disabled: readonly FilterType[] = []): FilterType {
  const allowed = FILTER_TYPES_BY_DATA_TYPE[dataType].filter((type) => !disabled.includes(type));
  if (preferred && allowed.includes(preferred)) return preferred;
  const fallback = DEFAULT_FILTER_TYPE[dataType];
  return allowed.includes(fallback) ? fallback : (allowed[0] ?? fallback);
}

/**
 * The value a column's filter sends (trimmed, as the contract reads it), from what its input
 * holds: '' (no filter) while a range lacks an end or a number, date or day count is not one yet.
 */
export function appliedFilterValue(filterType: FilterType, dataType: GridDataType, draft: string): string {
  const isNumber = (text: string) => parseGridNumber(text) !== undefined;
  const isDate = (text: string) => parseGridDate(text) !== undefined;
  if (isRangeFilterType(filterType)) {
    const [from, to] = splitRange(draft);
    const valid = filterType === 'numberRange' ? isNumber : isDate;
    return valid(from) && valid(to) ? joinRange(from, to) : '';
  }
  const trimmed = draft.trim();
  if (trimmed === '') return '';
  if (filterType === 'daysAgo') return parseDaysAgo(trimmed) !== undefined ? trimmed : '';
  if (dataType === 'number') return isNumber(trimmed) ? trimmed : '';
  if (dataType === 'date') return isDate(trimmed) ? trimmed : '';
  return trimmed;
}
