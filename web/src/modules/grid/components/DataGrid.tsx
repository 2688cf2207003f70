import { EllipsisOutlined, FilterOutlined, ReloadOutlined } from '@ant-design/icons';
import { type ActionType, type ColumnsState, type ProColumns, ProTable } from '@ant-design/pro-table';
import { Button, Dropdown, Empty, type MenuProps, Tooltip } from 'antd';
import { type HTMLAttributes, type ReactElement, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LAPTOP_BREAKPOINT_PX } from '../../layout/constants/breakpoints';
import { useMediaQuery } from '../../layout/hooks/useMediaQuery';
import { fieldValue } from '../logic/fieldValue';
import { appliedFilterValue, initialFilterType, isRangeFilterType } from '../logic/filterTypes';
import {
  DEFAULT_COLUMN_WIDTH,
  DEFAULT_GRID_ROW_HEIGHT,
  GRID_FILTER_DEBOUNCE_MS,
  GRID_LOADING_TEXT,
  GRID_MENU_WIDTH_PX,
  GRID_MENU_Z_INDEX,
} from '../logic/gridConstants';
import { runLocalQuery } from '../logic/localQuery';
import { clampPage, GRID_PAGE_SIZE, skipOf, totalPagesOf } from '../logic/pager';
import { cycleSorting } from '../logic/sortCycle';
import { useColumnPrefs } from '../hooks/useColumnPrefs';
import { useGridStyles } from '../hooks/useGridStyles';
import type { ColumnAlign, ColumnFilterState, ColumnPin, GridColumn, GridDataType } from '../types/gridColumn';
import type { FilterType, GridFilters, GridPage, GridQuery, GridSorting, SortOrder } from '../types/gridQuery';
import { ColumnFilter, type FilterChange } from './ColumnFilter';
import { ColumnHeader } from './ColumnHeader';
import { GridPager } from './GridPager';

/** What a cell click reports. */
export type GridCellClick<Row> = { row: Row; field: string; value: unknown };

export type DataGridProps<Row extends object> = {
  columns: ReadonlyArray<GridColumn<Row>>;
  /** Server mode: loads a page of rows and the count of every matching row. */
  onLoad?: (query: GridQuery) => Promise<GridPage<Row>>;
  /** Local mode (no onLoad): every row; filtered, sorted and paged in the browser. */
  rows?: readonly Row[];
  /** The field that keys each row (default 'id'). */
  rowKey?: string;
  /** Saves the user's pin and alignment choices under this id in local storage. */
  gridId?: string;
  /** Row height in px: 40 (lists), 60 (profile practice list), 64 (creation grids). */
  rowHeight?: number;
  /** Title shown in the grid's toolbar. */
  title?: ReactNode;
  /** More toolbar content (buttons) before the grid's own icons. */
  toolbar?: ReactNode;
  /** Accessible name of the table. */
  ariaLabel?: string;
  /** The items of each row's ellipsis menu (a function for per-row items); no menu without them. */
  rowMenuItems?: MenuProps['items'] | ((row: Row) => MenuProps['items']);
  /** Increment to reload the current page (for example after the host added a row). */
  reloadKey?: number;
  /** Today as yyyy-mm-dd for the local daysAgo filter (default: the browser's date). */
  today?: string;
  /** A page was loaded (its number and what was loaded). */
  onPageLoad?: (page: number, result: GridPage<Row>) => void;
  onSort?: (field: string, order: SortOrder) => void;
  /** The filters sent after a filter change. */
  onApplyFilter?: (filters: GridFilters) => void;
  onFilterTypeChange?: (field: string, filterType: FilterType) => void;
  /** The header filters were shown (true) or hidden. */
  onFilterToggle?: (visible: boolean) => void;
  onPinChange?: (field: string, pin: ColumnPin) => void;
  onAlignChange?: (field: string, align: ColumnAlign) => void;
  onCellClick?: (click: GridCellClick<Row>) => void;
  onRowMenuClick?: (key: string, row: Row) => void;
};

