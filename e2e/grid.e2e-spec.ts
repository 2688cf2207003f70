import type { Locator, Page } from 'playwright-core';
import { runLocalQuery } from '../web/src/modules/grid/logic/localQuery';
import { demoProviders } from '../web/src/modules/kitchensink/logic/gridDemoRows';
import type { Viewport } from './support/browser';
import { animationsDone, pagePerTest, screenshot } from './support/pages';

describe('data grid in the component demo', () => {
  const pages = pagePerTest();
  let page: Page;

  async function open(path: string, viewport?: Viewport): Promise<Page> {
    page = await pages.open(path, viewport);
    return page;
  }

  const settle = (): Promise<void> => animationsDone(page);
  const shot = (name: string): Promise<void> => screenshot(page, `grid-${name}`);

  function grid(): Locator {
    return page.locator('.data-grid');
  }

  function pagerStatus(): Locator {
    return page.getByRole('navigation', { name: 'Pager' }).getByRole('status');
  }

  async function waitPager(text: string): Promise<void> {
    await page.waitForFunction(
      (expected) => document.querySelector('.data-grid-page')?.textContent === expected,
      text,
    );
  }

  /** The visible body cells of a column, in order. */
  async function column(field: string): Promise<string[]> {
    return grid().locator(`tbody tr.ant-table-row td[data-field="${field}"]`).allInnerTexts();
  }

  async function pickFilterType(columnText: string, current: string, choice: string): Promise<void> {
    await page.getByRole('button', { name: `Filter type of ${columnText}: ${current}` }).click();
    await page.getByRole('menuitem', { name: new RegExp(`^${choice}`) }).click();
    await page.getByRole('button', { name: new RegExp(`^Filter type of ${columnText}: ${choice}`) }).waitFor();
  }

  it('filters 1,000 rows with contains and a number range, sorts twice and pages to the last page', async () => {
    await open('/kitchensink/grid');
    await page.getByRole('heading', { level: 1, name: 'Data Grid' }).waitFor();
    await waitPager('Page 1 of 100');
    expect(await pagerStatus().innerText()).toBe('Page 1 of 100');
    expect(await column('lastName')).toHaveLength(10);
    await shot('1280');

    const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
    const rows = demoProviders(today);
    const columns = [
      { field: 'lastName', dataType: 'string' as const },
      { field: 'patients', dataType: 'number' as const },
    ];
    const filters = {
      lastName: { filterType: 'contains' as const, value: 'son' },
      patients: { filterType: 'numberRange' as const, value: '500:1500' },
    };
    const { count } = runLocalQuery(rows, columns, { skip: 0, limit: 10, filters, sorting: {} });
    const pages = Math.ceil(count / 10);
    expect(pages).toBeGreaterThan(2);

    await page.getByLabel('Filter Provider').fill('SON');
    await pickFilterType('Patients', 'Equal to', 'Between');
    await page.getByLabel('Filter Patients from').fill('500');
    await page.getByLabel('Filter Patients to').fill('1500');
    await waitPager(`Page 1 of ${pages}`);

    const sortPatients = page.getByRole('button', { name: 'Sort by Patients' });
    const patientsHeader = grid().locator('thead th[data-field="patients"]');
    await sortPatients.click();
    expect(await patientsHeader.getAttribute('aria-sort')).toBe('ascending');
    await sortPatients.click();
    expect(await patientsHeader.getAttribute('aria-sort')).toBe('descending');
    await shot('filtered-1280');

    await page.getByRole('button', { name: 'Last page' }).click();
    await waitPager(`Page ${pages} of ${pages}`);
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);

    const expected = runLocalQuery(rows, columns, { skip: (pages - 1) * 10, limit: 10, filters, sorting: { patients: -1 } });
    const names = await column('lastName');
    const patients = (await column('patients')).map((text) => Number(text.replace(/,/g, '')));
    expect(names).toEqual(expected.rows.map((row) => `${row.firstName} ${row.lastName}`));
    expect(patients).toEqual(expected.rows.map((row) => row.patients));
    // Independently of the local semantics: every row matches both filters, highest patients first.
    for (const [index, name] of names.entries()) {
      expect(name.split(' ').slice(1).join(' ').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()).toContain('son');
      expect(patients[index]).toBeGreaterThanOrEqual(500);
      expect(patients[index]).toBeLessThanOrEqual(1500);
    }
    expect([...patients].sort((a, b) => b - a)).toEqual(patients);
    expect(await page.getByRole('navigation', { name: 'Pager' }).innerText()).toContain(`of ${count} rows`);
    await shot('last-page-1280');

    await page.getByRole('button', { name: 'Clear filters and reload' }).click();
    await waitPager('Page 1 of 100');
    expect(await page.getByLabel('Filter Provider').inputValue()).toBe('');
  });

  it("shows 'No Results' when nothing matches", async () => {
    await open('/kitchensink/grid');
    await waitPager('Page 1 of 100');
    await page.getByLabel('Filter Provider').fill('no such provider');
    await waitPager('No Results');
    expect(await column('lastName')).toEqual([]);
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
  });

  it('remembers a pinned and re-aligned column after a reload', async () => {
    await open('/kitchensink/grid');
    await waitPager('Page 1 of 100');
    await page.getByRole('button', { name: 'Column menu of Patients' }).click();
    await page.getByRole('menuitemradio', { name: /Pin right/ }).waitFor();
    await settle(); // a click while the menu still slides in can land beside the item
    await page.getByRole('menuitemradio', { name: /Pin right/ }).click();
    await settle();
    await page.getByRole('button', { name: 'Column menu of Patients' }).click();
    await page.getByRole('menuitemradio', { name: /Align center/ }).waitFor();
    await settle();
    await page.getByRole('menuitemradio', { name: /Align center/ }).click();
    await grid().locator('thead th[data-field="patients"][data-align="center"]').waitFor();
    await page.reload();
    await waitPager('Page 1 of 100');
    const header = grid().locator('thead th[data-field="patients"]');
    expect(await header.getAttribute('class')).toContain('ant-table-cell-fix-right');
    expect(await header.getAttribute('data-align')).toBe('center');
    const cell = grid().locator('tbody tr.ant-table-row td[data-field="patients"]').first();
    expect(await cell.evaluate((element) => getComputedStyle(element).textAlign)).toBe('center');
  });
});
