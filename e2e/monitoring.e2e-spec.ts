import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { withNpiCheckDigit } from '@app/validation';
import { call, resetPasswordByApi, signInByApi } from './support/accountApi';
import { appUrl, baseUrl, DESKTOP, launchBrowser, openPage, waitForPath } from './support/browser';
import { waitForCodeWindow } from './support/outbox';
import { masterAdmin, requiredEnv } from './support/productRoutes';
import { signIn, type Account } from './support/session';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const HEADER = 'LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,GENERAL,SPECIALTY,UPIN,NPI,DOB,ADDRESS,CITY,STATE,ZIP,EXCLTYPE,EXCLDATE,REINDATE,WAIVERDATE,WVRSTATE';
/** How long the running service may take to screen an import and notify (its clockwork ticks every 10 s). */
const SCREENED_WITHIN_MS = 120_000;

/** One LEIE line in the real layout (dates yyyymmdd, 00000000 for none; NPI 0000000000 when none). */
function leieLine(f: { last: string; first: string; npi: string | null; state: string; exclType: string; exclDate: string }): string {
  return [f.last.toUpperCase(), f.first.toUpperCase(), '', '', 'PHYSICIAN (MD, DO)', 'FAMILY PRACTICE', '', f.npi ?? '0000000000', '00000000', '1 MAIN ST', 'ALBANY', f.state, '12207', f.exclType, f.exclDate, '00000000', '00000000', '']
    .map((v) => (v.includes(',') ? `"${v}"` : v))
    .join(',');
}

/** Polls `check` until it answers true (a condition, not a fixed sleep). */
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Continuous monitoring in the browser: the master admin watches the credentialing
 * files while an LEIE supplement is imported (`leie-import --supplement`, as `npm run leie:import`)
 * that excludes one provider by NPI and lists another by name and state; the running service
 * screens them, the bell moves live with the Danger notification, the grid's 'Exclusion found'
 * filter shows the excluded file, and the admin resolves the possible match with a note and
 * evidence. The NPI exclusion is another matter: the practice's staff are offered no way to
 * dismiss it (and the API refuses), the master admin asks to clear it with evidence and the
 * practice's staff, a second person, confirm. The steps run in order.
 */
