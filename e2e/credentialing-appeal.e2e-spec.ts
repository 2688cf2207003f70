import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { givenFile, reviewedFile } from '../test/support/credentialing-files';
import { call, resetPasswordByApi, signInByApi } from './support/accountApi';
import { appUrl, baseUrl, DESKTOP, launchBrowser, openPage } from './support/browser';
import { waitForCodeWindow } from './support/outbox';
import { type Account, signIn } from './support/session';

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (scripts/test.mjs passes it with the running system).`);
  return value;
}

const shown = (wire: string) => `${wire.slice(5, 7)}/${wire.slice(8, 10)}/${wire.slice(0, 4)}`;
const addDaysWire = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The provider is told, in the browser: the master admin denies a submitted file with a reason
 * code; the provider sees the reasons, the decision letter and the appeal deadline and appeals
 * with a statement; the file is back before the committee (`Appeal`); the master admin approves
 * on appeal; the provider sees the approval and downloads the letter of the appeal's decision.
 * The file is given in Committee Review as events (the earlier steps are credentialing.e2e-spec's).
 */
describe('credentialing: denial, appeal, approval', () => {
  let browser: Browser;
  let adminContext: BrowserContext | undefined;
  let providerContext: BrowserContext | undefined;
  let adminPage: Page;
  let providerPage: Page;

  const admin: Account = { email: requiredEnv('E2E_ADMIN_EMAIL'), password: requiredEnv('E2E_ADMIN_PASSWORD'), mobile: requiredEnv('E2E_ADMIN_MOBILE') };
  const run = Date.now().toString(36);
  const provider: Account = { email: `appeal-${run}@e2e.test`, mobile: `+1518556${String((Date.now() % 9000) + 1000)}`, password: 'Granite-Harbour-Lantern-62' };
  let providerId = '';

  beforeAll(async () => {
    baseUrl();
    await waitForCodeWindow(admin.mobile);
    const adminToken = await signInByApi(admin);
    const created = await call(
      'POST',
      '/api/v1/users/addUser',
      {
        firstName: 'Dana',
        lastName: 'Appeal',
        email: provider.email,
        mobile: provider.mobile,
        mailingAddressStreet: '1 State Street',
        mailingAddressCity: 'Albany',
        mailingAddressState: 'NY',
        mailingAddressZip: '12207',
        phone: '518-555-0101',
      },
      adminToken,
    );
    if (created.status >= 300) throw new Error(`addUser answered ${created.status}: ${JSON.stringify(created.body)}`);
    providerId = String((created.body.user as { _id: string })._id);
    await resetPasswordByApi(provider.email, provider.password);
    await givenFile(requiredEnv('E2E_DATABASE_URL'), providerId, reviewedFile(providerId));
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await adminContext?.close();
    await providerContext?.close();
    await browser?.close();
  });

  const status = (page: Page, text: string) => page.getByTestId('file-status').filter({ hasText: text }).waitFor();

  async function waitEnabled(locator: Locator, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await locator.isEnabled())) {
      if (Date.now() > deadline) throw new Error('The control stayed disabled.');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function decide(decision: 'Approved' | 'Denied', title: string, note: string, reason?: string): Promise<void> {
    await adminPage.getByRole('button', { name: 'Committee Decision' }).click();
    const dialog = adminPage.getByRole('dialog', { name: title });
    const record = dialog.getByRole('button', { name: 'Record Decision' });
    await dialog.getByRole('radiogroup', { name: 'Decision' }).getByText(decision, { exact: true }).click();
    await dialog.getByLabel('Note').fill(note);
    if (reason) {
      expect(await record.isDisabled()).toBe(true);
      await dialog.locator('.ant-select').filter({ has: adminPage.getByRole('combobox', { name: 'Reasons', exact: true }) }).click();
      await adminPage.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${reason}"]`).click();
      await adminPage.keyboard.press('Escape');
    }
    await waitEnabled(record);
    await record.click();
    await dialog.waitFor({ state: 'hidden' });
  }

  it('the master admin denies the file with a reason code', async () => {
    ({ context: adminContext, page: adminPage } = await openPage(browser, DESKTOP));
    await adminPage.goto(appUrl('/'));
    await signIn(adminPage, admin);
    await adminPage.goto(appUrl(`/admin/credentialing/${providerId}`));
    await status(adminPage, 'Committee Review');
    await decide('Denied', 'Committee Decision', 'Probation by the state board', 'Action against a licence');
    await status(adminPage, 'Denied');
    await adminPage.getByRole('list', { name: 'Denial reasons' }).getByText('Action against a licence').waitFor();
    await adminPage.getByText(`The provider may appeal until ${shown(addDaysWire(30))}.`).waitFor();
  });

  it('the provider sees the reasons and the deadline and appeals with a statement', async () => {
    ({ context: providerContext, page: providerPage } = await openPage(browser, DESKTOP));
    await providerPage.goto(appUrl('/'));
    await waitForCodeWindow(provider.mobile);
    await signIn(providerPage, provider);
    await providerPage.goto(appUrl('/provider/credentialing'));
    await status(providerPage, 'Denied');
    await providerPage.getByText(`You may appeal this denial until ${shown(addDaysWire(30))}, with a statement and supporting documents.`).waitFor();
    await providerPage.getByRole('list', { name: 'Denial reasons' }).getByText('Action against a licence').waitFor();
    await providerPage.getByRole('button', { name: 'Request Appeal' }).click();
    const dialog = providerPage.getByRole('dialog', { name: 'Request an Appeal' });
    await dialog.getByLabel('Statement').fill('The probation ended in 2025; the board order is attached.');
    await dialog.getByRole('button', { name: 'Send Appeal' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await status(providerPage, 'Appeal');
    await providerPage.getByText('Your appeal was sent to the committee.').waitFor();
    expect(await providerPage.getByRole('button', { name: 'Request Appeal' }).count()).toBe(0);
  });

  it('the master admin approves on appeal; the provider sees it and downloads the letter', async () => {
    await adminPage.reload();
    await status(adminPage, 'Appeal');
    await adminPage.getByText('The probation ended in 2025; the board order is attached.').waitFor();
    await decide('Approved', 'Decision on the Appeal', 'The probation ended');
    await status(adminPage, 'Approved');

    await providerPage.reload();
    await status(providerPage, 'Approved');
    const letters = providerPage.getByLabel('Decision and appeal');
    await letters.getByText('Appeal decision of', { exact: false }).waitFor();
    const download = providerPage.waitForEvent('download');
    await letters.getByRole('button', { name: /Download the letter of/ }).first().click();
    expect((await download).suggestedFilename()).toMatch(/^appeal-decision-letter-\d{4}-\d{2}-\d{2}\.pdf$/);
  });
});
