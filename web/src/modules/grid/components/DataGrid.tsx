import { EllipsisOutlined, FilterOutlined, ReloadOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-table';
import { Alert, Button, Dropdown, Empty, type MenuProps, Tooltip, theme } from 'antd';
import { type HTMLAttributes, type ReactElement, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { serverMessage } from '../../api/apiError';
import { LAPTOP_BREAKPOINT_PX } from '../../layout/constants/breakpoints';
import { useMediaQuery } from '../../layout/hooks/useMediaQuery';
import { type ColumnPref, loadColumnPrefs, saveColumnPrefs } from '../logic/columnPrefs';
import { fieldValue } from '../logic/fieldValue';
import { fitColumnWidths, longestWordWidth } from '../logic/fitColumns';
import { appliedFilterValue, initialFilterType, isRangeFilterType } from '../logic/filterTypes';
import { DEFAULT_COLUMN_WIDTH, GRID_FILTER_DEBOUNCE_MS, GRID_MENU_OVERLAY, GRID_ROW_HEIGHTS } from '../logic/gridConstants';
import { runLocalQuery } from '../logic/localQuery';
import { GRID_PAGE_SIZE, skipOf, totalPagesOf } from '../logic/pager';
import { cycleSorting } from '../logic/sortCycle';
import { useGridStyles } from '../hooks/useGridStyles';
import type { ColumnAlign, ColumnFilterState, ColumnPin, GridColumn } from '../types/gridColumn';
import type { FilterType, GridFilters, GridPage, GridQuery, GridSorting, SortOrder } from '../types/gridQuery';
import { ColumnFilter } from './ColumnFilter';
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

const ROW_MENU_KEY = '__rowMenu';
const ROW_MENU_WIDTH = 48;
/** On a grid narrower than a laptop, the most of its width a pinned column takes, and the least it keeps. */
const PINNED_MAX_SHARE = 0.45;
const PINNED_MIN_WIDTH = 120;
/** The least share of its width a column keeps on a laptop-wide grid. */
const FIT_MIN_SHARE = 0.7;
const EMPTY_ROWS: readonly never[] = [];
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Each column's filter type as the grid starts (and after Refresh). */
const initialFilterTypes = <Row,>(columns: ReadonlyArray<GridColumn<Row>>): Record<string, FilterType> =>
  Object.fromEntries(columns.map((column) => [column.field, initialFilterType(column.dataType ?? 'string', column.filterType, column.disabledFilterTypes)]));

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
  const date = column.dataType === 'date' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value instanceof Date ? value.toISOString() : String(value)) : null;
  return date ? `${date[2]}/${date[3]}/${date[1]}` : String(value);
}

/**
 * A cell whose text does not fit (its own or an inner element's overflow) shows it whole on
 * hover and focus: its title is set to its text then, and removed when it fits.
 */
function titleIfCut(event: { currentTarget: HTMLElement }): void {
  const cell = event.currentTarget;
  const cut = [cell, ...cell.querySelectorAll<HTMLElement>('*')].some((element) => element.scrollWidth > element.clientWidth + 1);
  // innerText keeps the lines of a multi-line cell apart (textContent where nothing lays out, as in jsdom).
  const text = cut ? ((cell.innerText as string | undefined) ?? cell.textContent ?? '').replace(/\s+/g, ' ').trim() : '';
  if (text) cell.title = text;
  else cell.removeAttribute('title');
}

/**
 * The product's data grid (ProTable): header filters with a filter-type menu, one-column sort
 * cycling 0 → 1 → -1 → 0, a column menu (pin, alignment; saved per gridId), 10 rows per page
 * with a 'Page X of Y' pager, a 'Loading data' overlay, a refresh icon that clears every filter,
 * row ellipsis menus and cell clicks. Server mode with onLoad({ skip, limit, filters, sorting }),
 * local mode with rows.
 */
