import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../../../testing/renderWithApp';
import { columnPrefsKey } from '../logic/columnPrefs';
import { runLocalQuery } from '../logic/localQuery';
import type { GridColumn } from '../types/gridColumn';
import type { GridPage, GridQuery } from '../types/gridQuery';
import { DataGrid } from './DataGrid';

type Person = { id: string; name: string; age: number; joined: string };

const PEOPLE: Person[] = Array.from({ length: 23 }, (_, index) => ({
  id: `p${index + 1}`,
  name: index === 0 ? 'José Álvarez' : `Person ${String(index + 1).padStart(2, '0')}`,
  age: 20 + index,
  joined: `2024-01-${String(index + 1).padStart(2, '0')}`,
}));

const COLUMNS: GridColumn<Person>[] = [
  { field: 'name', text: 'Name', dataType: 'string', enableCellClick: true },
  { field: 'age', text: 'Age', dataType: 'number', disabledFilterTypes: ['lessThan'] },
  { field: 'joined', text: 'Joined', dataType: 'date' },
];

/** A server fake answering from the rows with the local semantics, recording every query. */
function fakeServer(rows: Person[] = PEOPLE) {
  const queries: GridQuery[] = [];
  const onLoad = jest.fn(async (query: GridQuery): Promise<GridPage<Person>> => {
    queries.push(query);
    return runLocalQuery(rows, COLUMNS, query);
  });
  return { queries, onLoad, last: () => queries[queries.length - 1] };
}

function pager() {
  return within(screen.getByLabelText('Pager'));
}

function pagerText(): string {
  return document.querySelector('.data-grid-page')?.textContent ?? '';
}

/** Waits until no page is loading (the overlay blocks clicks while it shows). */
async function loaded(): Promise<void> {
  await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
}

/** The open dropdown menu. */
async function openMenu(): Promise<HTMLElement> {
  return waitFor(() => {
    const menu = document.querySelector<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) [role="menu"]');
    if (!menu) throw new Error('No open menu');
    return menu;
  });
}

/** The item of the open menu whose label starts with the text. */
async function menuItem(label: string): Promise<HTMLElement> {
  const menu = await openMenu();
  const item = Array.from(menu.querySelectorAll<HTMLElement>('li[role^="menuitem"]')).find((li) =>
    (li.querySelector('.ant-dropdown-menu-title-content')?.firstChild?.textContent ?? li.textContent ?? '').trim() === label,
  );
  if (!item) throw new Error(`No menu item ${label}`);
  return item;
}

function bodyValues(field: string): string[] {
  return Array.from(document.querySelectorAll(`tbody td[data-field="${field}"]`)).map((cell) => cell.textContent ?? '');
}

