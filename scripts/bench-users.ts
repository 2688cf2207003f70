/**
 * `npm run bench -- users [--profiles N] [--queries N] [--smoke] [--keep | --reuse <database url>]`: the users grid (getUsers)
 * through the gateway at a million profiles, on this machine's Postgres and NATS, in a throwaway
 * database and NATS prefix.
 *
 * 1. migrates a fresh database and appends N ProfileCreated events to the directory's event store
 *    in bulk (scripts/seed.ts bulkProfiles: the same path as `npm run seed -- --profiles N`);
 * 2. starts identity, directory and the gateway from dist/ (as npm start does; the other apps
 *    have no part in getUsers) and times the directory's projection catch-up into the users read
 *    model, then waits until the relay has published them all to JetStream, so the queries run on
 *    a quiet system (`--no-wait-relay` skips that wait);
 * 3. signs in as the master admin (the development outbox gives the 2FA code) and times
 *    `POST /api/v1/users/getUsers` over HTTP, one request at a time: a contains filter on the name,
 *    a ZIP filter on the Primary Practice Address and a sort (varied terms, so no two requests are
 *    the same), plus the plain first page sorted by Last Updated; p50/p95/p99 each.
 * Target: p95 under 50 ms for the filtered, sorted query.
 */
import { ROOT as BENCH_ROOT, checkpointsBehind, headSql } from './bench/support';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Pool } from 'pg';
import { GridQueryRequest, Subjects } from '@app/contracts';
import { usersGridSql } from '../apps/directory/src/read-models/profiles.queries';
import { createTestDatabase, testNatsPrefix, testNatsUrl } from '@app/testing';
import { bulkProfiles, waitForBulkProjection } from './seed';

// The harness's interface (scripts/bench/types.ts), restated structurally so this file stands alone.
type BenchOptions = { smoke: boolean; args: readonly string[]; log: (message: string) => void };
type BenchFigure = { label: string; value: number; unit: string; target?: string; met?: boolean };
type BenchResult = { figures: BenchFigure[]; details?: Record<string, unknown> };

// The repository root from scripts/ (source, under jest) or dist/scripts/ (built).
const ROOT = BENCH_ROOT;
const ADMIN = { email: 'admin@bench.test', mobile: '+12025550100', password: 'Correct-Horse-Battery-9' };
const TARGET_P95_MS = 50;

export function flag(args: readonly string[], name: string, fallback: number): number {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const v = Number(String(args[i + 1]).replace(/[_,]/g, ''));
  if (!Number.isInteger(v) || v <= 0) throw new Error(`${name} needs a positive whole number`);
  return v;
}

export const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

async function json(res: Response): Promise<Record<string, unknown>> {
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

async function signIn(base: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      const step1 = await json(await fetch(`${base}/api/v1/users/signIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ usernameOrEmail: ADMIN.email, password: ADMIN.password }) }));
      const outbox = (await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(ADMIN.mobile)}`)).json()) as { body: string }[];
      const code = /\b(\d{6})\b/.exec(outbox[0]?.body ?? '')?.[1];
      if (!code) throw new Error('no 2FA code in the development outbox');
      const step2 = await json(
        await fetch(`${base}/api/v1/users/verify2FaForLogin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: ADMIN.email, _2faCode: code, _2faToken: step1.twoFactorAuthToken }),
        }),
      );
      return step2.token as string;
    } catch (err) {
      // The master admin is created in the background at boot.
      if (attempt > 30) throw err;
      await sleep(1000);
    }
  }
}

/**
 * The head of the directory's event store as its checkpoints count it: the last event in
 * `(transaction_id, global_position)` order (the store's read order), which need not hold the
 * highest position: concurrent appends (bulkProfiles' writers) interleave their positions, so
 * the transaction that commits last can hold lower ones than an earlier one.
 */
export const DIRECTORY_HEAD_SQL = headSql('directory');

/** Waits until every checkpoint of the directory (projections and relay) is at the head of its event store. */
export async function waitQuiet(pool: Pool, log: (m: string) => void, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  let said = 0;
  while (Date.now() < until) {
    const behind = await checkpointsBehind(pool, 'directory');
    if (!behind) return true;
    if (Date.now() - said > 15_000) {
      log(`  waiting for ${behind} to reach the head of the directory's events`);
      said = Date.now();
    }
    await sleep(1000);
  }
  return false;
}

async function timeQueries(base: string, token: string, bodies: Record<string, unknown>[]): Promise<{ ms: number[]; counts: number[] }> {
  const ms: number[] = [];
  const counts: number[] = [];
  for (const body of bodies) {
    const t = performance.now();
    const res = await fetch(`${base}/api/v1/users/getUsers`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const out = await json(res);
    ms.push(performance.now() - t);
    counts.push(Number(out.count ?? 0));
  }
  return { ms, counts };
}

const NAME_TERMS = ['smi', 'john', 'will', 'brow', 'jones', 'garc', 'mill', 'davi', 'rodr', 'mart', 'hern', 'lope', 'gonz', 'wils', 'ande', 'thom', 'tayl', 'moor', 'jack', 'lee', 'whit', 'harr', 'clark', 'lewi', 'robi', 'walk', 'youn', 'alle', 'king', 'wrig'];
const ZIP_TERMS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '12', '33', '45', '78', '90'];
const SORTS = [{ name: 1 }, { name: -1 }, { lastUpdate: -1 }, { lastUpdate: 1 }];

