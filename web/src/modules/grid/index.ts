export { DataGrid, type DataGridProps, type GridCellClick } from './components/DataGrid';
export { GRID_ROW_HEIGHTS, GRID_FILTER_DEBOUNCE_MS, GRID_PHONE_MIN_WIDTH } from './logic/gridConstants';
export { GRID_PAGE_SIZE, pagerText, totalPagesOf } from './logic/pager';
export { runLocalQuery, foldText } from './logic/localQuery';
export { nextSortOrder } from './logic/sortCycle';
export type { ColumnAlign, ColumnFilterState, ColumnPin, CustomFilterProps, GridColumn, GridDataType } from './types/gridColumn';
export type { FilterType, GridFilter, GridFilters, GridPage, GridQuery, GridSorting, SortOrder } from './types/gridQuery';
