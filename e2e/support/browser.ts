/**
 * Browser helpers for the end-to-end specs: a headless Chromium through playwright-core and
 * the base URL of the running app (E2E_BASE_URL, for example http://localhost:3000).
 */
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Launches headless Chromium (CHROMIUM_PATH, default /usr/bin/chromium). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS],
  });
}

/** The app's base URL without a trailing slash; throws when E2E_BASE_URL is not set. */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) {
    throw new Error(
      'E2E_BASE_URL is not set. Start the app (npm start, or `npx vite preview --config web/vite.config.mts --port 4173`) ' +
        'and run the e2e specs with E2E_BASE_URL=http://localhost:<port>.',
    );
  }
  return url.replace(/\/+$/, '');
}

/** An absolute URL for an app path. */
export function appUrl(path: string): string {
  return `${baseUrl()}${path.startsWith('/') ? path : `/${path}`}`;
}

export type Viewport = { width: number; height: number };

export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const MOBILE: Viewport = { width: 375, height: 812 };
export const TABLET: Viewport = { width: 768, height: 1024 };
export const WIDE_LAPTOP: Viewport = { width: 1366, height: 768 };

/** A fresh context (own storage) and page at the given viewport. */
export async function openPage(browser: Browser, viewport: Viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale: 'en-US' });
  const page = await context.newPage();
  // Generous: CI runs the browser beside the other lanes on a loaded 2-core machine; a passing
  // step never waits for it.
  page.setDefaultTimeout(30_000);
  return { context, page };
}

/** The path part of the page's current URL. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until the page's path is the given one. */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
}

/** Waits until the element has the keyboard focus (a dialog puts it in its first field once open). */
export async function waitFocused(locator: Locator, timeoutMs = 15_000): Promise<void> {
  const element = await locator.elementHandle();
  await locator.page().waitForFunction((target) => document.activeElement === target, element, { timeout: timeoutMs });
}
