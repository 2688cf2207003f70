/**
 * A separate nats-server process running the deployment's configuration
 * (deploy/nats/nats-server.conf), on free ports with a temporary JetStream store and
 * passwords from its environment: for tests of the accounts and permissions themselves.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, PermissionViolationError, type ConnectionOptions, type NatsConnection } from '@nats-io/transport-node';

export const ROOT = join(__dirname, '..', '..');
export const DEPLOY_CONFIG = join(ROOT, 'deploy', 'nats', 'nats-server.conf');
/** Users of the APP account, one per app (their passwords: NATS_<APP>_PASSWORD). */
export const APP_USERS = ['gateway', 'identity', 'directory', 'practices', 'messaging', 'notifications', 'credentialing'] as const;
export type NatsUser = (typeof APP_USERS)[number] | 'integrator';

export function natsServerBinary(): string {
  for (const candidate of [process.env.NATS_SERVER_BIN, 'nats-server', '/usr/sbin/nats-server', '/usr/local/bin/nats-server']) {
    if (candidate && spawnSync(candidate, ['--version']).status === 0) return candidate;
  }
  throw new Error('nats-server is not installed (Debian: apt-get install nats-server)');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function passwordVariable(user: NatsUser): string {
  return `NATS_${user.toUpperCase()}_PASSWORD`;
}

export type DeployNats = {
  port: number;
  url: string;
  /** The server's monitoring endpoint (http://127.0.0.1:<port>: /connz, /healthz...). */
  monitorUrl: string;
  passwords: Record<NatsUser, string>;
  /** A connection as one of the configuration's users (an app's with its own inbox prefix, as the apps connect). */
  connectAs(user: NatsUser, options?: Partial<ConnectionOptions>): Promise<NatsConnection>;
  /** Stops the server (SIGTERM) and starts it again on the same port and store. */
  restart(): Promise<void>;
  stop(): Promise<void>;
  output(): string;
};

export async function startDeployNats(): Promise<DeployNats> {
  const bin = natsServerBinary();
  const port = await freePort();
  const monitorPort = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'deploy-nats-'));
  const storeDir = join(dir, 'jetstream');
  // The deployment's file with only the JetStream store moved to the temporary folder (the
  // server refuses -sd next to a store_dir in the file); ports are overridden below.
  const deployed = readFileSync(DEPLOY_CONFIG, 'utf8');
  const config = deployed.replace(/store_dir: "\/data\/jetstream"/, `store_dir: ${JSON.stringify(storeDir)}`);
  if (config === deployed) throw new Error(`no store_dir "/data/jetstream" in ${DEPLOY_CONFIG}`);
  const configFile = join(dir, 'nats-server.conf');
  writeFileSync(configFile, config);
  const passwords = Object.fromEntries(
    // Starting with a letter: the server parses a variable's value like a config value (a
    // leading digit makes it a number or a parse error).
    [...APP_USERS, 'integrator' as const].map((u) => [u, `n${randomBytes(12).toString('hex')}`]),
  ) as Record<NatsUser, string>;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [user, password] of Object.entries(passwords)) env[passwordVariable(user as NatsUser)] = password;
  let log = '';
  let child: ChildProcess | undefined;

  const launch = async () => {
    // Command-line options override the file's address and ports.
    const c = spawn(bin, ['-c', configFile, '-a', '127.0.0.1', '-p', String(port), '-m', String(monitorPort)], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (d: Buffer) => (log = (log + d.toString()).slice(-20_000));
    c.stdout!.on('data', keep);
    c.stderr!.on('data', keep);
    child = c;
    for (let i = 0; i < 100; i++) {
      if (c.exitCode !== null) throw new Error(`nats-server exited (${c.exitCode}):\n${log}`);
      try {
        const res = await fetch(`http://127.0.0.1:${monitorPort}/healthz?js-enabled-only=true`);
        if (res.ok) return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`nats-server did not become healthy:\n${log}`);
  };
  const halt = async () => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGTERM');
    });
  };

  await launch();
  const url = `nats://127.0.0.1:${port}`;
  return {
    port,
    url,
    monitorUrl: `http://127.0.0.1:${monitorPort}`,
    passwords,
    connectAs: (user, options = {}) =>
      connect({
        servers: url,
        user,
        pass: passwords[user],
        name: `test-${user}`,
        ...(user === 'integrator' ? {} : { inboxPrefix: `_INBOX.${user}` }),
        ...options,
      }),
    async restart() {
      await halt();
      await launch();
    },
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
    output: () => log,
  };
}

/**
 * Collects the permission violations the server reports on a connection, as
 * "publish <subject>" / "subscription <subject>" (the connection stays open).
 */
export function permissionViolations(nc: NatsConnection): string[] {
  const seen: string[] = [];
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'error' && s.error instanceof PermissionViolationError) seen.push(`${s.error.operation} ${s.error.subject}`);
    }
  })();
  return seen;
}

/** Publishes, round-trips to the server, and gives it a moment to report violations. */
export async function publishAndSettle(nc: NatsConnection, subjects: string[]): Promise<void> {
  for (const subject of subjects) nc.publish(subject, '{}');
  await nc.flush();
  await new Promise((r) => setTimeout(r, 200));
}
