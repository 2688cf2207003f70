import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { appUrl, baseUrl, DESKTOP, launchBrowser, openPage, waitForPath } from './support/browser';
import { codeIn, outboxCursor, temporaryPasswordIn, waitForCodeWindow } from './support/outbox';
import { type Account, animationsDone, openLogInDialog, openResetPasswordDialog, signIn, submitCredentials } from './support/session';

const SCREENSHOTS = join(__dirname, 'screenshots');

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (scripts/test.mjs passes it with the running system).`);
  return value;
}

/**
 * The profile screens as the master admin: create a provider from an NPI search result, find
 * them in the users grid by filtering, open their workspace and edit their profile; upload and
 * crop an avatar and see it in the top bar; then sign in as the new provider (password set with
 * the emailed temporary password) and land on /user. The steps run in order.
 */
describe('profiles, users grid and workspaces', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  /** The master admin's page, kept when the provider signs in in a context of their own. */
  let adminContext: BrowserContext | undefined;
  let adminPage: Page;

  const admin: Account = {
    email: requiredEnv('E2E_ADMIN_EMAIL'),
    password: requiredEnv('E2E_ADMIN_PASSWORD'),
    mobile: requiredEnv('E2E_ADMIN_MOBILE'),
  };
  const suffix = String(Date.now() % 90 + 10);
  const provider: Account = {
    email: `provider-${Date.now().toString(36)}@e2e.test`,
    password: 'Amber-Meadow-Falcon-73',
    mobile: `+1310555${(100 + Number(suffix)).toString().padStart(4, '0')}`,
  };
  let providerName = '';
  let providerLastName = '';

  beforeAll(async () => {
    baseUrl();
    mkdirSync(SCREENSHOTS, { recursive: true });
    // The NPI search needs the registry: the sample registry goes into this system's mirror
    // through the real importer, as npm start does (only when the mirror is empty).
    const registry = spawnSync(process.execPath, [join(__dirname, '..', 'dist', 'scripts', 'nppes-import.js'), '--sample-if-empty'], {
      env: { ...process.env, DATABASE_URL: requiredEnv('E2E_DATABASE_URL') },
      encoding: 'utf8',
    });
    if (registry.status !== 0) throw new Error(`The sample registry could not be imported: ${registry.stderr || registry.stdout}`);
    browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    await adminContext?.close();
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

  /** A PNG drawn by the browser (a gradient with a square), as a file for the pickers. */
  async function pngFile(width: number, height: number): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
    const base64 = await page.evaluate(
      ([w, h]) => {
        const canvas = document.createElement('canvas');
        canvas.width = w;
        canvas.height = h;
        const g = canvas.getContext('2d')!;
        const gradient = g.createLinearGradient(0, 0, w, h);
        gradient.addColorStop(0, '#1d4ed8');
        gradient.addColorStop(1, '#f59e0b');
        g.fillStyle = gradient;
        g.fillRect(0, 0, w, h);
        g.fillStyle = '#ffffff';
        g.fillRect(w / 3, h / 3, w / 3, h / 3);
        return canvas.toDataURL('image/png').split(',')[1]!;
      },
      [width, height] as const,
    );
    return { name: 'picture.png', mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') };
  }

  it('creates a provider from an NPI search result in the Create User Profile drawer', async () => {
    ({ context, page } = await openPage(browser, DESKTOP));
    await page.goto(appUrl('/'));
    await waitForCodeWindow(admin.mobile);
    await signIn(page, admin);
    await waitForPath(page, '/admin/profile/about');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'User Profiles' }).click();
    await waitForPath(page, '/admin/users');
    await page.getByRole('heading', { level: 1, name: 'User Profiles' }).waitFor();
    await shoot('users-grid-1280');

    await page.getByRole('button', { name: 'Create User Profile' }).click();
    const drawer = page.getByRole('dialog', { name: 'Create User Profile' });
    await drawer.getByText('*Required fields').waitFor();
    const create = drawer.getByRole('button', { name: 'Create User Profile' });
    expect(await create.isDisabled()).toBe(true);
    await drawer.getByRole('checkbox', { name: 'Is Provider' }).check();
    await drawer.getByRole('button', { name: 'Search Users by NPI' }).click();

    const search = page.getByRole('dialog', { name: 'Search Users by NPI' });
    await search.getByLabel('NPI or name').fill('mulligan');
    const first = search.getByRole('region', { name: 'Registry results' }).getByRole('button', { name: /MULLIGAN, JOSEPHINE \d{10}$/i }).first();
    await first.waitFor();
    await shoot('npi-search-1280');
    await first.click();
    await search.waitFor({ state: 'hidden' });

    // Prefilled: names, display name, credentials, specialty and a suggested user name.
    const picked = drawer.getByRole('group', { name: 'Picked provider' });
    await picked.getByText(/NPI \d{10}/).waitFor();
    providerName = (await drawer.getByLabel('Display Name').inputValue()).trim();
    expect(providerName.toLowerCase()).toContain('mulligan');
    const userName = drawer.getByLabel('User Name');
    await page.waitForFunction((el) => (el as HTMLInputElement).value.length > 0, await userName.elementHandle());

    await drawer.getByLabel('Street').fill('1200 Harbor Drive');
    await drawer.getByLabel('City').fill('San Diego');
    await drawer.getByLabel('State').fill('CA');
    await drawer.getByLabel('Zip').fill('92101');
    await drawer.getByLabel('Email').fill(admin.email);
    await drawer.getByText('Email already in use').waitFor();
    await drawer.getByLabel('Email').fill(provider.email);
    await drawer.getByLabel('Mobile').fill(provider.mobile);
    await drawer.getByLabel('Phone').fill('(619) 555-0142');
    await waitEnabled(create);
    await shoot('create-user-1280');
    await create.click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('finds the provider in the users grid by filtering and edits their profile in the workspace', async () => {
    const lastName = providerName.split(' ').pop()!;
    providerLastName = lastName;
    await page.getByLabel('Filter Name').fill(lastName);
    // The filter applies after its pause and the server's answer: wait for the filtered rows.
    const escaped = lastName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const row = page.locator('.data-grid tbody tr.ant-table-row').filter({ hasText: /NPI \d{10}/ }).filter({ hasText: new RegExp(escaped, 'i') }).first();
    await row.waitFor();
    expect((await row.innerText()).toLowerCase()).toContain(lastName.toLowerCase());
    await row.locator('td').first().click();
    await waitForPath(page, '/admin/users/provider');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('provider') ?? 'null')?.email)).toBe(provider.email);
    await page.getByRole('heading', { level: 2, name: providerName }).waitFor();
    await page.getByRole('navigation', { name: 'Provider Profile' }).getByText('My Provider Folder').waitFor();
    await shoot('provider-workspace-1280');

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    const drawer = page.getByRole('dialog', { name: 'Edit User Profile' });
    const displayName = drawer.getByLabel('Display Name');
    expect(await displayName.inputValue()).toBe(providerName);
    await displayName.fill('X');
    await drawer.getByText('Invalid Display Name').waitFor();
    expect(await drawer.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
    providerName = `${providerName} DNP`.slice(0, 40);
    await displayName.fill(providerName);
    await drawer.getByLabel('Profile Description').fill('Family nurse practitioner in San Diego.');
    await shoot('edit-profile-1280');
    await waitEnabled(drawer.getByRole('button', { name: 'Save Changes' }));
    await drawer.getByRole('button', { name: 'Save Changes' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 2, name: providerName }).waitFor();
    // The saved description shows on the About tab (the closed drawer keeps its own copy, hidden).
    await page.getByRole('tabpanel', { name: 'About' }).getByText('Family nurse practitioner in San Diego.').waitFor();

    await page.getByRole('link', { name: 'Close' }).click();
    await waitForPath(page, '/admin/users');
  });

  it('uploads and crops an avatar for the admin profile and shows it in the top bar', async () => {
    await page.goto(appUrl('/admin/profile/about'));
    await page.getByRole('button', { name: 'Change avatar' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Avatar' });
    await upload.locator('input[type="file"]').setInputFiles(await pngFile(480, 320));
    const crop = page.getByRole('dialog', { name: 'Crop Avatar' });
    await crop.locator('.cropper-crop-box').waitFor();
    await shoot('crop-avatar-1280');
    await crop.getByRole('button', { name: 'Crop & Save' }).click();
    await crop.waitFor({ state: 'hidden' });
    await page.locator('.ant-drawer-mask').waitFor({ state: 'hidden' });
    const topBarAvatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
    await topBarAvatar.waitFor();
    expect(await topBarAvatar.getAttribute('src')).toMatch(/^\/api\/files\/[a-f0-9]{32}\.(png|jpg)$/);
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return { w: img.naturalWidth, h: img.naturalHeight };
    }, (await topBarAvatar.getAttribute('src'))!);
    expect(size.w).toBe(size.h);
    await shoot('admin-profile-1280');
    // The master admin's page stays open for the admin identity steps below.
    adminContext = context;
    adminPage = page;
    context = undefined;
  });

  it('the new provider sets a password with the emailed temporary password, signs in and lands on /user', async () => {
    ({ context, page } = await openPage(browser, DESKTOP));
    await page.goto(appUrl('/'));
    const login = await openLogInDialog(page);
    const dialog = await openResetPasswordDialog(page, login);
    const mails = await outboxCursor(provider.email);
    await dialog.getByLabel('Email').fill(provider.email);
    await dialog.getByRole('button', { name: 'Proceed to Step 2' }).click();
    const temporary = dialog.getByLabel('Temporary Password');
    await waitEnabled(temporary);
    await temporary.fill(temporaryPasswordIn((await mails.next({ channel: 'email' })).body));
    await dialog.getByLabel('New Password', { exact: true }).fill(provider.password);
    await dialog.getByLabel('Confirm New Password').fill(provider.password);
    await dialog.getByRole('button', { name: 'Reset Password' }).click();

    const loginAgain = page.getByRole('dialog', { name: 'Log In' });
    await loginAgain.getByLabel('Email').waitFor();
    const texts = await outboxCursor(provider.mobile);
    const twoFactor = await submitCredentials(page, loginAgain, provider.email, provider.password);
    await twoFactor.getByLabel('Verification Code').fill(codeIn((await texts.next()).body));
    await twoFactor.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(page, '/user');
    await page.getByRole('heading', { level: 2, name: providerName }).waitFor();
    await page.getByRole('navigation', { name: 'My Workspace' }).getByRole('menuitem', { name: 'Practices' }).click();
    await page.getByRole('table').waitFor();
    await shoot('own-workspace-1280');
  });

  it("the master admin grants the admin identity on the provider's row: the provider switches profiles; revoked, the admin screens are gone", async () => {
    /** The master admin's row menu on the provider's row: grant or revoke, then the toast. */
    async function changeAdminIdentity(item: 'Grant Admin Identity' | 'Revoke Admin Identity', toast: RegExp): Promise<void> {
      await adminPage.goto(appUrl('/admin/users'));
      await adminPage.getByRole('table').waitFor();
      // The filter's answer in before the row is used: a reload under an open row menu detaches it.
      const filtered = adminPage.waitForResponse((r) => r.url().includes('/api/v1/users/getUsers') && (r.request().postData() ?? '').includes(providerLastName));
      await adminPage.getByLabel('Filter Name').fill(providerLastName);
      await filtered;
      const row = adminPage.locator('.data-grid tbody tr.ant-table-row').filter({ hasText: providerLastName }).filter({ hasText: /NPI \d{10}/ }).first();
      await row.waitFor();
      await adminPage.locator('.data-grid .ant-spin-spinning').first().waitFor({ state: 'detached' });
      await row.getByRole('button', { name: 'Row menu' }).click();
      await adminPage.getByRole('menuitem', { name: item }).click();
      await adminPage.getByText(toast).waitFor();
    }

    await changeAdminIdentity('Grant Admin Identity', /is now an administrator$/);
    // The provider's next page load asks the server who they are: both identities now. (The
    // grant answers once identity's read model holds it, or after 2 s when that lags on a loaded
    // machine: a page loaded before then still shows one identity, as a user would see until a reload.)
    const switchItem = page.getByRole('menuitem', { name: 'Change to Admin Profile' });
    const deadline = Date.now() + 60_000;
    for (;;) {
      // Each load restores the session from the server (isSignedIn); the menu is looked at only
      // once that answer is in, or a slow answer would be cut off by the next reload every time.
      const restored = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/isSignedIn') && r.request().method() === 'POST', { timeout: 30_000 });
      await page.goto(appUrl('/provider'));
      const answer = await restored;
      const isAdmin = answer.ok() && (await answer.json().catch(() => null))?.usr?.isAdmin === true;
      await page.getByRole('heading', { level: 2, name: providerName }).waitFor();
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
      if (isAdmin) {
        await switchItem.waitFor(); // the restored record reaches the menu
        break;
      }
      if (Date.now() > deadline) throw new Error("The provider's account menu never offered 'Change to Admin Profile' after the grant.");
      await page.keyboard.press('Escape');
      await new Promise((resolve) => setTimeout(resolve, 500)); // the poll's pace
    }
    await animationsDone(page);
    await switchItem.click();
    await waitForPath(page, '/admin/profile/about');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'User Profiles' }).waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Change to Provider Profile' }).click();
    await waitForPath(page, '/provider');
    await page.getByRole('heading', { level: 2, name: providerName }).waitFor();

    await changeAdminIdentity('Revoke Admin Identity', /is no longer an administrator$/);
    await page.goto(appUrl('/admin/users'));
    await waitForPath(page, '/user');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    expect(await page.getByRole('menuitem', { name: /^Change to/ }).count()).toBe(0);
  });
});
