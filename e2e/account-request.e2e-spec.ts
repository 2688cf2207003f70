import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { appUrl, baseUrl, DESKTOP, launchBrowser, MOBILE, openPage } from './support/browser';
import { codeIn, outboxCursor, temporaryPasswordIn, waitForCodeWindow } from './support/outbox';
import { masterAdmin } from './support/productRoutes';
import { type RealtimeWatch, watchRealtime } from './support/realtime';
import { animationsDone, openAvatarMenu, signIn } from './support/session';

/** The sign-in of the master admin may wait for the 30 s code window of an earlier spec, then the rest runs. */
const TIMEOUT_MS = 240_000;

/**
 * 'Sign Up': a signed-out visitor requests an account; the master admin, signed in
 * elsewhere, sees the request arrive in the bell live and approves it from the drawer; the
 * invitation email carries the temporary password; the new user sets a password and signs in.
 */
describe("Sign Up → 'Request an account' → approved by the master admin", () => {
  let browser: Browser;
  let adminContext: BrowserContext | undefined;
  let visitorContext: BrowserContext | undefined;
  const run = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1000)}`;
  const visitor = {
    name: `Rhea Okafor ${run}`,
    email: `rhea.${run}@request.test`,
    // A number of its own per run (an existing one would get the same answer and no request).
    mobile: `+1202${5550000 + Math.floor(Math.random() * 10_000)}`,
    practice: 'Okafor Family Practice',
    password: 'Okra-Lantern-77',
  };
  const typedMobile = visitor.mobile.slice(2);

  beforeAll(async () => {
    baseUrl();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await visitorContext?.close();
    await adminContext?.close();
    await browser?.close();
  });

  function bell(page: Page): Locator {
    return page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Notifications/ });
  }

  it('reaches the master admin live, who approves it; the new user gets the temporary password and signs in', async () => {
    const admin = masterAdmin();
    let adminPage: Page;
    ({ context: adminContext, page: adminPage } = await openPage(browser, DESKTOP));
    const realtime: RealtimeWatch = watchRealtime(adminPage);
    await adminPage.goto(appUrl('/'));
    await waitForCodeWindow(admin.mobile);
    await signIn(adminPage, admin);
    await realtime.connected();
    const bellBefore = (await bell(adminPage).getAttribute('aria-label')) ?? '';

    // The visitor, signed out, on a phone.
    let page: Page;
    ({ context: visitorContext, page } = await openPage(browser, MOBILE));
    await page.goto(appUrl('/'));
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Up' }).waitFor();
    await animationsDone(page);
    await page.getByRole('menuitem', { name: 'Sign Up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request an account' });
    await dialog.getByLabel('Name').fill(visitor.name);
    await dialog.getByLabel('Email').fill(visitor.email);
    await dialog.getByLabel('Mobile').pressSequentially(typedMobile);
    expect(await dialog.getByLabel('Mobile').inputValue()).toBe(`${typedMobile.slice(0, 3)}-${typedMobile.slice(3, 6)}-${typedMobile.slice(6)}`);
    await dialog.getByLabel('Practice').fill(visitor.practice);
    const mails = await outboxCursor(visitor.email);
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await dialog.getByRole('status').getByText(/administrator, who will review it/).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The master admin's bell moves without a reload; the drawer shows the request with Approve / Decline.
    await adminPage.waitForFunction(
      (before) => {
        const button = [...document.querySelectorAll('nav[aria-label="Main"] button')].find((b) => b.getAttribute('aria-label')?.startsWith('Notifications'));
        return button !== undefined && button.getAttribute('aria-label') !== before;
      },
      bellBefore,
      { timeout: 30_000 },
    );
    expect(realtime.events()).toContain('user-notification-event');
    await bell(adminPage).click();
    const drawer = adminPage.getByRole('dialog', { name: 'Profile Notifications' });
    const review = drawer.getByRole('group', { name: `Account request of ${visitor.name}` });
    await review.getByText(visitor.email).waitFor();
    await review.getByText(visitor.practice).waitFor();
    const userName = await review.getByLabel('User name').inputValue();
    expect(userName).toBe(`rhea.${run}`.slice(0, 20));
    await review.getByRole('button', { name: 'Approve' }).click();
    await drawer.getByText(/Approved: the account was created/).waitFor();

    // The invitation carries the temporary password and the set-password link.
    const invitation = await mails.next({ channel: 'email', timeoutMs: 30_000 });
    expect(invitation.subject).toContain('your account is ready');
    const link = /\/\?setPassword=[^\s"'<>]+/.exec(invitation.body.replace(/&amp;/g, '&'))?.[0];
    const tempPassword = temporaryPasswordIn(invitation.body);

    await page.goto(appUrl(link!));
    const reset = page.getByRole('dialog', { name: 'Set/Reset Password' });
    await reset.getByLabel('Temporary Password').fill(tempPassword);
    await reset.getByLabel('New Password', { exact: true }).fill(visitor.password);
    await reset.getByLabel('Confirm New Password').fill(visitor.password);
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    const login = page.getByRole('dialog', { name: 'Log In' });
    await login.getByLabel('Email').waitFor();
    const texts = await outboxCursor(visitor.mobile);
    await login.getByLabel('Email').fill(visitor.email);
    await login.getByLabel('Password', { exact: true }).fill(visitor.password);
    await login.getByRole('button', { name: 'Log In' }).click();
    const twoFactor = page.getByRole('dialog', { name: 'Enter 2FA Code' });
    await twoFactor.getByLabel('Verification Code').fill(codeIn((await texts.next()).body));
    await twoFactor.getByRole('button', { name: 'Continue' }).click();
    await twoFactor.waitFor({ state: 'hidden' });
    await openAvatarMenu(page);
    await page.getByRole('group', { name: 'Signed-in user' }).getByRole('link', { name: `@${userName}` }).waitFor();
  }, TIMEOUT_MS);
});
