/**
 * `npm run bench -- fhir [--profiles N] [--queries N] [--smoke] [--keep | --reuse <database url>]`: the public
 * FHIR directory over HTTP at a million profiles, on this machine's Postgres and NATS,
 * in a throwaway database and NATS prefix.
 *
 * 1. migrates a fresh database and appends N ProfileCreated events to the directory's event store
 *    in bulk (scripts/seed.ts bulkProfiles: 3 in 4 are providers, so published as Practitioner,
 *    PractitionerRole and Location);
 * 2. fills the FHIR read model (the directory's `fhir` projection for a minute, then the same rows
 *    in SQL: see fillFhir), starts the directory and the gateway from dist/, then `VACUUM ANALYZE` of the
 *    FHIR tables (what autovacuum does after a bulk load);
 * 3. times, one request at a time over HTTP (no sign-in: the API is public),
 *    `GET /fhir/PractitionerRole?specialty=<NUCC code>&address-state=<state>` and
 *    `GET /fhir/Practitioner?name=<prefix>` with prefixes of 3 to 5 letters of names drawn from
 *    the data: p50/p95/p99 each, the first page (20) of the searchset Bundle.
 * Target: p95 under 50 ms for each.
 */
import { randomBytes } from 'node:crypto';
import { loadavg as osLoadavg } from 'node:os';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { MikroORM, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Pool } from 'pg';
import { PostgresEventStore, ProjectionRunner } from '@app/event-store';
import { createTestDatabase, testNatsPrefix, testNatsUrl } from '@app/testing';
import { ROOT } from './bench/support';
import type { BenchOptions, BenchResult, Benchmark } from './bench/types';
import { DIRECTORY_HEAD_SQL, dropStreams, flag, freePort, pct, waitQuiet } from './bench-users';
import { bulkProfiles } from './seed';
import { FhirProjection } from '../apps/directory/src/read-models/fhir/fhir.projection';
import { specialtyCode } from '../apps/directory/src/read-models/fhir/specialty';

