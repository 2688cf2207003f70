// `npm test`: every test — unit, integration (real Postgres and NATS JetStream, throwaway
// databases and subject prefixes) and browser end-to-end (Chromium against the whole system
// started on its own database, prefix and port). Ends with one "passed, failed" line.
//   npm test                   all levels
//   npm test -- --only unit    one or more levels: unit,integration,e2e
//   npm test -- <jest args>    passed to jest (e.g. a path filter)
// Each level starts only what it needs: unit needs no build, no Postgres, NATS or Chromium.
// The unit lane shares nothing with the others, so it runs alongside integration (its output
// prefixed `[unit]`); the browser lane follows integration, since both load the machine's
// Postgres and NATS and the browser specs time a real system.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ensureInstalled, onNode24, root } from './lib/node24.mjs';

ensureInstalled();
await onNode24(import.meta.url);

const args = process.argv.slice(2);
let levels = ['unit', 'integration', 'e2e'];
const onlyIdx = args.indexOf('--only');
if (onlyIdx >= 0) {
  levels = args[onlyIdx + 1].split(',');
  args.splice(onlyIdx, 2);
}
const unknown = levels.filter((l) => !['unit', 'integration', 'e2e'].includes(l));
if (unknown.length) {
  console.error(`unknown test level ${unknown.join(', ')}: use unit, integration or e2e`);
  process.exit(1);
}
const jestArgs = args;
const wants = (level) => levels.includes(level);
const needsSystem = wants('integration') || wants('e2e');
// One folder per run: two runs at once (e.g. in two terminals) must not read each other's counts.
const resultsDir = join(root, '.data', 'test-results', `${Date.now()}-${process.pid}`);
mkdirSync(resultsDir, { recursive: true });

const chromiumPath = () => [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean).find((p) => existsSync(p));
const clamdPath = () => [process.env.CLAMD_BIN, '/usr/sbin/clamd', '/usr/bin/clamd'].filter(Boolean).find((p) => existsSync(p));

// The tests install nothing: the machine's setup (.ci/run) installs Chromium and clamd.
if (wants('e2e') && !chromiumPath()) {
  console.error('The browser tests need Chromium: apt-get install chromium (as .ci/run does), or set CHROMIUM_PATH.');
  process.exit(1);
}
// The upload virus-scan test drives a real clamd (Debian clamav-daemon); without one it says it is skipped.
if (wants('integration') && !clamdPath()) {
  console.warn('No clamd (apt-get install clamav-daemon as .ci/run does, or set CLAMD_BIN): the upload virus-scan test will be skipped.');
}

// Integration specs serve the built web and start built apps; the browser specs run the built system.
if (needsSystem) {
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Tests use the machine's servers through throwaway databases and prefixes, never a dev system's data.
let pg = null;
let nats = null;
const natsUrl = process.env.TEST_NATS_URL ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
if (needsSystem) {
  const { ensureNats, ensurePostgres } = await import('./lib/infra.mjs');
  pg = await ensurePostgres(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', join(root, '.data', 'postgres-test'));
  nats = await ensureNats(natsUrl, join(root, '.data', 'nats-test'));
}
const testEnv = {
  ...process.env,
  NODE_ENV: 'test',
  ...(needsSystem ? { TEST_DATABASE_URL: pg.url, TEST_NATS_URL: natsUrl, CHROMIUM_PATH: chromiumPath() ?? '' } : {}),
};

/** Copies a child's output lines to ours, each prefixed with its lane (when lanes run at once). */
function relay(stream, out, prefix) {
  if (!prefix) return stream.pipe(out);
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`${prefix}${line}\n`));
}

/**
 * One jest run of one lane; resolves with its exit code. `prefix` tags its output lines when
 * lanes run at once. The browser specs share one system: one at a time. The rest use their own
 * databases and subject prefixes: `workers` jest workers, recycled when they grow.
 */