type Loaded<Row> = GridPage<Row> & { loading: boolean };

const ROW_MENU_KEY = '__rowMenu';
/** The least share of its width a column keeps on a laptop-wide grid. */
const FIT_MIN_SHARE = 0.7;
const EMPTY_ROWS: readonly never[] = [];

function initialSorting<Row>(columns: ReadonlyArray<GridColumn<Row>>): GridSorting {
  const sorted = columns.find((column) => column.sortOrder === 1 || column.sortOrder === -1);
  return sorted ? { [sorted.field]: sorted.sortOrder as 1 | -1 } : {};
}

function dataTypeOf<Row>(column: GridColumn<Row>): GridDataType {
  return column.dataType ?? 'string';
}

/** Each column's filter type as the grid starts (and after Refresh). */
function initialFilterTypes<Row>(columns: ReadonlyArray<GridColumn<Row>>): Record<string, FilterType> {
  return Object.fromEntries(columns.map((column) => [column.field, initialFilterType(dataTypeOf(column), column.filterType, column.disabledFilterTypes)]));
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A cell's text when the column has no renderer: numbers grouped, dates as mm/dd/yyyy, several fields joined. */
function defaultCell<Row>(row: Row, column: GridColumn<Row>): ReactNode {
  if (column.fields?.length) {
    return column.fields
      .map((field) => fieldValue(row, field))
      .filter((value) => value !== null && value !== undefined && value !== '')
      .join(' ');
  }
  const value = fieldValue(row, column.field);
  if (value === null || value === undefined) return '';
  if (column.dataType === 'number' && typeof value === 'number') return numberFormat.format(value);
  if (column.dataType === 'date') {
    const iso = value instanceof Date ? value.toISOString() : String(value);
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
    if (match) return `${match[2]}/${match[3]}/${match[1]}`;
  }
  return String(value);
}

/**
 * The product's data grid (ProTable): header filters with a filter-type menu, one-column sort
 * cycling 0 → 1 → -1 → 0, a column menu (pin, alignment; saved per gridId), 10 rows per page
 * with a 'Page X of Y' pager, a 'Loading data' overlay, a refresh icon that clears every filter,
 * row ellipsis menus and cell clicks. Server mode with onLoad({ skip, limit, filters, sorting }),
 * local mode with rows.
 */
export function DataGrid<Row extends object>(props: DataGridProps<Row>): ReactElement {
  const { columns, onLoad, rows, rowKey = 'id', gridId, rowHeight = DEFAULT_GRID_ROW_HEIGHT, reloadKey = 0, today } = props;
  const callbacks = useRef(props);
  callbacks.current = props;
  const warned = useRef(new Set<string>());

  /** Calls a host callback; a missing one is reported once as a warning (spec 001 §8). */
  const raise = useCallback(<K extends keyof DataGridProps<Row>>(name: K, ...args: unknown[]) => {
    const handler = callbacks.current[name];
    if (typeof handler === 'function') {
      (handler as (...values: unknown[]) => void)(...args);
    } else if (!warned.current.has(name)) {
      warned.current.add(name);
      console.warn(`DataGrid${gridId ? ` ${gridId}` : ''}: no ${String(name)} handler is set.`);
    }
  }, [gridId]);

  const [sorting, setSorting] = useState<GridSorting>(() => initialSorting(columns));
  const [filterTypes, setFilterTypes] = useState<Record<string, FilterType>>(() => initialFilterTypes(columns));
  const [drafts, setDrafts] = useState<Record<string, ColumnFilterState>>({});
  const [appliedDrafts, setAppliedDrafts] = useState<Record<string, ColumnFilterState>>({});
  const [filtersVisible, setFiltersVisible] = useState(true);
  const [prefs, updatePref] = useColumnPrefs(gridId);
  const [loaded, setLoaded] = useState<Loaded<Row>>({ rows: [], count: 0, loading: Boolean(onLoad) });
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestDrafts = useRef(drafts);
  latestDrafts.current = drafts;
  const styles = useGridStyles(rowHeight);
  const fitWidth = useMediaQuery(`(min-width: ${LAPTOP_BREAKPOINT_PX}px)`);

  useEffect(() => () => clearTimeout(debounce.current), []);

  const columnByField = useMemo(() => new Map(columns.map((column) => [column.field, column])), [columns]);
  const filterTypeOf = useCallback(
    (column: GridColumn<Row>): FilterType => filterTypes[column.field] ?? initialFilterType(dataTypeOf(column), column.filterType, column.disabledFilterTypes),
    [filterTypes],
  );

  /** The filters the query sends: every applied, non-empty filter value with its column's type. */
  const filters = useMemo<GridFilters>(() => {
    const result: GridFilters = {};
    for (const [field, state] of Object.entries(appliedDrafts)) {
      const column = columnByField.get(field);
      if (!column) continue;
      const filterType = filterTypeOf(column);
      const value = column.isCustomFilter ? state.value : appliedFilterValue(filterType, dataTypeOf(column), state.value);
      if (value !== '') result[field] = { filterType, value };
    }
    return result;
  }, [appliedDrafts, columnByField, filterTypeOf]);
  const filtersKey = JSON.stringify(filters);
  const sortingKey = JSON.stringify(sorting);
  // The page belongs to the filters it was chosen under: any filter change is back on page 1.
  const [pageState, setPageState] = useState({ page: 1, filtersKey });
  const page = pageState.filtersKey === filtersKey ? pageState.page : 1;
  const setPage = useCallback((next: number) => setPageState({ page: next, filtersKey }), [filtersKey]);
  const query = useMemo<GridQuery>(
    () => ({ skip: skipOf(page), limit: GRID_PAGE_SIZE, filters: JSON.parse(filtersKey), sorting: JSON.parse(sortingKey) }),
    [page, filtersKey, sortingKey],
  );

  // A filter change (after its pause) is reported to the host.
  const reportedFilters = useRef(filtersKey);
  useEffect(() => {
    if (reportedFilters.current === filtersKey) return;
    reportedFilters.current = filtersKey;
    raise('onApplyFilter', JSON.parse(filtersKey));
  }, [filtersKey, raise]);

  // Local mode: the query runs over the given rows.
  const local = useMemo(
    () => (onLoad ? undefined : runLocalQuery(rows ?? EMPTY_ROWS, columns, query, { today })),
    [onLoad, rows, columns, query, today],
  );

  // Server mode: ProTable's request loads the rows whenever the query (its params) changes, and
  // on actionRef.reload (the host's reloadKey, the refresh icon); it drops a late answer to an
  // older query. The count is kept here for the pager.
  const actionRef = useRef<ActionType>(undefined);
  const lastLoaded = useRef(loaded);
  lastLoaded.current = loaded;
  const latestQuery = useRef('');
  latestQuery.current = JSON.stringify(query);
  const request = useCallback(
    async (params: GridQuery & { current?: number; pageSize?: number }) => {
      const { skip, limit, filters: sent, sorting: sortedBy } = params;
      try {
        const asked: GridQuery = { skip, limit, filters: sent, sorting: sortedBy };
        const result = await (callbacks.current.onLoad as NonNullable<DataGridProps<Row>['onLoad']>)(asked);
        // ProTable drops the rows of a superseded query; its count must not reach the pager either.
        if (JSON.stringify(asked) === latestQuery.current) setLoaded((previous) => ({ ...previous, rows: result.rows, count: result.count }));
        return { data: result.rows, total: result.count, success: true };
      } catch (error) {
        console.error('DataGrid: loading failed', error);
        // The grid keeps what it showed.
        return { data: lastLoaded.current.rows, total: lastLoaded.current.count, success: false };
      }
    },
    [],
  );
  const firstReloadKey = useRef(reloadKey);
  useEffect(() => {
    if (reloadKey !== firstReloadKey.current) void actionRef.current?.reload();
  }, [reloadKey]);

  const shown: Loaded<Row> = local ? { ...local, loading: false } : loaded;
  const totalPages = totalPagesOf(shown.count);

  // Report each loaded page once.
  useEffect(() => {
    if (shown.loading) return;
    raise('onPageLoad', page, { rows: shown.rows, count: shown.count });
  }, [shown.rows, shown.count, shown.loading]);

  // Fewer pages than the current one (rows removed): go to the last page.
  useEffect(() => {
    if (!shown.loading && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [shown.loading, totalPages, page, setPage]);

  const goTo = useCallback(
    (requested: number) => {
      const target = clampPage(requested, totalPages);
      if (target !== undefined && target !== page) setPage(target);
    },
    [totalPages, page, setPage],
  );

  const applyNow = useCallback(() => {
    clearTimeout(debounce.current);
    setAppliedDrafts(latestDrafts.current);
  }, []);

  const changeFilter = useCallback(
    (field: string, change: FilterChange) => {
      const next = { ...latestDrafts.current, [field]: { ...latestDrafts.current[field], value: change.value } };
      latestDrafts.current = next;
      setDrafts(next);
      clearTimeout(debounce.current);
      if (change.typed) debounce.current = setTimeout(applyNow, GRID_FILTER_DEBOUNCE_MS);
      else applyNow();
    },
    [applyNow],
  );

  const changeFilterState = useCallback(
    (field: string, state: ColumnFilterState) => {
      const next = { ...latestDrafts.current, [field]: state };
      latestDrafts.current = next;
      setDrafts(next);
      applyNow();
    },
    [applyNow],
  );

  const changeFilterType = useCallback(
    (column: GridColumn<Row>, filterType: FilterType) => {
      if (column.disabledFilterTypes?.includes(filterType)) return;
      const previous = filterTypeOf(column);
      if (previous === filterType) return;
      setFilterTypes((current) => ({ ...current, [column.field]: filterType }));
      // A range and a single value (or a date and a day count) do not share a value.
      const kind = (type: FilterType) => (isRangeFilterType(type) ? 'range' : type === 'daysAgo' ? 'days' : 'single');
      if (kind(previous) !== kind(filterType) && latestDrafts.current[column.field]?.value) {
        const next = { ...latestDrafts.current, [column.field]: { ...latestDrafts.current[column.field], value: '' } };
        latestDrafts.current = next;
        setDrafts(next);
      }
      applyNow();
      raise('onFilterTypeChange', column.field, filterType);
    },
    [filterTypeOf, applyNow, raise],
  );

  const clearFilters = useCallback(() => {
    clearTimeout(debounce.current);
    setFilterTypes(initialFilterTypes(columns));
    latestDrafts.current = {};
    setDrafts({});
    setAppliedDrafts({});
    setPageState({ page: 1, filtersKey: '{}' });
    // Nothing to change in the query (no filter was set, page 1): ProTable asks again.
    if (filtersKey === '{}' && page === 1) void actionRef.current?.reload();
  }, [columns, filtersKey, page]);

  const sort = useCallback(
    (field: string) => {
      const next = cycleSorting(sorting, field);
      setSorting(next);
      setPage(1);
      raise('onSort', field, (next[field] ?? 0) as SortOrder);
    },
    [sorting, raise, setPage],
  );

  const toggleFilters = useCallback(() => {
    setFiltersVisible(!filtersVisible);
    raise('onFilterToggle', !filtersVisible);
  }, [filtersVisible, raise]);

  const pinOf = useCallback((column: GridColumn<Row>): ColumnPin => prefs[column.field]?.pin ?? column.pin ?? 'none', [prefs]);
  const alignOf = useCallback(
    (column: GridColumn<Row>): ColumnAlign => prefs[column.field]?.align ?? column.align ?? (column.dataType === 'number' ? 'right' : 'left'),
    [prefs],
  );

  // On a laptop a grid is never narrower than this (each column at least FIT_MIN_SHARE of its
  // width): the spec grids fit; one with many more columns scrolls inside itself.
  const fitMinWidth = columns
    .filter((column) => column.visible !== false)
    .reduce((sum, column) => sum + FIT_MIN_SHARE * (column.width ?? DEFAULT_COLUMN_WIDTH[dataTypeOf(column)]), props.rowMenuItems ? 48 : 0);
  const tableColumns = useMemo<ProColumns<Row>[]>(() => {
    const visible = columns.filter((column) => column.visible !== false);
    const byPin = (pin: ColumnPin) => visible.filter((column) => pinOf(column) === pin);
    const ordered = [...byPin('left'), ...byPin('none'), ...byPin('right')];
    const widthOf = (column: GridColumn<Row>): number =>
      column.width ?? (isRangeFilterType(filterTypeOf(column)) ? DEFAULT_COLUMN_WIDTH[dataTypeOf(column)] + 60 : DEFAULT_COLUMN_WIDTH[dataTypeOf(column)]);
    // On a laptop or wider the columns share the grid's width in proportion to their widths (no
    // sideways scroll); narrower, they keep their widths and the grid scrolls sideways.
    const total = ordered.reduce((sum, column) => sum + widthOf(column), 0);
    const result: ProColumns<Row>[] = ordered.map((column) => {
      const dataType = dataTypeOf(column);
      const pin = pinOf(column);
      const align = alignOf(column);
      const order: SortOrder = (sorting[column.field] ?? 0) as SortOrder;
      const filterType = filterTypeOf(column);
      const width = fitWidth ? `${((widthOf(column) / total) * 100).toFixed(3)}%` : widthOf(column);
      return {
        key: column.field,
        dataIndex: column.field.split('.'),
        width,
        align,
        fixed: pin === 'none' ? undefined : pin,
        title: (
          <ColumnHeader
            text={column.text}
            icon={column.icon}
            sortable={column.sortable !== false}
            sortOrder={order}
            onSort={() => sort(column.field)}
            pin={pin}
            align={align}
            onPinChange={(next) => {
              updatePref(column.field, { pin: next });
              raise('onPinChange', column.field, next);
            }}
            onAlignChange={(next) => {
              updatePref(column.field, { align: next });
              raise('onAlignChange', column.field, next);
            }}
            filter={
              filtersVisible && column.filter !== false ? (
                <ColumnFilter
                  column={column}
                  dataType={dataType}
                  filterType={filterType}
                  state={drafts[column.field] ?? { value: '' }}
                  onChange={(change) => changeFilter(column.field, change)}
                  onStateChange={(state) => changeFilterState(column.field, state)}
                  onFilterTypeChange={(type) => changeFilterType(column, type)}
                />
              ) : null
            }
          />
        ),
        onHeaderCell: () =>
          ({
            style: column.colStyles,
            'aria-sort': order === 1 ? 'ascending' : order === -1 ? 'descending' : 'none',
            'data-field': column.field,
            'data-align': align,
          }) as HTMLAttributes<HTMLElement>,
        onCell: (row: Row) =>
          ({
            style: column.colCellsStyles,
            'data-field': column.field,
            onClick: column.enableCellClick ? () => raise('onCellClick', { row, field: column.field, value: fieldValue(row, column.field) }) : undefined,
          }) as HTMLAttributes<HTMLElement>,
        render: (_dom: ReactNode, row: Row) => {
          const content = column.cellRenderer ? column.cellRenderer(row, column) : defaultCell(row, column);
          return <div className={column.enableCellClick ? 'data-grid-cell data-grid-cell-clickable' : 'data-grid-cell'}>{content}</div>;
        },
      };
    });
    if (props.rowMenuItems) {
      const itemsFor = props.rowMenuItems;
      result.push({
        key: ROW_MENU_KEY,
        title: '',
        onHeaderCell: () => ({ 'aria-label': 'Row actions' }) as HTMLAttributes<HTMLElement>,
        width: 48,
        align: 'center',
        fixed: 'right',
        render: (_dom: ReactNode, row: Row) => (
          <Dropdown
            trigger={['click']}
            overlayStyle={{ zIndex: GRID_MENU_Z_INDEX, minWidth: GRID_MENU_WIDTH_PX }}
            menu={{
              items: typeof itemsFor === 'function' ? itemsFor(row) : itemsFor,
              onClick: ({ key }) => raise('onRowMenuClick', key, row),
            }}
          >
            <Button type="text" size="small" aria-label="Row menu" icon={<EllipsisOutlined />} />
          </Dropdown>
        ),
      });
    }
    return result;
  }, [
    columns,
    pinOf,
    alignOf,
    sorting,
    filterTypeOf,
    filtersVisible,
    drafts,
    sort,
    updatePref,
    raise,
    changeFilter,
    changeFilterState,
    changeFilterType,
    props.rowMenuItems,
    fitWidth,
  ]);

  // ProTable keeps its own column state (pin, order), seeded once from the columns: it is
  // given the current pins and order here, so a pin, a move to the right or an unpin applies at
  // once, and the row menu stays the last column with pinned-right ones just before it.
  const columnsState = useMemo<Record<string, ColumnsState>>(
    () => Object.fromEntries(tableColumns.map((column, order) => [String(column.key), { show: true, fixed: column.fixed as ColumnsState['fixed'], order }])),
    [tableColumns],
  );

  const activeFilters = Object.keys(filters).length;
  return (
    <div className="data-grid" data-grid-id={gridId}>
      <style>{styles}</style>
      <ProTable<Row, GridQuery>
        rowKey={(row) => String(fieldValue(row, rowKey))}
        columns={tableColumns}
        columnsState={{ value: columnsState }}
        actionRef={actionRef}
        {...(onLoad ? { request, params: query, debounceTime: 0 } : { dataSource: shown.rows })}
        loading={{ spinning: shown.loading, tip: GRID_LOADING_TEXT }}
        onLoadingChange={(loading) => setLoaded((previous) => ({ ...previous, loading: typeof loading === 'boolean' ? loading : Boolean(loading?.spinning) }))}
        search={false}
        options={false}
        pagination={false}
        size="small"
        cardBordered
        tableLayout="fixed"
        scroll={{ x: fitWidth ? `max(100%, ${Math.round(fitMinWidth)}px)` : 'max-content' }}
        headerTitle={props.title}
        aria-label={props.ariaLabel}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No rows to show" /> }}
        toolBarRender={() => [
          props.toolbar,
          <Tooltip key="filters" title={filtersVisible ? 'Hide filters' : 'Show filters'}>
            <Button
              type={activeFilters > 0 ? 'link' : 'text'}
              icon={<FilterOutlined />}
              // The name holds the visible count of active filters (WCAG 2.5.3).
              aria-label={`${filtersVisible ? 'Hide filters' : 'Show filters'}${activeFilters > 0 ? `, ${activeFilters} active` : ''}`}
              aria-pressed={filtersVisible}
              onClick={toggleFilters}
            >
              {activeFilters > 0 ? String(activeFilters) : null}
            </Button>
          </Tooltip>,
          <Tooltip key="refresh" title="Clear filters and reload">
            <Button type="text" icon={<ReloadOutlined />} aria-label="Clear filters and reload" onClick={clearFilters} />
          </Tooltip>,
        ]}
        footer={() => <GridPager page={page} totalPages={totalPages} count={shown.count} onPage={goTo} />}
      />
    </div>
  );
}
