import type { Page } from 'playwright-core';
import { appUrl, DESKTOP, MOBILE, pathOf, type Viewport, waitForPath } from './support/browser';
import { animationsDone, pagePerTest, screenshot } from './support/pages';

describe('global shell', () => {
  const pages = pagePerTest();
  let page: Page;

  async function open(path: string, viewport?: Viewport): Promise<Page> {
    page = await pages.open(path, viewport);
    return page;
  }

  const settle = (): Promise<void> => animationsDone(page);

  async function openSiteMap(): Promise<ReturnType<Page['getByRole']>> {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Open site map' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Site Map' });
    await drawer.getByRole('heading', { name: 'Legal' }).waitFor();
    await settle();
    return drawer;
  }

  it('hydrates the prerendered landing page without a mismatch on fresh loads at every width', async () => {
    const widths = [375, 768, 1280, 1366];
    for (let load = 0; load < 8; load++) {
      page = await pages.blank({ width: widths[load % widths.length]!, height: 800 });
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /#418|#419|#423|#425|hydrat/i.test(message.text())) errors.push(message.text().slice(0, 300));
      });
      page.on('pageerror', (error) => errors.push(error.message.slice(0, 300)));
      await page.goto(appUrl('/'));
      await page.waitForLoadState('networkidle');
      expect({ load, errors }).toEqual({ load, errors: [] });
    }
  });

  it('shows the product description and the footer legal links on the landing page', async () => {
    await open('/');
    await page.getByRole('heading', { level: 1, name: /credentialing made simple/i }).waitFor();
    const main = page.getByRole('main');
    const text = await main.innerText();
    expect(text).toContain('integrates with central data sources for initial certification, re-certification');
    expect(text).toContain('primary source verification');
    expect(text).toContain('Provider data is stored securely');
    expect(text).toContain('in-app messaging connects providers');
    expect(text).toContain('directory and networking application for medical professionals');

    const footer = page.getByRole('contentinfo');
    const expected: Array<[string, string]> = [
      ['Terms of Service', '/legal/tos'],
      ['Privacy Policy', '/legal/pPolicy'],
      ['Cookie Policy', '/legal/cPolicy'],
    ];
    for (const [name, href] of expected) {
      expect(await footer.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(await footer.getByRole('link', { name: /713-555-0100/ }).getAttribute('href')).toBe('tel:+17135550100');
    expect(await footer.getByRole('link', { name: /LinkedIn/ }).getAttribute('href')).toMatch(/^https:\/\/www\.linkedin\.com\//);

    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await waitForPath(page, '/legal/pPolicy');
    await page.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
  });

  it('opens the site map drawer with home, search, contact details, social and legal links', async () => {
    await open('/legal/tos');
    const drawer = await openSiteMap();

    expect(await drawer.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(await drawer.getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('/search');
    for (const heading of ['Contact Us', 'Find Us', 'Legal']) {
      await drawer.getByRole('heading', { name: heading }).waitFor();
    }

    const contact = drawer.getByRole('region', { name: 'Contact Us' });
    const contactText = await contact.innerText();
    expect(contactText).toContain('1234 Medical Plaza Dr, Suite 100');
    expect(contactText).toContain('Houston, TX 77030');
    expect(await contact.getByRole('link', { name: '713-555-0100' }).getAttribute('href')).toBe('tel:+17135550100');
    expect(await contact.getByRole('link', { name: 'support@credentialing.example' }).getAttribute('href')).toBe(
      'mailto:support@credentialing.example',
    );

    const social = drawer.getByRole('region', { name: 'Find Us' }).getByRole('link');
    expect(await social.count()).toBe(2);
    for (const link of await social.all()) {
      expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(await link.getAttribute('target')).toBe('_blank');
    }

    const legal = drawer.getByRole('region', { name: 'Legal' });
    for (const [name, href] of [
      ['Terms of Service', '/legal/tos'],
      ['Privacy Policy', '/legal/pPolicy'],
      ['Cookie Policy', '/legal/cPolicy'],
      ['HIPAA Policy', '/legal/hPolicy'],
    ]) {
      expect(await legal.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }

    await legal.getByRole('link', { name: 'HIPAA Policy' }).click();
    await waitForPath(page, '/legal/hPolicy');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'HIPAA Policy' }).waitFor();
  });

  it('shows each legal page with its title and update date, defaulting to the terms', async () => {
    await open('/legal');
    await waitForPath(page, '/legal/tos');
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();

    const pages: Array<[string, string, string]> = [
      ['tos', 'Terms of Service', '10/11/2021'],
      ['pPolicy', 'Privacy Policy', '09/01/2021'],
      ['cPolicy', 'Cookie Policy', '10/01/2021'],
      ['hPolicy', 'HIPAA Policy', '10/15/2021'],
    ];
    for (const [tab, title, updated] of pages) {
      await page.goto(appUrl(`/legal/${tab}`));
      const article = page.getByRole('article', { name: title });
      await article.getByRole('heading', { level: 1, name: title }).waitFor();
      await article.getByText(`Updated ${updated}`).waitFor();
    }

    await page.goto(appUrl('/legal/noSuchPolicy'));
    await waitForPath(page, '/legal/tos');
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();

    await page.getByRole('tab', { name: 'Cookie Policy' }).click();
    await waitForPath(page, '/legal/cPolicy');
    await page.getByText('Updated 10/01/2021').waitFor();
  });

  it('goes to the search page from the search icon', async () => {
    await open('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
    await waitForPath(page, '/search');
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
  });

  it('goes home from the logo', async () => {
    await open('/search');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /home/i }).click();
    await waitForPath(page, '/');
    await page.getByRole('heading', { level: 1, name: /credentialing made simple/i }).waitFor();
  });

  it('offers Log In and Sign Up in the avatar menu when signed out', async () => {
    await open('/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Log In' }).waitFor();
    await menu.getByRole('menuitem', { name: 'Sign Up' }).waitFor();
    expect(await menu.getByRole('menuitem').count()).toBe(2);
  });

  it('filters the icon names in the component demo', async () => {
    await open('/kitchensink');
    const icons = page.getByRole('list', { name: 'Icons' }).getByRole('listitem');
    await icons.first().waitFor();
    const total = await icons.count();
    expect(total).toBeGreaterThan(100);

    await page.getByRole('link', { name: 'Icons' }).click();
    await waitForPath(page, '/kitchensink/icons');

    await page.getByRole('searchbox', { name: 'Search icons' }).fill('bell');
    await page.waitForFunction(
      (before) => document.querySelectorAll('ul[aria-label="Icons"] > li').length < before,
      total,
    );
    const names = await page.locator('ul[aria-label="Icons"] > li [data-icon-name]').allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThan(total);
    for (const name of names) expect(name.toLowerCase()).toContain('bell');
    await page.getByText(`Showing ${names.length} of ${total} icons`).waitFor();
  });

  it('shows the five button types and the other demo sections', async () => {
    await open('/kitchensink/buttons');
    await page.getByRole('heading', { level: 1, name: 'Buttons' }).waitFor();
    const solid = page.getByRole('region', { name: 'Buttons' });
    for (const name of ['Primary', 'Warning', 'Success', 'Danger', 'Error']) {
      await solid.getByRole('button', { name }).first().waitFor();
    }
    await page.getByRole('link', { name: 'Typography' }).click();
    await page.getByRole('heading', { level: 1, name: 'Typography' }).waitFor();
    await page.getByRole('link', { name: 'Navbar' }).click();
    await page.getByRole('heading', { level: 1, name: 'Navbar' }).waitFor();
  });

  it('shows a stored alert once as a toast that can be closed', async () => {
    await open('/');
    await page.evaluate(() =>
      localStorage.setItem(
        'storedAlert',
        JSON.stringify({
          id: 'e2e-stored',
          showAlert: true,
          autoDismiss: false,
          autoDismissTime: 0,
          headerText: 'Password changed',
          headerIcon: 'security',
          bodyText: 'Use your new password next time you log in.',
          showTimestamp: true,
        }),
      ),
    );
    await page.reload();
    const toast = page.getByRole('alert').filter({ hasText: 'Password changed' });
    await toast.getByText('Use your new password next time you log in.').waitFor();
    expect(await toast.locator('time').innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC[+-]\d{2}:\d{2}$/);
    expect(await page.evaluate(() => localStorage.getItem('storedAlert'))).toBeNull();
    const box = await toast.boundingBox();
    expect(box?.width).toBe(304);

    await toast.getByRole('button', { name: 'Close alert' }).click();
    await toast.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: /credentialing made simple/i }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('shows a not-found page with a link home for an unknown route', async () => {
    await open('/no/such/page');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await waitForPath(page, '/');
    expect(pathOf(page)).toBe('/');
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`lays out the landing page and site map at ${viewport.width}x${viewport.height} (${label})`, async () => {
      await open('/', viewport);
      await page.getByRole('heading', { level: 1, name: /credentialing made simple/i }).waitFor();
      await page.getByRole('contentinfo').waitFor();
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, `landing-${viewport.width}`, { fullPage: true });
      await screenshot(page, `landing-top-${viewport.width}`);

      const topBar = page.getByRole('navigation', { name: 'Main' });
      for (const name of ['Open site map', 'Account menu']) {
        const box = await topBar.getByRole('button', { name }).boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      }
      if (viewport.width <= 375) {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      }

      const drawer = await openSiteMap();
      const drawerBox = await drawer.boundingBox();
      expect(drawerBox!.width).toBe(viewport.width <= 700 ? viewport.width : 320);
      await screenshot(page, `sitemap-${viewport.width}`);
      if (viewport.width <= 375) {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      }
    });
  }
});
