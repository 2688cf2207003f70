import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { withNpiCheckDigit } from '@app/validation';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, signInByApi } from './support/accountApi';
import { appUrl, baseUrl, DESKTOP, launchBrowser, MOBILE, openPage, TABLET } from './support/browser';
import { createRouteData, masterAdmin, openRoute, type RouteData, settle, storeRouteData } from './support/productRoutes';
import { signIn } from './support/session';

const SCREENSHOTS = join(__dirname, 'screenshots', 'grid-layout');

/** Where each pinned header and the body cells of its column are, after the grid scrolled sideways. */
async function pinnedColumns(page: Page): Promise<Array<{ field: string; header: [number, number]; cells: Array<[number, number]>; headerOnTop: boolean }>> {
  return page.evaluate(() => {
    const grid = document.querySelector('.data-grid')!;
    const scroller = grid.querySelector<HTMLElement>('.ant-table-content')!;
    scroller.scrollLeft = scroller.scrollWidth;
    return [...grid.querySelectorAll<HTMLElement>('thead th.ant-table-cell-fix-left, thead th.ant-table-cell-fix-right')]
      .filter((th) => th.dataset.field)
      .map((th) => {
        const box = th.getBoundingClientRect();
        const cells = [...grid.querySelectorAll<HTMLElement>(`tbody tr.ant-table-row td[data-field="${th.dataset.field}"]`)].map((td) => {
          const cell = td.getBoundingClientRect();
          return [Math.round(cell.left), Math.round(cell.right)] as [number, number];
        });
        // What the browser shows at the header's title is the header itself, not the one scrolled under it.
        const title = th.querySelector('.data-grid-header-text')!.getBoundingClientRect();
        const hit = document.elementFromPoint(title.left + 4, title.top + title.height / 2);
        return { field: th.dataset.field!, header: [Math.round(box.left), Math.round(box.right)] as [number, number], cells, headerOnTop: hit !== null && th.contains(hit) };
      });
  });
}

/**
 * The product's grids as a user reads them: pinned headers stay above and aligned with their
 * pinned columns when the grid scrolls sideways (phone and tablet), phone numbers and short
 * headers whole at 1280 px with the admin menu open, a cut value whole on hover, avatars round.
 */
