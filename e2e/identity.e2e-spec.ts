import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { isValidAccountMobile, normalizePhone } from '@app/validation';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { changeMobileByApi, call, resetPasswordByApi } from './support/accountApi';
import { appUrl, baseUrl, DESKTOP, launchBrowser, MOBILE, openPage, pathOf, type Viewport, waitFocused, waitForPath } from './support/browser';
import { codeIn, outboxCursor, temporaryPasswordIn } from './support/outbox';
import { type Account, openAvatarMenu, openLogInDialog, openResetPasswordDialog, signIn, submitCredentials } from './support/session';

const SCREENSHOTS = join(__dirname, 'screenshots');

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (scripts/test.mjs passes it with the running system).`);
  return value;
}

/**
 * Sign-in, password reset, the Log In Credentials dialogs, the security events log and
 * logout, as the master admin, in a real browser against the running system. The steps run
 * in order and share the account: the password and the mobile # change along the way and are
 * put back at the end.
 */
describe('sign-in, account and settings', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;

  const original: Account = {
    email: requiredEnv('E2E_ADMIN_EMAIL'),
    password: requiredEnv('E2E_ADMIN_PASSWORD'),
    mobile: requiredEnv('E2E_ADMIN_MOBILE'),
  };
  const userName = requiredEnv('E2E_ADMIN_USERNAME');
  const account: Account = { ...original };
  const NEW_PASSWORD = 'Quiet-Harbor-Lantern-58';
  const NEW_MOBILE_TYPED = '(212) 555-0147';
  const NEW_MOBILE = '+12125550147';
  /** The server's minimum time between two sign-in codes. */
  const RESEND_INTERVAL_MS = 31_000;

  beforeAll(async () => {
    baseUrl();
    mkdirSync(SCREENSHOTS, { recursive: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  async function open(path: string, viewport: Viewport = DESKTOP): Promise<Page> {
    ({ context, page } = await openPage(browser, viewport));
    await page.goto(appUrl(path));
    return page;
  }

  /** Waits for running CSS transitions and animations (dialogs zooming in) to finish. */
  async function settle(): Promise<void> {
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  }

  async function shoot(name: string): Promise<void> {
    await settle();
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  }

  /** Waits until a control is enabled (a dialog step opening, a duplicate check answering). */
  async function waitEnabled(locator: Locator, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await locator.isEnabled())) {
      if (Date.now() > deadline) throw new Error('The control stayed disabled.');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function dialogWidth(name: string): Promise<number> {
    const box = await page.getByRole('dialog', { name }).boundingBox();
    if (!box) throw new Error(`The ${name} dialog is not visible.`);
    return Math.round(box.width);
  }

  function storedSession(): Promise<Record<string, string | null>> {
    return page.evaluate(() =>
      Object.fromEntries(['token', 'user', 'isSignedIn', 'usernameOrEmail', 'twoFactorAuthToken'].map((key) => [key, localStorage.getItem(key)])),
    );
  }

  it("refuses a wrong password with 'Incorrect Log In Credentials' and keeps the dialog open", async () => {
    await open('/');
    const dialog = await openLogInDialog(page);
    // The dialog opens with the focus in its first field.
    await waitFocused(dialog.getByLabel('Email'));
    const logIn = dialog.getByRole('button', { name: 'Log In' });
    expect(await logIn.isDisabled()).toBe(true);
    await dialog.getByLabel('Email').fill(account.email);
    expect(await logIn.isDisabled()).toBe(true);
    await dialog.getByLabel('Password', { exact: true }).fill('Not-The-Password-1');
    expect(await logIn.isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: 'Set/Reset Password HERE' }).waitFor();
    await shoot('login-1280');
    expect(await dialogWidth('Log In')).toBe(350);

    await logIn.click();
    await dialog.getByRole('alert').filter({ hasText: 'Incorrect Log In Credentials' }).waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(pathOf(page)).toBe('/');
    expect((await storedSession()).token).toBeNull();
  });

  it('signs in with email, password and the texted code, resends the code, and lands on the admin profile', async () => {
    await open('/');
    const dialog = await openLogInDialog(page);
    const texts = await outboxCursor(account.mobile);
    const twoFactor = await submitCredentials(page, dialog, account.email, account.password);
    const last4 = account.mobile.slice(-4);
    await twoFactor.getByText(`A verification code has been sent to mobile # ending in ${last4}`).waitFor();
    const firstCode = codeIn((await texts.next()).body);
    const codeSentAt = Date.now();
    await waitFocused(twoFactor.getByLabel('Verification Code'));
    expect((await storedSession()).twoFactorAuthToken).toBeTruthy();
    expect((await storedSession()).usernameOrEmail).toBe(account.email);

    const continueButton = twoFactor.getByRole('button', { name: 'Continue' });
    await twoFactor.getByLabel('Verification Code').fill(firstCode.slice(0, 5));
    expect(await continueButton.isDisabled()).toBe(true);
    await shoot('2fa-1280');

    // The server sends a new code at most every 30 s.
    await page.waitForTimeout(Math.max(0, RESEND_INTERVAL_MS - (Date.now() - codeSentAt)));
    await twoFactor.getByRole('button', { name: 'Send new code' }).click();
    await twoFactor.getByText(`Verification code has been resent to mobile # ending in ${last4}`, { exact: true }).waitFor();
    const resentCode = codeIn((await texts.next()).body);

    const wrong = resentCode === '000000' ? '111111' : '000000';
    await twoFactor.getByLabel('Verification Code').fill(wrong);
    await continueButton.click();
    await twoFactor.getByRole('alert').filter({ hasText: 'Incorrect Code' }).waitFor();

    await twoFactor.getByLabel('Verification Code').fill(resentCode);
    await continueButton.click();
    await waitForPath(page, '/admin/profile/about');
    await twoFactor.waitFor({ state: 'hidden' });

    const stored = await storedSession();
    expect(stored.token).toBeTruthy();
    expect(stored.isSignedIn).toBe('true');
    expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ userName, isMasterAdmin: true });

    const topBar = page.getByRole('navigation', { name: 'Main' });
    expect(await topBar.getByRole('link', { name: 'Chat' }).getAttribute('href')).toBe('/chat');
    await topBar.getByRole('button', { name: /^Notifications/ }).waitFor();

    const menu = await openAvatarMenu(page);
    const card = page.getByRole('group', { name: 'Signed-in user' });
    expect(await card.getByRole('link', { name: `@${userName}` }).getAttribute('href')).toBe('/admin/profile/about');
    for (const name of ['Security & Settings', 'Contact', 'Logout']) await menu.getByRole('menuitem', { name }).waitFor();
    await shoot('avatar-menu-1280');
    await menu.getByRole('menuitem', { name: 'Contact' }).click();
    const contact = page.getByRole('dialog', { name: 'Contact Us' });
    await contact.getByRole('link', { name: 'support@credentialing.example' }).waitFor();
    await contact.getByRole('button', { name: 'Close' }).click();
    await contact.waitFor({ state: 'hidden' });

    // A reload restores the session from the stored token.
    await page.reload();
    await waitForPath(page, '/admin/profile/about');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat' }).waitFor();
  });

  it('sets a new password with the emailed temporary password, then signs in with it', async () => {
    await open('/', MOBILE);
    const login = await openLogInDialog(page);
    const dialog = await openResetPasswordDialog(page, login);
    const email = dialog.getByLabel('Email');
    const proceed = dialog.getByRole('button', { name: 'Proceed to Step 2' });
    await email.waitFor();
    await waitFocused(email);
    expect(await proceed.isDisabled()).toBe(true);

    await email.fill('nobody-here@e2e.test');
    await proceed.click();
    await dialog.getByRole('alert').filter({ hasText: 'Email not in system' }).waitFor();
    expect(await dialog.getByLabel('Temporary Password').isDisabled()).toBe(true);

    const mails = await outboxCursor(account.email);
    await email.fill(account.email);
    await proceed.click();
    const temporary = dialog.getByLabel('Temporary Password');
    await waitEnabled(temporary);
    const tempPassword = temporaryPasswordIn((await mails.next({ channel: 'email' })).body);

    const reset = dialog.getByRole('button', { name: 'Reset Password' });
    await temporary.fill(tempPassword);
    await dialog.getByLabel('New Password', { exact: true }).fill('has a space');
    await dialog.getByText('Invalid password', { exact: true }).waitFor();
    await dialog.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm New Password').fill(`${NEW_PASSWORD}x`);
    await dialog.getByText('Password Does Not Match', { exact: true }).waitFor();
    expect(await reset.isDisabled()).toBe(true);
    await dialog.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    expect(await reset.isDisabled()).toBe(false);
    await shoot('reset-password-375');
    expect(await dialogWidth('Set/Reset Password')).toBe(MOBILE.width - 16);

    await reset.click();
    const loginAgain = page.getByRole('dialog', { name: 'Log In' });
    await loginAgain.getByLabel('Email').waitFor();
    expect(await loginAgain.getByLabel('Email').inputValue()).toBe(account.email);
    await shoot('login-375');
    expect(await dialogWidth('Log In')).toBe(MOBILE.width - 16);
    account.password = NEW_PASSWORD;

    const texts = await outboxCursor(account.mobile);
    const twoFactor = await submitCredentials(page, loginAgain, account.email, account.password);
    await twoFactor.getByLabel('Verification Code').fill(codeIn((await texts.next()).body));
    await twoFactor.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(page, '/admin/profile/about');
  });

  it('changes the mobile # in Settings > Log In Credentials, logs out, and texts the next sign-in code to the new number', async () => {
    expect(isValidAccountMobile(NEW_MOBILE_TYPED)).toBe(true);
    expect(normalizePhone(NEW_MOBILE_TYPED)).toBe(NEW_MOBILE);

    await open('/');
    await signIn(page, account);
    const menu = await openAvatarMenu(page);
    await menu.getByRole('menuitem', { name: 'Security & Settings' }).click();
    await waitForPath(page, '/settings/loginCredentials');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Log In Credentials' }).waitFor();
    await main.getByText(account.email, { exact: true }).waitFor();
    await main.getByText('••••••••', { exact: true }).waitFor();
    await main.getByText('202-555-0123', { exact: true }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Settings' });
    for (const group of ['Security', 'App Settings', 'Payment Methods & Invoices']) await nav.getByText(group, { exact: true }).waitFor();
    await shoot('settings-credentials-1280');

    // Step 1 opens with the focus in Password, and Cancel closes it.
    await main.getByRole('button', { name: 'Change Mobile #' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Mobile #' });
    await waitFocused(dialog.getByLabel('Password', { exact: true }));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await main.getByRole('button', { name: 'Change Mobile #' }).click();
    await waitFocused(dialog.getByLabel('Password', { exact: true }));
    await dialog.getByLabel('Password', { exact: true }).fill('Not-The-Password-1');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('Invalid password', { exact: true }).waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();

    const mobile = dialog.getByLabel('New Mobile #');
    const sendCode = dialog.getByRole('button', { name: 'Send code' });
    await waitFocused(mobile);
    // A number is read as US unless it starts with +92 or 0092: a mistyped US number, a
    // Pakistani landline and a UK mobile are all refused.
    for (const refused of ['(555) 123-4567', '+92 21 1234567', '+44 7911 123456']) {
      await mobile.fill(refused);
      await dialog.getByText('Invalid mobile #', { exact: true }).waitFor();
      expect(await sendCode.isDisabled()).toBe(true);
    }
    await mobile.fill(account.mobile);
    await dialog.getByText('Account with this mobile # already exists', { exact: true }).waitFor();
    expect(await sendCode.isDisabled()).toBe(true);

    await mobile.fill(NEW_MOBILE_TYPED);
    await waitEnabled(sendCode);
    const texts = await outboxCursor(NEW_MOBILE);
    await sendCode.click();
    await dialog.getByRole('status').filter({ hasText: 'A verification code has been sent to' }).waitFor();
    const code = codeIn((await texts.next()).body);
    await shoot('change-mobile-1280');

    const wrong = code === '000000' ? '111111' : '000000';
    await dialog.getByLabel('Verification Code').fill(wrong);
    await dialog.getByRole('button', { name: 'Change Mobile #' }).click();
    await dialog.getByText('Invalid Code', { exact: true }).waitFor();

    await dialog.getByLabel('Verification Code').fill(code);
    await dialog.getByRole('button', { name: 'Change Mobile #' }).click();
    await waitForPath(page, '/');
    await page.getByRole('alert').filter({ hasText: 'Mobile # changed' }).waitFor();
    expect((await storedSession()).token).toBeNull();
    account.mobile = NEW_MOBILE;

    const login = await openLogInDialog(page);
    const next = await outboxCursor(NEW_MOBILE);
    const twoFactor = await submitCredentials(page, login, account.email, account.password);
    await twoFactor.getByText('A verification code has been sent to mobile # ending in 0147').waitFor();
    await twoFactor.getByLabel('Verification Code').fill(codeIn((await next.next()).body));
    await twoFactor.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(page, '/admin/profile/about');
  });

  it('lists the sign-in, password reset and mobile change in the security events log, newest first', async () => {
    await open('/');
    await signIn(page, account);
    await page.goto(appUrl('/settings/securityEventsLog'));
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Security Events Log' }).waitFor();
    const table = main.locator('.ant-table');
    const headers = await table.locator('thead th').allInnerTexts();
    expect(headers.map((text) => text.trim())).toEqual(['Time', 'Event', 'Browser', 'OS', 'IP']);
    const rows = table.locator('tbody tr.ant-table-row');
    await rows.first().waitFor();
    await shoot('security-events-1280');

    // Read every page (10 rows each, paged by the server), newest first.
    type Row = { time: string; datetime: string; event: string; browserName: string; os: string; ip: string };
    const events: Row[] = [];
    const next = main.locator('li.ant-pagination-next');
    for (let pageNumber = 1; pageNumber <= 20; pageNumber++) {
      await main.locator('.ant-pagination-item-active').getByText(String(pageNumber), { exact: true }).waitFor();
      await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'));
      const pageRows = await rows.evaluateAll((trs) =>
        trs.map((tr) => {
          const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '');
          const datetime = tr.querySelector('time')?.getAttribute('datetime') ?? '';
          return { time: cells[0], datetime, event: cells[1], browserName: cells[2], os: cells[3], ip: cells[4] };
        }),
      );
      expect(pageRows.length).toBeGreaterThan(0);
      expect(pageRows.length).toBeLessThanOrEqual(10);
      events.push(...pageRows);
      if ((await next.getAttribute('aria-disabled')) === 'true') break;
      await next.click();
    }

    const labels = events.map((event) => event.event);
    expect(labels.some((label) => /^signed in$/i.test(label))).toBe(true);
    expect(labels.some((label) => /password reset/i.test(label))).toBe(true);
    expect(labels.some((label) => /mobile/i.test(label) && /changed/i.test(label))).toBe(true);
    for (const event of events) {
      expect(event.time).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC[+-]\d{2}:\d{2}$/);
    }
    const fromThisBrowser = events.filter((event) => /^signed in$/i.test(event.event) && /chrom/i.test(event.browserName));
    expect(fromThisBrowser.length).toBeGreaterThan(0);
    for (const event of fromThisBrowser) expect(event.ip).toMatch(/\d+\.\d+\.\d+\.\d+|:/);
    const times = events.map((event) => Date.parse(event.datetime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // The other settings sections are placeholders.
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Color Theme' }).click();
    await waitForPath(page, '/settings/colorTheme');
    await main.getByRole('heading', { level: 1, name: 'Color Theme' }).waitFor();
    await main.getByText('Color Theme placeholder').waitFor();
  });

  it('lands on the protected link it was opened at after signing in, and lays out Log In Credentials and Change Password on a phone', async () => {
    // Signed out, a deep link sends the user home with Log In open; signing in lands on the link.
    await open('/settings/loginCredentials', MOBILE);
    await waitForPath(page, '/');
    const login = page.getByRole('dialog', { name: 'Log In' });
    await waitFocused(login.getByLabel('Email'));
    const texts = await outboxCursor(account.mobile);
    const twoFactor = await submitCredentials(page, login, account.email, account.password);
    await twoFactor.getByLabel('Verification Code').fill(codeIn((await texts.next()).body));
    await twoFactor.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(page, '/settings/loginCredentials');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Log In Credentials' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await shoot('settings-credentials-375');

    await main.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await waitFocused(dialog.getByLabel('Email'));
    expect(await dialog.getByLabel('Email').inputValue()).toBe(account.email);
    await dialog.getByLabel('New Password', { exact: true }).fill('short');
    await dialog.getByText('Invalid Password', { exact: true }).waitFor();
    await dialog.getByLabel('Confirm New Password').fill('shorter');
    await dialog.getByText('Password does not match', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Send code' }).click();
    const status = dialog.getByRole('status').filter({ hasText: 'A verification code has been sent to' });
    await status.waitFor();
    await shoot('change-password-375');
    expect(await dialogWidth('Change Password')).toBe(MOBILE.width - 16);
    // The status message hides itself after 3 s.
    await status.waitFor({ state: 'hidden' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('logs out from the avatar menu; the old token is refused and signed-in screens ask to log in', async () => {
    await open('/');
    await signIn(page, account);
    const { token } = await storedSession();
    expect(token).toBeTruthy();

    const menu = await openAvatarMenu(page);
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(page, '/');
    await page.getByRole('alert').filter({ hasText: 'Logged out' }).waitFor();
    expect(await storedSession()).toEqual({ token: null, user: null, isSignedIn: null, usernameOrEmail: null, twoFactorAuthToken: null });
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat' }).count()).toBe(0);

    const answer = await call('POST', '/api/v1/users/isSignedIn', {}, token ?? '');
    expect(answer.status).toBe(401);

    for (const path of ['/settings/loginCredentials', '/chat', '/admin/profile/about', '/user']) {
      await page.goto(appUrl(path));
      await waitForPath(page, '/');
      await page.getByRole('dialog', { name: 'Log In' }).getByLabel('Email').waitFor();
    }
  });

  it('puts the admin password and mobile # back as the run found them', async () => {
    if (account.mobile !== original.mobile) {
      await changeMobileByApi(account, original.mobile);
      account.mobile = original.mobile;
    }
    if (account.password !== original.password) {
      await resetPasswordByApi(account.email, original.password);
      account.password = original.password;
    }
    const answer = await call('POST', '/api/v1/users/signIn', { usernameOrEmail: original.email, password: original.password });
    expect(answer.status).toBe(200);
    expect(String(answer.body.phone)).toMatch(/0123$/);
  });
});
