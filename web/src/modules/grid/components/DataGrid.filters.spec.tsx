import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../../../testing/renderWithApp';
import { bodyValues, COLUMNS, dataGridQuietAndRealTimers, fakeServer, header, loaded, menuItem, openMenu, PEOPLE, pagerText } from '../testing/dataGridHarness';
import { DataGrid } from './DataGrid';

// DataGrid.spec.tsx's second half (filters, callbacks, row height), in a file of its own so that each file stays short.

dataGridQuietAndRealTimers();

describe('DataGrid', () => {
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
