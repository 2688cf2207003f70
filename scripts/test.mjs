// `npm test`: every test — unit, integration (real Postgres and NATS JetStream, throwaway
// databases and subject prefixes) and browser end-to-end (Chromium against the whole system
// started on its own database, prefix and port). Ends with one "passed, failed" line.
//   npm test                   all levels
//   npm test -- --only unit    one or more levels: unit,integration,e2e
//   npm test -- <jest args>    passed to jest (e.g. a path filter)
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { ensureInstalled, onNode24, root } from './lib/node24.mjs';

ensureInstalled();
await onNode24(import.meta.url);

const { ensureNats, ensurePostgres } = await import('./lib/infra.mjs');
const { startApps, waitHealthy } = await import('./lib/system.mjs');

const args = process.argv.slice(2);
let levels = ['unit', 'integration', 'e2e'];
const onlyIdx = args.indexOf('--only');
if (onlyIdx >= 0) {
  levels = args[onlyIdx + 1].split(',');
  args.splice(onlyIdx, 2);
}
const jestArgs = args;
// One folder per run: two runs at once (e.g. in two terminals) must not read each other's counts.
const resultsDir = join(root, '.data', 'test-results', `${Date.now()}-${process.pid}`);
mkdirSync(resultsDir, { recursive: true });

const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => existsSync(p));
}
const clamdPath = () => [process.env.CLAMD_BIN, '/usr/sbin/clamd', '/usr/bin/clamd'].filter(Boolean).find((p) => existsSync(p));

/** Installs Debian packages the tests drive when they are missing and this is root with apt; false when it could not. */
function aptInstall(packages) {
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (process.getuid?.() !== 0 || !hasApt) return false;
  console.log(`> installing Debian ${packages.join(', ')} for the tests`);
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
  if (install()) return true;
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  return install();
}

if (levels.includes('e2e') && !chromiumPath()) {
  if (!aptInstall(['chromium']) || !chromiumPath()) {
    console.error('The browser tests need Chromium: install it (apt-get install chromium) or set CHROMIUM_PATH.');
    process.exit(1);
  }
}
// The upload virus-scan test drives a real clamd (Debian clamav-daemon); without one it says it is skipped.
if (levels.includes('integration') && !clamdPath() && (!aptInstall(['clamav-daemon']) || !clamdPath())) {
  console.warn('No clamd (apt-get install clamav-daemon, or set CLAMD_BIN): the upload virus-scan test will be skipped.');
}

// Tests use the machine's servers through throwaway databases and prefixes, never a dev system's data.
const testPgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pg = await ensurePostgres(testPgUrl, join(root, '.data', 'postgres-test'));
const natsUrl = process.env.TEST_NATS_URL ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const nats = await ensureNats(natsUrl, join(root, '.data', 'nats-test'));
const testEnv = { ...process.env, TEST_DATABASE_URL: pg.url, TEST_NATS_URL: natsUrl, NODE_ENV: 'test', CHROMIUM_PATH: chromiumPath() ?? '' };

function runJest(projects, outFile, extraEnv = {}) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--experimental-vm-modules',
        '--no-warnings',
        join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
        ...projects.flatMap((p) => ['--selectProjects', p]),
        // Browser specs share one system: one at a time. The rest use their own databases and
        // subject prefixes: two workers (the CI machine has 2 cores), recycled when they grow.
        ...(projects.includes('e2e') ? ['--runInBand'] : [`--maxWorkers=${process.env.TEST_WORKERS ?? 2}`, '--workerIdleMemoryLimit=1536MB']),
        '--json',
        '--outputFile',
        outFile,
        ...jestArgs,
      ],
      { cwd: root, stdio: 'inherit', env: { ...testEnv, ...extraEnv } },
    );
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function runE2e() {
  const suffix = randomBytes(4).toString('hex');
  const dbUrl = new URL(pg.url);
  dbUrl.pathname = `/test_e2e_${suffix}`;
  const prefix = `e2e_${suffix}`;
  const port = await freePort();
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: dbUrl.toString(),
    NATS_URL: natsUrl,
    NATS_PREFIX: prefix,
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ACTOR_SIGNING_KEY: randomBytes(32).toString('hex'),
    UPLOAD_DIR: join(root, '.data', `uploads-e2e-${suffix}`),
    ADMIN_EMAIL: 'admin@e2e.test',
    ADMIN_USERNAME: 'masteradmin',
    ADMIN_PASSWORD: 'Correct-Horse-Battery-9',
    ADMIN_MOBILE: '+12025550123',
  };
  const migrate = spawnSync(process.execPath, [join(root, 'dist', 'scripts', 'migrate.js')], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (migrate.status !== 0) {
    console.error(migrate.stdout, migrate.stderr);
    return 1;
  }
  // Registry searches in the browser specs (facilities, profiles, practices) need the mirror:
  // the generated sample registry, through the real importer, as npm start does.
  const registry = spawnSync(process.execPath, [join(root, 'dist', 'scripts', 'nppes-import.js'), '--sample-if-empty'], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (registry.status !== 0) {
    console.error('the sample registry could not be imported for the e2e system', registry.stdout, registry.stderr);
    return 1;
  }
  const apps = startApps(env, { quiet: true });
  let alive = true;
  for (const child of apps.children.values()) child.once('exit', () => (alive = false));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(baseUrl, 120, () => alive);
    // One browser spec at a time: they share the system and its master admin.
    return await runJest(['e2e'], join(resultsDir, 'e2e.json'), {
      E2E_BASE_URL: baseUrl,
      E2E_ADMIN_EMAIL: env.ADMIN_EMAIL,
      E2E_ADMIN_USERNAME: env.ADMIN_USERNAME,
      E2E_ADMIN_PASSWORD: env.ADMIN_PASSWORD,
      E2E_ADMIN_MOBILE: env.ADMIN_MOBILE,
      E2E_DATABASE_URL: env.DATABASE_URL,
      E2E_NATS_PREFIX: prefix,
    });
  } catch (e) {
    console.error(`e2e system failed to start: ${e.message}`);
    return 1;
  } finally {
    await apps.stop();
    await cleanup(dbUrl, prefix);
  }
}

async function cleanup(dbUrl, prefix) {
  try {
    const { default: pgLib } = await import('pg');
    const admin = new pgLib.Client({ connectionString: pg.url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${dbUrl.pathname.slice(1)}" WITH (FORCE)`);
    await admin.end();
    const { connect } = await import('@nats-io/transport-node');
    const { jetstreamManager } = await import('@nats-io/jetstream');
    const nc = await connect({ servers: natsUrl });
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(`${prefix.toUpperCase()}_EVENTS`).catch(() => undefined);
    await nc.close();
  } catch (e) {
    console.warn(`cleanup: ${e.message}`);
  }
}

const started = Date.now();
const backendLevels = levels.filter((l) => l !== 'e2e');
const codes = [];
if (backendLevels.length) codes.push(await runJest(backendLevels, join(resultsDir, 'backend.json')));
if (levels.includes('e2e')) codes.push(await runE2e());
await nats.stop();
await pg.stop();

let passed = 0;
let failed = 0;
let skipped = 0;
for (const f of ['backend.json', 'e2e.json']) {
  const p = join(resultsDir, f);
  if (!existsSync(p)) continue;
  const r = JSON.parse(readFileSync(p, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}
const ok = codes.every((c) => c === 0) && failed === 0 && passed > 0;
if (!ok && failed === 0) failed = 1; // a runner that failed without counting a test still fails the run
console.log(`\n(${levels.join(', ')} in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
rmSync(resultsDir, { recursive: true, force: true });
process.exit(ok ? 0 : 1);