function header(field: string): HTMLElement {
  const cell = document.querySelector<HTMLElement>(`thead th[data-field="${field}"]`);
  if (!cell) throw new Error(`No header for ${field}`);
  return cell;
}

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('DataGrid', () => {
  it('cycles a column unsorted → ascending → descending → unsorted, one column at a time', async () => {
    const server = fakeServer();
    const onSort = jest.fn();
    const { user } = renderWithApp(<DataGrid columns={COLUMNS} onLoad={server.onLoad} onSort={onSort} />);
    await waitFor(() => expect(bodyValues('age')).toHaveLength(10));
    await loaded();
    const sortAge = screen.getByLabelText('Sort by Age');
    expect(header('age').getAttribute('aria-sort')).toBe('none');

    await user.click(sortAge);
    await waitFor(() => expect(server.last().sorting).toEqual({ age: 1 }));
    await loaded();
    expect(header('age').getAttribute('aria-sort')).toBe('ascending');
    expect(sortAge.getAttribute('data-sort')).toBe('ascending');

    await user.click(sortAge);
    await waitFor(() => expect(server.last().sorting).toEqual({ age: -1 }));
    await loaded();
    expect(header('age').getAttribute('aria-sort')).toBe('descending');
    await waitFor(() => expect(bodyValues('age')[0]).toBe('42'));
    await loaded();

    await user.click(sortAge);
    await waitFor(() => expect(server.last().sorting).toEqual({}));
    await loaded();
    expect(header('age').getAttribute('aria-sort')).toBe('none');

    await user.click(sortAge);
    await waitFor(() => expect(server.last().sorting).toEqual({ age: 1 }));
    await loaded();
    await user.click(screen.getByLabelText('Sort by Name'));
    await waitFor(() => expect(server.last().sorting).toEqual({ name: 1 }));
    await loaded();
    expect(header('age').getAttribute('aria-sort')).toBe('none');
    expect(onSort.mock.calls).toEqual([
      ['age', 1],
      ['age', -1],
      ['age', 0],
      ['age', 1],
      ['name', 1],
    ]);
  });

  it('applies a typed text filter only after a 500 ms pause, back on page 1', async () => {
    jest.useFakeTimers();
    const server = fakeServer();
    const onApplyFilter = jest.fn();
    const { user } = renderWithApp(<DataGrid columns={COLUMNS} onLoad={server.onLoad} onApplyFilter={onApplyFilter} />, {
      userEvent: { advanceTimers: jest.advanceTimersByTime },
    });
    await waitFor(() => expect(pagerText()).toBe('Page 1 of 3'));
    await loaded();
    await user.click(pager().getByLabelText('Next page'));
    await waitFor(() => expect(server.last().skip).toBe(10));
    await loaded();
    const loads = server.queries.length;

    await user.type(screen.getByLabelText('Filter Name'), 'person 1');
    act(() => jest.advanceTimersByTime(499));
    expect(server.queries).toHaveLength(loads);
    expect(onApplyFilter).not.toHaveBeenCalled();

    act(() => jest.advanceTimersByTime(1));
    await waitFor(() => expect(server.queries).toHaveLength(loads + 1));
    await loaded();
    expect(server.last()).toEqual({ skip: 0, limit: 10, filters: { name: { filterType: 'contains', value: 'person 1' } }, sorting: {} });
    expect(onApplyFilter).toHaveBeenCalledWith({ name: { filterType: 'contains', value: 'person 1' } });
    await waitFor(() => expect(pagerText()).toBe('Page 1 of 1'));
    await loaded();
    expect(bodyValues('name')).toEqual(['Person 10', 'Person 11', 'Person 12', 'Person 13', 'Person 14', 'Person 15', 'Person 16', 'Person 17', 'Person 18', 'Person 19']);
  });

  it("shows 'Page X of Y', clamps previous and next, and jumps to the first and last page", async () => {
    const onPageLoad = jest.fn();
    const { user } = renderWithApp(<DataGrid columns={COLUMNS} rows={PEOPLE} onPageLoad={onPageLoad} />);
    expect(pagerText()).toBe('Page 1 of 3');
    expect(pager().getByText('1–10 of 23 rows')).toBeTruthy();
    const previous = pager().getByLabelText('Previous page');
    const next = pager().getByLabelText('Next page');
    expect(previous).toHaveProperty('disabled', true);

    await user.click(next);
    expect(pagerText()).toBe('Page 2 of 3');
    await user.click(next);
    expect(pagerText()).toBe('Page 3 of 3');
    expect(next).toHaveProperty('disabled', true);
    await user.click(next);
    expect(pagerText()).toBe('Page 3 of 3');
    expect(bodyValues('name')).toEqual(['Person 21', 'Person 22', 'Person 23']);
    expect(pager().getByText('21–23 of 23 rows')).toBeTruthy();

    await user.click(pager().getByLabelText('First page'));
    expect(pagerText()).toBe('Page 1 of 3');
    await user.click(pager().getByLabelText('Last page'));
    expect(pagerText()).toBe('Page 3 of 3');
    expect(onPageLoad).toHaveBeenLastCalledWith(3, expect.objectContaining({ count: 23 }));
  });

  it("shows 'No Results' when nothing matches and ignores paging", async () => {
    const server = fakeServer([]);
    const { user } = renderWithApp(<DataGrid columns={COLUMNS} onLoad={server.onLoad} />);
    await waitFor(() => expect(pagerText()).toBe('No Results'));
    await loaded();
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
      expect(pager().getByLabelText(name)).toHaveProperty('disabled', true);
    }
    await user.click(pager().getByLabelText('Next page'));
    expect(server.queries).toHaveLength(1);
    expect(pagerText()).toBe('No Results');
  });

  it("shows the 'Loading data' overlay while a page loads", async () => {
    let answer: (page: GridPage<Person>) => void = () => undefined;
    const onLoad = jest.fn(() => new Promise<GridPage<Person>>((resolve) => (answer = resolve)));
    renderWithApp(<DataGrid columns={COLUMNS} onLoad={onLoad} />);
    expect(await screen.findByText('Loading data')).toBeTruthy();
    await act(async () => answer({ rows: PEOPLE.slice(0, 10), count: 23 }));
    await waitFor(() => expect(screen.queryByText('Loading data')).toBeNull());
    await loaded();
    expect(pagerText()).toBe('Page 1 of 3');
  });

  it('keeps pin and alignment choices per grid across remounts', async () => {
    const onPinChange = jest.fn();
    const onAlignChange = jest.fn();
    const first = renderWithApp(<DataGrid columns={COLUMNS} rows={PEOPLE} gridId="people" onPinChange={onPinChange} onAlignChange={onAlignChange} />);
    await first.user.click(screen.getByLabelText('Column menu of Name'));
    await first.user.click(await menuItem('Pin right'));
    expect(onPinChange).toHaveBeenCalledWith('name', 'right');
    await first.user.click(screen.getByLabelText('Column menu of Age'));
    await first.user.click(await menuItem('Align center'));
    expect(onAlignChange).toHaveBeenCalledWith('age', 'center');
    expect(JSON.parse(window.localStorage.getItem(columnPrefsKey('people')) ?? '{}')).toEqual({ name: { pin: 'right' }, age: { align: 'center' } });
    first.unmount();

    renderWithApp(<DataGrid columns={COLUMNS} rows={PEOPLE} gridId="people" />);
    expect(header('name').className).toContain('ant-table-cell-fix-right');
    expect(within(header('name')).getByLabelText('Pinned right')).toBeTruthy();
    const headers = Array.from(document.querySelectorAll('thead th[data-field]')).map((cell) => cell.getAttribute('data-field'));
    expect(headers).toEqual(['age', 'joined', 'name']);
    expect(header('age').getAttribute('data-align')).toBe('center');
    const ageCell = document.querySelector<HTMLElement>('tbody td[data-field="age"]');
    expect(ageCell?.style.textAlign).toBe('center');
  });

  it('applies pin left, pin right and unpin at once, a right pin just before the row menu', async () => {
    const { user } = renderWithApp(
      <DataGrid columns={COLUMNS} rows={PEOPLE} gridId="pins" rowMenuItems={[{ key: 'open', label: 'Open' }]} onPinChange={() => undefined} onRowMenuClick={() => undefined} />,
    );
    const order = () => Array.from(document.querySelectorAll('thead th[data-field]')).map((cell) => cell.getAttribute('data-field'));
    const lastHeader = () => Array.from(document.querySelectorAll('thead th')).at(-1)?.getAttribute('aria-label');
    const pin = async (text: string, label: string) => {
      await user.click(screen.getByLabelText(`Column menu of ${text}`));
      await user.click(await menuItem(label));
    };

    await pin('Age', 'Pin left');
    await waitFor(() => expect(header('age').className).toContain('ant-table-cell-fix-left'));
    expect(order()).toEqual(['age', 'name', 'joined']);

    await pin('Age', 'Pin right');
    await waitFor(() => expect(header('age').className).toContain('ant-table-cell-fix-right'));
    expect(header('age').className).not.toContain('ant-table-cell-fix-left');
    expect(order()).toEqual(['name', 'joined', 'age']);
    expect(lastHeader()).toBe('Row actions');

    await pin('Age', 'No pin');
    await waitFor(() => expect(header('age').className).not.toContain('ant-table-cell-fix'));
    expect(order()).toEqual(['name', 'age', 'joined']);
  });

  it('keeps each grid id its own choices', async () => {
    window.localStorage.setItem(columnPrefsKey('other'), JSON.stringify({ name: { pin: 'left' } }));
    renderWithApp(<DataGrid columns={COLUMNS} rows={PEOPLE} gridId="people" />);
    expect(within(header('name')).queryByLabelText(/Pinned/)).toBeNull();
  });

  it('offers the filter types of the data type and cannot pick a disabled one', async () => {
    const onFilterTypeChange = jest.fn();
    const { user } = renderWithApp(<DataGrid columns={COLUMNS} rows={PEOPLE} onFilterTypeChange={onFilterTypeChange} />);
    await user.click(screen.getByLabelText('Filter type of Age: Equal to'));
    const menu = await openMenu();
    const labels = Array.from(menu.querySelectorAll('li[role="menuitem"]')).map((item) => item.textContent);
    expect(labels).toEqual([
      'Greater than>',
      'Greater than or equal to≥',
      'Equal to=',
      'Less than or equal to≤',
      'Less than<',
      'Between[ ]',
    ]);
    const lessThan = await menuItem('Less than');
    expect(lessThan.textContent).toBe('Less than<');
    expect(lessThan.getAttribute('aria-disabled')).toBe('true');
    await user.click(lessThan);
    expect(onFilterTypeChange).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Filter type of Age: Equal to')).toBeTruthy();

    await user.click(await menuItem('Greater than'));
    expect(onFilterTypeChange).toHaveBeenCalledWith('age', 'greaterThan');
    expect(screen.getByLabelText('Filter type of Age: Greater than')).toBeTruthy();
  });

  it("stores a range filter as 'a:b' once both ends are entered", async () => {
    jest.useFakeTimers();
    const server = fakeServer();
    const { user } = renderWithApp(<DataGrid columns={COLUMNS} onLoad={server.onLoad} />, {
      userEvent: { advanceTimers: jest.advanceTimersByTime },
    });
    await waitFor(() => expect(pagerText()).toBe('Page 1 of 3'));
    await loaded();
    await user.click(screen.getByLabelText('Filter type of Age: Equal to'));
    await user.click(await menuItem('Between'));
    await user.type(screen.getByLabelText('Filter Age from'), '21');
    act(() => jest.advanceTimersByTime(600));
    expect(server.queries.every((query) => Object.keys(query.filters).length === 0)).toBe(true);

    await user.type(screen.getByLabelText('Filter Age to'), '25');
    act(() => jest.advanceTimersByTime(500));
    await waitFor(() => expect(server.last().filters).toEqual({ age: { filterType: 'numberRange', value: '21:25' } }));
    await loaded();
    await waitFor(() => expect(bodyValues('age')).toEqual(['21', '22', '23', '24', '25']));
    await loaded();
    expect(pagerText()).toBe('Page 1 of 1');
  });

  it('filters local rows case- and accent-insensitively', async () => {
    jest.useFakeTimers();
    const { user } = renderWithApp(<DataGrid columns={COLUMNS} rows={PEOPLE} />, { userEvent: { advanceTimers: jest.advanceTimersByTime } });
    await user.type(screen.getByLabelText('Filter Name'), 'JOSE alvarez');
    act(() => jest.advanceTimersByTime(500));
    expect(bodyValues('name')).toEqual(['José Álvarez']);
    expect(pagerText()).toBe('Page 1 of 1');
  });

  it('clears every filter with the refresh icon and reloads', async () => {
    jest.useFakeTimers();
    const server = fakeServer();
    const { user } = renderWithApp(<DataGrid columns={COLUMNS} onLoad={server.onLoad} />, { userEvent: { advanceTimers: jest.advanceTimersByTime } });
    await waitFor(() => expect(pagerText()).toBe('Page 1 of 3'));
    await loaded();
    await user.type(screen.getByLabelText('Filter Name'), 'person 2');
    act(() => jest.advanceTimersByTime(500));
    await waitFor(() => expect(pagerText()).toBe('Page 1 of 1'));
    await loaded();
    const loads = server.queries.length;

    await user.click(screen.getByLabelText('Clear filters and reload'));
    await waitFor(() => expect(server.queries).toHaveLength(loads + 1));
    await loaded();
    expect(server.last().filters).toEqual({});
    expect(screen.getByLabelText('Filter Name')).toHaveProperty('value', '');
    await waitFor(() => expect(pagerText()).toBe('Page 1 of 3'));
    await loaded();
  });

  it('sorts with a click on the column title too, in the same 0 → 1 → -1 cycle', async () => {
    const onSort = jest.fn();
    const { user } = renderWithApp(<DataGrid columns={COLUMNS} rows={PEOPLE} onSort={onSort} />);
    const title = within(header('age')).getByText('Age', { selector: '.data-grid-header-text' });
    await user.click(title);
    expect(header('age').getAttribute('aria-sort')).toBe('ascending');
    await user.click(title);
    expect(header('age').getAttribute('aria-sort')).toBe('descending');
    await waitFor(() => expect(bodyValues('age')[0]).toBe('42'));
    await user.click(title);
    expect(header('age').getAttribute('aria-sort')).toBe('none');
    expect(onSort.mock.calls).toEqual([
      ['age', 1],
      ['age', -1],
      ['age', 0],
    ]);
  });

  it('resets the chosen filter types as well as the values with the refresh icon', async () => {
    const { user } = renderWithApp(<DataGrid columns={COLUMNS} rows={PEOPLE} />);
    await user.click(screen.getByLabelText('Filter type of Age: Equal to'));
    await user.click(await menuItem('Greater than'));
    expect(screen.getByLabelText('Filter type of Age: Greater than')).toBeTruthy();
    await user.click(screen.getByLabelText('Clear filters and reload'));
    expect(screen.getByLabelText('Filter type of Age: Equal to')).toBeTruthy();
  });

  it('raises cell clicks, row menu clicks and filter toggles', async () => {
    const onCellClick = jest.fn();
    const onRowMenuClick = jest.fn();
    const onFilterToggle = jest.fn();
    const { user } = renderWithApp(
      <DataGrid
        columns={COLUMNS}
        rows={PEOPLE}
        rowMenuItems={[{ key: 'open', label: 'Open profile' }]}
        onCellClick={onCellClick}
        onRowMenuClick={onRowMenuClick}
        onFilterToggle={onFilterToggle}
      />,
    );
    await user.click(screen.getByText('José Álvarez'));
    expect(onCellClick).toHaveBeenCalledWith({ row: PEOPLE[0], field: 'name', value: 'José Álvarez' });
    await user.click(screen.getByText('20'));
    expect(onCellClick).toHaveBeenCalledTimes(1);

    await user.click(screen.getAllByLabelText('Row menu')[1]);
    await user.click(await menuItem('Open profile'));
    expect(onRowMenuClick).toHaveBeenCalledWith('open', PEOPLE[1]);

    await user.click(screen.getByLabelText('Hide filters'));
    expect(onFilterToggle).toHaveBeenCalledWith(false);
    expect(screen.queryByLabelText('Filter Name')).toBeNull();
  });

  it('warns once when a raised callback has no handler', async () => {
    const { user } = renderWithApp(<DataGrid columns={COLUMNS} rows={PEOPLE} />);
    await user.click(screen.getByText('José Álvarez'));
    await user.click(screen.getByText('Person 02'));
    const warnings = (console.warn as jest.Mock).mock.calls.filter(([text]) => String(text).includes('onCellClick'));
    expect(warnings).toHaveLength(1);
  });

  it('sets the row height', () => {
    renderWithApp(<DataGrid columns={COLUMNS} rows={PEOPLE} rowHeight={64} />);
    expect(document.querySelector('.data-grid style')?.textContent).toContain('height: 64px');
  });
});
