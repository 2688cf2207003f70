import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { withNpiCheckDigit } from '@app/validation';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, signInByApi } from './support/accountApi';
import { appUrl, baseUrl, DESKTOP, launchBrowser, MOBILE, openPage, type Viewport } from './support/browser';
import { type Account, signIn } from './support/session';

const SCREENSHOTS = join(__dirname, 'screenshots', 'layout');

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (scripts/test.mjs passes it with the running system).`);
  return value;
}

/** Every route of the product (signed in as the master admin), with the profile header's banner where it has one. */
const ROUTES: ReadonlyArray<{ path: string; banner?: string }> = [
  { path: '/' },
  { path: '/kitchensink' },
  { path: '/kitchensink/typography' },
  { path: '/kitchensink/buttons' },
  { path: '/kitchensink/navbar' },
  { path: '/kitchensink/date-picker' },
  { path: '/kitchensink/drawers' },
  { path: '/kitchensink/dialog' },
  { path: '/kitchensink/file-drop' },
  { path: '/kitchensink/tabs' },
  { path: '/kitchensink/toasts' },
  { path: '/kitchensink/loaders' },
  { path: '/kitchensink/grid' },
  { path: '/search' },
  { path: '/legal/tos' },
  { path: '/admin/profile/about', banner: 'Banner' },
  { path: '/admin/profile/contact', banner: 'Banner' },
  { path: '/admin/users' },
  { path: '/admin/users/provider', banner: 'Banner' },
  { path: '/admin/practices' },
  { path: '/admin/facilities' },
  { path: '/admin/companies' },
  { path: '/admin/credentialing' },
  // The layout provider's credentialing file (started in beforeAll; ':provider' is its id).
  { path: '/admin/credentialing/:provider' },
  { path: '/provider/credentialing' },
  { path: '/user', banner: 'Banner' },
  { path: '/provider', banner: 'Banner' },
  { path: '/practice', banner: 'Practice banner' },
  { path: '/settings/loginCredentials' },
  { path: '/settings/securityEventsLog' },
  { path: '/settings/notifications' },
  { path: '/chat' },
];

const WIDTHS: readonly Viewport[] = [MOBILE, DESKTOP];

/**
 * Every route at a phone's 375 px and a laptop's 1280 px: no page scrolls sideways, and on the
 * profile screens the display name is below the banner, not under it (bounding boxes, and the
 * name is what the browser hits at its centre). Screenshots go to e2e/screenshots/layout.
 */
describe('layout on a phone and a laptop', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;

  const admin: Account = {
    email: requiredEnv('E2E_ADMIN_EMAIL'),
    password: requiredEnv('E2E_ADMIN_PASSWORD'),
    mobile: requiredEnv('E2E_ADMIN_MOBILE'),
  };
  const run = Date.now().toString(36);
  const digits = String((Date.now() % 9000) + 1000);
  /** A long display name: the header must wrap it, not hide it. */
  const practiceDisplay = `Riverside Comprehensive Family Medicine and Pediatrics ${run}`;
  let providerId = '';
  let practiceNpi = '';

  beforeAll(async () => {
    baseUrl();
    mkdirSync(SCREENSHOTS, { recursive: true });
    // A provider and a practice to open (/provider and /practice read them from local storage).
    const token = await signInByApi(admin);
    const created = await call(
      'POST',
      '/api/v1/users/addUser',
      {
        npi: '',
        firstName: 'Maximiliana',
        middleName: 'Josephine',
        lastName: `Featherstonehaugh${run}`,
        mailingAddressOrgName: '',
        mailingAddressStreet: '100 Main Street',
        mailingAddressSuite: '',
        mailingAddressCity: 'Springfield',
        mailingAddressState: 'IL',
        mailingAddressZip: '62701',
        email: `layout-${run}@e2e.test`,
        mobile: `+1312555${digits}`,
        phone: `+1312556${digits}`,
        fax: '',
      },
      token,
    );
    if (created.status >= 300) throw new Error(`addUser answered ${created.status}: ${JSON.stringify(created.body)}`);
    providerId = String((created.body.user as { _id: string })._id);
    practiceNpi = withNpiCheckDigit(`1${digits}${String(Date.now()).slice(-4)}`);
    const practice = await call(
      'PUT',
      '/api/users/addPractice',
      {
        npi: practiceNpi,
        practiceName: practiceDisplay,
        displayName: practiceDisplay.slice(0, 40),
        userName: `lay${run}`.slice(0, 20),
        streetAddress: '200 Oak Avenue',
        suite: '',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        email: `practice-${run}@e2e.test`,
        phone: `+1312557${digits}`,
        fax: '',
        website: '',
        avatarImageUrl: '',
        bannerImageUrl: '',
        profileDescription: 'A practice for the layout checks.',
        practiceOwners: [{ fullName: `Maximiliana Featherstonehaugh${run}`, npi: '', id: providerId, accessType: 'Practice Owner', avatarImageUrl: '' }],
      },
      token,
    );
    if (practice.status >= 300) throw new Error(`addPractice answered ${practice.status}: ${JSON.stringify(practice.body)}`);
    // A credentialing file with a licence, for the credentialing routes.
    // (Credentialing learns the new profile from its event: until then the provider is unknown, 404.)
    let started = await call('PUT', '/api/v1/credentialing/files', { providerId }, token);
    for (const deadline = Date.now() + 30_000; started.status === 404 && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      started = await call('PUT', '/api/v1/credentialing/files', { providerId }, token);
    }
    if (started.status >= 300) throw new Error(`starting the credentialing file answered ${started.status}: ${JSON.stringify(started.body)}`);
    const licence = { kind: 'stateLicense', state: 'IL', number: `LIC-${digits}`, licenseType: 'Physician and Surgeon', status: 'Active', issuedOn: '2015-06-01', expiresOn: '2030-06-01' };
    const added = await call('POST', `/api/v1/credentialing/files/${providerId}/credentials`, licence, token);
    if (added.status >= 300) throw new Error(`adding a licence answered ${added.status}: ${JSON.stringify(added.body)}`);
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser, DESKTOP));
    await page.goto(appUrl('/'));
    await signIn(page, admin);
    await page.evaluate(
      ([id, npi, name]) => {
        localStorage.setItem('provider', JSON.stringify({ _id: id }));
        localStorage.setItem('practice', JSON.stringify({ _id: 'x', npi, practiceName: name }));
      },
      [providerId, practiceNpi, practiceDisplay] as const,
    );
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  /** Waits until nothing loads and the page's width and the layout stop changing (two equal polls). */
  async function settle(): Promise<void> {
    let previous = '';
    const deadline = Date.now() + 20_000;
    for (;;) {
      const now = await page.evaluate(() => {
        // A page or grid still loading (a spinner over content or in place of it); the loaders
        // demo's and icons' endless spins do not count.
        const busy = document.querySelector('.ant-spin-nested-loading > div > .ant-spin-spinning, main > .ant-spin-spinning, .ant-skeleton-active') !== null;
        const animating = document
          .getAnimations()
          .some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
        return busy || animating ? 'busy' : `${document.scrollingElement!.scrollWidth}:${document.body.scrollHeight}`;
      });
      if (now !== 'busy' && now === previous) return;
      if (Date.now() > deadline) throw new Error(`The page did not settle (${now}).`);
      previous = now;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  for (const viewport of WIDTHS) {
    for (const route of ROUTES) {
      it(`${route.path} at ${viewport.width} px does not scroll sideways${route.banner ? ' and shows the display name below the banner' : ''}`, async () => {
        await page.setViewportSize(viewport);
        await page.goto(appUrl(route.path.replace(':provider', providerId)));
        await page.waitForFunction(() => document.querySelector('main, [role="main"]') !== null);
        if (route.banner) await page.getByRole('img', { name: route.banner, exact: true }).waitFor();
        await settle();
        await page.screenshot({ path: join(SCREENSHOTS, `${route.path.slice(1).replace(/[/:]/g, '_') || 'home'}-${viewport.width}.png`) });
        const widths = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth }));
        expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
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
        }
      });
    }
  }
});
