/**
 * `web`: the landing page as a first-time visitor gets it from the gateway's static serving
 * (apps/gateway/src/web/spa.ts over the built web/dist): the initial JavaScript (the entry
 * script and its modulepreloads in index.html) over the wire, compressed, against the same
 * files uncompressed; and the largest contentful paint in headless Chromium (fresh profile per
 * load, median of 5). Needs a web build (`npm run bench` builds first).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import express from 'express';
import { mountWebApp } from '../../apps/gateway/src/web/spa';
import { chromium } from 'playwright-core';
import { median, ROOT } from './support';
import type { Benchmark } from './types';

const TARGET_BYTES = 250 * 1024;

/**
 * Headless Chromium (CHROMIUM_PATH, default /usr/bin/chromium) with the e2e specs' flags
 * (e2e/support/browser.ts, which the services build does not compile into dist/).
 */
function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}
const TARGET_LCP_MS = 600;

/** The script and modulepreload URLs of index.html: what a first load of `/` fetches before it runs. */
export function initialScripts(indexHtml: string): string[] {
  const urls = new Set<string>();
  for (const m of indexHtml.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)) urls.add(m[1]);
  for (const m of indexHtml.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) urls.add(m[1]);
  return [...urls];
}

export const benchmark: Benchmark = {
  name: 'web',
  description: 'landing page: initial JS over the wire (compressed) and LCP in headless Chromium, median of 5',
  async run({ smoke, log }) {
    const dist = join(ROOT, 'web', 'dist');
    const index = join(dist, 'index.html');
    if (!existsSync(index)) throw new Error('web/dist is missing: run npm run build');
    const initial = initialScripts(readFileSync(index, 'utf8'));
    const app = express();
    mountWebApp(app, dist);
    const server = await new Promise<import('node:http').Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const browser = await launchBrowser();
    try {
      const runs = smoke ? 1 : 5;
      const lcps: number[] = [];
      let wire = 0;
      let raw = 0;
      let allJs = 0;
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        await page.goto(`${base}/`, { waitUntil: 'load' });
        const m = await page.evaluate(async (scripts) => {
          const lcp = await new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve(entries[entries.length - 1].startTime);
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            setTimeout(() => resolve(NaN), 5000);
          });
          const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
          const js = resources.filter((r) => r.name.endsWith('.js'));
          const first = js.filter((r) => scripts.includes(new URL(r.name).pathname));
          return {
            lcp,
            wire: first.reduce((n, r) => n + r.encodedBodySize, 0),
            raw: first.reduce((n, r) => n + r.decodedBodySize, 0),
            allJs: js.reduce((n, r) => n + r.encodedBodySize, 0),
            found: first.length,
            names: resources.map((r) => `${r.name} ${r.initiatorType}`),
          };
        }, initial);
        if (m.found !== initial.length) throw new Error(`the page loaded ${m.found} of the ${initial.length} initial scripts: ${m.names.slice(0, 5).join(', ')}`);
        if (!Number.isFinite(m.lcp)) throw new Error('no largest-contentful-paint entry');
        lcps.push(m.lcp);
        [wire, raw, allJs] = [m.wire, m.raw, m.allJs];
        await context.close();
      }
      const lcp = median(lcps);
      log(`  initial JS ${(wire / 1024).toFixed(1)} KB over the wire (${(raw / 1024).toFixed(1)} KB uncompressed, ${initial.length} files); LCP ${lcps.map((l) => l.toFixed(0)).join(', ')} ms`);
      return {
        figures: [
          {
            label: 'initial JS over the wire (compressed)',
            value: Math.round((wire / 1024) * 10) / 10,
            unit: 'KB',
            baseline: { label: 'uncompressed', value: Math.round((raw / 1024) * 10) / 10 },
            ratio: Math.round((wire / raw) * 1000) / 1000,
            target: '<= 250 KB',
            met: wire <= TARGET_BYTES,
          },
          { label: `largest contentful paint (median of ${runs})`, value: Math.round(lcp), unit: 'ms', target: '< 600 ms', met: lcp < TARGET_LCP_MS },
          { label: 'all JS by the load event (compressed)', value: Math.round((allJs / 1024) * 10) / 10, unit: 'KB' },
        ],
        details: { initialFiles: initial.length, lcps: lcps.map(Math.round) },
      };
    } finally {
      await browser.close();
      await new Promise((r) => server.close(r));
    }
  },
};
