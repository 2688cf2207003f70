/** Browser steps of signing in, for the end-to-end specs. */
import type { Locator, Page } from 'playwright-core';
import { codeIn, outboxCursor } from './outbox';

export type Account = {
  email: string;
  password: string;
  /** Where the sign-in code is texted (E.164, as the outbox lists it). */
  mobile: string;
};

/**
 * Waits until the page's finite animations have ended (a dropdown sliding in): a click on a menu
 * item while its popup still moves can land beside it.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** Opens the Log In dialog from the avatar menu. */
export async function openLogInDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log In' }).waitFor();
  await animationsDone(page);
  await page.getByRole('menuitem', { name: 'Log In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log In' });
  await dialog.getByLabel('Email').waitFor();
  return dialog;
}

/**
 * From the Log In dialog, 'Set/Reset Password HERE': returns the Set/Reset Password dialog once its
 * Email field is there. The link is clicked once the dialog has stopped moving; a click that did
 * not open the dialog (the Log In dialog still there after 15 s) is made again, as a user would.
 */
export async function openResetPasswordDialog(page: Page, login: Locator): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Set/Reset Password' });
  for (let attempt = 1; ; attempt++) {
    await animationsDone(page);
    await login.getByRole('button', { name: 'Set/Reset Password HERE' }).click();
    try {
      await dialog.getByLabel('Email').waitFor({ timeout: 15_000 });
      return dialog;
    } catch (err) {
      if (attempt >= 3 || !(await login.isVisible())) throw err;
    }
  }
}

/** Fills in and submits the Log In dialog; returns the 2FA dialog. */
export async function submitCredentials(page: Page, dialog: Locator, email: string, password: string): Promise<Locator> {
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  const twoFactor = page.getByRole('dialog', { name: 'Enter 2FA Code' });
  const code = twoFactor.getByLabel('Verification Code');
  const refusal = dialog.getByRole('alert');
  // The code dialog, or what the Log In dialog said instead. A refusal that asks to try again (a
  // service that did not answer in time on a loaded machine) is tried once more, as a user would;
  // any other is the test's failure, with the dialog's words.
  for (let attempt = 1; ; attempt++) {
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await code.or(refusal).first().waitFor();
    if (await code.isVisible()) return twoFactor;
    const said = (await refusal.first().textContent())?.trim() ?? '';
    if (attempt >= 2 || !/try again|not available|did not answer|unavailable/i.test(said)) {
      throw new Error(`Log In was refused instead of asking for the code: "${said}"`);
    }
    await refusal.first().waitFor({ state: 'hidden' }).catch(() => undefined);
  }
}

/** Signs in through the dialogs with the code texted to the account's mobile. */
export async function signIn(page: Page, account: Account): Promise<void> {
  const dialog = await openLogInDialog(page);
  const texts = await outboxCursor(account.mobile);
  const twoFactor = await submitCredentials(page, dialog, account.email, account.password);
  const message = await texts.next();
  await twoFactor.getByLabel('Verification Code').fill(codeIn(message.body));
  await twoFactor.getByRole('button', { name: 'Continue' }).click();
  await twoFactor.waitFor({ state: 'hidden' });
}

/** Opens the avatar menu (signed in) and returns it. */
export async function openAvatarMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await menu.getByRole('menuitem', { name: 'Logout' }).waitFor();
  await animationsDone(page);
  return menu;
}