export function DataGrid<Row extends object>(props: DataGridProps<Row>): ReactElement {
  const { columns, onLoad, rows, rowKey = 'id', gridId, rowHeight = GRID_ROW_HEIGHTS.compact, reloadKey = 0, today } = props;
  const callbacks = useRef(props);
  callbacks.current = props;
  const warned = useRef(new Set<string>());
  /** Calls a host callback; a missing one is reported once as a warning (spec 001 §8). */
  const raise = (name: keyof DataGridProps<Row>, ...args: unknown[]) => {
    const handler = callbacks.current[name];
    if (typeof handler === 'function') (handler as (...values: unknown[]) => void)(...args);
    else if (!warned.current.has(name)) {
      warned.current.add(name);
      console.warn(`DataGrid${gridId ? ` ${gridId}` : ''}: no ${name} handler is set.`);
    }
  };

  const [sorting, setSorting] = useState<GridSorting>(() => {
    const sorted = columns.find((column) => column.sortOrder === 1 || column.sortOrder === -1);
    return sorted ? { [sorted.field]: sorted.sortOrder as 1 | -1 } : {};
  });
  const [filterTypes, setFilterTypes] = useState(() => initialFilterTypes(columns));
  const [drafts, setDrafts] = useState<Record<string, ColumnFilterState>>({});
  const [appliedDrafts, setAppliedDrafts] = useState<Record<string, ColumnFilterState>>({});
  const [filtersVisible, setFiltersVisible] = useState(true);
  const [prefs, setPrefs] = useState(() => loadColumnPrefs(gridId));
  const [loaded, setLoaded] = useState<GridPage<Row> & { loading: boolean }>({ rows: [], count: 0, loading: Boolean(onLoad) });
  /** Why the last load of the current query failed (null: it did not). */
  const [failure, setFailure] = useState<string | null>(null);
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestDrafts = useRef(drafts);
  const styles = useGridStyles(rowHeight);
  const fitWidth = useMediaQuery(`(min-width: ${LAPTOP_BREAKPOINT_PX}px)`);
  const { token } = theme.useToken();
  useEffect(() => () => clearTimeout(debounce.current), []);
  // The width the columns share (the table's visible width; 0 until measured, or where nothing
  // lays out, as in jsdom: then the columns share it in percentages).
  const gridRef = useRef<HTMLDivElement>(null);
  const [tableWidth, setTableWidth] = useState(0);
  useEffect(() => {
    const element = gridRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setTableWidth(element.querySelector('.ant-table-container')?.clientWidth ?? 0);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, []);

  const filterTypeOf = (column: GridColumn<Row>): FilterType =>
    filterTypes[column.field] ?? initialFilterType(column.dataType ?? 'string', column.filterType, column.disabledFilterTypes);
  /** The filters the query sends: every applied, non-empty filter value with its column's type. */
  const filters: GridFilters = {};
  for (const column of columns) {
    const state = appliedDrafts[column.field];
    if (!state) continue;
    const filterType = filterTypeOf(column);
    const value = column.isCustomFilter ? state.value : appliedFilterValue(filterType, column.dataType ?? 'string', state.value);
    if (value !== '') filters[column.field] = { filterType, value };
  }
  const filtersKey = JSON.stringify(filters);
  const sortingKey = JSON.stringify(sorting);
  // The page belongs to the filters it was chosen under: any filter change is back on page 1.
  const [pageState, setPageState] = useState({ page: 1, filtersKey });
  const page = pageState.filtersKey === filtersKey ? pageState.page : 1;
  const setPage = (next: number) => setPageState({ page: next, filtersKey });
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
  }, [filtersKey]);

  // Local mode: the query runs over the given rows.
  const local = useMemo(() => (onLoad ? undefined : runLocalQuery(rows ?? EMPTY_ROWS, columns, query, { today })), [onLoad, rows, columns, query, today]);

  // Server mode: ProTable's request loads the rows whenever the query (its params) changes, and
  // on actionRef.reload (the host's reloadKey, the refresh icon); it drops a late answer to an
  // older query. The count is kept here for the pager.
  const actionRef = useRef<ActionType>(undefined);
  const lastLoaded = useRef(loaded);
  lastLoaded.current = loaded;
  const latestQuery = useRef('');
  latestQuery.current = JSON.stringify(query);
  const request = async ({ skip, limit, filters: sent, sorting: sortedBy }: GridQuery) => {
    const asked: GridQuery = { skip, limit, filters: sent, sorting: sortedBy };
    const latest = () => JSON.stringify(asked) === latestQuery.current;
    try {
      const result = await (callbacks.current.onLoad as NonNullable<DataGridProps<Row>['onLoad']>)(asked);
      // ProTable drops the rows of a superseded query; its count must not reach the pager either.
      if (latest()) {
        setFailure(null);
        setLoaded((previous) => ({ ...previous, rows: result.rows, count: result.count }));
      }
      return { data: result.rows, total: result.count, success: true };
    } catch (error) {
      console.error('DataGrid: loading failed', error);
      // The grid says so, with a retry, and shows no rows: the rows of another query (or of the
      // same one, earlier) under the current filters would pass for its answer.
      if (latest()) {
        setFailure(serverMessage(error) ?? 'Check the connection and try again.');
        setLoaded((previous) => ({ ...previous, rows: [], count: 0 }));
      }
      return { data: [], total: 0, success: true };
    }
  };
  const firstReloadKey = useRef(reloadKey);
  useEffect(() => {
    if (reloadKey !== firstReloadKey.current) void actionRef.current?.reload();
  }, [reloadKey]);

  const shown = local ? { ...local, loading: false } : loaded;
  const totalPages = totalPagesOf(shown.count);
  // Report each loaded page once.
  const failed = !local && failure !== null;
  useEffect(() => {
    if (!shown.loading && !failed) raise('onPageLoad', page, { rows: shown.rows, count: shown.count });
  }, [shown.rows, shown.count, shown.loading, failed]);
  // Fewer pages than the current one (rows removed): go to the last page.
  useEffect(() => {
    if (!shown.loading && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [shown.loading, totalPages, page]);

  /** Sets a column's filter input: a typed value applies after the pause, any other change (with every pending one) at once. */
  const setDraft = (field: string, state: ColumnFilterState, typed = false) => {
    latestDrafts.current = { ...latestDrafts.current, [field]: state };
    setDrafts(latestDrafts.current);
    clearTimeout(debounce.current);
    const apply = () => setAppliedDrafts(latestDrafts.current);
    if (typed) debounce.current = setTimeout(apply, GRID_FILTER_DEBOUNCE_MS);
    else apply();
  };
  const changeFilterType = (column: GridColumn<Row>, filterType: FilterType) => {
    const previous = filterTypeOf(column);
    if (column.disabledFilterTypes?.includes(filterType) || previous === filterType) return;
    setFilterTypes((current) => ({ ...current, [column.field]: filterType }));
    // A range and a single value (or a date and a day count) do not share a value.
    const kind = (type: FilterType) => (isRangeFilterType(type) ? 'range' : type === 'daysAgo' ? 'days' : 'single');
    const draft = latestDrafts.current[column.field] ?? { value: '' };
    setDraft(column.field, kind(previous) === kind(filterType) ? draft : { ...draft, value: '' });
    raise('onFilterTypeChange', column.field, filterType);
  };
  const clearFilters = () => {
    clearTimeout(debounce.current);
    setFilterTypes(initialFilterTypes(columns));
    latestDrafts.current = {};
    setDrafts({});
    setAppliedDrafts({});
    setPageState({ page: 1, filtersKey: '{}' });
    // Nothing to change in the query (no filter was set, page 1): ProTable asks again.
    if (filtersKey === '{}' && page === 1) void actionRef.current?.reload();
  };
  const setPref = (column: GridColumn<Row>, change: ColumnPref) => {
    // Saved at once (in the event, not at the next render), so a reload right after it keeps it.
    const next = { ...prefs, [column.field]: { ...prefs[column.field], ...change } };
    saveColumnPrefs(gridId, next);
    setPrefs(next);
    if (change.pin) raise('onPinChange', column.field, change.pin);
    if (change.align) raise('onAlignChange', column.field, change.align);
  };

  const pinOf = (column: GridColumn<Row>): ColumnPin => prefs[column.field]?.pin ?? column.pin ?? 'none';
  const visible = columns.filter((column) => column.visible !== false);
  const fitMinWidth = visible.reduce((sum, column) => sum + FIT_MIN_SHARE * (column.width ?? DEFAULT_COLUMN_WIDTH[column.dataType ?? 'string']), props.rowMenuItems ? ROW_MENU_WIDTH : 0);
  // The columns (and their header elements, so the headers render again only when these change)
  // of the state they are built from (the handlers inside read the rest from refs).
  const { tableColumns, naturalWidth } = useMemo(() => {
    const ordered = (['left', 'none', 'right'] as const).flatMap((pin) => visible.filter((column) => pinOf(column) === pin));
    const widthOf = (column: GridColumn<Row>): number =>
      column.width ?? DEFAULT_COLUMN_WIDTH[column.dataType ?? 'string'] + (isRangeFilterType(filterTypeOf(column)) ? 60 : 0);
    // On a laptop or wider the columns share the grid's width in proportion to their widths (no
    // sideways scroll), each keeping at least FIT_MIN_SHARE of it (the spec grids fit; one with many
    // more columns scrolls inside itself); narrower, they keep their widths and the grid scrolls sideways.
    const total = ordered.reduce((sum, column) => sum + widthOf(column), 0);
    // Measured: px widths, no column below its floor (its minWidth, its longest header word, and
    // FIT_MIN_SHARE of its width), so a phone number or a short header is never cut on a laptop.
    const headerFont = `${token.fontWeightStrong} ${token.fontSize}px ${token.fontFamily}`;
    const floorOf = (column: GridColumn<Row>): number => {
      const word = longestWordWidth(column.text, headerFont);
      const header = word > 0 ? Math.ceil(word) + (column.icon ? token.fontSize + token.paddingXXS : 0) + 2 * token.paddingSM + 2 : 0;
      return Math.ceil(Math.max(column.minWidth ?? 0, FIT_MIN_SHARE * widthOf(column), header));
    };
    const measured =
      fitWidth && tableWidth > 0
        ? fitColumnWidths(ordered.map(widthOf), ordered.map(floorOf), tableWidth - (props.rowMenuItems ? ROW_MENU_WIDTH : 0))
        : undefined;
    // Narrower, each column keeps its width, except that a pinned one takes at most PINNED_MAX_SHARE
    // of the grid: the columns scrolling beside it stay readable on a phone.
    const narrow = ordered.map((column) =>
      pinOf(column) !== 'none' && tableWidth > 0 ? Math.min(widthOf(column), Math.max(PINNED_MIN_WIDTH, Math.floor(PINNED_MAX_SHARE * tableWidth))) : widthOf(column),
    );
    const result: ProColumns<Row>[] = ordered.map((column, index) => {
      const pin = pinOf(column);
      const align = prefs[column.field]?.align ?? column.align ?? (column.dataType === 'number' ? 'right' : 'left');
      const order = (sorting[column.field] ?? 0) as SortOrder;
      const sort = () => {
        const next = cycleSorting(sorting, column.field);
        setSorting(next);
        setPage(1);
        raise('onSort', column.field, (next[column.field] ?? 0) as SortOrder);
      };
      return {
        key: column.field,
        dataIndex: column.field.split('.'),
        width: measured ? measured[index] : fitWidth ? `${((widthOf(column) / total) * 100).toFixed(3)}%` : narrow[index],
        align,
        fixed: pin === 'none' ? undefined : pin,
        title: (
          <ColumnHeader
            text={column.text}
            icon={column.icon}
            sortable={column.sortable !== false}
            sortOrder={order}
            onSort={sort}
            pin={pin}
            align={align}
            onPinChange={(next) => setPref(column, { pin: next })}
            onAlignChange={(next) => setPref(column, { align: next })}
            filter={
              filtersVisible && column.filter !== false ? (
                <ColumnFilter
                  column={column}
                  dataType={column.dataType ?? 'string'}
                  filterType={filterTypeOf(column)}
                  state={drafts[column.field] ?? { value: '' }}
                  onChange={({ value, typed }) => setDraft(column.field, { ...latestDrafts.current[column.field], value }, typed)}
                  onStateChange={(state) => setDraft(column.field, state)}
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
        render: (_dom: ReactNode, row: Row) => (
          <div className={column.enableCellClick ? 'data-grid-cell data-grid-cell-clickable' : 'data-grid-cell'} onMouseEnter={titleIfCut} onFocus={titleIfCut}>
            {column.cellRenderer ? column.cellRenderer(row, column) : defaultCell(row, column)}
          </div>
        ),
      };
    });
    const itemsFor = props.rowMenuItems;
    if (itemsFor) {
      result.push({
        key: ROW_MENU_KEY,
        title: '',
        onHeaderCell: () => ({ 'aria-label': 'Row actions' }) as HTMLAttributes<HTMLElement>,
        width: ROW_MENU_WIDTH,
        align: 'center',
        fixed: 'right',
        render: (_dom: ReactNode, row: Row) => (
          <Dropdown
            trigger={['click']}
            overlayStyle={GRID_MENU_OVERLAY}
            menu={{ items: typeof itemsFor === 'function' ? itemsFor(row) : itemsFor, onClick: ({ key }) => raise('onRowMenuClick', key, row) }}
          >
            <Button type="text" size="small" aria-label="Row menu" icon={<EllipsisOutlined />} />
          </Dropdown>
        ),
      });
    }
    // The table's width: its columns' (a cell's long content is cut, not widening its column).
    return { tableColumns: result, naturalWidth: (measured ?? narrow).reduce((sum, width) => sum + width, itemsFor ? ROW_MENU_WIDTH : 0) };
  }, [columns, prefs, sorting, filterTypes, filtersVisible, drafts, filtersKey, props.rowMenuItems, fitWidth, tableWidth, token, gridId]);
  // ProTable keeps its own column state (pin, order), seeded once from the columns: it is
  // given the current pins and order here, so a pin, a move to the right or an unpin applies at
  // once, and the row menu stays the last column with pinned-right ones just before it.
  const columnsState = useMemo(
    () => Object.fromEntries(tableColumns.map((column, order) => [String(column.key), { show: true, fixed: column.fixed as 'left' | 'right' | undefined, order }])),
    [tableColumns],
  );

  const activeFilters = Object.keys(filters).length;
  const filterable = visible.some((column) => column.filter !== false);
  const filtersLabel = filtersVisible ? 'Hide filters' : 'Show filters';
  return (
    <div ref={gridRef} className="data-grid" data-grid-id={gridId}>
      <style>{styles}</style>
      <ProTable<Row, GridQuery>
        rowKey={(row) => String(fieldValue(row, rowKey))}
        columns={tableColumns}
        columnsState={{ value: columnsState }}
        actionRef={actionRef}
        {...(onLoad ? { request, params: query, debounceTime: 0 } : { dataSource: shown.rows })}
        loading={{ spinning: shown.loading, tip: 'Loading data' }}
        onLoadingChange={(loading) => setLoaded((previous) => ({ ...previous, loading: typeof loading === 'boolean' ? loading : Boolean(loading?.spinning) }))}
        search={false}
        options={false}
        pagination={false}
        size="small"
        cardBordered
        tableLayout="fixed"
        scroll={{ x: fitWidth && tableWidth === 0 ? `max(100%, ${Math.round(fitMinWidth)}px)` : `max(100%, ${naturalWidth}px)` }}
        headerTitle={props.title}
        aria-label={props.ariaLabel}
        locale={{
          emptyText: failed ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              className="data-grid-failure"
              message="The rows could not be loaded"
              description={failure}
              action={
                <Button size="small" onClick={() => void actionRef.current?.reload()}>
                  Retry
                </Button>
              }
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No rows to show" />
          ),
        }}
        toolBarRender={() => [
          props.toolbar,
          // No toggle where no column has a filter (it would do nothing).
          filterable && (
            <Tooltip key="filters" title={filtersLabel}>
              {/* The name holds the visible count of active filters (WCAG 2.5.3). */}
              <Button
                type={activeFilters > 0 ? 'link' : 'text'}
                icon={<FilterOutlined />}
                aria-label={`${filtersLabel}${activeFilters > 0 ? `, ${activeFilters} active` : ''}`}
                aria-pressed={filtersVisible}
                onClick={() => {
                  setFiltersVisible(!filtersVisible);
                  raise('onFilterToggle', !filtersVisible);
                }}
              >
                {activeFilters > 0 ? String(activeFilters) : null}
              </Button>
            </Tooltip>
          ),
          <Tooltip key="refresh" title="Clear filters and reload">
            <Button type="text" icon={<ReloadOutlined />} aria-label="Clear filters and reload" onClick={clearFilters} />
          </Tooltip>,
        ]}
        footer={() => (failed ? null : <GridPager page={page} totalPages={totalPages} count={shown.count} onPage={setPage} />)}
      />
    </div>
  );
}