describe('continuous monitoring', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  let dir = '';
  let adminToken = '';
  const admin = masterAdmin();
  const run = Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);
  const people = {
    excluded: { first: 'Quintessa', last: `Vandermolen${run}`, npi: withNpiCheckDigit(`1${String(Date.now()).slice(-8)}`), id: '' },
    lookalike: { first: 'Bartholomew', last: `Okonkwo${run}`, npi: withNpiCheckDigit(`1${String(Date.now() + 7).slice(-8)}`), id: '' },
  };

  beforeAll(async () => {
    baseUrl();
    requiredEnv('E2E_DATABASE_URL');
    dir = mkdtempSync(join(tmpdir(), 'monitoring-e2e-'));
    await waitForCodeWindow(admin.mobile);
    adminToken = await signInByApi(admin);
    for (const [key, p] of Object.entries(people)) {
      const created = await call(
        'POST',
        '/api/v1/users/addUser',
        {
          npi: p.npi,
          firstName: p.first,
          lastName: p.last,
          email: `${key}-${run}@e2e.test`,
          mobile: `+1518556${String(Math.floor(Math.random() * 9000) + 1000)}`,
          mailingAddressStreet: '1 State Street',
          mailingAddressCity: 'Albany',
          mailingAddressState: 'NY',
          mailingAddressZip: '12207',
          phone: '518-555-0100',
        },
        adminToken,
      );
      if (created.status >= 300) throw new Error(`addUser answered ${created.status}: ${JSON.stringify(created.body)}`);
      p.id = String((created.body.user as { _id: string })._id);
      // Credentialing learns the profile from the directory's event: until then starting the file is refused.
      await until(async () => (await call('PUT', '/api/v1/credentialing/files', { providerId: p.id }, adminToken)).status === 200, 60_000, `the file of ${key}`);
    }
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const bell = () => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Notifications/ });
  const bellCount = async () => Number(/\((\d+) new\)/.exec((await bell().getAttribute('aria-label')) ?? '')?.[1] ?? 0);

  it('a supplement excluding a provider: the bell moves live with the Danger notification and the grid flags the file', async () => {
    ({ context, page } = await openPage(browser, DESKTOP));
    await page.goto(appUrl('/'));
    await waitForCodeWindow(admin.mobile);
    await signIn(page, admin);
    await waitForPath(page, '/admin/profile/about');
    await page.goto(appUrl('/admin/credentialing'));
    await page.getByRole('table').first().waitFor();
    await bell().waitFor();
    const before = await bellCount();

    const supplement = join(dir, 'supplement.csv');
    writeFileSync(
      supplement,
      [
        HEADER,
        leieLine({ last: 'SOMEONE', first: 'ELSE', npi: people.excluded.npi, state: 'FL', exclType: '1128b4', exclDate: '20250115' }),
        leieLine({ last: people.lookalike.last, first: people.lookalike.first, npi: null, state: 'NY', exclType: '1128a1', exclDate: '20240610' }),
      ].join('\r\n') + '\r\n',
    );
    const importer = join(__dirname, '..', 'dist', 'scripts', 'leie-import.js');
    if (!existsSync(importer)) throw new Error(`${importer} is missing (scripts/test.mjs builds it)`);
    const imported = spawnSync(process.execPath, [importer, supplement, '--supplement'], {
      cwd: join(__dirname, '..'),
      env: { ...process.env, DATABASE_URL: requiredEnv('E2E_DATABASE_URL'), NODE_ENV: 'test' },
      encoding: 'utf8',
    });
    if (imported.status !== 0) throw new Error(`leie-import --supplement failed: ${imported.stdout}\n${imported.stderr}`);

    // Live: the bell moves without a reload; the drawer lists the Danger notification.
    await until(async () => (await bellCount()) > before, SCREENED_WITHIN_MS, 'the bell did not move');
    await bell().click();
    const drawer = page.getByRole('dialog', { name: 'Profile Notifications' });
    await drawer.getByText('Provider on the OIG exclusion list').first().waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // The grid: 'Exclusion found' keeps the flagged files, the excluded provider's shows Excluded.
    const filtered = page.waitForResponse((r) => r.url().includes('/api/v1/credentialing/getFiles') && (r.request().postData() ?? '').includes('Exclusion found'));
    await page.getByRole('checkbox', { name: 'Exclusion found' }).check();
    await filtered;
    const row = page.locator('tbody tr.ant-table-row').filter({ hasText: people.excluded.last });
    await row.locator('td[data-field="exclusionFound"]').filter({ hasText: 'Excluded' }).waitFor();
    await page.locator('tbody tr.ant-table-row').filter({ hasText: people.lookalike.last }).locator('td[data-field="exclusionFound"]').filter({ hasText: 'Possible match' }).waitFor();
  }, 360_000);

  it("the excluded provider's file shows the finding; the admin resolves the possible match with a note and evidence", async () => {
    await page.goto(appUrl(`/admin/credentialing/${people.excluded.id}`));
    await page.getByTestId('file-exclusion').filter({ hasText: 'Excluded' }).waitFor();

    await page.goto(appUrl(`/admin/credentialing/${people.lookalike.id}`));
    await page.getByTestId('file-exclusion').filter({ hasText: 'Possible OIG exclusion match' }).waitFor();
    const matches = page.getByRole('region', { name: 'OIG Exclusion Matches' });
    const form: Locator = matches.getByRole('form', { name: 'Resolve possible match' });
    await form.getByText(`${people.lookalike.last.toUpperCase()}, ${people.lookalike.first.toUpperCase()}`).waitFor();
    await form.getByText('Not the same person', { exact: true }).click();
    await form.getByLabel('Note').fill('Another date of birth on the licence');
    await form.getByLabel('Evidence').setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: PDF });
    const send = form.getByRole('button', { name: 'Resolve' });
    await until(() => send.isEnabled(), 15_000, 'Resolve stayed disabled');
    await send.click();
    // The file reloads: no finding stands; the resolution is recorded as an OIG LEIE verification.
    await page.getByTestId('file-exclusion').waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByRole('group', { name: 'OIG LEIE verification' }).filter({ hasText: 'Another date of birth on the licence' }).first().waitFor();
    const matchList = await call('GET', `/api/v1/credentialing/files/${people.lookalike.id}/exclusion-matches`, undefined, adminToken);
    expect(matchList.body.matches).toEqual([expect.objectContaining({ status: 'Not the same person', evidence: expect.objectContaining({ fileName: 'licence.pdf' }) })]);
  }, 180_000);

  it("an NPI exclusion: staff cannot dismiss it; the master admin clears it with evidence and the practice's staff confirm; the Danger notification is done", async () => {
    const id = people.excluded.id;
    // The practice's owner (credentialing staff, the second person), with the excluded provider in the practice.
    const staff: Account = { email: `credentialer-${run}@e2e.test`, password: 'Lantern-Quarry-42', mobile: `+1518557${String(Math.floor(Math.random() * 9000) + 1000)}` };
    const created = await call(
      'POST',
      '/api/v1/users/addUser',
      { npi: '', firstName: 'Cora', lastName: `Credentialer${run}`, email: staff.email, mobile: staff.mobile, mailingAddressStreet: '1 State Street', mailingAddressCity: 'Albany', mailingAddressState: 'NY', mailingAddressZip: '12207', phone: '518-555-0100' },
      adminToken,
    );
    if (created.status >= 300) throw new Error(`addUser answered ${created.status}: ${JSON.stringify(created.body)}`);
    const staffId = String((created.body.user as { _id: string })._id);
    await resetPasswordByApi(staff.email, staff.password);
    const addPractice = () =>
      call(
        'PUT',
        '/api/users/addPractice',
        {
          npi: withNpiCheckDigit(`1${String(Date.now()).slice(-8)}`),
          practiceName: `Albany Family Care ${run}`,
          displayName: `Albany Family ${run}`.slice(0, 40),
          userName: `alb${run}`.slice(0, 20),
          streetAddress: '200 State Street',
          city: 'Albany',
          state: 'NY',
          zip: '12207',
          email: `albany-${run}@e2e.test`,
          phone: '(518) 555-0101',
          practiceOwners: [
            { id: staffId, fullName: `Cora Credentialer${run}`, accessType: 'Practice Owner' },
            { id, fullName: `${people.excluded.first} ${people.excluded.last}`, accessType: 'Provider' },
          ],
        },
        adminToken,
      );
    let practice = await addPractice();
    for (const deadline = Date.now() + 30_000; practice.status === 400 && /not found/.test(String(practice.body.message)) && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      practice = await addPractice();
    }
    if (practice.status >= 300) throw new Error(`addPractice answered ${practice.status}: ${JSON.stringify(practice.body)}`);
    await waitForCodeWindow(staff.mobile);
    const staffToken = await signInByApi(staff);
    // Credentialing learns the membership from the practices' event.
    await until(async () => (await call('GET', `/api/v1/credentialing/files/${id}`, undefined, staffToken)).status === 200, 60_000, 'the practice owner sees the file');
    const matchId = String(((await call('GET', `/api/v1/credentialing/files/${id}/exclusion-matches`, undefined, adminToken)).body.matches as { kind: string; matchId: string }[]).find((m) => m.kind === 'Excluded')!.matchId);

    // The API refuses staff a dismissal (as a possible match or as a clearance).
    const form = new FormData();
    form.append('resolution', 'Not the same person');
    form.append('note', 'Not our provider');
    form.append('evidence', new Blob([PDF], { type: 'application/pdf' }), 'x.pdf');
    const refused = await fetch(appUrl(`/api/v1/credentialing/files/${id}/exclusion-matches/${matchId}/resolve`), { method: 'POST', headers: { Authorization: `Bearer ${staffToken}` }, body: form });
    expect(refused.status).toBe(403);

    // The practice owner's view of the file: the NPI match, no way to dismiss it.
    const staffSide = await openPage(browser, DESKTOP);
    try {
      const staffPage = staffSide.page;
      await staffPage.goto(appUrl('/'));
      await signIn(staffPage, staff);
      await staffPage.goto(appUrl(`/credentialing/${id}`));
      const staffMatches = staffPage.getByRole('region', { name: 'OIG Exclusion Matches' });
      await staffMatches.getByText(/only the master admin clears it/).waitFor();
      expect(await staffMatches.getByRole('form', { name: 'Resolve possible match' }).count()).toBe(0);
      expect(await staffMatches.getByText('Not the same person', { exact: true }).count()).toBe(0);

      // The master admin asks to clear it, with the corrected listing as evidence.
      await page.goto(appUrl(`/admin/credentialing/${id}`));
      const adminMatches = page.getByRole('region', { name: 'OIG Exclusion Matches' });
      const clear = adminMatches.getByRole('form', { name: 'Clear NPI exclusion' });
      await clear.getByText('Corrected listing', { exact: true }).click();
      await clear.getByLabel('Clearance note').fill('OIG corrected the listing: the NPI belonged to another person');
      await clear.getByLabel('Clearance evidence').setInputFiles({ name: 'oig-corrected-listing.pdf', mimeType: 'application/pdf', buffer: PDF });
      const request = clear.getByRole('button', { name: 'Request clearance' });
      await until(() => request.isEnabled(), 15_000, 'Request clearance stayed disabled');
      await request.click();
      const pending = adminMatches.getByRole('group', { name: 'Clearance pending confirmation' });
      await pending.waitFor();
      // Until confirmed the file stays Excluded, and the one who asked cannot confirm.
      await page.getByTestId('file-exclusion').filter({ hasText: 'Excluded' }).waitFor();
      expect(await pending.getByRole('button', { name: 'Confirm clearance' }).count()).toBe(0);
      expect((await call('POST', `/api/v1/credentialing/files/${id}/exclusion-matches/${matchId}/clearance/decision`, { decision: 'Confirm' }, adminToken)).status).toBe(409);

      // The practice owner confirms it.
      await staffPage.reload();
      const toConfirm = staffPage.getByRole('group', { name: 'Clearance pending confirmation' });
      await toConfirm.getByText('OIG corrected the listing: the NPI belonged to another person', { exact: false }).waitFor();
      await toConfirm.getByRole('button', { name: 'Confirm clearance' }).click();
      await staffPage.getByRole('button', { name: 'Confirm', exact: true }).click();
      await staffPage.getByTestId('file-exclusion').waitFor({ state: 'detached', timeout: 30_000 });
      const after = await call('GET', `/api/v1/credentialing/files/${id}/exclusion-matches`, undefined, adminToken);
      expect((after.body.matches as { matchId: string; status: string }[]).find((m) => m.matchId === matchId)).toMatchObject({ status: 'Cleared with evidence' });

      // The master admin's Danger notification about it is done (and names the file it opens).
      await until(
        async () => {
          const list = (await call('POST', '/api/v1/users/getNotifications', { filter: 0 }, adminToken)).body.notifications as { body: string; doneAt?: string; providerId?: string }[];
          return list.some((n) => n.body.includes(people.excluded.last) && !!n.doneAt && n.providerId === id);
        },
        60_000,
        'the notification was not marked done',
      );
    } finally {
      await staffSide.context.close();
    }
  }, 360_000);
});
