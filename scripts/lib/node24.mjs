// Runs on whatever Node the machine has (even an old one): makes sure dependencies are
// installed, then re-runs the calling script on the Node 24 that the `node` devDependency pins.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function ensureInstalled() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!stale) return;
  // `npm install` rather than `npm ci`: it installs what package-lock.json pins just the same,
  // and does not refuse a lock that lacks other platforms' optional binaries (a registry mirror
  // can lag behind on those, so npm leaves them out of the lock).
  console.log('> installing dependencies (npm install, as pinned by package-lock.json)');
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('npm install failed');
    process.exit(r.status ?? 1);
  }
}

/** Re-executes this script on the pinned Node 24 unless already on it. Returns only when on 24. */
export function onNode24(scriptUrl) {
  if (process.versions.node.split('.')[0] === '24') return;
  const node = join(root, 'node_modules', 'node', 'bin', 'node');
  const bin = existsSync(node) ? node : join(root, 'node_modules', '.bin', 'node');
  if (!existsSync(bin)) {
    console.error('The pinned Node 24 (devDependency "node") is missing: run npm install.');
    process.exit(1);
  }
  // The child gets Ctrl-C itself (same process group) and shuts down cleanly; this parent waits.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => {});
  const r = spawnSync(bin, [fileURLToPath(scriptUrl), ...process.argv.slice(2)], { stdio: 'inherit', env: process.env });
  process.exit(r.status ?? (r.signal ? 1 : 0));
}
