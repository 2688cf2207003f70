import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { call, resetPasswordByApi } from './support/accountApi';
import { appUrl, baseUrl, DESKTOP, launchBrowser, openPage, waitForPath } from './support/browser';
import { waitForCodeWindow } from './support/outbox';
import { type Account, signIn } from './support/session';

const SCREENSHOTS = join(__dirname, 'screenshots');

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (scripts/test.mjs passes it with the running system).`);
  return value;
}

/**
 * Practices as the master admin: create a practice from a registry organisation with
 * two owners (one changed to Practice Owner), open its profile, edit it, replace its avatar, see
 * its providers; then the owner signs in, finds it in the workspace's Practices list and the
 * 'added to a practice' notification in the bell. The steps run in order.
 */
describe('practices', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;

  const admin: Account = {
    email: requiredEnv('E2E_ADMIN_EMAIL'),
    password: requiredEnv('E2E_ADMIN_PASSWORD'),
    mobile: requiredEnv('E2E_ADMIN_MOBILE'),
  };
  const run = Date.now().toString(36);
  const digits = String(Date.now() % 9000 + 1000);
  const owner = { first: 'Olga', last: `Owner${run}`, email: `owner-${run}@e2e.test`, mobile: `+1415555${digits}`, password: 'Copper-Harbor-Lantern-58' };
  const second = { first: 'Mark', last: `Partner${run}`, email: `partner-${run}@e2e.test`, mobile: `+1415556${digits}` };
  let practiceName = '';
  let displayName = '';

  beforeAll(async () => {
    baseUrl();
    mkdirSync(SCREENSHOTS, { recursive: true });
    // The practice comes from a registry organisation: the system's mirror gets the generated
    // sample registry when it holds nothing (as npm start does; a no-op when it has data).
    const importer = join(__dirname, '..', 'dist', 'scripts', 'nppes-import.js');
    const databaseUrl = process.env.E2E_DATABASE_URL;
    if (databaseUrl && existsSync(importer)) {
      const imported = spawnSync(process.execPath, [importer, '--sample-if-empty'], { cwd: join(__dirname, '..'), env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test' }, encoding: 'utf8' });
      if (imported.status !== 0) throw new Error(`the sample registry could not be imported: ${imported.stderr}`);
    }
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  async function settle(): Promise<void> {
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  }

  async function shoot(name: string): Promise<void> {
    await settle();
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  }

  async function waitEnabled(locator: Locator, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await locator.isEnabled())) {
      if (Date.now() > deadline) throw new Error('The control stayed disabled.');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function pngFile(width: number, height: number): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
    const base64 = await page.evaluate(
      ([w, h]) => {
        const canvas = document.createElement('canvas');
        canvas.width = w;
        canvas.height = h;
        const g = canvas.getContext('2d')!;
        g.fillStyle = '#0f766e';
        g.fillRect(0, 0, w, h);
        g.fillStyle = '#ffffff';
        g.fillRect(w / 4, h / 4, w / 2, h / 2);
        return canvas.toDataURL('image/png').split(',')[1]!;
      },
      [width, height] as const,
    );
    return { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') };
  }

  async function addOwner(drawer: Locator, last: string): Promise<void> {
    await drawer.getByLabel('Add Practice Owner').fill(last);
    const result = drawer.locator('[aria-label="Owner search results"] [role="button"]').filter({ hasText: last }).first();
    await result.waitFor();
    expect(await drawer.getByRole('button', { name: 'Add', exact: true }).isDisabled()).toBe(true);
    await result.click();
    await waitEnabled(drawer.getByRole('button', { name: 'Add', exact: true }));
    await drawer.getByRole('button', { name: 'Add', exact: true }).click();
    await drawer.getByRole('listitem').filter({ hasText: last }).waitFor();
  }

  it('creates a practice from a registry organisation with two owners', async () => {
    ({ context, page } = await openPage(browser, DESKTOP));
    await page.goto(appUrl('/'));
    await waitForCodeWindow(admin.mobile);
    await signIn(page, admin);
    await waitForPath(page, '/admin/profile/about');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    for (const u of [owner, second]) {
      const created = await call(
        'POST',
        '/api/v1/users/addUser2',
        {
          firstName: u.first,
          lastName: u.last,
          displayName: `${u.first} ${u.last}`.slice(0, 40),
          userName: `${u.first.toLowerCase()}${run}`.slice(0, 20),
          streetAddress: '500 Market Street',
          city: 'San Francisco',
          state: 'CA',
          zip: '94105',
          email: u.email,
          mobile: u.mobile,
          phone: '(415) 555-0100',
          isProvider: false,
        },
        token ?? undefined,
      );
      expect(created.status).toBe(200);
    }
    await resetPasswordByApi(owner.email, owner.password);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Practice Profiles' }).click();
    await waitForPath(page, '/admin/practices');
    await page.getByRole('button', { name: 'Create Practice Profile' }).click();
    const drawer = page.getByRole('dialog', { name: 'Create Practice Profile' });
    await drawer.getByText('*Required fields').waitFor();
    const create = drawer.getByRole('button', { name: 'Create', exact: true });
    expect(await create.isDisabled()).toBe(true);

    // Escape in the NPI popup closes the popup only; the drawer and what was typed stay.
    await drawer.getByLabel('Street').fill('2100 Pediatric Way');
    await drawer.getByLabel('NPI', { exact: true }).click();
    const search = page.getByRole('dialog', { name: 'Search Practice by NPI' });
    await search.getByLabel('Practice NPI or name').fill('pedi');
    await page.keyboard.press('Escape');
    await search.waitFor({ state: 'hidden' });
    await drawer.waitFor({ state: 'visible' });
    expect(await drawer.getByLabel('Street').inputValue()).toBe('2100 Pediatric Way');
    await drawer.getByLabel('NPI', { exact: true }).click();
    await search.getByLabel('Practice NPI or name').fill('pediatrics');
    const first = search.locator('[aria-label="Registry organizations"] [role="button"]:not([aria-disabled])').first();
    await first.waitFor();
    await shoot('practice-npi-search-1280');
    await first.click();
    await search.waitFor({ state: 'hidden' });
    practiceName = await drawer.getByLabel('Practice Name').inputValue();
    expect(practiceName).toMatch(/^[A-Z]/);
    expect(practiceName).not.toMatch(/\b(LLC|PLLC|INC|PC)\b|[,.]/);
    const userName = drawer.getByLabel('Username');
    await page.waitForFunction((el) => (el as HTMLInputElement).value.length >= 2, await userName.elementHandle());

    displayName = `Kids ${run}`.slice(0, 40);
    await drawer.getByLabel('Display Name').fill('X');
    await drawer.getByText('Invalid Display Name').waitFor();
    await drawer.getByLabel('Display Name').fill(displayName);
    await drawer.getByLabel('Street').fill('2100 Pediatric Way');
    await drawer.getByLabel('City').fill('Austin');
    await drawer.getByLabel('State').fill('TX');
    await drawer.getByLabel('Zip').fill('787011234');
    await drawer.getByLabel('Email').fill(`office-${run}@e2e.test`);
    await drawer.getByLabel('Phone #').fill('(512) 555-0142');
    await shoot('create-practice-info-1280');

    await drawer.getByRole('tab', { name: 'Practice Owners' }).click();
    await addOwner(drawer, owner.last);
    await addOwner(drawer, second.last);
    // The first owner added starts as Practice Owner (README spec notes), the second as Member.
    expect(await drawer.getByRole('button', { name: `Access type of ${owner.first} ${owner.last}` }).innerText()).toContain('Practice Owner');
    expect(await drawer.getByRole('button', { name: `Access type of ${second.first} ${second.last}` }).innerText()).toContain('Member');
    await waitEnabled(create);
    await shoot('create-practice-owners-1280');
    await create.click();
    // A successful create closes the drawer (with a toast) and reloads the list.
    const until = Date.now() + 60_000;
    while (await drawer.isVisible()) {
      const failure = drawer.getByRole('alert');
      if (await failure.count()) throw new Error(`create failed: ${await failure.first().innerText()}`);
      if (Date.now() > until) throw new Error('the drawer did not close after Create');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await page.getByText('Practice added').waitFor();

    await page.getByLabel('Filter Practice Name').fill(practiceName.split(' ')[0]!);
    const row = page.locator('.data-grid tbody tr.ant-table-row').filter({ hasText: displayName.length ? practiceName : '' }).filter({ hasText: `${owner.first} ${owner.last}` }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain('NPI:');
    expect(await row.innerText()).not.toContain(`${second.first} ${second.last}`);
    await shoot('practices-grid-1280');
  }, 180_000);

  it('opens the practice profile, edits it and replaces its avatar', async () => {
    const row = page.locator('.data-grid tbody tr.ant-table-row').filter({ hasText: `${owner.first} ${owner.last}` }).first();
    await row.locator('td').first().click();
    await waitForPath(page, '/practice');
    expect(await page.evaluate(() => localStorage.getItem('practice'))).toMatch(/^[0-9a-f-]{36}\/\d{10}$/);
    await page.getByRole('heading', { name: displayName }).waitFor();
    await page.getByRole('menu', { name: 'Practice sections' }).getByText('Revenue Cycle Management').waitFor();
    await page.getByRole('tab', { name: 'Contact' }).click();
    await page.getByText('78701-1234').waitFor();
    await shoot('practice-profile-1280');

    await page.getByRole('button', { name: 'Practice actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    const drawer = page.getByRole('dialog', { name: 'Edit Profile' });
    await drawer.getByText('Go to Login Credentials to edit').waitFor();
    expect(await drawer.getByLabel('Email').isDisabled()).toBe(true);
    displayName = `Kids Care ${run}`.slice(0, 40);
    await drawer.getByLabel('Display Name').fill(displayName);
    await drawer.getByLabel('Profile Description').fill('Pediatric care for the whole family.');
    const save = drawer.getByRole('button', { name: 'Save Practice Profile' });
    await waitEnabled(save);
    await shoot('edit-practice-1280');
    await save.click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: displayName }).waitFor();

    await page.getByRole('button', { name: 'Upload Profile Avatar' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Profile Avatar' });
    await upload.locator('input[type="file"]').setInputFiles(await pngFile(400, 300));
    await upload.locator('.cropper-crop-box').waitFor();
    await shoot('crop-practice-avatar-1280');
    await upload.getByRole('button', { name: 'Crop Avatar Image' }).click();
    await upload.waitFor({ state: 'hidden' });
    const avatar = page.getByRole('img', { name: 'Practice avatar' });
    await page.waitForFunction(() => /^\/api\/files\//.test(document.querySelector('img[alt="Practice avatar"]')?.getAttribute('src') ?? ''));
    expect(await avatar.getAttribute('src')).toMatch(/^\/api\/files\/[a-f0-9]{32}\.(png|jpg)$/);

    await page.getByRole('menu', { name: 'Practice sections' }).getByText('Providers').click();
    const providers = page.getByRole('table').filter({ hasText: 'Access Type' });
    await providers.getByText('Practice Owner').waitFor();
    await providers.getByText(`${second.first} ${second.last}`).waitFor();
    await shoot('practice-providers-1280');
    await context?.close();
    context = undefined;
  }, 180_000);

  it("the owner finds it in the workspace's Practices list and the notification in the bell", async () => {
    ({ context, page } = await openPage(browser, DESKTOP));
    await page.goto(appUrl('/'));
    await signIn(page, owner);
    await waitForPath(page, '/user');
    await page.getByText('Practices', { exact: true }).first().click();
    const row = page.locator('.data-grid tbody tr.ant-table-row').filter({ hasText: practiceName }).first();
    await row.waitFor();
    await shoot('owner-practices-1280');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Notifications/ }).click();
    const notifications = page.getByRole('dialog', { name: 'Profile Notifications' });
    await notifications.getByText('You were added to a practice').first().waitFor();
    await notifications.getByText(new RegExp(`as Practice Owner|as Member`)).first().waitFor();
    await shoot('owner-practice-notification-1280');
  }, 180_000);
});
