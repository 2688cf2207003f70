import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { appUrl, baseUrl, DESKTOP, launchBrowser, MOBILE, type Viewport } from './support/browser';
import { createRouteData, masterAdmin, openRoute, type RouteData, ROUTES, settle, storeRouteData } from './support/productRoutes';
import { signIn } from './support/session';

/** axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Finding = { id: string; impact: string | null; help: string; targets: string[] };

/** Runs axe-core in the page (injected from node_modules) and answers its serious and critical violations. */
async function seriousViolations(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  return page.evaluate(async (tags) => {
    type Violation = { id: string; impact: string | null; help: string; tags: string[]; nodes: Array<{ target: unknown[] }> };
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations
      // axe's experimental rules (label-content-name-mismatch) are left out, as axe does by default.
      .filter((violation) => !violation.tags.includes('experimental'))
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')) }));
  }, WCAG_AA);
}

/**
 * axe-core with the WCAG 2.2 AA rules on every route of the product (as the master admin), at a
 * laptop's 1280 px and a phone's 375 px, on the Log In dialog signed out, and on the open
 * dialogs, drawers and menus a user works in: no serious or critical violation. Then the
 * keyboard paths: a drawer and a dialog opened, walked and closed with the keyboard alone, the
 * grid's header controls reached by Tab.
 */
describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  const admin = masterAdmin();
  let routeData: RouteData;

  beforeAll(async () => {
    baseUrl();
    routeData = await createRouteData(admin);
    browser = await launchBrowser();
    // The app's Content Security Policy allows only its own scripts: axe is injected past it.
    context = await browser.newContext({ viewport: DESKTOP, deviceScaleFactor: 1, locale: 'en-US', bypassCSP: true });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(appUrl('/'));
    await settle(page);
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('the landing page and the Log In dialog, signed out', async () => {
    expect(await seriousViolations(page)).toEqual([]);
    // A fresh page for the dialog (the landing page is prerendered: opened once hydrated).
    await page.goto(appUrl('/'));
    await settle(page);
    // The first click on 'Log In' may land while the menu still animates in: clicked again until the dialog shows.
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await page.getByRole('button', { name: 'Account menu' }).click();
    for (let attempt = 0; attempt < 5 && !(await dialog.isVisible()); attempt++) {
      const item = page.getByRole('menuitem', { name: 'Log In' });
      if (await item.isVisible()) await item.click();
      await dialog.getByLabel('Email').waitFor({ timeout: 3_000 }).catch(() => undefined);
    }
    await page.screenshot({ path: join(__dirname, 'screenshots', 'a11y-login-dialog.png') });
    await dialog.getByLabel('Email').waitFor();
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  describe('signed in as the master admin', () => {
    beforeAll(async () => {
      await page.goto(appUrl('/'));
      await settle(page);
      await signIn(page, admin);
      await storeRouteData(page, routeData);
    }, 120_000);

    for (const viewport of [DESKTOP, MOBILE] as const satisfies readonly Viewport[]) {
      for (const route of ROUTES) {
        it(`${route.path} at ${viewport.width} px`, async () => {
          await page.setViewportSize(viewport);
          await openRoute(page, route);
          expect(await seriousViolations(page)).toEqual([]);
        });
      }
    }

    it('the Create Practice drawer, the grid column menu and the row menu', async () => {
      await page.setViewportSize(DESKTOP);
      await openRoute(page, { path: '/admin/practices' });
      await page.getByRole('button', { name: 'Create Practice Profile' }).click();
      const drawer = page.getByRole('dialog', { name: 'Create Practice Profile' });
      await drawer.waitFor();
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await page.getByLabel('Row menu').first().click();
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu').waitFor();
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
    });

    /** Presses Tab until the element has the focus (at most `limit` times). */
    async function tabTo(name: string, limit = 60): Promise<void> {
      for (let i = 0; i < limit; i++) {
        await page.keyboard.press('Tab');
        if (await page.evaluate((label) => document.activeElement?.getAttribute('aria-label') === label, name)) return;
      }
      throw new Error(`Tab never reached '${name}'.`);
    }

    it('keyboard alone: the grid sorts and opens a column menu, a drawer opens, keeps the focus and hands it back, a dialog closes on Escape', async () => {
      await page.setViewportSize(DESKTOP);
      await openRoute(page, { path: '/admin/practices' });
      const header = page.locator('th', { has: page.getByLabel('Sort by Practice Name') }).first();
      expect(await header.getAttribute('aria-sort')).not.toBe('ascending');
      await tabTo('Sort by Practice Name');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelector('th[aria-sort="ascending"]') !== null);
      await tabTo('Column menu of Practice Name', 3);
      await page.keyboard.press('Enter');
      const columnMenu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
      await columnMenu.waitFor();
      await page.keyboard.press('Escape');
      await columnMenu.waitFor({ state: 'hidden' });

      // The drawer: opened from its button, the focus inside it; Escape closes it and the focus returns.
      await page.getByRole('button', { name: 'Create Practice Profile' }).focus();
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: 'Create Practice Profile' });
      await drawer.waitFor();
      await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null);
      for (let i = 0; i < 15; i++) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
      }
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Create Practice Profile');

      // A dialog from the avatar menu, by keyboard: Contact opens, Escape closes.
      await page.getByRole('button', { name: 'Account menu' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'Contact' }).waitFor();
      // ArrowDown until the focus is on the Contact item itself (not on the menu, whose text
      // holds every item's): one press at a time, each waited for to move the focus.
      const focusedItem = () => page.evaluate(() => {
        const active = document.activeElement;
        return active?.getAttribute('role') === 'menuitem' ? (active.textContent ?? '').trim() : null;
      });
      const deadline = Date.now() + 20_000;
      for (let focused = await focusedItem(); focused !== 'Contact'; focused = await focusedItem()) {
        if (Date.now() > deadline) throw new Error(`ArrowDown never brought the focus to the Contact item (last: ${String(focused)}).`);
        await page.keyboard.press('ArrowDown');
        await page
          .waitForFunction((before) => {
            const active = document.activeElement;
            return active?.getAttribute('role') === 'menuitem' && (active.textContent ?? '').trim() !== before;
          }, focused, { timeout: 2_000 })
          .catch(() => undefined); // a press the menu had not yet taken: the loop presses again
      }
      await page.keyboard.press('Enter');
      const contact = page.getByRole('dialog');
      await contact.waitFor();
      await page.keyboard.press('Escape');
      await contact.waitFor({ state: 'hidden' });
    });
  });
});
