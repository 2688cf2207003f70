import { DEFAULT_FILTER_TYPE, FILTER_TYPES_BY_DATA_TYPE, GRID_RANGE_SEPARATOR, parseDaysAgo, parseGridDate, parseGridNumber } from '@app/contracts';
import type { GridDataType } from '../types/gridColumn';
import type { FilterType } from '../types/gridQuery';

/** The filter types of each data type (menu order): the contract's. */
export { FILTER_TYPES_BY_DATA_TYPE };

/**
 * Each filter type's menu label and the short symbol shown on the filter-type button (text
 * matches as wildcards: an ellipsis there would read as a cut-off value).
 */
export const FILTER_TYPE_NAMES: Record<FilterType, [label: string, symbol: string]> = {
  startsWith: ['Starts with', 'a*'],
  endsWith: ['Ends with', '*a'],
  contains: ['Contains', '*a*'],
  exactMatch: ['Exact match', '='],
  advancedFilters: ['Advanced', '+/−'],
  afterDate: ['After', '>'],
  afterOrOnDate: ['On or after', '≥'],
  onDate: ['On', '='],
  onOrBeforeDate: ['On or before', '≤'],
  beforeDate: ['Before', '<'],
  dateRange: ['Between', '[ ]'],
  daysAgo: ['In the last N days', 'N d'],
  greaterThan: ['Greater than', '>'],
  greaterThanOrEqualsTo: ['Greater than or equal to', '≥'],
  equalsTo: ['Equal to', '='],
  lessThanOrEqualsTo: ['Less than or equal to', '≤'],
  lessThan: ['Less than', '<'],
  numberRange: ['Between', '[ ]'],
};

/** Filter types whose value is two values joined by a colon. */
export function isRangeFilterType(filterType: FilterType): boolean {
  return filterType === 'numberRange' || filterType === 'dateRange';
}

/** The two ends of a range as typed (untrimmed; the second is '' until the colon is there). */
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
  const valid = (text: string, type: GridDataType = dataType) =>
    text !== '' && (type === 'number' ? parseGridNumber(text) : type === 'date' ? parseGridDate(text) : text) !== undefined;
  if (isRangeFilterType(filterType)) {
    const [from, to] = splitRange(draft).map((end) => end.trim());
    const type = filterType === 'numberRange' ? 'number' : 'date';
    return valid(from, type) && valid(to, type) ? `${from}${GRID_RANGE_SEPARATOR}${to}` : '';
  }
  const trimmed = draft.trim();
  if (filterType === 'daysAgo') return parseDaysAgo(trimmed) !== undefined ? trimmed : '';
  return valid(trimmed) ? trimmed : '';
}
