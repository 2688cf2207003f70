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
 *   --quick             each fault once, 3 s of load between faults (under 5 minutes here)
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
import { WRITE_EVENTS, WRITE_KINDS, acknowledged, backAt, missedTargets, summaryLine, verdict, type Attempt, type Recovery, type WriteKind } from './drill/ledger';

const APPS = ['identity', 'directory', 'practices', 'messaging', 'notifications', 'credentialing', 'gateway'] as const;
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
  waitHealthy(url: string, seconds: number, isAlive?: () => boolean): Promise<void>;
};

async function main(): Promise<number> {
  const quick = process.argv.includes('--quick');
  const rounds = quick ? 1 : flag('--rounds', 2);
  const workers = flag('--workers', 8);
  const maxRecoveryS = flag('--max-recovery', 5);
  const loadBetweenMs = quick ? 3_000 : 6_000;
  for (const app of APPS) {
    if (!existsSync(join(ROOT, 'dist', 'apps', app, 'src', 'main.js'))) throw new Error(`dist/apps/${app} is missing: run npm run build`);
  }
  const infra = (await import(join(ROOT, 'scripts', 'lib', 'infra.mjs'))) as Infra;
  const system = (await import(join(ROOT, 'scripts', 'lib', 'system.mjs'))) as System;

  // 1. An isolated Postgres cluster and NATS server, on free ports, with their data in one folder.
  const work = mkdtempSync(join(tmpdir(), 'drill-'));
  chmodSync(work, 0o755); // as root, the embedded Postgres runs as 'nobody', who must reach its data directory
  const pgDir = join(work, 'postgres');
  const natsDir = join(work, 'nats');
  const [pgPort, natsPort, httpPort] = [await freePort(), await freePort(), await freePort()];
  const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/drill`;
  const startPostgres = () => infra.ensurePostgres(databaseUrl, pgDir, () => undefined);
  let postgres = await startPostgres();
  let nats: ChildProcess | null = null;
  const startNats = async () => {
    nats = spawn(NATS_BIN, ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', natsDir], { stdio: 'ignore' });
    await until('nats-server', async () => ((await listening(natsPort)) ? true : undefined), 15_000);
  };
  await startNats();
  log(`isolated Postgres on port ${pgPort} and NATS on ${natsPort}, data under ${work}`);

  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATABASE_URL: databaseUrl,
    NATS_URL: `nats://127.0.0.1:${natsPort}`,
    NATS_PREFIX: 'drill',
    PORT: String(httpPort),
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
  const apps = system.startApps(env, { quiet: true, supervise: true, onLine: (app: string, line: string) => appLog.write(`${app} ${line}\n`), log: (line: string) => log(line.replace(/^> /, '')) });
  const base = `http://127.0.0.1:${httpPort}`;
  let pool: Pool | null = null;
  try {
    await system.waitHealthy(base, 180);
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
    const write = async (kind: WriteKind): Promise<void> => {
      const requestId = randomUUID();
      const at = Date.now();
      let key: string | undefined;
      let r: { status: number | 'network-error' };
      if (kind === 'chat') {
        key = `drill ${requestId}`;
        r = await call(base, admin.token, 'POST', '/api/users/postMessage', { dmId, senderId: admin.id, senderDisplayName: 'Master Admin', senderUserName: ADMIN.userName, msg: key, isImage: false, isDocument: false }, requestId);
      } else if (kind === 'profile') {
        key = `Dana Drill ${++profileSeq}`;
        r = await call(base, admin.token, 'POST', '/api/users/updateUserProfile', { userId: provider.id, userName: provider.userName, displayName: key, streetAddress: '1 State Street', city: 'Albany', state: 'NY', zip: '12207', phone: '518-555-0100' }, requestId);
      } else if (kind === 'credential') {
        key = `Drill ${requestId}`;
        r = await call(base, admin.token, 'POST', `/api/v1/credentialing/files/${provider.id}/credentials`, { kind: 'workHistory', employer: key, startedOn: '2015-01-01', endedOn: '2016-01-01' }, requestId);
      } else {
        r = await call(base, null, 'POST', '/api/v1/users/signIn', { usernameOrEmail: ADMIN.email, password: ADMIN.password }, requestId);
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
    const targets = [...APPS, 'nats', 'postgres'];
    const recoveries: Recovery[] = [];
    for (let round = 1; round <= rounds; round++) {
      for (const target of targets) {
        await sleep(loadBetweenMs);
        const killedAt = Date.now();
        if (target === 'nats') {
          nats!.kill('SIGKILL');
          await new Promise((r) => (nats!.exitCode !== null || nats!.signalCode ? r(null) : nats!.once('exit', r)));
          await sleep(300);
          await startNats();
        } else if (target === 'postgres') {
          const pids = clusterPids(pgDir);
          for (const pid of pids) process.kill(pid, 'SIGKILL');
          for (let i = 0; i < 100 && pids.some(alive); i++) await sleep(50);
          await sleep(300);
          postgres = await startPostgres();
        } else {
          apps.children.get(target)?.kill('SIGKILL');
        }
        const healthyAt = await waitReady(base, 60_000);
        let back: number | null = null;
        for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(100)) {
          back = backAt(attempts, killedAt, healthyAt);
          if (back !== null) break;
        }
        recoveries.push({ target, killedAt, backAt: back });
        log(`kill -9 ${target}${rounds > 1 ? ` (round ${round})` : ''}: ${back === null ? 'NOT back within 60 s' : `back in ${((back - killedAt) / 1000).toFixed(1)} s`}`);
      }
    }
    await sleep(loadBetweenMs);
    stop = true;
    await running;

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
    const missed = missedTargets(v, maxRecoveryS);
    for (const m of missed) console.log(`target missed: ${m}`);
    console.log(summaryLine(v));
    return missed.length ? 1 : 0;
  } finally {
    await pool?.end().catch(() => undefined);
    await apps.stop('SIGTERM', 10_000);
    const n = nats as ChildProcess | null;
    if (n && n.exitCode === null && !n.signalCode) {
      n.kill('SIGTERM');
      await new Promise((r) => n.once('exit', r));
    }
    await postgres.stop().catch(() => undefined);
    for (const pid of clusterPids(pgDir)) process.kill(pid, 'SIGKILL');
    appLog.end();
    if (process.argv.includes('--keep')) log(`data and the apps' log (apps.log) kept under ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
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

type Answer = { status: number | 'network-error'; body: any };

/** One HTTP call with a request id; a dropped connection is 'network-error' (the gateway was killed). */
async function call(base: string, token: string | null, method: string, path: string, body?: unknown, requestId = randomUUID()): Promise<Answer> {
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
  } catch {
    await sleep(50);
    return { status: 'network-error', body: null };
  }
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

/** When the gateway's readiness next answered 200 (every service up), or null after `ms`. */
async function waitReady(base: string, ms: number): Promise<number | null> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(100)) {
    try {
      const res = await fetch(`${base}/api/health/ready`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return Date.now();
    } catch {
      // the gateway is down or restarting
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
