import { createReadStream, existsSync, mkdirSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { appUrl, baseUrl, DESKTOP, launchBrowser, MOBILE, openPage } from './support/browser';
import { createRouteData, masterAdmin, openRoute, type RouteData, storeRouteData } from './support/productRoutes';
import { withNpiCheckDigit } from '@app/validation';
import { call, signInByApi } from './support/accountApi';
import { type Account, signIn } from './support/session';

const SCREENSHOTS = join(__dirname, 'screenshots', 'credentialing-files');

/** The script files a deep link to a credentialing file may load before the file shows (82 now; 109 when every library part was its own chunk). */
const MAX_FILE_SCRIPTS = 90;

/**
 * Serves a build of the web app as the gateway does (hashed assets, brotli when asked; spa.html for
 * the app's paths) and passes every API, socket and upload call on to the running system.
 */
function serveBuild(dir: string, system: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const target = new URL(system);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path.startsWith('/assets/')) {
      const file = join(dir, path);
      const br = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? '')) && existsSync(`${file}.br`);
      res.writeHead(existsSync(file) ? 200 : 404, {
        'content-type': path.endsWith('.css') ? 'text/css' : 'text/javascript',
        'cache-control': 'public, max-age=31536000, immutable',
        ...(br ? { 'content-encoding': 'br' } : {}),
      });
      if (existsSync(file)) createReadStream(br ? `${file}.br` : file).pipe(res);
      else res.end();
      return;
    }
    if (req.method === 'GET' && !/^\/(api|socket\.io|uploads|fhir)\b/.test(path) && !/\.\w+$/.test(path)) {
      res.writeHead(200, { 'content-type': 'text/html' });
      createReadStream(join(dir, 'spa.html')).pipe(res);
      return;
    }
    const upstream = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/**
 * The credentialing files grid at 1280 px with the admin menu open: no cell of the NPI column is
 * cut, no header is cut, nothing overflows the grid or the page sideways. At 375 px no page
 * title breaks inside a word. A deep link to a file, on a cold cache, shows the provider's name
 * and status (the time is printed: the figures of the commit that made it fast).
 */
/** A provider with an NPI and a started file, so that the grid's NPI column has one to show. */
async function addProviderWithNpi(admin: Account): Promise<void> {
  const token = await signInByApi(admin);
  const run = Date.now().toString(36);
  const digits = String((Date.now() % 9000) + 1000);
  const created = await call(
    'POST',
    '/api/v1/users/addUser',
    {
      npi: withNpiCheckDigit(`1${digits}${String(Date.now()).slice(-4)}`),
      firstName: 'Ada',
      lastName: `Grid${run}`,
      mailingAddressStreet: '1 Main Street',
      mailingAddressCity: 'Springfield',
      mailingAddressState: 'IL',
      mailingAddressZip: '62701',
      email: `grid-${run}@e2e.test`,
      mobile: `+1312558${digits}`,
      phone: `+1312559${digits}`,
    },
    token,
  );
  if (created.status >= 300) throw new Error(`addUser answered ${created.status}: ${JSON.stringify(created.body)}`);
  const providerId = String((created.body.user as { _id: string })._id);
  // Credentialing learns the new profile from its event: until then the provider is unknown (404).
  let started = await call('PUT', '/api/v1/credentialing/files', { providerId }, token);
  for (const deadline = Date.now() + 60_000; started.status === 404 && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    started = await call('PUT', '/api/v1/credentialing/files', { providerId }, token);
  }
  if (started.status >= 300) throw new Error(`starting the file answered ${started.status}: ${JSON.stringify(started.body)}`);
}

