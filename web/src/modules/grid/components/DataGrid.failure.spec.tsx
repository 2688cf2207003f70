import { screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../../../testing/renderWithApp';
import { ApiError } from '../../api/apiError';
import { bodyValues, COLUMNS, dataGridQuietAndRealTimers, fakeServer, loaded, pagerText } from '../testing/dataGridHarness';
import type { GridQuery } from '../types/gridQuery';
import { DataGrid } from './DataGrid';

dataGridQuietAndRealTimers();

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

describe('DataGrid when a load fails', () => {
  it('says so with the server’s message and shows none of the earlier rows; Retry loads the same query again', async () => {
    const server = fakeServer();
    let failing = false;
    const onLoad = jest.fn(async (query: GridQuery) => {
      if (failing) throw new ApiError({ kind: 'http', status: 503, message: 'The credentialing service is not answering' });
      return server.onLoad(query);
    });
    const onPageLoad = jest.fn();
    const { user } = renderWithApp(<DataGrid columns={COLUMNS} onLoad={onLoad} onPageLoad={onPageLoad} />);
    await waitFor(() => expect(bodyValues('age')).toHaveLength(10));
    await loaded();
    expect(screen.queryByRole('alert')).toBeNull();

    // A new query (sorted by age) fails: no rows of the previous answer stay under it.
    failing = true;
    await user.click(screen.getByLabelText('Sort by Age'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The rows could not be loaded')).toBeTruthy();
    expect(within(alert).getByText('The credentialing service is not answering')).toBeTruthy();
    await loaded();
    expect(bodyValues('age')).toEqual([]);
    expect(screen.queryByLabelText('Pager')).toBeNull();
    const pagesReported = onPageLoad.mock.calls.length;

    // Retry asks the same query again and shows its rows.
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bodyValues('age')).toHaveLength(10));
    await loaded();
    expect(onLoad.mock.calls.at(-1)?.[0]).toEqual(onLoad.mock.calls.at(-2)?.[0]);
    expect(onLoad.mock.calls.at(-1)?.[0]).toMatchObject({ sorting: { age: 1 } });
    expect(bodyValues('age')[0]).toBe('20');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(pagerText()).toBe('Page 1 of 3');
    expect(onPageLoad.mock.calls.length).toBeGreaterThan(pagesReported);
  });

  it('a network failure on the first load says to check the connection', async () => {
    const onLoad = jest.fn(async () => {
      throw new ApiError({ kind: 'network', status: null, message: 'Failed to fetch' });
    });
    renderWithApp(<DataGrid columns={COLUMNS} onLoad={onLoad} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Check the connection and try again.')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
