// `npm start`: install if needed, build, make sure Postgres and NATS are there, create the
// database and migrate, start all six apps with prefixed logs, print the address.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, onNode24, root } from './lib/node24.mjs';

ensureInstalled();
onNode24(import.meta.url);

const { ensureNats, ensurePostgres } = await import('./lib/infra.mjs');
const { startApps, waitHealthy } = await import('./lib/system.mjs');

const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = join(root, '.data');
mkdirSync(dataDir, { recursive: true });
const env = { NODE_ENV: process.env.NODE_ENV ?? 'development' };
const port = Number(process.env.PORT ?? 3000);

let pg;
let nats;
let apps;
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  console.log('\n> stopping…');
  await apps?.stop();
  await nats?.stop();
  await pg?.stop();
  console.log('> stopped');
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  pg = await ensurePostgres(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/credentialing', join(dataDir, 'postgres'));
  env.DATABASE_URL = pg.url;
  nats = await ensureNats(process.env.NATS_URL ?? 'nats://127.0.0.1:4222', join(dataDir, 'nats'));

  // A development JWT secret, generated once and kept under .data/ (production sets JWT_SECRET).
  if (!process.env.JWT_SECRET) {
    const secretFile = join(dataDir, 'jwt-secret');
    if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(48).toString('hex'), { mode: 0o600 });
    env.JWT_SECRET = readFileSync(secretFile, 'utf8').trim();
  }
  env.UPLOAD_DIR = process.env.UPLOAD_DIR ?? join(dataDir, 'uploads');

  console.log('> migrating');
  const migrate = spawnSync(process.execPath, [join(root, 'dist', 'scripts', 'migrate.js')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (migrate.status !== 0) throw new Error('migrations failed');

  console.log('> starting identity, directory, practices, messaging, notifications, gateway');
  apps = startApps(env);
  for (const [name, child] of apps.children) {
    child.once('exit', (code, signal) => {
      if (!stopping) {
        console.error(`> ${name} exited (${signal ?? code}); stopping everything`);
        void shutdown(1);
      }
    });
  }
  await waitHealthy(`http://127.0.0.1:${port}`, 120);
  console.log(`\n  Credentialing Suite is up: http://localhost:${port}\n  (Ctrl-C stops everything)\n`);
} catch (e) {
  console.error(`\n> ${e instanceof Error ? e.message : e}`);
  await shutdown(1);
}
