import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../../../testing/renderWithApp';
import { columnPrefsKey } from '../logic/columnPrefs';
import { bodyValues, COLUMNS, dataGridQuietAndRealTimers, fakeServer, header, loaded, menuItem, PEOPLE, type Person, pager, pagerText } from '../testing/dataGridHarness';
import type { GridPage } from '../types/gridQuery';
import { DataGrid } from './DataGrid';

dataGridQuietAndRealTimers();

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

  it('offers no filter toggle where no column has a filter (it would do nothing)', async () => {
    const { unmount } = renderWithApp(<DataGrid columns={COLUMNS.map((column) => ({ ...column, filter: false }))} rows={PEOPLE} onPageLoad={() => undefined} />);
    await waitFor(() => expect(bodyValues('age')).toHaveLength(10));
    expect(screen.queryByRole('button', { name: /filters$/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear filters and reload' })).toBeTruthy();
    unmount();
    renderWithApp(<DataGrid columns={COLUMNS} rows={PEOPLE} onPageLoad={() => undefined} />);
    await waitFor(() => expect(bodyValues('age')).toHaveLength(10));
    expect(screen.getByRole('button', { name: 'Hide filters' })).toBeTruthy();
  });
});