describe('credentialing files grid and file deep link', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  let data: RouteData;

  beforeAll(async () => {
    baseUrl();
    mkdirSync(SCREENSHOTS, { recursive: true });
    const admin = masterAdmin();
    data = await createRouteData(admin);
    await addProviderWithNpi(admin);
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser, DESKTOP));
    await page.goto(appUrl('/'));
    await signIn(page, admin);
    await storeRouteData(page, data);
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('at 1280 px with the admin menu open, the files grid cuts no NPI and no header and does not scroll sideways', async () => {
    await page.setViewportSize(DESKTOP);
    await openRoute(page, { path: '/admin/credentialing' });
    await page.locator('.data-grid tbody td[data-field="npi"]').first().waitFor();
    // The admin menu is open beside the grid.
    expect(await page.getByRole('navigation', { name: 'Admin' }).isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, 'files-grid-1280.png') });
    const measured = await page.evaluate(() => {
      const cut = (element: Element) => element.scrollWidth > element.clientWidth + 1;
      const grid = document.querySelector('.data-grid')!;
      const scrollers = Array.from(grid.querySelectorAll('.ant-table-content, .ant-table-body, .ant-table-header'));
      const npiCells = Array.from(grid.querySelectorAll('tbody td[data-field="npi"]'));
      const npiTexts = npiCells.map((cell) => cell.querySelector('.data-grid-cell') ?? cell);
      // Every header's title (it wraps between words) and every cell but the provider's (an ellipsis with the whole name in its tooltip).
      const headersCut = Array.from(grid.querySelectorAll('thead th[data-field] .data-grid-header-text')).filter(cut).map((el) => el.textContent);
      const cellsCut = Array.from(grid.querySelectorAll('tbody td[data-field]:not([data-field="provider"]) .data-grid-cell'))
        .filter((el) => cut(el) || Array.from(el.querySelectorAll('.ant-tag')).some(cut))
        .map((el) => `${el.closest('td')?.getAttribute('data-field')}: ${el.textContent}`);
      const gridBox = grid.getBoundingClientRect();
      const lastCells = Array.from(grid.querySelectorAll('thead th')).map((th) => th.getBoundingClientRect().right);
      return {
        page: { scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth },
        sideways: scrollers.filter(cut).length,
        npiRows: npiCells.length,
        npiCut: npiTexts.filter(cut).map((el) => el.textContent),
        npis: npiTexts.map((el) => el.textContent ?? ''),
        headersCut,
        cellsCut,
        rightEdge: { grid: gridBox.right, lastHeader: Math.max(...lastCells), viewport: window.innerWidth },
      };
    });
    expect(measured.npiRows).toBeGreaterThan(0);
    expect(measured.npis.some((npi) => /^\d{10}$/.test(npi))).toBe(true);
    expect(measured.page.scroll).toBeLessThanOrEqual(measured.page.inner);
    expect(measured.sideways).toBe(0);
    expect(measured.npiCut).toEqual([]);
    expect(measured.headersCut).toEqual([]);
    expect(measured.cellsCut).toEqual([]);
    expect(measured.rightEdge.lastHeader).toBeLessThanOrEqual(measured.rightEdge.grid + 1);
    expect(measured.rightEdge.grid).toBeLessThanOrEqual(measured.rightEdge.viewport);
  });

  for (const path of ['/admin/credentialing', '/admin/credentialing/:provider', '/provider/credentialing', '/exclusions', '/admin/exclusions']) {
    it(`at 375 px the page titles of ${path} do not break inside a word`, async () => {
      await page.setViewportSize(MOBILE);
      await openRoute(page, { path });
      await page.screenshot({ path: join(SCREENSHOTS, `${path.slice(1).replace(/[/:]/g, '_')}-375.png`) });
      const broken = await page.evaluate(() => {
        const titles = Array.from(document.querySelectorAll('main h1, main h2, main .ant-pro-table-list-toolbar-title, main .ant-card-head-title'));
        return titles
          .filter((title) => title.getBoundingClientRect().width > 0)
          .flatMap((title) => {
            // Every word of the title laid out on one line: a word split over two lines has two boxes.
            const split: string[] = [];
            const walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const text = node.textContent ?? '';
              for (const match of text.matchAll(/\S+/g)) {
                const range = document.createRange();
                range.setStart(node, match.index);
                range.setEnd(node, match.index + match[0].length);
                const rects = Array.from(range.getClientRects());
                const lines = new Set(rects.map((rect) => Math.round(rect.top)));
                // Split over lines although it would fit on one (a word wider than the title has to break).
                const width = rects.reduce((sum, rect) => sum + rect.width, 0);
                if (lines.size > 1 && width <= title.clientWidth) split.push(match[0]);
              }
            }
            const style = getComputedStyle(title);
            const clipped = title.scrollWidth > title.clientWidth + 1 && style.overflow !== 'visible' && style.textOverflow !== 'ellipsis';
            return [...split.map((word) => `${title.textContent}: '${word}' split`), ...(clipped ? [`${title.textContent}: clipped`] : [])];
          });
      });
      expect(broken).toEqual([]);
    });
  }

  it('a deep link to a file shows its provider and status (cold cache): its scripts named by the page, its data asked before the app renders', async () => {
    const state = await page.context().storageState();
    // E2E_COMPARE_DIST: other builds of the web app (`name=dir,name=dir`, say the one before a
    // change), each served like the gateway does (brotli assets, the API passed to the system) beside
    // this one, taking turns, so that all are timed under the same load of the machine. Their
    // figures are printed; the structural checks below hold for this build only.
    const builds = [{ name: 'this', dir: join(__dirname, '..', 'web', 'dist') }, ...(process.env.E2E_COMPARE_DIST ?? '').split(',').filter(Boolean).map((pair) => ({ name: pair.split('=')[0]!, dir: pair.split('=')[1]! }))];
    const servers = builds.length > 1 ? await Promise.all(builds.map((build) => serveBuild(build.dir, baseUrl()))) : [];
    type Run = { build: string; ms: number; scripts: number; byScript: string[]; fileAsked: number; appRender: number; scriptsDone: number };
    const runs: Run[] = [];
    try {
      for (let round = 0; round < (servers.length ? 4 : 3); round++) {
        for (const [index, build] of builds.entries()) {
          const origin = servers[index]?.origin ?? baseUrl();
          // A new context: an empty HTTP cache, the signed-in session in local storage.
          const storageState = { cookies: [], origins: [{ origin, localStorage: state.origins[0]?.localStorage ?? [] }] };
          const cold = await browser.newContext({ viewport: DESKTOP, deviceScaleFactor: 1, locale: 'en-US', storageState });
          const tab = await cold.newPage();
          tab.setDefaultTimeout(60_000);
          // Who asked for each script: the page itself (a script tag or a modulepreload: 'parser') or another script.
          const cdp = await cold.newCDPSession(tab);
          await cdp.send('Network.enable');
          let scripts = 0;
          let shown = false;
          const byScript: string[] = [];
          cdp.on('Network.requestWillBeSent', (event) => {
            if (event.type !== 'Script' || shown) return;
            scripts += 1;
            if (event.initiator.type !== 'parser') byScript.push(new URL(event.request.url).pathname);
          });
          await tab.goto(`${origin}/admin/credentialing/${data.providerId}`);
          await tab.getByTestId('file-status').waitFor();
          await tab.getByRole('heading', { name: /Featherstonehaugh/ }).first().waitFor();
          shown = true;
          const timing = await tab.evaluate((providerId) => {
            const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
            const file = entries.find((e) => e.name.endsWith(`/api/v1/credentialing/files/${providerId}`));
            const loaded = entries.filter((e) => e.name.endsWith('.js'));
            const render = performance.getEntriesByName('app-render')[0];
            return { ms: performance.now(), fileAsked: file?.startTime ?? -1, appRender: render?.startTime ?? -1, scriptsDone: Math.max(0, ...loaded.map((e) => e.responseEnd)) };
          }, data.providerId);
          runs.push({ build: build.name, scripts, byScript, ms: Math.round(timing.ms), fileAsked: Math.round(timing.fileAsked), appRender: Math.round(timing.appRender), scriptsDone: Math.round(timing.scriptsDone) });
          await cold.close();
          if (!servers.length) break;
        }
      }
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
    const line = (r: Run) =>
      `${r.build} ${r.ms} ms (${r.scripts} scripts, ${r.byScript.length} asked by other scripts, the last loaded at ${r.scriptsDone} ms; the file asked at ${r.fileAsked} ms, the app rendering at ${r.appRender} ms)`;
    console.log(`deep link to a file:\n${runs.map(line).join('\n')}`);
    for (const r of runs.filter((run) => run.build === 'this')) {
      // Few script files.
      expect(r.scripts).toBeLessThanOrEqual(MAX_FILE_SCRIPTS);
      // One level: the page names every script the screen runs (the gateway's modulepreloads), none waits for another to run first.
      expect(r.byScript).toEqual([]);
      // The file is asked while the app's code still runs, before React renders.
      expect(r.fileAsked).toBeGreaterThanOrEqual(0);
      expect(r.fileAsked).toBeLessThanOrEqual(r.appRender);
    }
  });
});
