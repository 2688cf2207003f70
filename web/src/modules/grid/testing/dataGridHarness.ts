/** The grid, its rows and a fake server of the DataGrid specs (DataGrid.spec.tsx, DataGrid.filters.spec.tsx). */
import { screen, waitFor, within } from '@testing-library/react';
import { runLocalQuery } from '../logic/localQuery';
import type { GridColumn } from '../types/gridColumn';
import type { GridPage, GridQuery } from '../types/gridQuery';

export type Person = { id: string; name: string; age: number; joined: string };

export const PEOPLE: Person[] = Array.from({ length: 23 }, (_, index) => ({
  id: `p${index + 1}`,
  name: index === 0 ? 'José Álvarez' : `Person ${String(index + 1).padStart(2, '0')}`,
  age: 20 + index,
  joined: `2024-01-${String(index + 1).padStart(2, '0')}`,
}));

export const COLUMNS: GridColumn<Person>[] = [
  { field: 'name', text: 'Name', dataType: 'string', enableCellClick: true },
  { field: 'age', text: 'Age', dataType: 'number', disabledFilterTypes: ['lessThan'] },
  { field: 'joined', text: 'Joined', dataType: 'date' },
];

/** A server fake answering from the rows with the local semantics, recording every query. */
export function fakeServer(rows: Person[] = PEOPLE) {
  const queries: GridQuery[] = [];
  const onLoad = jest.fn(async (query: GridQuery): Promise<GridPage<Person>> => {
    queries.push(query);
    return runLocalQuery(rows, COLUMNS, query);
  });
  return { queries, onLoad, last: () => queries[queries.length - 1] };
}

export function pager() {
  return within(screen.getByLabelText('Pager'));
}

export function pagerText(): string {
  return document.querySelector('.data-grid-page')?.textContent ?? '';
}

/** Waits until no page is loading (the overlay blocks clicks while it shows). */
export async function loaded(): Promise<void> {
  await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
}

/** The open dropdown menu. */
export async function openMenu(): Promise<HTMLElement> {
  return waitFor(() => {
    const menu = document.querySelector<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) [role="menu"]');
    if (!menu) throw new Error('No open menu');
    return menu;
  });
}

/** The item of the open menu whose label starts with the text. */
export async function menuItem(label: string): Promise<HTMLElement> {
  const menu = await openMenu();
  const item = Array.from(menu.querySelectorAll<HTMLElement>('li[role^="menuitem"]')).find((li) =>
    (li.querySelector('.ant-dropdown-menu-title-content')?.firstChild?.textContent ?? li.textContent ?? '').trim() === label,
  );
  if (!item) throw new Error(`No menu item ${label}`);
  return item;
}

export function bodyValues(field: string): string[] {
  return Array.from(document.querySelectorAll(`tbody td[data-field="${field}"]`)).map((cell) => cell.textContent ?? '');
}

export function header(field: string): HTMLElement {
  const cell = document.querySelector<HTMLElement>(`thead th[data-field="${field}"]`);
  if (!cell) throw new Error(`No header for ${field}`);
  return cell;
}


/** antd's console warnings silenced, and real timers back, around each test. */
export function dataGridQuietAndRealTimers(): void {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });
}
