/**
 * The grid's filter types, data types and sort orders (spec 001 §3, §4, §5, §9), shared by the
 * web grid (DataGrid) and the server (libs/grid). Names are the spec's; do not rename them.
 */

export const TEXT_FILTER_TYPES = ['startsWith', 'endsWith', 'contains', 'exactMatch', 'advancedFilters'] as const;
export const DATE_FILTER_TYPES = ['afterDate', 'afterOrOnDate', 'onDate', 'onOrBeforeDate', 'beforeDate', 'dateRange', 'daysAgo'] as const;
export const NUMBER_FILTER_TYPES = [
  'greaterThan',
  'greaterThanOrEqualsTo',
  'equalsTo',
  'lessThanOrEqualsTo',
  'lessThan',
  'numberRange',
] as const;

export type TextFilterType = (typeof TEXT_FILTER_TYPES)[number];
export type DateFilterType = (typeof DATE_FILTER_TYPES)[number];
export type NumberFilterType = (typeof NUMBER_FILTER_TYPES)[number];
export type GridFilterType = TextFilterType | DateFilterType | NumberFilterType;
/** The name the web grid uses. */
export type FilterType = GridFilterType;

export const GRID_FILTER_TYPES: readonly GridFilterType[] = [...TEXT_FILTER_TYPES, ...DATE_FILTER_TYPES, ...NUMBER_FILTER_TYPES];

export function isGridFilterType(x: unknown): x is GridFilterType {
  return typeof x === 'string' && (GRID_FILTER_TYPES as readonly string[]).includes(x);
}

/** A column's data type (spec 001 §3: string, number or date). */
export type GridDataType = 'string' | 'number' | 'date';

/** The filter types a column of each data type offers, in the order of the choice menu. */
export const FILTER_TYPES_BY_DATA_TYPE: Readonly<Record<GridDataType, readonly GridFilterType[]>> = {
  string: TEXT_FILTER_TYPES,
  date: DATE_FILTER_TYPES,
  number: NUMBER_FILTER_TYPES,
};

/** The filter type a column starts with when its definition names none. */
export const DEFAULT_FILTER_TYPE: Readonly<Record<GridDataType, GridFilterType>> = {
  string: 'contains',
  date: 'onDate',
  number: 'equalsTo',
};

/** Range values (numberRange, dateRange) are two values joined by this. */
export const GRID_RANGE_SEPARATOR = ':';

/** Page size (spec 001 §9, spec 000 §9) and the largest page a list call answers. */
export const GRID_PAGE_SIZE = 10;
export const GRID_MAX_LIMIT = 100;

/** Per-column sort order: 0 unsorted, 1 ascending, -1 descending (spec 001 §4). */
export type GridSortOrder = 0 | 1 | -1;

/** The sort cycle of a header click: unsorted (0) → ascending (1) → descending (-1) → unsorted. */
export function nextSortOrder(order: GridSortOrder | undefined): GridSortOrder {
  if (order === 1) return -1;
  if (order === -1) return 0;
  return 1;
}
