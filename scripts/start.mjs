// `npm start`: install if needed, build, make sure Postgres and NATS are there, create the
// database and migrate, start all six apps with prefixed logs, print the address.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ensureInstalled, onNode24, root, stopWhenOrphaned } from './lib/node24.mjs';

ensureInstalled();
await onNode24(import.meta.url);

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
stopWhenOrphaned(() => void shutdown(0));

try {
  pg = await ensurePostgres(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/credentialing', join(dataDir, 'postgres'));
  env.DATABASE_URL = pg.url;
  // A nats-server started here runs deploy/nats/nats-server.conf: each app connects as its own user.
  nats = await ensureNats(process.env.NATS_URL ?? 'nats://127.0.0.1:4222', join(dataDir, 'nats'), console.log, { accounts: true });

  // A development JWT secret, generated once and kept under .data/ (production sets JWT_SECRET).
  if (!process.env.JWT_SECRET) {
    const secretFile = join(dataDir, 'jwt-secret');
    if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(48).toString('hex'), { mode: 0o600 });
    env.JWT_SECRET = readFileSync(secretFile, 'utf8').trim();
  }
  // Likewise the key the gateway signs the acting user with and the services verify it with.
  if (!process.env.ACTOR_SIGNING_KEY) {
    const keyFile = join(dataDir, 'actor-signing-key');
    if (!existsSync(keyFile)) writeFileSync(keyFile, randomBytes(48).toString('hex'), { mode: 0o600 });
    env.ACTOR_SIGNING_KEY = readFileSync(keyFile, 'utf8').trim();
  }
  env.UPLOAD_DIR = process.env.UPLOAD_DIR ?? join(dataDir, 'uploads');

  console.log('> migrating');
  const migrate = spawnSync(process.execPath, [join(root, 'dist', 'scripts', 'migrate.js')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (migrate.status !== 0) throw new Error('migrations failed');

  // The national provider registry mirror: with nothing in it, the generated sample registry
  // (cached under .data/nppes-sample) goes in through the real importer (NPPES_MODE=live skips it).
  console.log('> registry mirror');
  const registry = spawnSync(process.execPath, [join(root, 'dist', 'scripts', 'nppes-import.js'), '--sample-if-empty'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (registry.status !== 0) console.error('> the sample registry could not be imported: registry searches will find nothing (npm run nppes:import -- --sample)');

  // The OIG exclusion list (LEIE) mirror of the credentialing service: with nothing in it, the
  // generated sample list (with a few of the demo providers, so screening shows real matches).
  console.log('> exclusion list mirror');
  const leie = spawnSync(process.execPath, [join(root, 'dist', 'scripts', 'leie-import.js'), '--sample-if-empty'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (leie.status !== 0) console.error('> the sample exclusion list could not be imported: screening finds nothing (npm run leie:import -- --sample)');
  // The other source lists (SAM.gov, Medicare opt-outs, OFAC, state Medicaid lists): each empty one gets its sample.
  const lists = spawnSync(process.execPath, [join(root, 'dist', 'scripts', 'sources-import.js'), '--sample-if-empty'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (lists.status !== 0) console.error('> the sample source lists could not be imported (npm run sources:import -- <source> --sample)');

  console.log('> starting identity, directory, practices, messaging, notifications, credentialing, gateway');
  // Supervised: an app that exits unexpectedly is restarted with backoff while the others keep
  // serving; only Ctrl-C or SIGTERM to npm start stops everything.
  apps = startApps(env, { envFor: (app) => ({ NATS_URL: nats.urlFor(app) }), supervise: true });
  await waitHealthy(`http://127.0.0.1:${port}`, 120);
  // Demo data: on a directory with no profile but the master admin's, unless
  // NODE_ENV=production or SEED_DEMO=false. Sent as the gateway sends commands (its NATS user).
  if (env.NODE_ENV !== 'production' && process.env.SEED_DEMO !== 'false') {
    console.log('> demo data (scripts/seed.ts, only into an empty directory; SEED_DEMO=false skips it)');
    const seed = spawn(process.execPath, [join(root, 'dist', 'scripts', 'seed.js'), '--if-empty'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env, NATS_URL: nats.urlFor('gateway') },
    });
    const code = await new Promise((r) => seed.once('exit', (c) => r(c)));
    if (code !== 0) console.error('> the demo data could not be seeded (npm run seed tries again)');
  }
  console.log(`\n  Credentialing Suite is up: http://localhost:${port}\n  (Ctrl-C stops everything)\n`);
  await printAdminPasswordFile();
} catch (e) {
  console.error(`\n> ${e instanceof Error ? e.message : e}`);
  await shutdown(1);
}

// Without ADMIN_PASSWORD, identity generates the master admin's password on the first run and
// writes it to a file only its owner can read (never to the console or NATS): say where it is.
async function printAdminPasswordFile() {
  if (process.env.ADMIN_PASSWORD) return;
  const file = resolve(root, process.env.ADMIN_PASSWORD_FILE ?? join('.data', 'master-admin-password'));
  for (let i = 0; i < 20 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 250));
  if (!existsSync(file)) return;
  console.log(
    `  Master admin ${process.env.ADMIN_EMAIL ?? 'admin@credentialing.local'}: its generated password is in\n` +
      `  ${relative(process.cwd(), file) || file} (readable by you only). Change it after signing in, then delete the file.\n`,
  );
}
