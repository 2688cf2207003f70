/**
 * `npm run drill [-- --quick]`: the project's own fault drill, repeatable by anyone.
 *
 * It starts an isolated system: its own Postgres cluster (a data directory under the machine's
 * temporary folder, on a free port), its own nats-server with JetStream (free port, its own store)
 * and every app, supervised as `npm start` supervises them. It drives a mixed load (chat posts,
 * profile edits, credentialing actions, sign-ins, each request with its own id), then kills -9 in
 * turn each app, the NATS server and every process of the Postgres cluster, and restarts what the
 * system does not restart itself (NATS and Postgres; the supervisor restarts the apps). At the end
 * it compares every acknowledged write with the event stores and the read models, counts answers
 * by status, and prints one line last:
 *
 *   drill: N acknowledged writes, 0 lost, 0 duplicated, 0 answers >= 500 other than 503, slowest recovery S s
 *
 * A recovery is the time from a kill until every kind of write has been acknowledged again and
 * the gateway's readiness says every service is up. Exit code 0 when every target is met (0 lost,
 * 0 duplicated, no answer >= 500 other than 503, every read model complete, each fault recovered
 * within `--max-recovery` seconds, default 5), 1 otherwise.
 *
 * Each recovery line says where the time went: when the killed app's replacement logged its boot
 * (its phases in seconds since its process started: code loaded, started, migrated, created,
 * listening), when the gateway's readiness said every service was up, and when each kind of write
 * was first acknowledged again, all counted from the kill.
 *
 * With `--cluster` the system is a three-node NATS cluster (routes, one cluster name, JetStream
 * with NATS_REPLICAS=3 for the streams and consumers) and two instances of every app (two
 * gateways, on two ports, that the load spreads over as a load balancer would: a refused
 * connection goes to the other). Each fault kills one instance of an app, or one NATS node (then
 * started again), under load: the survivors take it. Besides the acknowledged writes, the verdict
 * checks that no event was processed twice: no notification raised twice for one source event
 * and one account, no chat message or credential twice in the read models.
 *
 *   --quick             each fault once, 3 s of load between faults (under 5 minutes here)
 *   --cluster           the three-node NATS cluster and two instances of every app (see above)
 *   --rounds N          each fault N times (default 2)
 *   --workers N         concurrent clients (default 8)
 *   --max-recovery S    the recovery target in seconds (default 5)
 *   --keep              keep the data directory (printed) for a look afterwards
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, createWriteStream, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { connect as tcpConnect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { ROOT } from './bench/support';
import { WRITE_EVENTS, WRITE_KINDS, acknowledged, backAt, missedTargets, recoverySeconds, summaryLine, verdict, type Attempt, type Recovery, type WriteKind } from './drill/ledger';

const APPS = ['identity', 'directory', 'practices', 'messaging', 'notifications', 'credentialing', 'gateway'] as const;
/** Nodes of the NATS cluster of `--cluster`. */
const NATS_NODES = 3;
const ADMIN = { email: 'admin@drill.test', userName: 'masteradmin', password: 'Correct-Horse-Battery-9', mobile: '+12025550188' };
const PROVIDER_NPI = '1234567893';
const NATS_BIN = ['/usr/sbin/nats-server', '/usr/local/bin/nats-server', '/usr/bin/nats-server'].find((p) => existsSync(p)) ?? 'nats-server';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => console.log(`> ${line}`);

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  if (i < 0) return fallback;
  const n = Number(process.argv[i + 1]);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name}: a positive number`);
  return n;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The postmaster of a data directory and every process it started (backends, background workers). */
function clusterPids(dataDir: string): number[] {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return [];
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!postmaster || !alive(postmaster)) return [];
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after the last ')'.
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

type Infra = {
  ensurePostgres(url: string, dataDir: string, log?: (l: string) => void): Promise<{ url: string; stop(): Promise<void> }>;
};
type Apps = { children: Map<string, ChildProcess>; stop(signal?: string, timeoutMs?: number): Promise<void>; exited(): string[] };
type System = {
  startApps(env: Record<string, string>, o: Record<string, unknown>): Apps;
  RESTART_AT_ONCE_AFTER_MS: number;
  waitHealthy(url: string, seconds: number, isAlive?: () => boolean): Promise<void>;
};

async function main(): Promise<number> {
  const quick = process.argv.includes('--quick');
  const cluster = process.argv.includes('--cluster');
  const rounds = quick ? 1 : flag('--rounds', 2);
  const workers = flag('--workers', 8);
  const maxRecoveryS = flag('--max-recovery', 5);
  const loadBetweenMs = quick ? 3_000 : 6_000;
  for (const app of APPS) {
    if (!existsSync(join(ROOT, 'dist', 'apps', app, 'src', 'main.js'))) throw new Error(`dist/apps/${app} is missing: run npm run build`);
  }
  const infra = (await import(join(ROOT, 'scripts', 'lib', 'infra.mjs'))) as Infra;
  const system = (await import(join(ROOT, 'scripts', 'lib', 'system.mjs'))) as System;

  // 1. An isolated Postgres cluster and NATS server (or cluster), on free ports, with their data in one folder.
  const work = mkdtempSync(join(tmpdir(), 'drill-'));
  chmodSync(work, 0o755); // as root, the embedded Postgres runs as 'nobody', who must reach its data directory
  const pgDir = join(work, 'postgres');
  const pgPort = await freePort();
  const httpPorts = cluster ? [await freePort(), await freePort()] : [await freePort()];
  const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/drill`;
  const startPostgres = () => infra.ensurePostgres(databaseUrl, pgDir, () => undefined);
  let postgres = await startPostgres();
  const nats = await NatsNodes.start(cluster ? NATS_NODES : 1, join(work, 'nats'));
  log(`isolated Postgres on port ${pgPort} and ${cluster ? `a ${NATS_NODES}-node NATS cluster on ${nats.ports.join(', ')}` : `NATS on ${nats.ports[0]}`}, data under ${work}`);

  const env: Record<string, string> = {
    NODE_ENV: 'test',
    // Info: each app's boot line (its phases) shows where a recovery's time went.
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    // Every app knows every server of the cluster.
    NATS_URL: nats.ports.map((p) => `nats://127.0.0.1:${p}`).join(','),
    NATS_REPLICAS: String(cluster ? NATS_NODES : 1),
    NATS_PREFIX: 'drill',
    PORT: String(httpPorts[0]),
    HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ACTOR_SIGNING_KEY: randomBytes(32).toString('hex'),
    UPLOAD_DIR: join(work, 'uploads'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_USERNAME: ADMIN.userName,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_MOBILE: ADMIN.mobile,
    // One client address sends all the load: no per-address limit in the way of the drill.
    HTTP_RATE_LIMIT: '100000000',
    THROTTLE_SIGNIN_CODES: '100000000',
    THROTTLE_IP_ATTEMPTS: '100000000',
    THROTTLE_IP_SENDS: '100000000',
  };
  const migrate = spawn(process.execPath, [join(ROOT, 'dist', 'scripts', 'migrate.js')], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  if ((await new Promise<number | null>((r) => migrate.once('exit', r))) !== 0) throw new Error('migrate failed');
  // Every app's log lines, kept in one file of the data folder (--keep keeps it for a look).
  const appLog = createWriteStream(join(work, 'apps.log'));
  const boots: Boot[] = [];
  const onLine = (app: string, line: string) => {
    appLog.write(`${app} ${line}\n`);
    const boot = bootLine(app, line);
    if (boot) boots.push(boot);
  };
  // Supervised as npm start supervises them, and each with a warm spare (the supervisor's `standby`); in the cluster two instances of each app.
  const apps = system.startApps(env, {
    quiet: true,
    supervise: true,
    standby: true,
    instances: cluster ? 2 : 1,
    envFor: (_app: string, instance: number) => ({ PORT: String(httpPorts[instance - 1] ?? httpPorts[0]) }),
    onLine,
    log: (line: string) => log(line.replace(/^> /, '')),
  });
  const gateways = httpPorts.map((p) => `http://127.0.0.1:${p}`);
  const base = gateways[0];
  let pool: Pool | null = null;
  try {
    for (const g of gateways) await system.waitHealthy(g, 180);
    log('system up; setting up the master admin, a provider, a direct chat and a credentialing file');

    // 2. Who acts: the master admin, signed in (both steps, the code from the development outbox), and a provider.
    const admin = await signInAdmin(base);
    const provider = await until('the provider profile', async () => {
      const email = `drill.provider@drill.test`;
      const r = await call(base, admin.token, 'POST', '/api/v1/users/addUser', {
        npi: PROVIDER_NPI,
        firstName: 'Dana',
        lastName: 'Drill',
        email,
        mobile: '+12025550177',
        mailingAddressStreet: '1 State Street',
        mailingAddressCity: 'Albany',
        mailingAddressState: 'NY',
        mailingAddressZip: '12207',
        phone: '518-555-0100',
        requestId: 'drill-provider',
      });
      return r.status === 200 ? { id: r.body.user._id as string, userName: r.body.user.userName as string } : undefined;
    });
    const dmId = await until('the direct chat', async () => {
      const r = await call(base, admin.token, 'POST', '/api/users/initiateChat', { senderId: admin.id, recipientId: provider.id, recipientUserName: provider.userName });
      return r.status === 200 ? (r.body.newDm._id as string) : undefined;
    });
    await until('the credentialing file', async () => {
      const r = await call(base, admin.token, 'PUT', '/api/v1/credentialing/files', { providerId: provider.id });
      return r.status === 200 || r.status === 409 ? true : undefined;
    });

    // 3. The load: `workers` clients, each on one kind of write, every request with its own id.
    const attempts: Attempt[] = [];
    let profileSeq = 0;
    let stop = false;
    let turn = 0;
    const inFlight = new Set<Promise<void>>();
    const track = (p: Promise<void>) => {
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    };
    // The load balancer of the cluster: each request to the next gateway, to the other one when its connection is refused.
    const spread = (_base: string, token: string | null, method: string, path: string, body?: unknown, requestId?: string) =>
      callSpread(gateways, turn++, token, method, path, body, requestId) as Promise<{ status: number | 'network-error'; body: any }>;
    const write = async (kind: WriteKind): Promise<void> => {
      const requestId = randomUUID();
      const at = Date.now();
      let key: string | undefined;
      let r: { status: number | 'network-error' };
      if (kind === 'chat') {
        key = `drill ${requestId}`;
        r = await spread(base, admin.token, 'POST', '/api/users/postMessage', { dmId, senderId: admin.id, senderDisplayName: 'Master Admin', senderUserName: ADMIN.userName, msg: key, isImage: false, isDocument: false }, requestId);
      } else if (kind === 'profile') {
        key = `Dana Drill ${++profileSeq}`;
        r = await spread(base, admin.token, 'POST', '/api/users/updateUserProfile', { userId: provider.id, userName: provider.userName, displayName: key, streetAddress: '1 State Street', city: 'Albany', state: 'NY', zip: '12207', phone: '518-555-0100' }, requestId);
      } else if (kind === 'credential') {
        key = `Drill ${requestId}`;
        r = await spread(base, admin.token, 'POST', `/api/v1/credentialing/files/${provider.id}/credentials`, { kind: 'workHistory', employer: key, startedOn: '2015-01-01', endedOn: '2016-01-01' }, requestId);
      } else {
        r = await spread(base, null, 'POST', '/api/v1/users/signIn', { usernameOrEmail: ADMIN.email, password: ADMIN.password }, requestId);
      }
      attempts.push({ requestId, kind, status: r.status, at, doneAt: Date.now(), key });
    };
    const running = Promise.all(
      Array.from({ length: workers }, async (_, w) => {
        const kind = WRITE_KINDS[w % WRITE_KINDS.length];
        while (!stop) {
          await write(kind);
          await sleep(kind === 'signIn' ? 200 : 20);
        }
      }),
    );

    // 4. The faults, one after the other, each once the system has served the load for a while.
    // In the cluster: the second instance of each app and one NATS node (the second).
    const targets = [...APPS.map((a) => (cluster ? `${a}-2` : a)), cluster ? 'nats-2' : 'nats', 'postgres'];
    const recoveries: Recovery[] = [];
    for (let round = 1; round <= rounds; round++) {
      for (const target of targets) {
        await sleep(loadBetweenMs);
        const killedAt = Date.now();
        let restartedAt: number | null = null;
        if (target.startsWith('nats')) {
          const node = cluster ? Number(target.split('-')[1]) - 1 : 0;
          await nats.kill(node);
          await sleep(300);
          await nats.restart(node);
          restartedAt = Date.now();
        } else if (target === 'postgres') {
          const pids = clusterPids(pgDir);
          for (const pid of pids) process.kill(pid, 'SIGKILL');
          for (let i = 0; i < 100 && pids.some(alive); i++) await sleep(50);
          await sleep(300);
          postgres = await startPostgres();
          restartedAt = Date.now();
        } else {
          apps.children.get(target)?.kill('SIGKILL');
        }
        // A request of each kind begun every 250 ms until that kind is acknowledged again (a
        // new one only once the last has run a second, at most 3 at once per kind, so that a
        // slow service is not flooded): the requests in flight at the kill, which wait for
        // their deadline, do not stand between the system coming back and the drill seeing it.
        const probing = (async () => {
          const pending = new Map<WriteKind, number[]>(WRITE_KINDS.map((k) => [k, []]));
          while (Date.now() - killedAt < 60_000) {
            const missing = WRITE_KINDS.filter((k) => firstAck(attempts, k, killedAt) === null);
            if (!missing.length) return;
            for (const k of missing) {
              const started = pending.get(k)!;
              if (started.length >= 3 || (started.length && Date.now() - started[started.length - 1] < 1_000)) continue;
              const at = Date.now();
              started.push(at);
              track(write(k).finally(() => started.splice(started.indexOf(at), 1)));
            }
            await sleep(250);
          }
        })();
        const healthyAt = await waitReady(gateways, 60_000);
        let back: number | null = null;
        for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(100)) {
          back = backAt(attempts, killedAt, healthyAt);
          if (back !== null) break;
        }
        await probing;
        const recovery: Recovery = { target, killedAt, backAt: back, restartedAt };
        recoveries.push(recovery);
        const s = (t: number | null | undefined) => (t == null ? '-' : ((t - killedAt) / 1000).toFixed(1));
        const boot = boots.find((b) => b.app === target && b.at >= killedAt);
        const where = [
          restartedAt !== null ? `restarted ${s(restartedAt)}` : '',
          boot ? `listening ${s(boot.at)} (boot ${Object.entries(boot.phases).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`).join(', ')})` : '',
          `ready ${s(healthyAt)}`,
          WRITE_KINDS.map((k) => `${k} ${s(firstAck(attempts, k, killedAt))}`).join(', '),
        ].filter(Boolean);
        const after = restartedAt === null ? '' : ` after its restart (${s(back)} s after the kill)`;
        log(`kill -9 ${target}${rounds > 1 ? ` (round ${round})` : ''}: ${back === null ? 'NOT back within 60 s' : `back in ${recoverySeconds(recovery)!.toFixed(1)} s${after}`} [${where.join('; ')}]`);
      }
    }
    await sleep(loadBetweenMs);
    stop = true;
    await running;
    await Promise.all(inFlight);

    // 5. The verdict: each acknowledged write in its store once, and in the read models.
    log(`load stopped after ${attempts.length} requests; waiting for every projection and relay to reach its store's head`);
    pool = new Pool({ connectionString: databaseUrl, max: 2 });
    await until('the projections and relays', async () => ((await behind(pool!)).length === 0 ? true : undefined), 120_000);
    const stored = new Map<string, number>();
    for (const kind of WRITE_KINDS) {
      const { schema, type } = WRITE_EVENTS[kind];
      const ids = attempts.filter((a) => a.kind === kind && acknowledged(a)).map((a) => a.requestId);
      const { rows } = await pool.query<{ id: string; n: number }>(
        `SELECT metadata->>'correlationId' AS id, count(*)::int AS n FROM ${schema}.events WHERE type = $1 AND metadata->>'correlationId' = ANY($2::text[]) GROUP BY 1`,
        [type, ids],
      );
      for (const r of rows) stored.set(r.id, r.n);
    }
    const inReadModels = await readModelsHold(pool, base, admin.token, provider.id, attempts);
    const v = verdict(attempts, stored, inReadModels, recoveries);
    console.log(`answers by status: ${Object.entries(v.byStatus).map(([s, n]) => `${s} ${n}`).join(', ')}`);
    const slow = attempts.filter((a) => a.doneAt - a.at >= 5_000);
    const fastest503 = attempts.filter((a) => a.status === 503).map((a) => a.doneAt - a.at);
    console.log(
      `answers taking 5 s or more: ${slow.length}${slow.length ? ` (slowest ${(Math.max(...slow.map((a) => a.doneAt - a.at)) / 1000).toFixed(1)} s)` : ''}; 503s: ${fastest503.length}${fastest503.length ? `, median ${(median(fastest503) / 1000).toFixed(2)} s` : ''}`,
    );
    const twice = await processedTwice(pool);
    console.log(`processed twice: ${twice.notifications} notifications (of ${twice.notificationsTotal}), ${twice.messages} chat messages, ${twice.credentials} credentials`);
    if (twice.notifications || twice.messages || twice.credentials) v.duplicated += twice.notifications + twice.messages + twice.credentials;
    const missed = missedTargets(v, maxRecoveryS);
    for (const m of missed) console.log(`target missed: ${m}`);
    console.log(summaryLine(v));
    return missed.length ? 1 : 0;
  } finally {
    await pool?.end().catch(() => undefined);
    await apps.stop('SIGTERM', 10_000);
    await nats.stop();
    await postgres.stop().catch(() => undefined);
    for (const pid of clusterPids(pgDir)) process.kill(pid, 'SIGKILL');
    appLog.end();
    if (process.argv.includes('--keep')) log(`data and the apps' log (apps.log) kept under ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

/** The drill's NATS: one server, or a cluster of `n` nodes with routes between them, each with JetStream and its own store. */
class NatsNodes {
  private readonly procs: Array<ChildProcess | null>;
  private constructor(
    readonly ports: number[],
    private readonly clusterPorts: number[],
    private readonly dir: string,
  ) {
    this.procs = ports.map(() => null);
  }

  static async start(n: number, dir: string): Promise<NatsNodes> {
    const ports: number[] = [];
    const clusterPorts: number[] = [];
    for (let i = 0; i < n; i++) ports.push(await freePort());
    if (n > 1) for (let i = 0; i < n; i++) clusterPorts.push(await freePort());
    const nodes = new NatsNodes(ports, clusterPorts, dir);
    await Promise.all(ports.map((_, i) => nodes.restart(i)));
    return nodes;
  }

  /** Starts node `i` (again), with its store; resolves once it listens. */
  async restart(i: number): Promise<void> {
    const args = ['-a', '127.0.0.1', '-p', String(this.ports[i]), '-js', '-sd', join(this.dir, `n${i + 1}`), '--server_name', `drill-n${i + 1}`];
    if (this.clusterPorts.length) {
      const routes = this.clusterPorts.filter((_, j) => j !== i).map((p) => `nats://127.0.0.1:${p}`);
      args.push('--cluster_name', 'drill', '--cluster', `nats://127.0.0.1:${this.clusterPorts[i]}`, '--routes', routes.join(','));
    }
    this.procs[i] = spawn(NATS_BIN, args, { stdio: 'ignore' });
    await until(`nats-server ${i + 1}`, async () => ((await listening(this.ports[i])) ? true : undefined), 15_000);
  }

  async kill(i: number): Promise<void> {
    const p = this.procs[i];
    if (!p) return;
    p.kill('SIGKILL');
    await new Promise((r) => (p.exitCode !== null || p.signalCode ? r(null) : p.once('exit', r)));
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.procs.map(async (p) => {
        if (!p || p.exitCode !== null || p.signalCode) return;
        p.kill('SIGTERM');
        await new Promise((r) => p.once('exit', r));
      }),
    );
  }
}

