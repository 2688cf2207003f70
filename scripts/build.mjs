// Builds the apps, libs and scripts (swc -> dist/) and the web app (vite -> web/dist/).
// Skips a part whose sources have not changed since its last build. `--force` rebuilds all.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureInstalled, onNode24, root } from './lib/node24.mjs';

ensureInstalled();
await onNode24(import.meta.url);

const force = process.argv.includes('--force');

function fingerprint(dirs, files = []) {
  const h = createHash('sha256');
  const walk = (d) => {
    if (!existsSync(d)) return;
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (['node_modules', 'dist', '.data', 'screenshots'].includes(e.name)) continue;
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const s = statSync(p);
        h.update(`${relative(root, p)}:${s.size}:${s.mtimeMs}\n`);
      }
    }
  };
  dirs.forEach((d) => walk(join(root, d)));
  for (const f of files) if (existsSync(join(root, f))) h.update(readFileSync(join(root, f)));
  return h.digest('hex');
}

function step(name, stampFile, dirs, files, run) {
  const stamp = join(root, stampFile);
  const fp = fingerprint(dirs, files);
  if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === fp) {
    console.log(`> ${name}: up to date`);
    return;
  }
  const t = Date.now();
  console.log(`> building ${name}`);
  run();
  mkdirSync(join(stamp, '..'), { recursive: true });
  writeFileSync(stamp, fp);
  console.log(`> ${name} built in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    console.error(`build failed: ${cmd} ${args.join(' ')}`);
    process.exit(r.status ?? 1);
  }
}

const bin = (name) => join(root, 'node_modules', '.bin', name);

step('services (swc)', 'dist/.build-stamp', ['apps', 'libs', 'scripts'], ['.swcrc', 'package-lock.json'], () => {
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  run(process.execPath, [
    join(root, 'node_modules', '@swc', 'cli', 'bin', 'swc.js'),
    'apps',
    'libs',
    'scripts',
    '-d',
    'dist',
    '--config-file',
    '.swcrc',
    '--ignore',
    '**/*.spec.ts,**/*.int-spec.ts,**/*.mjs',
    '--quiet',
  ]);
  // The integrators' event catalogue, generated from libs/contracts (also served at /api/asyncapi.json).
  run(process.execPath, [join(root, 'dist', 'scripts', 'asyncapi.js'), join(root, 'dist', 'asyncapi.json')]);
});

step('web (vite)', 'web/dist/.build-stamp', ['web/src', 'web/public', 'libs/validation', 'libs/contracts'], ['web/index.html', 'web/vite.config.mts', 'package-lock.json'], () => {
  run(process.execPath, [bin('vite'), 'build', '--config', 'web/vite.config.mts', '--logLevel', 'warn']);
});
