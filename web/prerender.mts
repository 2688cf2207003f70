/**
 * Build step: renders the landing page (`/` for a signed-out visitor) to HTML with its antd
 * styles into dist/index.html, so the first paint does not wait for the JavaScript (issue #14:
 * largest contentful paint). src/main.tsx hydrates it. The page without it is kept as
 * dist/spa.html, which the gateway serves for every other path (apps/gateway/src/web/spa.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createElement, type ReactElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { text } from 'node:stream/consumers';
import { createServer, type Plugin } from 'vite';

/** The part of @ant-design/cssinjs used here: antd's way of collecting its styles while rendering on a server. */
type CssInJs = {
  createCache: () => unknown;
  StyleProvider: (props: { cache: unknown; children: ReactElement }) => ReactElement;
  extractStyle: (cache: unknown) => string;
};

/** The empty page, served for every path but `/`. */
export const SPA_PAGE = 'spa.html';

/** Where the prerendered markup goes in index.html. */
const ROOT_ELEMENT = '<div id="root"></div>';

type PrerenderOptions = {
  webRoot: string;
  alias: Record<string, string>;
};

/**
 * antd's own instance of @ant-design/cssinjs (resolved from antd, so the cache it fills is the
 * one antd's components write to even if another copy were installed beside it).
 */
function antdCssInJs(webRoot: string): CssInJs {
  const fromProject = nodeModule.createRequire(join(webRoot, 'index.html'));
  return nodeModule.createRequire(fromProject.resolve('antd'))('@ant-design/cssinjs') as CssInJs;
}

/**
 * The web imports a few antd modules by path for their default export (antd/es/..., ES modules,
 * for the browser build). The SSR server leaves packages to Node, which loads antd as its
 * CommonJS build (antd/lib): those paths get the same module there, so there is one instance of
 * antd (its contexts), and they load at all (antd/es's own imports have no file extensions,
 * which Node's ES module loader refuses). A CommonJS module's `exports.default` is its default.
 */
let antdPathsMapped = false;
function mapAntdPathsToCommonJs(): void {
  if (antdPathsMapped) return;
  // Node 24's in-thread module hooks (npm run build runs on the pinned Node 24).
  if (typeof nodeModule.registerHooks !== 'function') throw new Error(`prerendering the landing page needs Node 24 (running ${process.version}): use npm run build`);
  antdPathsMapped = true;
  nodeModule.registerHooks({
    resolve(specifier, context, nextResolve) {
      // A bare antd/es/x, or the file Vite resolved it to.
      const path = /^antd\/es\/(.+?)(\.js)?$/.exec(specifier)?.[1] ?? /[\\/]node_modules[\\/]antd[\\/]es[\\/](.+?)(\.js)?$/.exec(specifier)?.[1];
      if (!path) return nextResolve(specifier, context);
      const { url } = nextResolve(`antd/lib/${path.replaceAll('\\', '/')}.js`, context);
      const shim = `import m from ${JSON.stringify(url)}; export default m && m.__esModule ? m.default : m;`;
      return { url: `data:text/javascript,${encodeURIComponent(shim)}`, shortCircuit: true };
    },
  });
}

/** Renders src/prerender.tsx's app at `/` on a Vite SSR server (antd as its CommonJS build, as Node loads it). */
async function renderLanding({ webRoot, alias }: PrerenderOptions): Promise<{ html: string; styles: string }> {
  mapAntdPathsToCommonJs();
  const server = await createServer({
    configFile: false,
    root: webRoot,
    logLevel: 'error',
    appType: 'custom',
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    // antd/es/... (ES modules, for the browser build) as Node loads antd on the server: its
    // CommonJS build, the one instance the antd barrel import gets there too.
    resolve: { alias },
  });
  try {
    const { appAt } = (await server.ssrLoadModule('/src/prerender.tsx')) as { appAt: (path: string) => ReactElement };
    const cssinjs = antdCssInJs(webRoot);
    const cache = cssinjs.createCache();
    // Waits for the lazy parts of the shell too (its drawers and dialogs, which render nothing
    // while closed), so the browser hydrates them when their code arrives instead of rendering
    // them afresh.
    const { prelude } = await prerenderToNodeStream(createElement(cssinjs.StyleProvider, { cache, children: appAt('/') }));
    const html = await text(prelude);
    return { html, styles: cssinjs.extractStyle(cache) };
  } finally {
    await server.close();
  }
}

/** Writes the prerendered landing page into index.html and the empty page beside it as spa.html. */
export function prerenderLanding(options: PrerenderOptions): Plugin {
  let outDir = '';
  return {
    name: 'prerender-landing',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const indexFile = join(outDir, 'index.html');
        const page = readFileSync(indexFile, 'utf8');
        if (!page.includes(ROOT_ELEMENT)) this.error(`index.html has no ${ROOT_ELEMENT} to prerender into`);
        const { html, styles } = await renderLanding(options);
        writeFileSync(join(outDir, SPA_PAGE), page);
        writeFileSync(indexFile, page.replace('</head>', `${styles}</head>`).replace(ROOT_ELEMENT, `<div id="root">${html}</div>`));
      },
    },
  };
}
