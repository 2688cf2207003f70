/**
 * `npm run bench -- fhir [--profiles N] [--queries N] [--smoke] [--keep | --reuse <database url>]`: the public
 * FHIR directory (issue #23) over HTTP at a million profiles, on this machine's Postgres and NATS,
 * in a throwaway database and NATS prefix.
 *
 * 1. migrates a fresh database and appends N ProfileCreated events to the directory's event store
 *    in bulk (scripts/seed.ts bulkProfiles: 3 in 4 are providers, so published as Practitioner,
 *    PractitionerRole and Location);
 * 2. starts the directory and the gateway from dist/ and waits until the directory's projections
 *    (the FHIR read model among them) and its relay are at the head of its events, then
 *    `VACUUM ANALYZE` of the FHIR tables (what autovacuum does after a bulk load);
 * 3. times, one request at a time over HTTP (no sign-in: the API is public),
 *    `GET /fhir/PractitionerRole?specialty=<NUCC code>&address-state=<state>` and
 *    `GET /fhir/Practitioner?name=<prefix>` with prefixes of 3 to 5 letters of names drawn from
 *    the data: p50/p95/p99 each, the first page (20) of the searchset Bundle.
 * Target (issue #23): p95 under 50 ms for each.
 */
import { randomBytes } from 'node:crypto';
import { loadavg as osLoadavg } from 'node:os';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Pool } from 'pg';
import { createTestDatabase, testNatsPrefix, testNatsUrl } from '@app/testing';
import { ROOT } from './bench/support';
import type { BenchOptions, BenchResult, Benchmark } from './bench/types';
import { dropStreams, flag, freePort, pct, waitQuiet } from './bench-users';
import { bulkProfiles } from './seed';

