/**
 * The grid query contract as the web grid sends it: the types are the contract's
 * (libs/contracts/src/grid), under the names the grid uses.
 */
import type { GridSortOrder } from '@app/contracts';

export type { FilterType, GridFilter, GridFilters, GridQuery, GridSorting } from '@app/contracts';

/** 1 ascending, -1 descending; 0 (unsorted) only in the UI: the key is left out of the query. */
export type SortOrder = GridSortOrder;

/** What a list call answers (the grid's own field names; a host maps its call's fields). */
export type GridPage<Row> = { rows: Row[]; count: number };