const TARGET_P95_MS = 50;
// The bulk profiles' specialties that have a NUCC code (Cardiology has none: published as text).
const SPECIALTIES = ['207Q00000X', '207R00000X', '208000000X', '207N00000X', '2084P0800X', '207X00000X'];
const STATES = ['TX', 'CA', 'NY', 'FL', 'IL', 'PA', 'OH', 'GA', 'NC', 'MI', 'WA', 'AZ', 'MA', 'CO', 'MD'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `norm` of apps/directory/src/read-models/fhir/fhir-text.ts in SQL (the same result on the bulk profiles' ASCII text). */
const NORM = (x: string) => `btrim(regexp_replace(regexp_replace(lower(public.f_unaccent(coalesce(${x}, ''))), '[''’‘\`]+', '', 'g'), '[^a-z0-9]+', ' ', 'g'))`;
const WORDS = (...xs: string[]) => `CASE WHEN ${NORM(`concat_ws(' ', ${xs.join(', ')})`)} = '' THEN '' ELSE ' ' || ${NORM(`concat_ws(' ', ${xs.join(', ')})`)} END`;

/**
 * Fills the FHIR read model. First the directory's own `fhir` projection (FhirProjection through
 * a ProjectionRunner, as the service runs it) for `projectSeconds`, to measure its catch-up rate;
 * then, for the rest of the bulk profiles, one INSERT … SELECT per table computing the same
 * columns in SQL (checked against the rows the projection wrote). On this shared 2-core machine
 * (load average ~20 from other work) the projection alone went at ~300 events/s: a million
 * would have taken the better part of an hour. Finally every checkpoint of the directory is set
 * at the head (the FHIR API reads none of the other read models; nothing consumes the relay).
 */
async function fillFhir(url: string, projectSeconds: number, log: (m: string) => void): Promise<{ rate: number; mismatches: number; checked: number }> {
  const pool = new Pool({ connectionString: url, max: 4 });
  const quiet = { log: () => undefined, warn: () => undefined, error: (...a: unknown[]) => console.error(...a) };
  const store = new PostgresEventStore(pool, { schema: 'directory', logger: quiet });
  const orm = await MikroORM.init({
    driver: PostgreSqlDriver,
    clientUrl: url,
    schema: 'directory',
    entities: [],
    discovery: { warnWhenNoEntities: false },
    allowGlobalContext: false,
    debug: false,
  } as never);
  let done = 0;
  try {
    const runner = new ProjectionRunner({ store, orm: orm as never, projections: [new FhirProjection()], batchSize: 1000, logger: quiet, onProgress: (p) => void (done += p.processed) });
    const t = Date.now();
    await runner.start();
    await sleep(projectSeconds * 1000);
    await runner.stop();
    const rate = done / ((Date.now() - t) / 1000);
    log(`  fhir projection: ${done.toLocaleString('en-US')} events in ${projectSeconds} s, ${Math.round(rate).toLocaleString('en-US')} events/s`);

    const { rows: specs } = await pool.query<{ s: string }>(`SELECT DISTINCT data->'details'->>'specialty' AS s FROM directory.events WHERE type = 'ProfileCreated' AND data->'details'->>'specialty' IS NOT NULL`);
    const codes = Object.fromEntries(specs.map((r) => [r.s, specialtyCode(r.s)]).filter(([, c]) => c));
    const source = `SELECT (e.data->>'profileId')::uuid AS id, (e.data->'roles'->>'isProvider')::boolean AS provider, e.data->'details' AS d, e.data->'details'->'mailingAddress' AS a,
        (e.data->>'createdAt')::timestamptz AS at FROM directory.events e WHERE e.type = 'ProfileCreated' AND e.metadata->>'correlationId' = 'seed-bulk'`;
    const practitioner = `SELECT p.id, p.provider, p.d->>'npi' AS npi, p.d->>'firstName' AS first_name, p.d->>'middleName' AS middle_name, p.d->>'lastName' AS last_name,
        p.d->>'displayName' AS display_name, p.d->>'credentials' AS credentials, p.d->>'specialty' AS specialty, p.d->>'organization' AS organization,
        p.d->>'phone' AS phone, p.d->>'fax' AS fax, p.d->>'website' AS website, p.a->>'streetAddress1' AS street1, p.a->>'streetAddress2' AS street2, p.a->>'suite' AS suite,
        p.a->>'city' AS city, p.a->>'state' AS state, p.a->>'zip' AS zip, '[]'::jsonb AS licences, sc.code AS specialty_code,
        ${WORDS("p.d->>'firstName'", "p.d->>'middleName'", "p.d->>'lastName'", "p.d->>'displayName'")} AS name_words,
        nullif(${NORM("p.d->>'lastName'")}, '') AS family_norm, ${WORDS("p.d->>'firstName'", "p.d->>'middleName'")} AS given_words,
        ${WORDS("p.a->>'streetAddress1'", "p.a->>'streetAddress2'", "p.a->>'suite'", "p.a->>'city'", "p.a->>'state'", "p.a->>'zip'")} AS address_words,
        nullif(${NORM("p.a->>'city'")}, '') AS city_norm, nullif(upper(btrim(p.a->>'state')), '') AS state_norm, nullif(regexp_replace(coalesce(p.a->>'zip', ''), '[^0-9]', '', 'g'), '') AS zip_norm,
        p.at AS last_updated
      FROM (${source}) p LEFT JOIN jsonb_each_text($1::jsonb) AS sc(key, code) ON sc.key = p.d->>'specialty'`;
    const columns = 'id, provider, npi, first_name, middle_name, last_name, display_name, credentials, specialty, organization, phone, fax, website, street1, street2, suite, city, state, zip, licences, specialty_code, name_words, family_norm, given_words, address_words, city_norm, state_norm, zip_norm, last_updated';
    // The rows the projection wrote, computed again in SQL: they must be equal.
    const { rows: check } = await pool.query<{ checked: number; mismatches: number }>(
      `SELECT count(*)::int AS checked, count(*) FILTER (WHERE row(${columns.split(', ').map((c) => `x.${c}`).join(', ')}) IS DISTINCT FROM row(${columns.split(', ').map((c) => `f.${c}`).join(', ')}))::int AS mismatches
         FROM (${practitioner}) x JOIN directory.fhir_practitioners f ON f.id = x.id`,
      [JSON.stringify(codes)],
    );
    log(`  SQL rows equal to the projection's: ${check[0].checked - check[0].mismatches} of ${check[0].checked}`);
    const t2 = Date.now();
    await pool.query(`INSERT INTO directory.fhir_practitioners (${columns}) SELECT ${columns} FROM (${practitioner}) x ON CONFLICT (id) DO NOTHING`, [JSON.stringify(codes)]);
    const has = `(city IS NOT NULL OR state IS NOT NULL OR street1 IS NOT NULL OR zip IS NOT NULL)`;
    await pool.query(`INSERT INTO directory.fhir_locations (id, kind, published, npi, name, organization_id, phone, fax, street1, street2, suite, city, state, zip, name_words, address_words, city_norm, state_norm, zip_norm, source, last_updated)
      SELECT id, 'practitioner', provider AND ${has}, NULL, n, NULL, phone, fax, street1, street2, suite, city, state, zip, ${WORDS('n')}, address_words, city_norm, state_norm, zip_norm, NULL, last_updated
        FROM (SELECT *, coalesce(nullif(organization, ''), 'Office of ' || coalesce(nullif(display_name, ''), nullif(concat_ws(' ', first_name, last_name), ''), 'Provider')) AS n FROM directory.fhir_practitioners) p
      ON CONFLICT (id) DO NOTHING`);
    await pool.query(`INSERT INTO directory.fhir_roles (id, kind, published, practitioner_id, organization_id, location_id, specialty, specialty_code, phone, fax, address_words, city_norm, state_norm, zip_norm, last_updated)
      SELECT id, 'own', provider, id, NULL, CASE WHEN ${has} THEN id END, specialty, specialty_code, phone, fax, address_words, city_norm, state_norm, zip_norm, last_updated FROM directory.fhir_practitioners
      ON CONFLICT (id) DO NOTHING`);
    log(`  the rest in SQL: ${((Date.now() - t2) / 1000).toFixed(1)} s`);
    const head = await store.headCheckpoint();
    await pool.query(
      `INSERT INTO directory.checkpoints (name, transaction_id, global_position) SELECT n, $2::xid8, $3::bigint FROM unnest($1::text[]) AS n
       ON CONFLICT (name) DO UPDATE SET transaction_id = EXCLUDED.transaction_id, global_position = EXCLUDED.global_position`,
      [['fhir', 'profiles', 'facilities', 'relay:jetstream'], head?.transactionId, head?.globalPosition],
    );
    return { rate, mismatches: check[0].mismatches, checked: check[0].checked };
  } finally {
    await orm.close();
    await pool.end();
  }
}

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

      // A database kept by an earlier run (--reuse) whose read model is complete is not filled again.
      const { rows: filled } = await pool.query<{ done: boolean }>(
        `SELECT coalesce((SELECT (c.transaction_id, c.global_position) >= (h.transaction_id, h.global_position)
           FROM directory.checkpoints c, (${DIRECTORY_HEAD_SQL}) h WHERE c.name = 'fhir'), false) AS done`,
      );
      log(filled[0].done ? 'the FHIR read model is complete already (--reuse)' : 'filling the FHIR read model (see fillFhir)');
      const projected = filled[0].done ? { rate: NaN, mismatches: 0, checked: 0 } : await fillFhir(db.url, opts.smoke ? 5 : 60, log);

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
      log(`  the apps answer ${projectSeconds.toFixed(1)} s after they started: ${counts[0].practitioners.toLocaleString('en-US')} Practitioner, ${counts[0].roles.toLocaleString('en-US')} PractitionerRole`);
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
          ...(Number.isNaN(projected.rate) ? [] : [{ label: 'fhir projection catch-up (alone, first minute)', value: Math.round(projected.rate), unit: 'events/s' }]),
        ],
        details: {
          profiles,
          queries,
          practitioners: counts[0].practitioners,
          practitionerRoles: counts[0].roles,
          projectSeconds,
          sqlRowsCheckedAgainstProjection: projected.checked,
          sqlRowsDifferent: projected.mismatches,
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