/** An app's boot line: which instance, when, and its phases (ms since its process started). */
type Boot = { app: string; at: number; phases: Record<string, number> };

function bootLine(app: string, line: string): Boot | null {
  if (!line.includes('"boot"') || !line.includes('listening')) return null;
  try {
    const o = JSON.parse(line) as { boot?: Record<string, number>; time?: string };
    return o.boot ? { app, at: o.time ? Date.parse(o.time) : Date.now(), phases: o.boot } : null;
  } catch {
    return null;
  }
}

/** When a request of `kind` begun after `since` was first acknowledged. */
function firstAck(attempts: Attempt[], kind: WriteKind, since: number): number | null {
  const t = attempts.filter((a) => a.kind === kind && a.at >= since && acknowledged(a)).map((a) => a.doneAt);
  return t.length ? Math.min(...t) : null;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * What a redelivery processed twice would leave: a notification raised twice for one source
 * event and one account, a chat message or a work-history entry twice in its read model.
 */
async function processedTwice(pool: Pool): Promise<{ notifications: number; notificationsTotal: number; messages: number; credentials: number }> {
  const one = async (sql: string) => (await pool.query<{ n: number }>(sql)).rows[0]?.n ?? 0;
  return {
    notifications: await one(`SELECT count(*)::int AS n FROM (SELECT 1 FROM notifications.notifications GROUP BY account_id, kind, source_event_id HAVING count(*) > 1) d`),
    notificationsTotal: await one(`SELECT count(*)::int AS n FROM notifications.notifications`),
    messages: await one(`SELECT count(*)::int AS n FROM (SELECT 1 FROM messaging.chat_messages WHERE msg LIKE 'drill %' GROUP BY msg HAVING count(*) > 1) d`),
    credentials: await one(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM credentialing.events WHERE type = 'CredentialAdded' GROUP BY metadata->>'correlationId' HAVING count(*) > 1) d`,
    ),
  };
}

/** The projections and relays behind their store's head, in every service's schema. */
async function behind(pool: Pool): Promise<string[]> {
  const out: string[] = [];
  for (const schema of ['identity', 'directory', 'practices', 'messaging', 'notifications', 'credentialing']) {
    const { rows } = await pool.query<{ name: string }>(
      `SELECT c.name FROM ${schema}.checkpoints c,
              (SELECT transaction_id, global_position FROM ${schema}.events ORDER BY transaction_id DESC, global_position DESC LIMIT 1) h
        WHERE (c.transaction_id, c.global_position) < (h.transaction_id, h.global_position)`,
    );
    out.push(...rows.map((r) => `${schema}.${r.name}`));
  }
  return out;
}

/**
 * The acknowledged writes the read models show: each chat post in the room's messages once, each
 * work-history entry in the provider's file once, and the profile as its last stored edit left it
 * (the profile edits of one client replace each other: all count once the newest stored one shows).
 */
async function readModelsHold(pool: Pool, base: string, token: string, providerId: string, attempts: Attempt[]): Promise<Set<string>> {
  const acked = attempts.filter(acknowledged);
  const shown = new Set<string>();
  const chat = acked.filter((a) => a.kind === 'chat');
  const { rows: messages } = await pool.query<{ msg: string; n: number }>(`SELECT msg, count(*)::int AS n FROM messaging.chat_messages WHERE msg = ANY($1::text[]) GROUP BY msg`, [chat.map((a) => a.key)]);
  const once = new Set(messages.filter((m) => m.n === 1).map((m) => m.msg));
  for (const a of chat) if (once.has(a.key!)) shown.add(a.requestId);
  const file = await call(base, token, 'GET', `/api/v1/credentialing/files/${providerId}`);
  const employers = new Map<string, number>();
  for (const c of (file.body?.file?.credentials ?? []) as Array<{ kind: string; employer?: string }>) if (c.employer) employers.set(c.employer, (employers.get(c.employer) ?? 0) + 1);
  for (const a of acked.filter((x) => x.kind === 'credential')) if (employers.get(a.key!) === 1) shown.add(a.requestId);
  const { rows: last } = await pool.query<{ name: string | null }>(
    `SELECT data->'changes'->>'displayName' AS name FROM directory.events WHERE type = 'ProfileUpdated' AND data->>'profileId' = $1 AND data->'changes' ? 'displayName' ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    [providerId],
  );
  const profile = await call(base, token, 'GET', `/api/users/getProviderProfile?providerId=${providerId}`);
  const displayName = profile.body?.user?.displayName ?? profile.body?.usr?.displayName ?? profile.body?.profile?.displayName;
  if (last[0]?.name && displayName === last[0].name) for (const a of acked.filter((x) => x.kind === 'profile')) shown.add(a.requestId);
  return shown;
}

type Answer = { status: number | 'network-error' | 'refused'; body: any };

/** One HTTP call with a request id; a dropped connection is 'network-error' (the gateway was killed), a refused one (with `refusedApart`) 'refused'. */
async function call(base: string, token: string | null, method: string, path: string, body?: unknown, requestId: string = randomUUID(), refusedApart = false): Promise<Answer> {
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-request-id': requestId, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      // Far above the gateway's own RPC timeout: only a dropped connection ends here.
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed };
  } catch (err) {
    if (refusedApart && (err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return { status: 'refused', body: null };
    await sleep(50);
    return { status: 'network-error', body: null };
  }
}

/**
 * A call to one of the gateways, as a load balancer sends it: to the `turn`-th, and to the next
 * when its connection is refused (nothing was sent, so nothing can be done twice).
 */
async function callSpread(gateways: string[], turn: number, token: string | null, method: string, path: string, body?: unknown, requestId: string = randomUUID()): Promise<Answer> {
  let last: Answer = { status: 'network-error', body: null };
  for (let i = 0; i < gateways.length; i++) {
    last = await call(gateways[(turn + i) % gateways.length], token, method, path, body, requestId, true);
    if (last.status !== 'refused') return last;
  }
  return last.status === 'refused' ? { status: 'network-error', body: null } : last;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = tcpConnect({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/** When a gateway's readiness next answered 200 (every service up), or null after `ms`. */
async function waitReady(gateways: string[], ms: number): Promise<number | null> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(100)) {
    for (const base of gateways) {
      try {
        const res = await fetch(`${base}/api/health/ready`, { signal: AbortSignal.timeout(2000) });
        await res.arrayBuffer();
        if (res.status === 200) return Date.now();
      } catch {
        // the gateway is down or restarting
      }
    }
  }
  return null;
}

async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  for (const deadline = Date.now() + ms; ; await sleep(250)) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not ready within ${ms / 1000} s`);
  }
}

async function signInAdmin(base: string): Promise<{ token: string; id: string }> {
  return until('the master admin sign-in', async () => {
    const step1 = await call(base, null, 'POST', '/api/v1/users/signIn', { usernameOrEmail: ADMIN.email, password: ADMIN.password });
    if (step1.status !== 200) return undefined;
    const outbox = await call(base, null, 'GET', `/api/dev/outbox?to=${encodeURIComponent(ADMIN.mobile)}`);
    const code = /\b(\d{6})\b/.exec((outbox.body as Array<{ body: string }>)?.[0]?.body ?? '')?.[1];
    if (!code) return undefined;
    const step2 = await call(base, null, 'POST', '/api/v1/users/verify2FaForLogin', { email: ADMIN.email, _2faCode: code, _2faToken: step1.body.twoFactorAuthToken });
    return step2.status === 200 ? { token: step2.body.token as string, id: step2.body.usr._id as string } : undefined;
  });
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`drill failed: ${err.stack ?? err.message}`);
    process.exit(2);
  },
);
