/**
 * The gateway serves the web build precompressed: each text asset as its `.br` or `.gz`
 * sibling (written by the build, web/vite.config.mts) with `Content-Encoding`, the original
 * `Content-Type` and `Vary: Accept-Encoding`; as it is to a client that accepts neither.
 * Runs the real gateway on a web build of its own (a temporary WEB_DIST).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import http from 'node:http';
import { startTestSystem, type TestSystem } from '../support/system';

const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
const spaHtml = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;
/** The landing page as the build prerenders it into index.html (web/prerender.mts); spa.html is the page without it. */
const html = spaHtml.replace('<div id="root"></div>', '<div id="root"><main>Landing page</main></div>');
const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(40)}</svg>`;

let dist: string;
let system: TestSystem;

function write(file: string, content: string | Buffer, precompress = true) {
  writeFileSync(join(dist, file), content);
  if (precompress) {
    writeFileSync(join(dist, `${file}.br`), brotliCompressSync(content));
    writeFileSync(join(dist, `${file}.gz`), gzipSync(content));
  }
}

type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A GET (or HEAD) that keeps the bytes as sent: supertest and fetch would decompress them. */
function raw(path: string, acceptEncoding: string, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${system.baseUrl}${path}`, { method, headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  write('index.html', html);
  write('spa.html', spaHtml);
  write('assets/index-abc123.js', script);
  write('favicon.svg', svg);
  // The build's table of a route's chunks (web/vite.config.mts): named in the page served for that route.
  write('route-preloads.json', JSON.stringify({ routes: [{ path: '/admin/credentialing/:providerId', files: ['/assets/AdminPage-abc.js', '/assets/credentialing-abc.js'] }] }), false);
  write('assets/logo-abc123.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), false);
  system = await startTestSystem({ contexts: [], label: 'webassets', env: { WEB_DIST: dist } });
});

afterAll(async () => {
  await system?.stop();
  rmSync(dist, { recursive: true, force: true });
});

describe('precompressed web assets', () => {
  it('serves brotli to a browser that accepts it, with the right type, Vary and long caching', async () => {
    const res = await raw('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
    expect(Number(res.headers['content-length'])).toBeLessThan(Buffer.byteLength(script) / 5);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('serves gzip when brotli is not accepted (or refused with q=0)', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.8', '*;q=1, br;q=0']) {
      const res = await raw('/assets/index-abc123.js', accept);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(gunzipSync(res.body).toString()).toBe(script);
    }
  });

  it('serves the file as it is, still with Vary, to a client that accepts no encoding', async () => {
    const res = await raw('/assets/index-abc123.js', 'identity');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect((res.body).toString()).toBe(script);
  });

  it('serves the prerendered index.html for / and spa.html for client routes, compressed and uncached, and root files compressed', async () => {
    for (const [path, page] of [['/', html], ['/search', spaHtml], ['/admin/users', spaHtml]]) {
      const res = await raw(path, 'br');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.body).toString()).toBe(page);
    }
    const icon = await raw('/favicon.svg', 'gzip');
    expect(icon.headers['content-encoding']).toBe('gzip');
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('names a route\'s chunks as modulepreloads in the page served for it (brotli, gzip or plain), uncached', async () => {
    const preloads = '<link rel="modulepreload" crossorigin href="/assets/AdminPage-abc.js"><link rel="modulepreload" crossorigin href="/assets/credentialing-abc.js">';
    const expected = spaHtml.replace('</head>', `${preloads}</head>`);
    const br = await raw('/admin/credentialing/4f9c0a4e-1c1e-4f3a-9d8e-2f6f0c1b2a3d', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/html/);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(expected);
    const gz = await raw('/admin/credentialing/4f9c0a4e-1c1e-4f3a-9d8e-2f6f0c1b2a3d', 'gzip');
    expect(gunzipSync(gz.body).toString()).toBe(expected);
    const plain = await raw('/admin/credentialing/4f9c0a4e-1c1e-4f3a-9d8e-2f6f0c1b2a3d', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(expected);
    // A route without chunks in the table: the page as it is.
    expect(brotliDecompressSync((await raw('/admin/credentialing', 'br')).body).toString()).toBe(spaHtml);
  });

  it('leaves binary files alone and answers 404 for unknown assets', async () => {
    const png = await raw('/assets/logo-abc123.png', 'br, gzip');
    expect(png.status).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['content-type']).toBe('image/png');
    const missing = await raw('/assets/nope-123.js', 'br');
    expect(missing.status).toBe(404);
    const head = await raw('/assets/index-abc123.js', 'br', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
  });
});