function runJest(lane, { workers, prefix, extraEnv = {} }) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--experimental-vm-modules',
        '--no-warnings',
        join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
        '--selectProjects',
        lane,
        ...(lane === 'e2e' ? ['--runInBand'] : [`--maxWorkers=${workers}`, '--workerIdleMemoryLimit=1536MB']),
        // Jest reads the time limit from the run, not the project: a test of a system on a busy machine
        // gets five minutes (a passing test never waits for it; a hung one is reported after it).
        ...(lane === 'unit' ? [] : ['--testTimeout=300000']),
        // A path filter given for several lanes need not match in each of them.
        '--passWithNoTests',
        '--json',
        '--outputFile',
        join(resultsDir, `${lane}.json`),
        ...jestArgs,
      ],
      { cwd: root, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...testEnv, ...extraEnv } },
    );
    if (prefix) {
      relay(child.stdout, process.stdout, prefix);
      relay(child.stderr, process.stderr, prefix);
    }
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
  // An exclusion list, as npm start imports one: without one the exclusion screening has no source
  // and every file keeps that open item. The generated sample without the demo
  // providers (no registry schema to take them from): the browser specs' providers are not on it.
  const leieDir = join(root, '.data', `leie-sample-e2e-${suffix}`);
  const leie = spawnSync(process.execPath, [join(root, 'dist', 'scripts', 'leie-import.js'), '--sample-if-empty'], {
    cwd: root,
    env: { ...process.env, ...env, REGISTRY_SCHEMA: 'no_demo_providers', LEIE_SAMPLE_DIR: leieDir },
    encoding: 'utf8',
  });
  rmSync(leieDir, { recursive: true, force: true });
  if (leie.status !== 0) {
    console.error('the sample exclusion list could not be imported for the e2e system', leie.stdout, leie.stderr);
    return 1;
  }
  const { startApps, waitHealthy } = await import('./lib/system.mjs');
  const apps = startApps(env, { quiet: true });
  let alive = true;
  for (const child of apps.children.values()) child.once('exit', () => (alive = false));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(baseUrl, 120, () => alive);
    // One browser spec at a time: they share the system and its master admin.
    return await runJest('e2e', {
      extraEnv: {
        E2E_BASE_URL: baseUrl,
        E2E_ADMIN_EMAIL: env.ADMIN_EMAIL,
        E2E_ADMIN_USERNAME: env.ADMIN_USERNAME,
        E2E_ADMIN_PASSWORD: env.ADMIN_PASSWORD,
        E2E_ADMIN_MOBILE: env.ADMIN_MOBILE,
        E2E_DATABASE_URL: env.DATABASE_URL,
        E2E_NATS_PREFIX: prefix,
      },
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
// Two cores by default: alongside integration, the unit lane gets one worker and the
// integration lane keeps two (its workers mostly wait on Postgres and NATS). TEST_WORKERS sets
// the integration lane's (and a lone unit lane's) workers, TEST_UNIT_WORKERS the unit lane's.
const workers = Number(process.env.TEST_WORKERS ?? 2);
const parallel = wants('unit') && needsSystem && process.env.TEST_LANES_SERIAL !== '1';
const unitWorkers = Number(process.env.TEST_UNIT_WORKERS ?? (parallel ? 1 : workers));
const laneSeconds = {};
const timed = async (lane, run) => {
  const t = Date.now();
  const code = await run();
  laneSeconds[lane] = Math.round((Date.now() - t) / 1000);
  return code;
};
const unit = () => timed('unit', () => runJest('unit', { workers: unitWorkers, prefix: parallel ? '[unit] ' : undefined }));
const system = async () => {
  const codes = [];
  if (wants('integration')) codes.push(await timed('integration', () => runJest('integration', { workers })));
  if (wants('e2e')) codes.push(await timed('e2e', runE2e));
  return codes;
};
const codes = parallel
  ? (await Promise.all([unit(), system()])).flat()
  : [...(wants('unit') ? [await unit()] : []), ...(await system())];
await nats?.stop();
await pg?.stop();

let passed = 0;
let failed = 0;
let skipped = 0;
for (const f of ['unit.json', 'integration.json', 'e2e.json']) {
  const p = join(resultsDir, f);
  if (!existsSync(p)) continue;
  const r = JSON.parse(readFileSync(p, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}
const ok = codes.every((c) => c === 0) && failed === 0 && passed > 0;
if (!ok && failed === 0) failed = 1; // a runner that failed without counting a test still fails the run
const lanesTook = Object.entries(laneSeconds).map(([lane, seconds]) => `${lane} ${seconds} s`).join(', ');
console.log(`\n(${lanesTook}${parallel ? ', unit alongside the others' : ''}; ${((Date.now() - started) / 1000).toFixed(0)} s in all)`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
rmSync(resultsDir, { recursive: true, force: true });
process.exit(ok ? 0 : 1);
