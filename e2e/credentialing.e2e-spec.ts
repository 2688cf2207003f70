import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { call, signInByApi } from './support/accountApi';
import { appUrl, baseUrl, DESKTOP, launchBrowser, MOBILE, openPage, waitForPath } from './support/browser';
import { codeIn, outboxCursor, waitForCodeWindow } from './support/outbox';
import { type Account, signIn } from './support/session';

const SCREENSHOTS = join(__dirname, 'screenshots', 'credentialing');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (scripts/test.mjs passes it with the running system).`);
  return value;
}

/** yyyy-mm-dd as the screens show it. */
const shown = (wire: string) => `${wire.slice(5, 7)}/${wire.slice(8, 10)}/${wire.slice(0, 4)}`;
const todayWire = () => new Date().toISOString().slice(0, 10);

/** A manual verification (or a credential) sent over HTTP with a PDF, for the parts of the file the story does not click through. */
async function sendForm(path: string, method: 'POST' | 'PUT', token: string, fields: Record<string, string>, fileField?: string): Promise<Record<string, unknown>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (fileField) form.append(fileField, new Blob([PDF], { type: 'application/pdf' }), 'evidence.pdf');
  const response = await fetch(`${baseUrl()}${path}`, { method, body: form, headers: { Authorization: `Bearer ${token}` } });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * Credentialing in the browser: the master admin starts a provider's file, adds a
 * state licence with a PDF, runs the automatic checks (NPPES, against the sample registry
 * mirror), records a manual board verification with evidence and invites the provider; the
 * provider follows the emailed link, sets a password, signs in, lands on their credentialing
 * application and signs the attestation; the master admin submits the file and approves it, and
 * the recredentialing due date shows 36 months on. The steps run in order.
 */
describe('credentialing', () => {
  let browser: Browser;
  let adminContext: BrowserContext | undefined;
  let providerContext: BrowserContext | undefined;
  let page: Page;

  const admin: Account = { email: requiredEnv('E2E_ADMIN_EMAIL'), password: requiredEnv('E2E_ADMIN_PASSWORD'), mobile: requiredEnv('E2E_ADMIN_MOBILE') };
  const run = Date.now().toString(36);
  const digits = String((Date.now() % 9000) + 1000);
  const provider = { email: `cred-${run}@e2e.test`, mobile: `+1518555${digits}`, password: 'Granite-Harbour-Lantern-61' };
  let providerId = '';
  let adminToken = '';
  let licence = { state: 'NY', number: '' };
  let npi = '';

  beforeAll(async () => {
    baseUrl();
    mkdirSync(SCREENSHOTS, { recursive: true });
    // The NPPES check needs the registry mirror: the sample registry when it holds nothing (as npm start does).
    const importer = join(__dirname, '..', 'dist', 'scripts', 'nppes-import.js');
    const databaseUrl = process.env.E2E_DATABASE_URL;
    if (databaseUrl && existsSync(importer)) {
      const imported = spawnSync(process.execPath, [importer, '--sample-if-empty'], { cwd: join(__dirname, '..'), env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test' }, encoding: 'utf8' });
      if (imported.status !== 0) throw new Error(`the sample registry could not be imported: ${imported.stderr}`);
    }
    const { FIXED_SAMPLE_ROWS } = await import('../apps/directory/src/registry/sample-registry');
    npi = FIXED_SAMPLE_ROWS.person.npi;
    await waitForCodeWindow(admin.mobile);
    adminToken = await signInByApi(admin);
    // The registry's licences of that person: the licence typed in the browser is one of them.
    const record = await call('GET', `/api/v1/npi/searchNppes?npi=${npi}`, undefined, adminToken);
    const taxonomies = (record.body.providerData as { taxonomies: { license: string | null; state: string | null }[] }).taxonomies;
    const listed = taxonomies.find((t) => t.license && t.state);
    if (!listed) throw new Error(`the sample registry row ${npi} lists no licence`);
    licence = { state: listed.state!, number: listed.license! };
    const created = await call(
      'POST',
      '/api/v1/users/addUser',
      {
        npi,
        firstName: 'José',
        lastName: 'Müller-Åström',
        email: provider.email,
        mobile: provider.mobile,
        mailingAddressStreet: '1 State Street',
        mailingAddressCity: 'Albany',
        mailingAddressState: 'NY',
        mailingAddressZip: '12207',
        phone: '518-555-0100',
      },
      adminToken,
    );
    if (created.status >= 300) throw new Error(`addUser answered ${created.status}: ${JSON.stringify(created.body)}`);
    providerId = String((created.body.user as { _id: string })._id);
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await adminContext?.close();
    await providerContext?.close();
    await browser?.close();
  });

  async function settle(on: Page = page): Promise<void> {
    await on.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity));
  }

  async function shoot(name: string, on: Page = page): Promise<void> {
    for (const viewport of [DESKTOP, MOBILE]) {
      await on.setViewportSize(viewport);
      // The admin drawer folds on a phone (and opens on a laptop) once the page has seen the resize.
      await on.waitForFunction((phone) => {
        const drawer = document.querySelector('aside[aria-label="Admin drawer"]');
        return !drawer || drawer.getAttribute('data-collapsed') === String(phone);
      }, viewport === MOBILE);
      await settle(on);
      await on.screenshot({ path: join(SCREENSHOTS, `${name}-${viewport.width}.png`), fullPage: true });
      const widths = await on.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
    }
    await on.setViewportSize(DESKTOP);
  }

  async function waitEnabled(locator: Locator, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await locator.isEnabled())) {
      if (Date.now() > deadline) throw new Error('The control stayed disabled.');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Picks an option of an antd select by its label (a click on the select's box: its shown value covers the input). */
  async function choose(scope: Locator, label: string, option: string): Promise<void> {
    await scope.locator('.ant-select').filter({ has: scope.page().getByRole('combobox', { name: label, exact: true }) }).click();
    await scope.page().locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`).click();
  }

  /**
   * The files grid's row of the provider (newest change first: the file just changed leads), once
   * it shows `status`. The grid is a read model: on a loaded machine it may show a change a moment
   * after the file does; a user would look again (reload), and so does this, for up to a minute.
   */
  async function gridRowShowing(status: string): Promise<Locator> {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Credentialing' }).click();
    await waitForPath(page, '/admin/credentialing');
    const row = page.locator('tbody tr.ant-table-row').filter({ hasText: 'Müller-Åström, José' }).first();
    await row.waitFor();
    const deadline = Date.now() + 60_000;
    while ((await row.getByText(status, { exact: true }).count()) === 0 && Date.now() < deadline) {
      await page.reload();
      await row.waitFor();
    }
    return row;
  }

  const file = () => page.getByLabel('Credentialing file');
  const group = (title: string) => file().locator(`[aria-label="${title}"]`);

  it("the master admin starts the provider's file and adds a state licence with a PDF", async () => {
    ({ context: adminContext, page } = await openPage(browser, DESKTOP));
    await page.goto(appUrl('/'));
    await waitForCodeWindow(admin.mobile);
    await signIn(page, admin);
    await waitForPath(page, '/admin/profile/about');
    await page.evaluate((id) => localStorage.setItem('provider', JSON.stringify({ _id: id })), providerId);
    await page.goto(appUrl('/admin/users/provider'));
    await page.getByRole('navigation', { name: 'Provider Profile' }).getByText('Credentialing', { exact: true }).click();
    await page.getByText('No credentialing file has been started for this provider.').waitFor();
    // Credentialing learns the new profile from the directory's event: until it has, starting says
    // there is no such provider, and the admin tries again.
    const started = page.getByTestId('file-status').filter({ hasText: 'Not Started' });
    for (const deadline = Date.now() + 60_000; ; ) {
      await page.getByRole('button', { name: 'Start Credentialing' }).click();
      const refusal = page.getByRole('alert').filter({ hasText: 'No provider profile' });
      await started.or(refusal).first().waitFor();
      if (await started.isVisible()) break;
      if (Date.now() > deadline) throw new Error('credentialing never learned the provider profile');
      await new Promise((resolve) => setTimeout(resolve, 500)); // the retry's pace, not a wait for a condition
    }
    expect(await file().getByLabel('Open items checklist').textContent()).toContain('state licence');

    await page.getByRole('button', { name: 'Add State License' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Add State License' });
    const add = drawer.getByRole('button', { name: 'Add State License' });
    expect(await add.isDisabled()).toBe(true);
    await drawer.getByLabel('State', { exact: true }).fill(licence.state);
    await drawer.getByLabel('License Number').fill(licence.number);
    await drawer.getByLabel('License Type').fill('MD');
    await drawer.getByLabel('Issue Date').fill('06/01/2015');
    await drawer.getByLabel('Expiration Date').fill('13/45/2030');
    await drawer.getByText('Expiration Date: use mm/dd/yyyy').waitFor();
    expect(await add.isDisabled()).toBe(true);
    await drawer.getByLabel('Expiration Date').fill('06/01/2030');
    await drawer.locator('input[type="file"]').setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: PDF });
    await drawer.getByText('licence.pdf').waitFor();
    await waitEnabled(add);
    await add.click();
    await drawer.waitFor({ state: 'hidden' });
    const licences = group('State Licenses');
    await licences.getByText(`${licence.state} MD licence ${licence.number}`).waitFor();
    await licences.getByText('Valid until 06/01/2030').waitFor();
    expect(await licences.getByRole('link', { name: 'Document 1' }).getAttribute('href')).toMatch(/^\/api\/files\//);
    await page.getByTestId('file-status').filter({ hasText: 'Application' }).waitFor();
  });

  it("runs the automatic checks: a licence missing from NPPES is resolved with the state board's verification; records a manual board verification with its evidence", async () => {
    // The rest of the application, as the provider's staff would have entered it (over HTTP).
    const base = `/api/v1/credentialing/files/${providerId}`;
    const declared = await call('POST', `${base}/application`, { hasDea: false, hasBoardCertification: true }, adminToken);
    expect(declared.status).toBe(200);
    const year = Number(todayWire().slice(0, 4));
    for (const c of [
      { kind: 'boardCertification', board: 'American Board of Internal Medicine', specialty: 'Internal Medicine', status: 'Certified', issuedOn: `${year - 5}-01-01`, expiresOn: `${year + 5}-01-01` },
      { kind: 'malpractice', carrier: 'MedPro', policyNumber: 'P-77', perClaimCoverage: '1000000', aggregateCoverage: '3000000', issuedOn: `${year - 1}-01-01`, expiresOn: `${year + 1}-12-31` },
      { kind: 'education', institution: 'Albany Medical College', degree: 'MD', issuedOn: '2010-05-20' },
      { kind: 'workHistory', employer: 'Albany Clinic', startedOn: '2012-07-01' },
    ]) {
      const added = await call('POST', `${base}/credentials`, c, adminToken);
      expect(added.status).toBe(200);
    }
    const current = (await call('GET', base, undefined, adminToken)).body.file as { credentials: { credentialId: string; kind: string }[] };
    for (const c of current.credentials.filter((x) => x.kind === 'stateLicense' || x.kind === 'malpractice' || x.kind === 'education')) {
      const source = { stateLicense: 'State board', malpractice: 'Malpractice carrier', education: 'School' }[c.kind]!;
      await sendForm(`/api/v1/credentialing/credentials/${c.credentialId}/verifications`, 'POST', adminToken, { source, result: 'Verified', verifiedOn: todayWire() }, 'evidence');
    }
    // A second licence NPPES does not list (its licence fields are self-reported): the check's discrepancy.
    const missing = { kind: 'stateLicense', state: 'WY', number: `NL${digits}`, licenseType: 'MD', status: 'Active', issuedOn: '2018-01-01', expiresOn: '2030-01-01' };
    expect((await call('POST', `${base}/credentials`, missing, adminToken)).status).toBe(200);
    await page.reload();
    await page.getByRole('navigation', { name: 'Provider Profile' }).getByText('Credentialing', { exact: true }).click();

    await page.getByRole('button', { name: 'Run Checks' }).click();
    const checks = group('Automatic Checks');
    const nppes = checks.getByRole('group', { name: 'NPPES verification' });
    await nppes.getByText('Discrepancy', { exact: true }).waitFor();
    await nppes.getByText(`State licence WY ${missing.number}: file says WY ${missing.number}`).waitFor();
    expect(await nppes.getByText(/^Compared with the registry/).count()).toBe(1);
    const checklist = file().getByLabel('Open items checklist');
    await checklist.getByText(`NPPES check: the registry does not list licence WY ${missing.number}; resolve it with the state board's verification of that licence`).waitFor();
    await nppes.getByRole('button', { name: 'NPPES record' }).click();
    const record = page.getByRole('dialog').filter({ hasText: 'NPPES record' });
    await record.getByText(npi).first().waitFor();
    await record.getByRole('button', { name: 'Close' }).click();
    await record.waitFor({ state: 'hidden' });
    await page.getByTestId('file-status').filter({ hasText: 'Verification' }).waitFor();

    // The state board verifies the licence (the drawer offers only the state board for a licence) ...
    const wyoming = group(`WY MD licence ${missing.number}`);
    await wyoming.getByRole('button', { name: 'Verify' }).click();
    const boardDrawer = page.getByRole('dialog').filter({ hasText: 'Record Verification' });
    await boardDrawer.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Source', exact: true }) }).click();
    const offered = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await offered.first().waitFor();
    expect(await offered.allInnerTexts()).toEqual(['State board']);
    await offered.first().click();
    await boardDrawer.getByLabel('Note').fill('Wyoming Board of Medicine: active');
    await boardDrawer.locator('input[type="file"]').setInputFiles({ name: 'wyoming.pdf', mimeType: 'application/pdf', buffer: PDF });
    const recordBoard = boardDrawer.getByRole('button', { name: 'Record Verification' });
    await waitEnabled(recordBoard);
    await recordBoard.click();
    await boardDrawer.waitFor({ state: 'hidden' });
    await checklist.getByText(`NPPES check: the registry does not list licence WY ${missing.number}; the state board verified it: resolve the discrepancy with a note`).waitFor();
    // ... and staff resolve the discrepancy with a note: the open item closes.
    await nppes.getByRole('button', { name: 'Resolve Discrepancy' }).click();
    const resolveDrawer = page.getByRole('dialog').filter({ hasText: 'Resolve NPPES Discrepancy' });
    const resolve = resolveDrawer.getByRole('button', { name: 'Resolve Discrepancy' });
    expect(await resolve.isDisabled()).toBe(true);
    await resolveDrawer.getByLabel('Note').fill('NPPES licence fields are self-reported; the Wyoming board lists the licence as active');
    await waitEnabled(resolve);
    await resolve.click();
    await resolveDrawer.waitFor({ state: 'hidden' });
    await page.getByText('The NPPES discrepancy was resolved.').waitFor();
    const people = (await call('GET', base, undefined, adminToken)).body.file as { people: Record<string, string>; verifications: { source: string; verifiedBy: string }[] };
    const adminName = people.people[people.verifications.filter((v) => v.source === 'NPPES').at(-1)!.verifiedBy];
    expect(adminName).not.toMatch(/^(Former user|Unknown user)$/);
    await nppes.getByRole('note', { name: 'Resolution' }).getByText(new RegExp(`^Resolved by ${adminName} on ${shown(todayWire())} with the state board's verification of the licence`)).waitFor();
    expect(await checklist.getByText(/NPPES check/).count()).toBe(0);

    const boards = group('Board Certifications');
    await boards.getByRole('button', { name: 'Verify' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Record Verification' });
    const record2 = drawer.getByRole('button', { name: 'Record Verification' });
    await drawer.getByText('American Board of Internal Medicine: Internal Medicine').waitFor();
    expect(await record2.isDisabled()).toBe(true);
    await choose(drawer, 'Source', 'ABMS board');
    await drawer.getByLabel('Note').fill('Certification matrix checked on the board site');
    await drawer.locator('input[type="file"]').setInputFiles({ name: 'abim.pdf', mimeType: 'application/pdf', buffer: PDF });
    await waitEnabled(record2);
    await record2.click();
    await drawer.waitFor({ state: 'hidden' });
    const board = boards.getByRole('group', { name: 'ABMS board verification' });
    await board.getByText('Verified', { exact: true }).waitFor();
    expect(await board.getByRole('link', { name: /abim\.pdf/ }).getAttribute('href')).toMatch(/^\/api\/files\//);
    // Only the provider's attestation is left.
    const open = file().getByLabel('Open items checklist');
    await open.getByText(/attestation/i).waitFor();
    expect(await open.getByRole('listitem').allInnerTexts()).toEqual([expect.stringMatching(/attestation/i)]);
    expect(await page.getByRole('button', { name: 'Submit to Committee' }).isDisabled()).toBe(true);
    await shoot('file-verification');
  });

  it('invites the provider, who sets a password through the link, signs in and lands on their application to attest', async () => {
    const mails = await outboxCursor(provider.email);
    await page.getByRole('button', { name: 'Invite Provider' }).click();
    await page.getByText(/The provider was emailed a one-time link/).waitFor();
    const mail = await mails.next({ channel: 'email', timeoutMs: 30_000 });
    expect(mail.subject).toContain('complete your credentialing application');
    expect(mail.body).not.toMatch(/temporary password|account was created/i);
    const text = mail.body.replace(/&amp;/g, '&');
    const link = /\/\?invitation=[^\s"'<>]+/.exec(text)?.[0];
    expect(link).toContain(`next=${encodeURIComponent('/provider/credentialing')}`);

    let providerPage: Page;
    ({ context: providerContext, page: providerPage } = await openPage(browser, MOBILE));
    await providerPage.goto(appUrl(link!));
    const setPassword = providerPage.getByRole('dialog', { name: 'Set your password' });
    await setPassword.getByLabel('New Password', { exact: true }).fill(provider.password);
    await setPassword.getByLabel('Confirm New Password').fill(provider.password);
    await setPassword.getByRole('button', { name: 'Set Password' }).click();
    const login = providerPage.getByRole('dialog', { name: 'Log In' });
    await login.getByLabel('Email').waitFor();
    expect(await login.getByLabel('Email').inputValue()).toBe(provider.email);
    const texts = await outboxCursor(provider.mobile);
    await login.getByLabel('Password', { exact: true }).fill(provider.password);
    await login.getByRole('button', { name: 'Log In' }).click();
    const twoFactor = providerPage.getByRole('dialog', { name: 'Enter 2FA Code' });
    await twoFactor.getByLabel('Verification Code').fill(codeIn((await texts.next()).body));
    await twoFactor.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(providerPage, '/provider/credentialing');
    const own = providerPage.getByLabel('Credentialing file');
    await own.getByText(`${licence.state} MD licence ${licence.number}`).waitFor();
    // The provider may not verify, submit or decide.
    expect(await providerPage.getByRole('button', { name: 'Run Checks' }).count()).toBe(0);
    expect(await providerPage.getByRole('button', { name: 'Submit to Committee' }).count()).toBe(0);

    const form = providerPage.getByRole('form', { name: 'Attestation' });
    const sign = form.getByRole('button', { name: 'Sign Attestation' });
    for (let i = 1; i <= 5; i++) await form.getByRole('radiogroup', { name: `Question ${i}` }).getByText(i === 5 ? 'Yes' : 'No', { exact: true }).click();
    expect(await sign.isDisabled()).toBe(true);
    await form.getByLabel('Signature', { exact: true }).fill('José Müller-Åström');
    await waitEnabled(sign);
    await sign.click();
    await own.getByTestId('attestation-signature').filter({ hasText: 'José Müller-Åström' }).waitFor();
    await own.getByText('Nothing is open: the file can go to the committee.').waitFor();
    await shoot('provider-attested', providerPage);
  });

  it('the master admin submits the file and approves it: recredentialing is due 36 months on', async () => {
    await page.reload();
    await page.getByRole('navigation', { name: 'Provider Profile' }).getByText('Credentialing', { exact: true }).click();
    await file().getByTestId('attestation-signature').waitFor();
    const submit = page.getByRole('button', { name: 'Submit to Committee' });
    await waitEnabled(submit);
    await submit.click();
    await page.getByTestId('file-status').filter({ hasText: 'Committee Review' }).waitFor();

    await page.getByRole('button', { name: 'Committee Decision' }).click();
    const dialog = page.getByRole('dialog', { name: 'Committee Decision' });
    const decide = dialog.getByRole('button', { name: 'Record Decision' });
    await dialog.getByRole('radiogroup', { name: 'Decision' }).getByText('Approved', { exact: true }).click();
    expect(await decide.isDisabled()).toBe(true);
    await dialog.getByLabel('Note').fill('Approved at the monthly committee');
    await waitEnabled(decide);
    await decide.click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('file-status').filter({ hasText: 'Approved' }).waitFor();
    const decided = (await call('GET', `/api/v1/credentialing/files/${providerId}`, undefined, adminToken)).body.file as { decision: { decidedOn: string } };
    const due = new Date(`${decided.decision.decidedOn}T00:00:00Z`);
    due.setUTCMonth(due.getUTCMonth() + 36);
    expect(await page.getByTestId('recredentialing-due').textContent()).toBe(shown(due.toISOString().slice(0, 10)));
    await shoot('file-approved');

    // The files grid: the row shows the status and the due date; it opens the file.
    const row = await gridRowShowing('Approved');
    expect(await row.textContent()).toContain(shown(due.toISOString().slice(0, 10)));
    expect(await row.getByText('Approved', { exact: true }).count()).toBe(1);
    await shoot('files-grid');
    await row.locator('td[data-field="provider"]').click();
    await waitForPath(page, `/admin/credentialing/${providerId}`);
    await page.getByTestId('recredentialing-due').waitFor();
  });

  it('recredentialing starts after a confirmation; the approval and its due date stay visible in the file and the grid; every change is in the history with names', async () => {
    const dueText = await page.getByTestId('recredentialing-due').textContent();
    await page.getByRole('button', { name: 'Start Recredentialing' }).click();
    const confirm = page.getByRole('tooltip').filter({ hasText: 'Start recredentialing?' });
    await confirm.getByText(/The approval stays in force until the new decision/).waitFor();
    await confirm.getByRole('button', { name: 'Start Recredentialing' }).click();
    await page.getByTestId('file-status').filter({ hasText: 'Not Started' }).waitFor();
    const inForce = page.getByRole('status', { name: 'Approval in force' });
    await inForce.getByText(/in force until the new decision/).waitFor();
    expect(await inForce.getByTestId('recredentialing-due').textContent()).toBe(dueText);
    const cycles = file().getByLabel('Cycles', { exact: true });
    expect(await cycles.getByLabel('Cycle 1').textContent()).toContain(`Approved on ${shown(todayWire())}`);
    expect(await cycles.getByLabel('Cycle 2').textContent()).toContain('Not Started');
    // Education verified in cycle 1 is not redone; the licences are.
    await group('Education and Training').getByText('Verified in cycle 1, not redone').waitFor();
    const history = file().getByLabel('History', { exact: true });
    await history.getByText('Started recredentialing (cycle 2)').waitFor();
    await history.getByText(/^Resolved the NPPES discrepancy with the state board's verification of State licence WY /).waitFor();
    expect(await history.textContent()).not.toMatch(/by you|by staff|[0-9a-f]{8}-[0-9a-f]{4}-/);
    await shoot('file-recredentialing');

    const row = await gridRowShowing('Approved · recredentialing');
    expect(await row.getByText('Approved · recredentialing', { exact: true }).count()).toBe(1);
    expect(await row.textContent()).toContain(dueText!);
    await shoot('files-grid-recredentialing');
  });
});
