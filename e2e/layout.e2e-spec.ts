import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { appUrl, baseUrl, DESKTOP, launchBrowser, MOBILE, openPage, TABLET, type Viewport, WIDE_LAPTOP } from './support/browser';
import { createRouteData, masterAdmin, openRoute, ROUTES, settle, storeRouteData } from './support/productRoutes';
import { signIn } from './support/session';

const SCREENSHOTS = join(__dirname, 'screenshots', 'layout');

const WIDTHS: readonly Viewport[] = [MOBILE, TABLET, DESKTOP, WIDE_LAPTOP];

/**
 * Every route on a phone's 375 px, a tablet's 768 px and laptops' 1280 and 1366 px: no page
 * scrolls sideways, no route warns in the console that it has no HydrateFallback, and on the
 * profile screens the display name is below the banner, not under it (bounding boxes, and the
 * name is what the browser hits at its centre) and not clipped by any box around it (the tops of
 * its letters). Screenshots go to e2e/screenshots/layout.
 */
/**
 * The words of the page's headings that are broken across lines though they would fit on one
 * (a word wider than its heading may break; a title squeezed beside other content must not).
 */
async function wordsBrokenInHeadings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d')!;
    const broken: string[] = [];
    for (const heading of document.querySelectorAll<HTMLElement>('h1, h2, h3')) {
      if (heading.getClientRects().length === 0) continue;
      const style = getComputedStyle(heading);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1 && context.measureText(match[0]).width <= heading.clientWidth) broken.push(`${heading.tagName}: ${match[0]}`);
        }
      }
    }
    return broken;
  });
}

describe('layout on a phone, a tablet and laptops', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  const warnings: string[] = [];

  beforeAll(async () => {
    baseUrl();
    mkdirSync(SCREENSHOTS, { recursive: true });
    const admin = masterAdmin();
    const data = await createRouteData(admin);
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser, DESKTOP));
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await page.goto(appUrl('/'));
    await signIn(page, admin);
    await storeRouteData(page, data);
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  for (const viewport of WIDTHS) {
    for (const route of ROUTES) {
      it(`${route.path} at ${viewport.width} px does not scroll sideways${route.banner ? ' and shows the display name below the banner, unclipped' : ''}`, async () => {
        await page.setViewportSize(viewport);
        warnings.length = 0;
        await openRoute(page, route);
        await page.screenshot({ path: join(SCREENSHOTS, `${route.path.slice(1).replace(/[/:]/g, '_') || 'home'}-${viewport.width}.png`) });
        const widths = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth }));
        expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
        expect(warnings.filter((text) => /HydrateFallback/.test(text))).toEqual([]);
        expect(await wordsBrokenInHeadings(page)).toEqual([]);
        if (route.banner) {
          const banner = await page.getByRole('img', { name: route.banner, exact: true }).boundingBox();
          const heading = page.getByTestId('profile-display-name');
          const name = await heading.boundingBox();
          expect(banner).not.toBeNull();
          expect(name).not.toBeNull();
          expect(name!.y).toBeGreaterThanOrEqual(banner!.y + banner!.height - 1);
          expect(name!.x).toBeGreaterThanOrEqual(0);
          expect(name!.x + name!.width).toBeLessThanOrEqual(viewport.width);
          // What the browser shows at the name's centre is the name itself.
          const hit = await heading.evaluate((element) => {
            const box = element.getBoundingClientRect();
            const top = document.elementFromPoint(box.left + Math.min(box.width / 2, 20), box.top + box.height / 2);
            return top !== null && element.contains(top);
          });
          expect(hit).toBe(true);
          // No box around the name cuts it (the tops of the letters): every clipping ancestor holds it whole.
          const clippedBy = await heading.evaluate((element) => {
            const box = element.getBoundingClientRect();
            if (element.scrollHeight > element.clientHeight + 1) return 'its own height';
            for (let parent = element.parentElement; parent; parent = parent.parentElement) {
              const style = getComputedStyle(parent);
              if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
              const outer = parent.getBoundingClientRect();
              if (parent !== document.documentElement && parent !== document.body && (box.top < outer.top - 0.5 || box.bottom > outer.bottom + 0.5)) {
                return `${parent.tagName.toLowerCase()}.${parent.className}`;
              }
            }
            return null;
          });
          expect(clippedBy).toBeNull();
        }
      });
    }
  }

  it("the page loader reads 'Loading' on one line on a 375 px screen", async () => {
    await page.setViewportSize(MOBILE);
    // The loaders demo's code is held back, so the demo page shows its loader until it arrives.
    await page.route('**/assets/LoadersDemo-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      await route.continue();
    });
    try {
      await page.goto(appUrl('/kitchensink/loaders'));
      const tip = page.locator('.ant-spin-text', { hasText: 'Loading' }).first();
      await tip.waitFor();
      const lines = await tip.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines).toBe(1);
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });

  it('the Add Facility popup stays on a 375 px screen', async () => {
    await page.setViewportSize(MOBILE);
    await openRoute(page, { path: '/admin/facilities' });
    const box = page.getByRole('combobox', { name: 'Add Facility' });
    await box.click();
    await box.fill('zz');
    const popup = page.getByTestId('add-facility-popup');
    await popup.getByText('No Results...').waitFor();
    await settle(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'add-facility-popup-375.png') });
    const bounds = await page.locator('.ant-popover').filter({ has: popup }).boundingBox();
    expect(bounds).not.toBeNull();
    expect({ left: bounds!.x >= 0, right: bounds!.x + bounds!.width <= MOBILE.width, bounds }).toMatchObject({ left: true, right: true });
  });
});
