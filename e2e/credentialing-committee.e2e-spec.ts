import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pdfText } from '@app/testing';
import type { CredentialingEvent } from '../apps/credentialing/src/domain/credentialing-file.events';
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

const today = () => new Date().toISOString().slice(0, 10);
const shown = (wire: string) => `${wire.slice(5, 7)}/${wire.slice(8, 10)}/${wire.slice(0, 4)}`;

/**
 * The committee in the browser: the master admin designates the Medical Director (API); two files
 * are submitted (one clean, one with an unfavourable attestation answer, so flagged). The Medical
 * Director approves the clean file in a batch from the committee queue, then schedules a meeting
 * (quorum 1), records the attendance and the flagged file's outcome, generates the minutes and
 * downloads them (their text read back).
 */
describe('credentialing committee: batch approval and a meeting', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;

  const admin: Account = { email: requiredEnv('E2E_ADMIN_EMAIL'), password: requiredEnv('E2E_ADMIN_PASSWORD'), mobile: requiredEnv('E2E_ADMIN_MOBILE') };
  const run = Date.now().toString(36);
  const stamp = (n: number) => String(((Date.now() + n) % 9000) + 1000);
  const md: Account = { email: `md-${run}@e2e.test`, mobile: `+1518557${stamp(0)}`, password: 'Granite-Harbour-Lantern-62' };
  const ids = { clean: '', flagged: '', md: '' };

  async function addUser(adminToken: string, firstName: string, lastName: string, email: string, mobile: string): Promise<string> {
    const body = { firstName, lastName, email, mobile, mailingAddressStreet: '1 State Street', mailingAddressCity: 'Albany', mailingAddressState: 'NY', mailingAddressZip: '12207', phone: '518-555-0101' };
    // On a system just started the master admin's own profile may still be on its way (403 'not available yet').
    const deadline = Date.now() + 60_000;
    let created = await call('POST', '/api/v1/users/addUser', body, adminToken);
    while (created.status === 403 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      created = await call('POST', '/api/v1/users/addUser', body, adminToken);
    }
    if (created.status >= 300) throw new Error(`addUser answered ${created.status}: ${JSON.stringify(created.body)}`);
    return String((created.body.user as { _id: string })._id);
  }

  /** Every open item closed, in Verification; `flagged`: the attestation declares disciplinary actions. */
  const ready = (providerId: string, flagged: boolean): CredentialingEvent[] =>
    reviewedFile(providerId)
      .slice(0, -1)
      .map((e) =>
        e.type === 'AttestationSigned' && flagged
          ? { ...e, data: { ...e.data, attestation: { ...e.data.attestation, limitationsOrDisciplinaryActions: true, explanation: 'Proctored in 2019' } } }
          : e,
      );

  beforeAll(async () => {
    baseUrl();
    await waitForCodeWindow(admin.mobile);
    const adminToken = await signInByApi(admin);
    ids.md = await addUser(adminToken, 'Mia', `Director${run}`, md.email, md.mobile);
    await resetPasswordByApi(md.email, md.password);
    ids.clean = await addUser(adminToken, 'Cara', `Clean${run}`, `clean-${run}@e2e.test`, `+1518557${stamp(1)}`);
    ids.flagged = await addUser(adminToken, 'Fay', `Flag${run}`, `flag-${run}@e2e.test`, `+1518557${stamp(2)}`);
    const granted = await call('POST', '/api/v1/users/grantCommitteeRole', { userId: ids.md, role: 'medicalDirector', granted: true }, adminToken);
    if (granted.status !== 200) throw new Error(`grantCommitteeRole answered ${granted.status}`);
    // Credentialing learns the role from identity's event: wait until it lists the Medical Director.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const roles = await call('GET', '/api/v1/credentialing/committee/roles', undefined, adminToken);
      if ((roles.body.members as { userId: string }[] | undefined)?.some((m) => m.userId === ids.md)) break;
      if (Date.now() > deadline) throw new Error('credentialing did not learn the Medical Director within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    for (const [id, flagged] of [
      [ids.clean, false],
      [ids.flagged, true],
    ] as const) {
      await givenFile(requiredEnv('E2E_DATABASE_URL'), id, ready(id, flagged));
      const submitted = await call('POST', `/api/v1/credentialing/files/${id}/submit`, undefined, adminToken);
      if (submitted.status !== 200) throw new Error(`submit answered ${submitted.status}: ${JSON.stringify(submitted.body)}`);
    }
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('the Medical Director approves the clean file in a batch from the committee queue', async () => {
    ({ context, page } = await openPage(browser, DESKTOP));
    await page.goto(appUrl('/'));
    await signIn(page, md);
    await page.goto(appUrl('/committee'));
    const clean = page.getByLabel('Clean files', { exact: true });
    const row = clean.getByRole('row').filter({ hasText: `Clean${run}, Cara` });
    await row.waitFor();
    // The flagged file is not offered for approval: it waits for a meeting, with its flag.
    const flagged = page.getByLabel('Flagged files', { exact: true }).getByRole('row').filter({ hasText: `Flag${run}, Fay` });
    await flagged.getByText('Unfavourable attestation answer', { exact: true }).waitFor();
    await row.getByRole('checkbox').check();
    await clean.getByRole('button', { name: /Approve selected \(1\)/ }).click();
    await page.getByText('1 clean file approved.').waitFor();
    await row.waitFor({ state: 'detached' });
  });

  it('a meeting decides the flagged file and its minutes are downloaded', async () => {
    const meetings = page.getByLabel('Meetings', { exact: true });
    await meetings.getByLabel('Quorum').fill('1');
    await meetings.getByLabel('Meeting date').fill(shown(today()));
    // Tab keeps the typed date (Enter would submit the form at once).
    await page.keyboard.press('Tab');
    await meetings.getByRole('button', { name: 'New Meeting' }).click();
    const scheduled = page.getByText('The meeting was scheduled with the flagged files on its agenda.');
    await scheduled.or(page.getByRole('alert')).first().waitFor();
    if (!(await scheduled.isVisible())) {
      await page.screenshot({ path: '/tmp/committee-e2e-meeting.png' });
      throw new Error(`The meeting was not scheduled: ${(await page.getByRole('alert').allInnerTexts()).join(' | ')}`);
    }
    await meetings.getByRole('link', { name: today() }).first().click();
    await page.getByRole('heading', { name: `Committee meeting of ${today()}` }).waitFor();
    await page.getByText('No quorum (0 of 1)').waitFor();

    await page.getByRole('combobox', { name: 'Members present' }).click();
    await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="Mia Director${run} (Medical Director)"]`).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save Attendance' }).click();
    await page.getByText('Quorum met (1 of 1)').waitFor();

    const item = page.getByLabel(`Agenda: Flag${run}, Fay`);
    await item.getByText('Unfavourable attestation answer', { exact: true }).waitFor();
    await item.getByRole('combobox', { name: 'Outcome' }).click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="Approved"]').click();
    await item.getByLabel('Note').fill('Discipline remote and completed');
    await item.getByRole('button', { name: 'Record Outcome' }).click();
    await item.getByText(`Approved (recorded by Mia Director${run})`).waitFor();

    await page.getByRole('button', { name: 'Generate Minutes' }).click();
    await page.getByText('The minutes were generated.').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Minutes (PDF)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`committee-minutes-${today()}.pdf`);
    const text = (await pdfText(readFileSync((await file.path())!))).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('Members present (1)');
    expect(text).toContain(`Flag${run}, Fay`);
    expect(text).toContain('Outcome: Approved');
    expect(text).toContain('Note: Discipline remote and completed');

    // The provider's file is approved by the meeting.
    await page.goto(appUrl(`/credentialing/${ids.flagged}`));
    await page.getByTestId('file-status').filter({ hasText: 'Approved' }).waitFor();
  });
});
