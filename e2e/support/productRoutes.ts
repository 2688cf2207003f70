/**
 * Every route of the product as the master admin sees it, the data the profile routes show (a
 * provider and a practice with long names, kept in local storage as the grids keep them), and a
 * wait until a page has settled: for the layout and the accessibility specs.
 */
import { withNpiCheckDigit } from '@app/validation';
import type { Page } from 'playwright-core';
import { call, signInByApi } from './accountApi';
import { appUrl } from './browser';
import type { Account } from './session';

export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (scripts/test.mjs passes it with the running system).`);
  return value;
}

/** The e2e system's master admin. */
export function masterAdmin(): Account {
  return { email: requiredEnv('E2E_ADMIN_EMAIL'), password: requiredEnv('E2E_ADMIN_PASSWORD'), mobile: requiredEnv('E2E_ADMIN_MOBILE') };
}

/** Every route of the product (signed in as the master admin), with the profile header's banner where it has one. */
export const ROUTES: ReadonlyArray<{ path: string; banner?: string }> = [
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
  // The route data's provider's credentialing file (':provider' is its id, see openRoute).
  { path: '/admin/credentialing/:provider' },
  { path: '/admin/exclusions' },
  // The staff's exclusion search (the master admin may search too).
  { path: '/exclusions' },
  { path: '/provider/credentialing' },
  { path: '/user', banner: 'Banner' },
  { path: '/provider', banner: 'Banner' },
  { path: '/practice', banner: 'Practice banner' },
  { path: '/settings/loginCredentials' },
  { path: '/settings/securityEventsLog' },
  { path: '/settings/notifications' },
  { path: '/chat' },
];

/** A provider and a practice with long names (the headers must wrap them, not hide them). */
export type RouteData = { providerId: string; practiceNpi: string; practiceDisplay: string };

export async function createRouteData(admin: Account): Promise<RouteData> {
  const run = Date.now().toString(36);
  const digits = String((Date.now() % 9000) + 1000);
  const practiceDisplay = `Riverside Comprehensive Family Medicine and Pediatrics ${run}`;
  const token = await signInByApi(admin);
  const addUser = () => call(
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
  // A just-opened session is known to the gateway at once (identity waits for its read model);
  // the admin's own profile may still be on its way to the directory on a freshly started system (403, polled).
  let created = await addUser();
  for (const deadline = Date.now() + 60_000; created.status === 403 && /not available yet/.test(String(created.body.message)) && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    created = await addUser();
  }
  if (created.status >= 300) throw new Error(`addUser answered ${created.status}: ${JSON.stringify(created.body)}`);
  const providerId = String((created.body.user as { _id: string })._id);
  const practiceNpi = withNpiCheckDigit(`1${digits}${String(Date.now()).slice(-4)}`);
  const addPractice = () => call(
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
  // The practices service learns the new user from its event: until then it answers 'not found' (polled).
  let practice = await addPractice();
  for (const deadline = Date.now() + 30_000; practice.status === 400 && /not found/.test(String(practice.body.message)) && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    practice = await addPractice();
  }
  if (practice.status >= 300) throw new Error(`addPractice answered ${practice.status}: ${JSON.stringify(practice.body)}`);
  // A credentialing file with a licence, for the credentialing routes.
  // (Credentialing learns the new profile from its event: until then the provider is unknown, 404.)
  let started = await call('PUT', '/api/v1/credentialing/files', { providerId }, token);
  for (const deadline = Date.now() + 60_000; started.status === 404 && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    started = await call('PUT', '/api/v1/credentialing/files', { providerId }, token);
  }
  if (started.status >= 300) throw new Error(`starting the credentialing file answered ${started.status}: ${JSON.stringify(started.body)}`);
  const licence = { kind: 'stateLicense', state: 'IL', number: `LIC-${digits}`, licenseType: 'Physician and Surgeon', status: 'Active', issuedOn: '2015-06-01', expiresOn: '2030-06-01' };
  const added = await call('POST', `/api/v1/credentialing/files/${providerId}/credentials`, licence, token);
  if (added.status >= 300) throw new Error(`adding a licence answered ${added.status}: ${JSON.stringify(added.body)}`);
  return { providerId, practiceNpi, practiceDisplay };
}

/** Keeps the provider and the practice in local storage, as the users and practices grids do. */
export async function storeRouteData(page: Page, data: RouteData): Promise<void> {
  await page.evaluate(
    ([id, npi, name]) => {
      localStorage.setItem('provider', JSON.stringify({ _id: id }));
      localStorage.setItem('practice', JSON.stringify({ _id: 'x', npi, practiceName: name }));
    },
    [data.providerId, data.practiceNpi, data.practiceDisplay] as const,
  );
}

/** Waits until nothing loads and the page's width and the layout stop changing (two equal polls). */
export async function settle(page: Page): Promise<void> {
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

/** Opens a route and waits for its main region (and the banner's image role, on a profile route) and for it to settle. */
export async function openRoute(page: Page, route: (typeof ROUTES)[number]): Promise<void> {
  // ':provider' is the stored route data's provider (storeRouteData).
  const provider = route.path.includes(':provider') ? await page.evaluate(() => String(JSON.parse(localStorage.getItem('provider') ?? '{}')._id)) : '';
  await page.goto(appUrl(route.path.replace(':provider', provider)));
  await page.waitForFunction(() => document.querySelector('main, [role="main"]') !== null);
  if (route.banner) await page.getByRole('img', { name: route.banner, exact: true }).waitFor();
  await settle(page);
}
