/**
 * Page helpers shared by the browser specs: one browser per describe block with a fresh page per
 * test, waiting for animations to end, and screenshots under e2e/screenshots.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { appUrl, baseUrl, DESKTOP, launchBrowser, openPage, type Viewport } from './browser';

export const SCREENSHOTS = join(__dirname, '..', 'screenshots');

/** Waits for running CSS transitions and animations (a popup or drawer opening) to finish; endless ones (a spinning loader) do not count. */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
      .every((animation) => animation.playState !== 'running'),
  );
}

/** Waits for the page's animations, then saves `e2e/screenshots/<name>.png`. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await animationsDone(page);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: options.fullPage });
}

export type PagePerTest = {
  /** Opens an app path in a fresh context (own storage) at the viewport; closed after the test (or at the next open). */
  open(path: string, viewport?: Viewport): Promise<Page>;
  /** A blank page in a fresh context, to listen to before the first navigation. */
  blank(viewport?: Viewport): Promise<Page>;
};

/**
 * Registers, in the describe block it is called in, one headless Chromium for the block and the
 * closing of each test's context after it.
 */
export function pagePerTest(): PagePerTest {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    baseUrl();
    browser = await launchBrowser();
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  afterAll(async () => {
    await browser?.close();
  });

  const blank = async (viewport: Viewport = DESKTOP): Promise<Page> => {
    if (!browser) throw new Error('pagePerTest: the browser is not launched (call pagePerTest() inside describe).');
    await context?.close();
    const opened = await openPage(browser, viewport);
    context = opened.context;
    return opened.page;
  };
  return {
    blank,
    async open(path, viewport = DESKTOP) {
      const page = await blank(viewport);
      await page.goto(appUrl(path));
      return page;
    },
  };
}