describe('grid layout on the product screens', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  let data: RouteData;

  beforeAll(async () => {
    baseUrl();
    mkdirSync(SCREENSHOTS, { recursive: true });
    const admin = masterAdmin();
    data = await createRouteData(admin);
    const token = await signInByApi(admin);
    const digits = String((Date.now() % 9000) + 1000);
    const facility = await call(
      'PUT',
      '/api/v1/users/addFacility',
      {
        npi: withNpiCheckDigit(`1${digits}${String(Date.now()).slice(-4)}`),
        contactPersonFirstName: 'Bartholomew',
        contactPersonMiddleName: 'Alexander',
        contactPersonLastName: 'Worthington-Smythe',
        mailingAddressStreet: '4400 Post Oak Parkway Suite 2200',
        mailingAddressCity: 'Houston',
        mailingAddressState: 'TX',
        mailingAddressZip: '77027',
        mobile: `+1713555${digits}`,
        phone: `+1713556${digits}`,
      },
      token,
    );
    if (facility.status >= 300) throw new Error(`addFacility answered ${facility.status}: ${JSON.stringify(facility.body)}`);
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser, DESKTOP));
    await page.goto(appUrl('/'));
    await signIn(page, admin);
    await storeRouteData(page, data);
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  for (const viewport of [TABLET, MOBILE]) {
    for (const path of ['/kitchensink/grid', '/admin/facilities', '/admin/practices']) {
      it(`keeps the pinned headers of ${path} above and aligned with their columns after a sideways scroll at ${viewport.width} px`, async () => {
        await page.setViewportSize(viewport);
        await openRoute(page, { path });
        await page.locator('.data-grid tbody tr.ant-table-row').first().waitFor();
        const pinned = await pinnedColumns(page);
        // The sticky headers repaint after the scroll event: two frames painted, then the screenshot.
        await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
        await page.screenshot({ path: join(SCREENSHOTS, `${path.slice(1).replace(/\//g, '_')}-scrolled-${viewport.width}.png`) });
        expect(pinned.length).toBeGreaterThan(0);
        for (const column of pinned) {
          expect({ field: column.field, headerOnTop: column.headerOnTop }).toEqual({ field: column.field, headerOnTop: true });
          for (const cell of column.cells) expect({ field: column.field, cell }).toEqual({ field: column.field, cell: column.header });
        }
      });
    }
  }

  /** The cells of a column that do not show their text whole. */
  async function cutCells(field: string): Promise<string[]> {
    return page.evaluate(
      (name) =>
        [...document.querySelectorAll<HTMLElement>(`.data-grid tbody td[data-field="${name}"] .data-grid-cell`)]
          .filter((cell) => [cell, ...cell.querySelectorAll<HTMLElement>('*')].some((element) => element.scrollWidth > element.clientWidth + 1))
          .map((cell) => cell.innerText),
      field,
    );
  }

  /** The header titles cut short. */
  async function cutHeaders(): Promise<string[]> {
    return page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.data-grid thead .data-grid-header-text')].filter((text) => text.scrollWidth > text.clientWidth + 1).map((text) => text.innerText),
    );
  }

  it('shows phone numbers and headers whole at 1280 px with the admin menu open, and a cut value whole on hover', async () => {
    await page.setViewportSize(DESKTOP);
    await openRoute(page, { path: '/admin/facilities' });
    await page.locator('.data-grid tbody tr.ant-table-row').first().waitFor();
    await page.getByRole('navigation', { name: /admin/i }).or(page.locator('.ant-layout-sider')).first().waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'facilities-1280.png') });
    expect(await cutCells('mobile')).toEqual([]);
    expect(await cutCells('phone')).toEqual([]);
    expect(await cutHeaders()).toEqual([]);

    await openRoute(page, { path: '/admin/users' });
    await page.locator('.data-grid tbody tr.ant-table-row').first().waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'users-1280.png') });
    expect(await cutCells('mobile')).toEqual([]);
    expect(await cutHeaders()).toEqual([]);
    // The route data's user has a long last name: its cell is cut, and hovering shows it whole.
    const row = page.locator('.data-grid tbody tr.ant-table-row').filter({ hasText: 'Featherstonehaugh' }).first();
    const name = row.locator('td[data-field="name"] .data-grid-cell');
    await name.hover();
    const whole = await name.evaluate((cell) => (cell as HTMLElement).innerText.replace(/\s+/g, ' ').trim());
    expect(await name.getAttribute('title')).toBe(whole);
    // Default avatars stay round.
    const avatar = await row.locator('.ant-avatar').boundingBox();
    expect(Math.round(avatar!.width)).toBe(Math.round(avatar!.height));
  });

  it('keeps the rows of the users and practice-providers grids 40 px high', async () => {
    await page.setViewportSize(DESKTOP);
    const rowHeights = () => page.locator('.data-grid tbody tr.ant-table-row').evaluateAll((rows) => rows.map((row) => Math.round(row.getBoundingClientRect().height)));
    await openRoute(page, { path: '/admin/users' });
    await page.locator('.data-grid tbody tr.ant-table-row').first().waitFor();
    expect(new Set(await rowHeights())).toEqual(new Set([40]));

    await openRoute(page, { path: '/practice', banner: 'Practice banner' });
    await page.getByRole('menuitem', { name: 'Providers' }).click();
    await page.locator('.data-grid[data-grid-id="practiceProviders"] tbody tr.ant-table-row').first().waitFor();
    await settle(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'practice-providers-1280.png') });
    expect(new Set(await rowHeights())).toEqual(new Set([40]));
  });

  it("filters the provider workspace's practices by address, with the hint, and keeps the practice avatar round", async () => {
    await page.setViewportSize(DESKTOP);
    await openRoute(page, { path: '/admin/users/provider', banner: 'Banner' });
    await page.getByRole('menuitem', { name: 'Practices' }).click();
    const grid = page.locator('.data-grid[data-grid-id="providerPractices"]');
    const row = grid.locator('tbody tr.ant-table-row').filter({ hasText: data.practiceDisplay.slice(0, 20) }).first();
    await row.waitFor();
    await settle(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'provider-practices-1280.png') });
    const avatar = await row.locator('.ant-avatar').boundingBox();
    expect(Math.round(avatar!.width)).toBe(36);
    expect(Math.round(avatar!.height)).toBe(36);

    const hint = grid.getByPlaceholder('Enter city, state code, or ZIP');
    expect(await hint.isVisible()).toBe(true);
    await hint.fill('62701');
    await row.waitFor();
    await hint.fill('99999');
    await grid.getByText('No rows to show').waitFor();
    await hint.fill('');
    await row.waitFor();

    await grid.getByRole('button', { name: 'Hide filters' }).click();
    await hint.waitFor({ state: 'hidden' });
    await grid.getByRole('button', { name: 'Show filters' }).click();
    await hint.waitFor();
  });
});