/** Deletes every JetStream stream of a NATS prefix (the events, identity's audit anchors). */
export async function dropStreams(prefix: string): Promise<void> {
  const nc = await connect({ servers: testNatsUrl() }).catch(() => undefined);
  if (!nc) return;
  const jsm = await jetstreamManager(nc);
  const mine = new Subjects(prefix).eventStream.replace(/EVENTS$/, '');
  const names: string[] = [];
  for await (const info of jsm.streams.list()) if (info.config.name.startsWith(mine)) names.push(info.config.name);
  for (const name of names) await jsm.streams.delete(name).catch(() => undefined);
  await nc.close();
}

export const benchmark = {
  name: 'users',
  description: 'getUsers through the gateway at a million profiles: name contains + ZIP filter + sort, p95 (target < 50 ms)',
  async run(opts: BenchOptions): Promise<BenchResult> {
    const log = opts.log;
    const profiles = flag(opts.args, '--profiles', opts.smoke ? 2_000 : 1_000_000);
    const queries = flag(opts.args, '--queries', opts.smoke ? 10 : 300);
    // --keep leaves the database (its URL printed) for a later run with --reuse <url>, which skips
    // the migration and the bulk append when the events are there already.
    const keep = opts.args.includes('--keep');
    const reuse = opts.args[opts.args.indexOf('--reuse') + 1];
    const db = opts.args.includes('--reuse') ? { url: reuse, name: new URL(reuse).pathname.slice(1), drop: async () => undefined } : await createTestDatabase('benchusers');
    const prefix = testNatsPrefix('benchusers');
    const uploads = mkdtempSync(join(tmpdir(), 'bench-users-'));
    const pool = new Pool({ connectionString: db.url, max: 2 });
    let apps: { stop(): Promise<void> } | undefined;
    try {
      const { rows: have } = opts.args.includes('--reuse')
        ? await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM directory.events WHERE metadata->>'correlationId' = 'seed-bulk'`)
        : { rows: [{ n: 0 }] };
      const migrate = spawnSync(process.execPath, [join(ROOT, 'dist', 'scripts', 'migrate.js')], { cwd: ROOT, env: { ...process.env, DATABASE_URL: db.url }, encoding: 'utf8' });
      if (migrate.status !== 0) throw new Error(`migrations failed: ${migrate.stderr || migrate.stdout}`);

      log(`appending ${profiles.toLocaleString('en-US')} ProfileCreated events (bulk seed)`);
      const appended = have[0].n >= profiles ? { appended: 0, seconds: 0 } : await bulkProfiles({ databaseUrl: db.url, profiles, log: () => undefined });
      const appendRate = appended.seconds ? appended.appended / appended.seconds : 0;
      log(`  ${appended.seconds.toFixed(1)} s, ${Math.round(appendRate).toLocaleString('en-US')} events/s`);

      const port = await freePort();
      const env: Record<string, string> = {
        NODE_ENV: 'development',
        LOG_LEVEL: 'error',
        PORT: String(port),
        DATABASE_URL: db.url,
        NATS_URL: testNatsUrl(),
        NATS_PREFIX: prefix,
        JWT_SECRET: randomBytes(32).toString('hex'),
        ACTOR_SIGNING_KEY: randomBytes(32).toString('hex'),
        UPLOAD_DIR: uploads,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_USERNAME: 'masteradmin',
        ADMIN_PASSWORD: ADMIN.password,
        ADMIN_MOBILE: ADMIN.mobile,
        // The benchmark's requests come from one address: no per-IP limit in the way.
        HTTP_RATE_LIMIT: '1000000',
      };
      const system = (await import(join(ROOT, 'scripts', 'lib', 'system.mjs'))) as {
        startApps(env: Record<string, string>, o: { quiet: boolean; apps: string[]; onLine: (app: string, line: string) => unknown }): { stop(): Promise<void> };
      };
      let t = Date.now();
      const tail: string[] = [];
      // The apps getUsers goes through (and sign-in): the others have no part in it, and the
      // practices' consumer would work through a million ProfileCreated events meanwhile.
      apps = system.startApps(env, {
        quiet: true,
        apps: ['identity', 'directory', 'gateway'],
        onLine: (app: string, line: string) => tail.push(`${app}: ${line}`) && tail.length > 40 && tail.shift(),
      });
      const base = `http://127.0.0.1:${port}`;
      // Not the health check: it reports 'down' while a projection is far behind (and counting the
      // lag over a million events is itself slow). The gateway answering is enough.
      for (let i = 0; ; i++) {
        const up = await fetch(`${base}/api/health/ready`).then(
          () => true,
          () => false,
        );
        if (up) break;
        if (i > 900) throw new Error(`the gateway did not start\n${tail.join('\n')}`);
        await sleep(1000);
      }
      if (!(await waitForBulkProjection(db.url, profiles, 60 * 60_000, log))) throw new Error('the profiles projection did not catch up');
      const projectSeconds = (Date.now() - t) / 1000;
      log(`  projected into the users read model ${projectSeconds.toFixed(1)} s after the apps started (${Math.round(profiles / projectSeconds).toLocaleString('en-US')} profiles/s)`);
      t = Date.now();
      // The directory's relay publishes every ProfileCreated to JetStream, in the same process
      // that answers the queries: time them once it is done (a quiet system), unless told not to.
      if (!opts.args.includes('--no-wait-relay')) {
        if (!(await waitQuiet(pool, log, 60 * 60_000))) throw new Error('the relay did not catch up');
        log(`  relayed to JetStream ${((Date.now() - t) / 1000).toFixed(1)} s later`);
      } else log('  (not waiting for the relay to publish them all)');
      // What autovacuum does on its own soon after a bulk load (statistics, the visibility map,
      // the GIN indexes' pending entries merged): the steady state the queries are timed in.
      log('  VACUUM ANALYZE, then queries');
      await pool.query('VACUUM ANALYZE directory.profiles');

      const token = await signIn(base);
      const filtered = Array.from({ length: queries }, (_, i) => ({
        skip: 0,
        limit: 10,
        filters: JSON.stringify({
          name: { filterType: 'contains', value: NAME_TERMS[i % NAME_TERMS.length] },
          primaryPracticeAddress: { filterType: 'contains', value: ZIP_TERMS[(i * 7) % ZIP_TERMS.length] },
        }),
        sorting: JSON.stringify(SORTS[i % SORTS.length]),
      }));
      const plain = Array.from({ length: Math.max(5, Math.floor(queries / 3)) }, (_, i) => ({ skip: i * 10, limit: 10, sorting: JSON.stringify({ lastUpdate: -1 }) }));
      await timeQueries(base, token, filtered.slice(0, Math.min(20, queries))); // warm-up
      const f = await timeQueries(base, token, filtered);
      const p = await timeQueries(base, token, plain);
      const row = (label: string, ms: number[]) => `${label}: p50 ${pct(ms, 50).toFixed(1)} ms, p95 ${pct(ms, 95).toFixed(1)} ms, p99 ${pct(ms, 99).toFixed(1)} ms (${ms.length} requests)`;
      log(`  ${row('name contains + ZIP + sort', f.ms)}; matches per query ${Math.min(...f.counts).toLocaleString('en-US')}..${Math.max(...f.counts).toLocaleString('en-US')}`);
      log(`  ${row('first pages by Last Updated', p.ms)}`);
      // The plans of the slowest filtered request (rows and count), as the directory runs them.
      const slowest = filtered[f.ms.indexOf(Math.max(...f.ms))];
      const sql = usersGridSql(GridQueryRequest.parse(slowest), { schema: 'directory' });
      const plans: Record<string, string> = {};
      for (const [kind, q] of Object.entries({ rows: sql.rows, count: sql.count })) {
        const { rows: plan } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.values);
        plans[kind] = plan.map((r) => r['QUERY PLAN']).join('\n');
      }
      log(`  slowest request ${JSON.stringify(slowest)}\n${plans.rows}\n${plans.count}`);
      const p95 = pct(f.ms, 95);
      return {
        figures: [
          { label: 'getUsers name contains + ZIP + sort p95', value: Math.round(p95 * 10) / 10, unit: 'ms', target: `< ${TARGET_P95_MS} ms`, met: p95 < TARGET_P95_MS },
          { label: 'getUsers name contains + ZIP + sort p50', value: Math.round(pct(f.ms, 50) * 10) / 10, unit: 'ms' },
          { label: 'getUsers first pages by Last Updated p95', value: Math.round(pct(p.ms, 95) * 10) / 10, unit: 'ms' },
          { label: 'bulk seed append', value: Math.round(appendRate), unit: 'profiles/s' },
          { label: 'profiles projection catch-up (from app start)', value: Math.round(profiles / projectSeconds), unit: 'profiles/s' },
        ],
        details: { profiles, queries, appendSeconds: appended.seconds, projectSeconds, slowest, plans },
      };
    } finally {
      await apps?.stop().catch(() => undefined);
      await pool.end().catch(() => undefined);
      await dropStreams(prefix);
      if (keep) log(`  kept the database: --reuse ${db.url}`);
      else await db.drop().catch(() => undefined);
      rmSync(uploads, { recursive: true, force: true });
    }
  },
};

export default benchmark;

if (require.main === module) {
  const args = process.argv.slice(2);
  benchmark
    .run({ smoke: args.includes('--smoke'), args, log: (m) => console.log(m) })
    .then((r) => {
      for (const f of r.figures) console.log(`${f.label}: ${f.value.toLocaleString('en-US')} ${f.unit}${f.target ? ` (target ${f.target}: ${f.met ? 'met' : 'NOT met'})` : ''}`);
    })
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
