import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { prerenderLanding } from './prerender.mts';
import { ROUTE_PRELOADS } from './src/routePreloads.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const fromWeb = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

const alias = {
  '@app/validation': fromWeb('../libs/validation/src'),
  '@app/contracts': fromWeb('../libs/contracts/src'),
};

/** Where the gateway listens in development; `/api` and `/socket.io` are proxied to it. */
const gatewayUrl = 'http://localhost:3000';

/**
 * The landing page's initial JavaScript (entry chunk and its static imports), brotli-compressed:
 * the build fails past INITIAL_JS_BUDGET_BYTES, the goal of issue #14 (about 234 KB now: the
 * signed-in machinery, realtime socket and chat load once signed in, and the landing page and
 * shell show text without antd's editable Typography and Card).
 */
export const INITIAL_JS_TARGET_BYTES = 250 * 1024;
export const INITIAL_JS_BUDGET_BYTES = INITIAL_JS_TARGET_BYTES;

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|wasm|map)$/;

const brotli = (data: Buffer) =>
  brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } });
const gzip = (data: Buffer) => gzipSync(data, { level: 9 });

/**
 * Build-time budget: the chunks a first visit to `/` loads (the entry and everything it imports
 * statically) must stay within INITIAL_JS_BUDGET_BYTES over the wire (brotli). Fails the build
 * past it, naming the chunks.
 */
function initialJsBudget(budget: number): Plugin {
  return {
    name: 'initial-js-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((o) => (o.type === 'chunk' ? [[o.fileName, o] as const] : [])));
      const initial = new Set<string>();
      const visit = (file: string) => {
        if (initial.has(file)) return;
        initial.add(file);
        for (const i of chunks.get(file)?.imports ?? []) visit(i);
      };
      for (const c of chunks.values()) if (c.isEntry) visit(c.fileName);
      const sizes = [...initial].map((f) => ({ file: f, bytes: brotli(Buffer.from(chunks.get(f)!.code)).length })).sort((a, b) => b.bytes - a.bytes);
      const total = sizes.reduce((n, s) => n + s.bytes, 0);
      const list = sizes.map((s) => `${s.file} ${(s.bytes / 1024).toFixed(1)} KB`).join(', ');
      const target = total <= INITIAL_JS_TARGET_BYTES ? 'met' : 'NOT met';
      const summary = `initial JS ${(total / 1024).toFixed(1)} KB brotli (budget ${(budget / 1024).toFixed(0)} KB, target ${(INITIAL_JS_TARGET_BYTES / 1024).toFixed(0)} KB ${target}): ${list}`;
      if (total > budget) {
        console.error(`\nInitial JS over budget: ${summary}\n`);
        this.error(`Initial JS over budget: ${summary}`);
      }
      console.log(summary);
    },
  };
}

/** The file the gateway reads to name a path's chunks in the page it serves (apps/gateway/src/web/spa.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * Writes dist/route-preloads.json: for each path pattern of src/routePreloads.ts, the chunks of
 * its modules and everything they import statically, less what index.html already names (the
 * entry and its imports). Fails the build when a module named there is in no chunk.
 */
function routePreloads(): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((o) => (o.type === 'chunk' ? [o] : []));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: string[], into = new Set<string>()) => {
        const visit = (file: string) => {
          if (into.has(file)) return;
          into.add(file);
          for (const i of byFile.get(file)?.imports ?? []) visit(i);
        };
        start.forEach(visit);
        return into;
      };
      const initial = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
      const candidates = (module: string) => ['.tsx', '.ts', '/index.ts', '/index.tsx'].map((ext) => resolve(webRoot, 'src', module + ext).replaceAll('\\', '/'));
      const chunkOf = (module: string) => {
        const ids = candidates(module);
        const found = chunks.find((c) => c.moduleIds.some((id) => ids.includes(id.replaceAll('\\', '/'))));
        if (!found) this.error(`src/routePreloads.ts names ${module}, which is in no chunk`);
        return found.fileName;
      };
      const routes = ROUTE_PRELOADS.map(({ path, modules }) => ({
        path,
        files: [...closure(modules.map(chunkOf))].filter((f) => !initial.has(f)).map((f) => `/${f}`),
      }));
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify({ routes }, null, 1)}\n` });
    },
  };
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of the build, for the gateway to serve. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < 256) continue;
        const data = readFileSync(file);
        writeFileSync(`${file}.br`, brotli(data));
        writeFileSync(`${file}.gz`, gzip(data));
      }
    },
  };
}

/**
 * Vendor chunks: React and its router; then the other libraries in `libraryGroups`. (One
 * `vendor-antd` chunk once held all of antd, 300 KB brotli, on the first load.)
 */
const vendorGroups: ReadonlyArray<{ name: string; test: RegExp; priority: number }> = [
  {
    name: 'vendor-react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|jotai)[\\/]/,
    priority: 30,
  },
];

/**
 * The libraries the first load uses (`$initial`: the entry's static imports; the initial JS budget)
 * in one chunk: the bundler split them into about 30 small ones, waited for before any screen,
 * the first one too. The libraries two or more lazy screens share (antd's other components, their
 * rc-* parts, dayjs, zod...) in one more, `vendor-ui`: split along the lazy routes they made about
 * 90 small chunks, and a deep link to a credentialing file loaded 111 scripts. Left out of it:
 * ProTable and the other pro-components (the grid screens' own chunk) and the icons (the
 * component demo bundles every icon; a group takes a module's imports with it, so the icon barrel
 * would bring all of them).
 */
const libraryGroups = [
  { name: 'vendor-initial', test: /node_modules[\\/]/, tags: ['$initial' as const], priority: 25 },
  { name: 'vendor-ui', test: /node_modules[\\/](?!@ant-design[\\/](icons|pro-)|@chenshuai2144[\\/])/, priority: 20, minShareCount: 2 },
];

export default defineConfig({
  root: webRoot,
  publicDir: fromWeb('./public'),
  plugins: [
    react(),
    initialJsBudget(INITIAL_JS_BUDGET_BYTES),
    prerenderLanding({ webRoot, alias }),
    routePreloads(),
    precompress(),
  ],
  resolve: { alias },
  server: {
    proxy: {
      '/api': { target: gatewayUrl, changeOrigin: true },
      '/socket.io': { target: gatewayUrl, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: gatewayUrl, changeOrigin: true },
      '/socket.io': { target: gatewayUrl, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: fromWeb('./dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // antd's Modal (in antd's App, on every page) imports its form context, which imports
      // rc-field-form's index; Button's token imports a colour class of the color picker. These
      // packages declare no `sideEffects`, so the bundler kept all of their modules (Form,
      // validation, the picker: about 15 KB over the wire) on the first load. They have none:
      // marking them so leaves what is used and lets the rest go with the routes that use it.
      treeshake: {
        moduleSideEffects: [{ test: /node_modules[\\/](rc-field-form|@rc-component[\\/](async-validator|color-picker))[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [...vendorGroups.map((group) => ({ ...group })), ...libraryGroups],
        },
      },
    },
  },
});
