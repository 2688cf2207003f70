import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { appUrl, baseUrl, DESKTOP, launchBrowser, openPage, waitForPath } from './support/browser';
import { screenshot } from './support/pages';
import { type Account, signIn } from './support/session';

const ROOT = join(__dirname, '..');

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (scripts/test.mjs passes it with the running system).`);
  return value;
}

type ProviderItem = { npi: string; providerLastName: string; providerFirstName: string; city: string; state: string };

/**
 * The Facilities screen as the master admin, in a real browser against the running
 * system: 'Last, First' in Add Facility, pick a registry result, the pre-filled drawer, add it,
 * see it in the grid, filter by ZIP, switch npiType, and delete it again.
 */
describe('facilities screen', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  let afterFailure: () => string = () => '';
  const admin: Account = {
    email: requiredEnv('E2E_ADMIN_EMAIL'),
    password: requiredEnv('E2E_ADMIN_PASSWORD'),
    mobile: requiredEnv('E2E_ADMIN_MOBILE'),
  };

  beforeAll(async () => {
    baseUrl();
    // The registry mirror of the e2e database: the generated sample, as npm start imports it when empty.
    const databaseUrl = process.env.E2E_DATABASE_URL;
    if (databaseUrl) {
      const imported = spawnSync(process.execPath, [join(ROOT, 'dist', 'scripts', 'nppes-import.js'), '--sample-if-empty'], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test' },
        encoding: 'utf8',
      });
      if (imported.status !== 0) throw new Error(`sample registry import failed: ${imported.stdout}\n${imported.stderr}`);
    }
    browser = await launchBrowser();
  }, 600_000);

  afterEach(() => {
    const note = afterFailure();
    if (note) console.warn(note);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  const shot = (name: string): Promise<void> => screenshot(page, `facilities-${name}`);

  /** A registry search made with the page's session, as the screen makes it. */
  async function searchRegistry(searchTerm: string): Promise<{ providers: ProviderItem[]; sampleData: boolean }> {
    await page.waitForFunction(() => Boolean(localStorage.getItem('token')));
    return page.evaluate(async (term) => {
      const token = localStorage.getItem('token') ?? '';
      const response = await fetch(`/api/v1/npi/search?searchTerm=${encodeURIComponent(term)}&npiType=1`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`npi/search answered ${response.status}`);
      return (await response.json()) as { providers: ProviderItem[]; sampleData: boolean };
    }, searchTerm);
  }

  function grid(): Locator {
    return page.locator('.data-grid');
  }

  function npiCells(): Locator {
    return grid().locator('tbody tr.ant-table-row td[data-field="npi"]');
  }

  async function gridLoaded(): Promise<void> {
    await page.waitForFunction(() => !document.querySelector('.data-grid .ant-spin-spinning'));
  }

  it('adds a facility from a registry search, finds it by ZIP, switches npiType and deletes it', async () => {
    ({ context, page } = await openPage(browser, DESKTOP));
    // A refused call signs the page out: name it when a step fails.
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401 || response.status() >= 500) refused.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    afterFailure = () => (refused.length ? `refused calls: ${refused.join(', ')}` : '');
    await page.goto(appUrl('/'));
    await signIn(page, admin);
    await page.waitForFunction(() => Boolean(localStorage.getItem('token')));

    // A person of the sample registry, looked up the way the screen does.
    let person: ProviderItem | undefined;
    let sampleData = false;
    for (const prefix of ['smi', 'joh', 'wil', 'bro', 'mar', 'a', 'b', 'c']) {
      const answer = await searchRegistry(prefix);
      sampleData = answer.sampleData;
      person = answer.providers.find((p) => p.providerLastName && p.providerFirstName && !/[,()]/.test(p.providerLastName + p.providerFirstName));
      if (person) break;
    }
    if (!person) throw new Error('The registry has no person to add: is the sample registry imported?');
    const term = `${person.providerLastName}, ${person.providerFirstName}`;

    // Facilities from the admin side menu.
    await page.goto(appUrl('/admin/profile/about'));
    await page.getByRole('link', { name: 'Facility Profiles' }).or(page.getByRole('menuitem', { name: 'Facility Profiles' })).first().click();
    await waitForPath(page, '/admin/facilities');
    await grid().waitFor();
    await gridLoaded();
    await page.getByPlaceholder('Enter city, state code, or ZIP').waitFor();
    await shot('empty');

    // 'Last, First' in Add Facility.
    const box = page.getByRole('combobox', { name: 'Add Facility' });
    await box.click();
    const popup = page.getByTestId('add-facility-popup');
    await popup.getByText('Search Using Name(Last, First)').waitFor();
    await box.fill(term);
    const option = popup.getByRole('option', { name: `${term} (${person.npi})`, exact: true });
    await option.waitFor();
    if (sampleData) await popup.getByText('Sample registry data').waitFor();
    await shot('search');
    await option.click();

    // The drawer, pre-filled from the registry record.
    const drawer = page.locator('.ant-drawer-content').filter({ hasText: 'Create New Facility Profile' });
    await drawer.waitFor();
    const field = (label: string) => drawer.getByLabel(label, { exact: true });
    await page.waitForFunction(
      ([npi]) => (document.querySelector('.ant-drawer-content input[name="npi"]') as HTMLInputElement | null)?.value === npi,
      [person.npi],
    );
    expect((await field('Last Name').inputValue()).toLowerCase()).toBe(person.providerLastName.toLowerCase());
    expect((await field('First Name').inputValue()).toLowerCase()).toBe(person.providerFirstName.toLowerCase());
    expect(await field('Street').inputValue()).not.toBe('');
    const zip = await field('Zip').inputValue();
    expect(zip).toMatch(/^\d{5}/);
    if (sampleData) await drawer.getByText('Sample registry data').waitFor();
    await shot('drawer');

    // Escape with unsaved input asks before dropping it; 'Keep editing' keeps the drawer and the input.
    await field('Suite').fill('Suite 9');
    await field('Suite').press('Escape');
    const discard = page.getByRole('dialog').filter({ hasText: 'Discard your changes?' });
    await discard.waitFor();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await discard.waitFor({ state: 'hidden' });
    expect(await drawer.isVisible()).toBe(true);
    expect(await field('Suite').inputValue()).toBe('Suite 9');

    // The pre-fill is a valid form: 'Add Facility' is enabled.
    const add = drawer.getByRole('button', { name: 'Add Facility' });
    await drawer.locator('.ant-drawer-footer button:not([disabled])').filter({ hasText: 'Add Facility' }).waitFor();
    await add.click();
    await drawer.waitFor({ state: 'hidden' });
    // The focus is back on the Add Facility box (the result that opened the drawer is gone), not on the page body.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Add Facility');

    // In the grid.
    await npiCells().filter({ hasText: person.npi }).waitFor();
    await gridLoaded();
    await shot('added');

    // Filter by ZIP: the facility stays; another ZIP leaves nothing.
    const addressFilter = page.getByPlaceholder('Enter city, state code, or ZIP');
    await addressFilter.fill('00000');
    await page.getByText('No rows to show').waitFor();
    await addressFilter.fill(zip.slice(0, 5));
    await npiCells().filter({ hasText: person.npi }).waitFor();
    await gridLoaded();
    expect(await npiCells().allInnerTexts()).toEqual([person.npi]);
    await shot('zip-filter');

    // npiType 2: organizations only, their name column; back to individuals.
    await page.getByText('Organization (2)', { exact: true }).click();
    await grid().locator('thead th[data-field="organizationName"]').waitFor();
    await gridLoaded();
    await page.waitForFunction(() => !document.querySelector('.data-grid thead th[data-field="contactPersonLastName"]'));
    expect(await npiCells().filter({ hasText: person.npi }).count()).toBe(0);
    await shot('organizations');
    await page.getByText('Individual (1)', { exact: true }).click();
    await npiCells().filter({ hasText: person.npi }).waitFor();

    // Show Details from the NPI, then Delete Record.
    await npiCells().filter({ hasText: person.npi }).getByRole('button').click();
    const details = page.locator('.ant-drawer-content').filter({ hasText: 'Facility Details' });
    await details.getByText('National registry').waitFor();
    await details.getByText('Primary taxonomy').waitFor();
    await shot('details');
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'hidden' });

    const row = grid().locator('tbody tr.ant-table-row').filter({ hasText: person.npi });
    await row.getByRole('button', { name: 'Row menu' }).click();
    await page.getByRole('menuitem', { name: 'Delete Record' }).click();
    await page.getByText(`Delete the facility with NPI ${person.npi}?`).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await row.waitFor({ state: 'detached' });
  });
});
