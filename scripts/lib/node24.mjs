// Runs on whatever Node the machine has (even an old one): makes sure dependencies are
// installed, then re-runs the calling script on the Node 24 that the `node` devDependency pins.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function ensureInstalled() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!stale) return;
  // `npm ci`: exactly what package-lock.json pins, from a clean node_modules. The lock holds
  // every platform's optional binaries (package.json `overrides` pin the families whose newest
  // release the registry mirror lacks for some platforms).
  console.log('> installing dependencies (npm ci, as pinned by package-lock.json)');
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('npm ci failed');
    process.exit(r.status ?? 1);
  }
}

/**
 * Re-executes this script on the pinned Node 24 unless already on it (`await onNode24(...)`:
 * resolves only when on 24; otherwise this process waits for the child and exits with its code).
 * SIGTERM, SIGINT and SIGHUP sent to this process are passed on to the child, so `kill <npm start>`
 * stops the whole tree (a terminal's Ctrl-C reaches both; the child's shutdown is idempotent).
 */
export async function onNode24(scriptUrl) {
  if (process.versions.node.split('.')[0] === '24') return;
  const node = join(root, 'node_modules', 'node', 'bin', 'node');
  const bin = existsSync(node) ? node : join(root, 'node_modules', '.bin', 'node');
  if (!existsSync(bin)) {
    console.error('The pinned Node 24 (devDependency "node") is missing: run npm install.');
    process.exit(1);
  }
  const child = spawn(bin, [fileURLToPath(scriptUrl), ...process.argv.slice(2)], { stdio: 'inherit', env: process.env });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  }
  await new Promise(() => {
    child.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
    child.once('error', (e) => {
      console.error(`could not start Node 24: ${e.message}`);
      process.exit(1);
    });
  });
}

/**
 * Calls `stop` once this process's parent is gone (it was re-parented): a process manager's
 * SIGTERM or SIGKILL that reached only the parent (npm, a shell) must not leave the tree running.
 */
export function stopWhenOrphaned(stop, everyMs = 1000) {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    stop();
  }, everyMs);
  timer.unref();
}
