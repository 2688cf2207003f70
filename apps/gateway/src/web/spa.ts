import { existsSync, readFileSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

/** The encodings the build writes beside each asset (web/vite.config.mts), in order of preference. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|wasm|map)$/;

/** The encodings an Accept-Encoding header allows (q=0 refuses one; `*` allows the others). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  let star = false;
  for (const part of (header ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const zero = q !== undefined && Number(q.slice(2)) === 0;
    if (token === '*') star = !zero;
    else (zero ? refused : accepted).add(token);
  }
  if (star) for (const e of ENCODINGS) if (!refused.has(e.name)) accepted.add(e.name);
  return accepted;
}

type CacheRule = { maxAge: string | number; immutable?: boolean; cacheControl?: string };

/** sendFile's callback: a client that went away mid-response is not an error worth a log line. */
const onSent = (res: Response, next: NextFunction) => (err?: Error & { code?: string }) => {
  if (err && err.code !== 'ECONNABORTED' && !res.headersSent) next(err);
};

/**
 * Sends `file` as its precompressed `.br` or `.gz` sibling when the client accepts that encoding,
 * with `Content-Encoding`, the original file's `Content-Type` and `Vary: Accept-Encoding`.
 * Compressible files without an accepted encoding go out as they are (still with `Vary`).
 * Returns false when the file is not compressible (the caller serves it).
 */
function sendPrecompressed(req: Request, res: Response, next: NextFunction, file: string, cache: CacheRule): boolean {
  if (!COMPRESSIBLE.test(file)) return false;
  res.vary('Accept-Encoding');
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  const encoding = ENCODINGS.find((e) => accepted.has(e.name) && existsSync(file + e.suffix));
  if (cache.cacheControl) res.setHeader('Cache-Control', cache.cacheControl);
  if (!encoding) {
    res.sendFile(file, { maxAge: cache.maxAge, immutable: cache.immutable, cacheControl: !cache.cacheControl }, onSent(res, next));
    return true;
  }
  res.type(extname(file));
  res.setHeader('Content-Encoding', encoding.name);
  res.sendFile(file + encoding.suffix, { maxAge: cache.maxAge, immutable: cache.immutable, cacheControl: !cache.cacheControl }, onSent(res, next));
  return true;
}

/** Middleware serving the compressible files under `root` precompressed; everything else falls through. */
function precompressed(root: string, cache: CacheRule) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = resolve(root, `.${path}`);
    if (!file.startsWith(root + sep) || !existsSync(file) || !sendPrecompressed(req, res, next, file, cache)) return next();
  };
}

/** Paths the server answers itself (API, FHIR, sockets, uploads): never a file of the web app. */
const SERVER_PATH = /^\/(api|fhir|socket\.io|uploads)(\/|$)/;

function unlessServerPath(middleware: (req: Request, res: Response, next: NextFunction) => void) {
  return (req: Request, res: Response, next: NextFunction): void => (SERVER_PATH.test(req.path) ? next() : middleware(req, res, next));
}

/** Written by the web build (web/vite.config.mts): per path pattern, the chunks a first open of it runs beyond the entry. */
export type RoutePreloads = { routes: ReadonlyArray<{ path: string; files: readonly string[] }> };

/** A router pattern (`/admin/credentialing/:providerId`, `/kitchensink/*`, `*`) against a path. */
export function matchesRoute(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  for (let i = 0; i < want.length; i++) {
    if (want[i] === '*' && i === want.length - 1) return true;
    if (i >= got.length) return false;
    if (!want[i]!.startsWith(':') && want[i] !== got[i]) return false;
  }
  return want.length === got.length;
}

/** The chunk files of every pattern that matches `path`, each once, in the table's order. */
export function preloadsFor(table: RoutePreloads, path: string): string[] {
  const files = new Set<string>();
  for (const route of table.routes) if (matchesRoute(route.path, path)) route.files.forEach((f) => files.add(f));
  return [...files];
}

/** Safe in an attribute: the build's own asset paths (`/assets/name-hash.js`). */
const ASSET_PATH = /^\/assets\/[\w.-]+\.js$/;

/** The page with a `<link rel="modulepreload">` per file before `</head>`. */
export function withModulePreloads(html: string, files: readonly string[]): string {
  const links = files.filter((f) => ASSET_PATH.test(f)).map((f) => `<link rel="modulepreload" crossorigin href="${f}">`);
  return links.length ? html.replace('</head>', `${links.join('')}</head>`) : html;
}

type Page = { raw: Buffer; br: Buffer; gzip: Buffer };

/**
 * spa.html for a client route with that route's chunks named as modulepreloads, so that the
 * browser fetches them beside the entry script, not one lazy level after another; compressed
 * once per distinct set of chunks (a handful: one per route pattern of the table).
 */
function routePages(spa: string, table: RoutePreloads): (path: string) => Page {
  const html = readFileSync(spa, 'utf8');
  const pages = new Map<string, Page>();
  return (path) => {
    const files = preloadsFor(table, path);
    const key = files.join(' ');
    let page = pages.get(key);
    if (!page) {
      const raw = Buffer.from(withModulePreloads(html, files));
      page = { raw, br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }), gzip: gzipSync(raw, { level: 9 }) };
      if (pages.size < 256) pages.set(key, page);
    }
    return page;
  };
}

function readRoutePreloads(root: string): RoutePreloads | null {
  const file = join(root, 'route-preloads.json');
  if (!existsSync(file)) return null;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as RoutePreloads;
  return Array.isArray(parsed.routes) ? parsed : null;
}

/**
 * Serves the built web app: hashed assets with long caching, index.html (the prerendered landing
 * page) for `/` and spa.html for every other GET that is not an API, socket or upload path
 * (history-API fallback for client routes), with the route's chunks as modulepreloads when the
 * build wrote route-preloads.json.
 * Text assets go out precompressed (brotli or gzip, written by the build) with
 * `Content-Encoding` and `Vary: Accept-Encoding`.
 */
export function mountWebApp(app: Express, webDist: string): boolean {
  const root = resolve(webDist);
  const index = join(root, 'index.html');
  if (!existsSync(index)) return false;
  // index.html holds the landing page prerendered for `/`; spa.html (written beside it by the
  // build, web/prerender.mts) is the empty page the app renders into on every other path.
  const spa = existsSync(join(root, 'spa.html')) ? join(root, 'spa.html') : index;
  const assets = join(root, 'assets');
  app.use('/assets', precompressed(assets, { maxAge: '1y', immutable: true }));
  app.use('/assets', express.static(assets, { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  // Every request passes these before reaching the API's routes: API paths skip the file lookups.
  app.use(unlessServerPath(precompressed(root, { maxAge: '1h' })));
  app.use(unlessServerPath(express.static(root, { index: false, maxAge: '1h' })));
  const preloads = spa !== index ? readRoutePreloads(root) : null;
  const pageFor = preloads ? routePages(spa, preloads) : null;
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (SERVER_PATH.test(req.path)) return next();
    if (req.path === '/' || !pageFor) return sendPrecompressed(req, res, next, req.path === '/' ? index : spa, { maxAge: 0, cacheControl: 'no-cache' });
    const page = pageFor(req.path);
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
    res.vary('Accept-Encoding');
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html');
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.send(encoding ? page[encoding] : page.raw);
  });
  return true;
}