const TARGET_P95_MS = 50;
// The bulk profiles' specialties that have a NUCC code (Cardiology has none: published as text).
const SPECIALTIES = ['207Q00000X', '207R00000X', '208000000X', '207N00000X', '2084P0800X', '207X00000X'];
const STATES = ['TX', 'CA', 'NY', 'FL', 'IL', 'PA', 'OH', 'GA', 'NC', 'MI', 'WA', 'AZ', 'MA', 'CO', 'MD'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function time(base: string, paths: string[]): Promise<{ ms: number[]; matches: number[] }> {
  const ms: number[] = [];
  const matches: number[] = [];
  for (const path of paths) {
    const t = performance.now();
    const res = await fetch(`${base}${path}`);
    const body = (await res.json()) as { entry?: unknown[] };
    ms.push(performance.now() - t);
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
    matches.push(body.entry?.length ?? 0);
  }
  return { ms, matches };
}

export const benchmark: Benchmark = {
  name: 'fhir',
  description: 'FHIR directory over HTTP at a million profiles: PractitionerRole?specialty&address-state and Practitioner?name=<prefix>, p95 (target < 50 ms)',
  async run(opts: BenchOptions): Promise<BenchResult> {
    const log = opts.log;
    const profiles = flag(opts.args, '--profiles', opts.smoke ? 2_000 : 1_000_000);
    const queries = flag(opts.args, '--queries', opts.smoke ? 10 : 300);
    const keep = opts.args.includes('--keep');
    const reusing = opts.args.includes('--reuse');
    const reuse = opts.args[opts.args.indexOf('--reuse') + 1];
    const db = reusing ? { url: reuse, name: new URL(reuse).pathname.slice(1), drop: async () => undefined } : await createTestDatabase('benchfhir');
    const prefix = testNatsPrefix('benchfhir');
    const pool = new Pool({ connectionString: db.url, max: 2 });
    let apps: { stop(): Promise<void> } | undefined;
    try {
      const migrate = spawnSync(process.execPath, [join(ROOT, 'dist', 'scripts', 'migrate.js')], { cwd: ROOT, env: { ...process.env, DATABASE_URL: db.url }, encoding: 'utf8' });
      if (migrate.status !== 0) throw new Error(`migrations failed: ${migrate.stderr || migrate.stdout}`);
      const { rows: have } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM directory.events WHERE metadata->>'correlationId' = 'seed-bulk'`);
      log(`appending ${profiles.toLocaleString('en-US')} ProfileCreated events (bulk seed)`);
      const appended = have[0].n >= profiles ? { appended: 0, seconds: 0 } : await bulkProfiles({ databaseUrl: db.url, profiles, log: () => undefined });
      log(`  ${appended.seconds.toFixed(1)} s`);

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
        // The benchmark's requests come from one address: no per-IP limit in the way.
        HTTP_RATE_LIMIT: '1000000',
      };
      const system = (await import(join(ROOT, 'scripts', 'lib', 'system.mjs'))) as {
        startApps(env: Record<string, string>, o: { quiet: boolean; apps: string[]; onLine: (app: string, line: string) => unknown }): { stop(): Promise<void> };
      };
      const tail: string[] = [];
      const t = Date.now();
      // The FHIR API needs only these two: it is public (no sign-in), the read model is the directory's.
      apps = system.startApps(env, { quiet: true, apps: ['directory', 'gateway'], onLine: (app, line) => tail.push(`${app}: ${line}`) && tail.length > 40 && tail.shift() });
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; ; i++) {
        if (await fetch(`${base}/fhir/metadata`).then((r) => r.ok, () => false)) break;
        if (i > 900) throw new Error(`the gateway did not start\n${tail.join('\n')}`);
        await sleep(1000);
      }
      if (!(await waitQuiet(pool, log, 90 * 60_000))) throw new Error('the directory did not catch up');
      const projectSeconds = (Date.now() - t) / 1000;
      const { rows: counts } = await pool.query<{ practitioners: number; roles: number }>(
        `SELECT (SELECT count(*)::int FROM directory.fhir_practitioners WHERE provider) AS practitioners, (SELECT count(*)::int FROM directory.fhir_roles WHERE published) AS roles`,
      );
      log(`  projected and relayed ${projectSeconds.toFixed(1)} s after the apps started: ${counts[0].practitioners.toLocaleString('en-US')} Practitioner, ${counts[0].roles.toLocaleString('en-US')} PractitionerRole`);
      log('  VACUUM ANALYZE of the FHIR tables, then queries');
      for (const table of ['fhir_practitioners', 'fhir_roles', 'fhir_locations', 'fhir_endpoints']) await pool.query(`VACUUM ANALYZE directory.${table}`);

      // Name prefixes drawn from the data: 3 to 5 letters of a family or given name.
      const { rows: sample } = await pool.query<{ first_name: string; last_name: string }>(
        `SELECT first_name, last_name FROM directory.fhir_practitioners TABLESAMPLE SYSTEM (1) WHERE provider LIMIT $1`,
        [queries],
      );
      const names = sample.map((r, i) => {
        const word = (i % 2 ? r.first_name : r.last_name).replace(/[^A-Za-z]/g, '');
        return word.slice(0, 3 + (i % 3)).toLowerCase();
      });
      while (names.length < queries) names.push(names[names.length % Math.max(1, sample.length)] ?? 'smi');
      const rolePaths = Array.from({ length: queries }, (_, i) => `/fhir/PractitionerRole?specialty=${SPECIALTIES[i % SPECIALTIES.length]}&address-state=${STATES[(i * 7) % STATES.length]}`);
      const namePaths = names.map((n) => `/fhir/Practitioner?name=${encodeURIComponent(n)}`);
      await time(base, [...rolePaths.slice(0, 20), ...namePaths.slice(0, 20)]); // warm-up
      const roles = await time(base, rolePaths);
      const byName = await time(base, namePaths);
      const row = (label: string, r: { ms: number[]; matches: number[] }) =>
        `${label}: p50 ${pct(r.ms, 50).toFixed(1)} ms, p95 ${pct(r.ms, 95).toFixed(1)} ms, p99 ${pct(r.ms, 99).toFixed(1)} ms (${r.ms.length} requests, ${Math.min(...r.matches)}..${Math.max(...r.matches)} entries a page)`;
      log(`  ${row('PractitionerRole?specialty&address-state', roles)}`);
      log(`  ${row('Practitioner?name=<prefix>', byName)}`);
      const loadavg = osLoadavg().map((v) => Math.round(v * 100) / 100);
      log(`  load average after the queries: ${loadavg.join(', ')}`);
      const r95 = pct(roles.ms, 95);
      const n95 = pct(byName.ms, 95);
      const round = (v: number) => Math.round(v * 10) / 10;
      return {
        figures: [
          { label: 'PractitionerRole?specialty&address-state p95', value: round(r95), unit: 'ms', target: `< ${TARGET_P95_MS} ms`, met: r95 < TARGET_P95_MS },
          { label: 'PractitionerRole?specialty&address-state p50', value: round(pct(roles.ms, 50)), unit: 'ms' },
          { label: 'Practitioner?name=<prefix> p95', value: round(n95), unit: 'ms', target: `< ${TARGET_P95_MS} ms`, met: n95 < TARGET_P95_MS },
          { label: 'Practitioner?name=<prefix> p50', value: round(pct(byName.ms, 50)), unit: 'ms' },
          { label: 'projection and relay catch-up (from app start)', value: Math.round(profiles / projectSeconds), unit: 'profiles/s' },
        ],
        details: {
          profiles,
          queries,
          practitioners: counts[0].practitioners,
          practitionerRoles: counts[0].roles,
          projectSeconds,
          loadAverage: loadavg,
          p99: { roles: round(pct(roles.ms, 99)), names: round(pct(byName.ms, 99)) },
        },
      };
    } finally {
      await apps?.stop().catch(() => undefined);
      await pool.end().catch(() => undefined);
      await dropStreams(prefix);
      if (keep) log(`  kept the database: --reuse ${db.url}`);
      else await db.drop().catch(() => undefined);
    }
  },
};

export default benchmark;
