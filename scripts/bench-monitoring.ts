/**
 * `npm run bench -- monitoring [--smoke]`: continuous monitoring at scale, on this
 * machine's Postgres, in a throwaway database. Sizes come from the environment so the run can be
 * repeated on a quiet machine at full size, or smaller on a loaded one:
 *   MONITORING_BENCH_EXCLUSIONS (80,000)  MONITORING_BENCH_PROFILES (1,000,000)
 *   MONITORING_BENCH_CREDENTIALS (3,000,000)  MONITORING_BENCH_QUERIES (200)
 *
 * 1. LEIE import of a generated full file in the real layout (importLeie: the line loop, COPY,
 *    applied by joins) into an empty mirror and again, vs the same file by a bare
 *    `COPY ... (FORMAT csv)` into an unlogged text table, median of 3 rounds (`--import-only`: only this);
 * 2. the daily screening: the match of every provider with a file against the mirror
 *    (applyScreening, the service's set-based SQL) vs the same join as one plain SQL count, run
 *    twice (first: every match new; second: the steady state); the plan of who to record (every
 *    file recorded in the last 30 days: the changed files and files / 30 renewals) and the rate of
 *    recording (events in the files' streams, on a sample), giving the day's time;
 * 3. incremental screening after a 500-row supplement (300 exclusions, 200 reinstatements);
 * 4. the daily expirables run over N credentials (ExpirablesRun with an injected clock, its
 *    alerts stored as events): the day after a primed day, then the same day again (nothing sent);
 * 5. the files grid (getFiles' SQL) filtered 'recredentialing due within 90 days', p50/p95.
 * Figures are from whatever else runs on the machine: say so when recording them.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, createReadStream } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Pool } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { PostgresEventStore } from '@app/event-store';
import { buildGridQuery, runGridQuery } from '@app/grid';
import { migrateService, type EventPipeline } from '@app/nest-kit';
import { createTestDatabase } from '@app/testing';
import { addDays } from '../apps/credentialing/src/domain/calendar';
import { importLeie } from '../apps/credentialing/src/import-exclusions/leie-importer';
import { leieCsvLine } from '../apps/credentialing/src/import-exclusions/leie-record';
import { leieSampleLines, writeLeieFile } from '../apps/credentialing/src/import-exclusions/sample-leie';
import { FILES_GRID } from '../apps/credentialing/src/list-files/files.grid';
import { ExpirablesRun } from '../apps/credentialing/src/monitor-expirables/expirables-run';
import { MonitoringAlerts } from '../apps/credentialing/src/monitoring-alerts/monitoring-alerts';
import { STANDING_MATCHES_SQL, applyScreening, findMatchesSql } from '../apps/credentialing/src/infrastructure/screening.sql';
import { CredentialingWriter } from '../apps/credentialing/src/infrastructure/credentialing.writer';
import { ExclusionScreeningService } from '../apps/credentialing/src/infrastructure/exclusion-screening.service';
import type { FileAccess } from '../apps/credentialing/src/infrastructure/file-access';
import { SearchExclusionsHandler } from '../apps/credentialing/src/search-exclusions/search-exclusions.handler';
import { SearchExclusionsQuery } from '../apps/credentialing/src/search-exclusions/search-exclusions.query';
import { credentialingStorage } from '../apps/credentialing/src/storage';

type BenchOptions = { smoke: boolean; args: readonly string[]; log: (message: string) => void };
type BenchFigure = { label: string; value: number; unit: string; baseline?: { label: string; value: number }; ratio?: number; target?: string; met?: boolean };

const size = (name: string, full: number, smoke: number, o: BenchOptions) => (o.smoke ? smoke : Number(process.env[name] ?? full));
const seconds = async <T>(work: () => Promise<T>): Promise<{ s: number; value: T }> => {
  const t = process.hrtime.bigint();
  const value = await work();
  return { s: Number(process.hrtime.bigint() - t) / 1e9, value };
};
const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const fmt = (n: number) => n.toLocaleString('en-US');
/** Rounds of the import measurement (each: a bare COPY, an import into an empty mirror, the same file again). */
const IMPORT_RUNS = 3;
/** Files whose screening record is written for the recording rate (each needs an event stream first). */
const RECORD_SAMPLE = 2_000;

export const benchmark = {
  name: 'monitoring',
  description: 'LEIE import, full and incremental exclusion screening, daily expirables, files grid due within 90 days',
  async run(o: BenchOptions) {
    const exclusions = size('MONITORING_BENCH_EXCLUSIONS', 80_000, 2_000, o);
    const profiles = size('MONITORING_BENCH_PROFILES', 1_000_000, 5_000, o);
    const credentials = size('MONITORING_BENCH_CREDENTIALS', 3_000_000, 15_000, o);
    const queries = size('MONITORING_BENCH_QUERIES', 200, 20, o);
    const figures: BenchFigure[] = [];
    const db = await createTestDatabase('bench_monitoring');
    const dir = mkdtempSync(join(tmpdir(), 'bench-monitoring-'));
    const pool = new Pool({ connectionString: db.url, max: 4, options: '-c search_path=credentialing,public', statement_timeout: 0 });
    // An idle client still closing when the database is dropped (WITH FORCE) at the end reports
    // 'terminating connection': the run is over by then, not a failure of it.
    pool.on('error', () => undefined);
    try {
      await migrateService(db.url, { ...credentialingStorage, schema: 'credentialing' });

      // 1. The import: into an empty mirror (a first import) and the same file again, each
      //    beside a bare COPY of the file; the median of IMPORT_RUNS rounds (the machine is shared).
      o.log(`> generating an LEIE file of ${fmt(exclusions)} rows`);
      const full = join(dir, 'UPDATED.csv');
      await writeLeieFile(full, leieSampleLines(exclusions, [], 42));
      await pool.query(`CREATE UNLOGGED TABLE bare_copy (${Array.from({ length: 18 }, (_, i) => `c${i} text`).join(', ')})`);
      const bareCopy = () =>
        seconds(async () => {
          const client = await pool.connect();
          try {
            await client.query('TRUNCATE bare_copy');
            await pipeline(createReadStream(full), client.query(copyFrom(`COPY bare_copy FROM STDIN (FORMAT csv, HEADER true)`)));
          } finally {
            client.release();
          }
        });
      const rounds: { empty: number; again: number; bare: number; load: number; phases: string }[] = [];
      const runs = o.smoke ? 1 : IMPORT_RUNS;
      for (let i = 0; i < runs; i++) {
        await pool.query('TRUNCATE leie_exclusions, leie_changes, leie_imports');
        const bare = await bareCopy();
        const empty = await importLeie({ databaseUrl: db.url, schema: 'credentialing', file: full });
        const again = await importLeie({ databaseUrl: db.url, schema: 'credentialing', file: full });
        const load = loadavg()[0];
        const phases = `reading ${empty.phases.read.toFixed(2)} s, applying ${empty.phases.apply.toFixed(2)} s`;
        rounds.push({ empty: empty.rowsRead / empty.seconds, again: again.rowsRead / again.seconds, bare: exclusions / bare.s, load, phases });
        o.log(`> import round ${i + 1}: ${fmt(Math.round(empty.rowsRead / empty.seconds))} rows/s into an empty mirror (${phases}), ${fmt(Math.round(again.rowsRead / again.seconds))} rows/s the same file again; bare COPY ${fmt(Math.round(exclusions / bare.s))} rows/s; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
      }
      const median = (k: 'empty' | 'again' | 'bare') => pct(rounds.map((r) => r[k]), 50);
      const importRate = median('empty');
      const bareRate = median('bare');
      const loadNote = `load ${pct(rounds.map((r) => r.load), 50).toFixed(1)}`;
      figures.push({ label: `LEIE import (${fmt(exclusions)} rows) into an empty mirror, median of ${runs} (${loadNote})`, value: Math.round(importRate), unit: 'rows/s', baseline: { label: 'bare COPY csv', value: Math.round(bareRate) }, ratio: importRate / bareRate, target: '>= 50,000 rows/s', met: importRate >= 50_000 });
      figures.push({ label: `LEIE import, the same file again (nothing changes), median of ${runs}`, value: Math.round(median('again')), unit: 'rows/s', target: '>= 50,000 rows/s', met: median('again') >= 50_000 });

      // 1b. The staff search over the mirror just imported: the handler's own queries (SearchExclusionsHandler,
      //     staff check stubbed; no HTTP), terms taken from the mirror: NPIs, 'Last, First', business names, words.
      const { rows: searchSample } = await pool.query<{ npi: string | null; last_name: string | null; first_name: string | null; bus_name: string | null }>(
        `SELECT npi, last_name, first_name, bus_name FROM leie_exclusions ORDER BY md5(row_key) LIMIT $1`,
        [queries],
      );
      const terms = searchSample.map((r, i) => {
        if (i % 4 === 0 && r.npi) return r.npi;
        if (i % 4 !== 3 && r.last_name && r.first_name) return i % 4 === 1 ? `${r.last_name}, ${r.first_name}` : `${r.last_name}, ${r.first_name.slice(0, 2)}`;
        return (r.bus_name ?? r.last_name ?? 'CARE').split(/\s+/).slice(0, 2).join(' ');
      });
      const search = new SearchExclusionsHandler(pool, { assertStaff: async () => undefined } as unknown as FileAccess);
      for (const searchTerm of terms.slice(0, 20)) await search.execute(new SearchExclusionsQuery({ searchTerm })); // warm-up
      const searchMs: number[] = [];
      let hits = 0;
      for (const searchTerm of terms) {
        const t = await seconds(() => search.execute(new SearchExclusionsQuery({ searchTerm })));
        searchMs.push(t.s * 1000);
        if (t.value.count > 0) hits++;
      }
      o.log(`> exclusion search: ${terms.length} terms (NPI, 'Last, First', business names), ${hits} with results; p50 ${pct(searchMs, 50).toFixed(1)} ms, p95 ${pct(searchMs, 95).toFixed(1)} ms`);
      figures.push({ label: `exclusion search over ${fmt(exclusions)} rows, p95 (the handler's queries, no HTTP; ${hits} of ${terms.length} terms found)`, value: pct(searchMs, 95), unit: 'ms', target: '< 20 ms', met: pct(searchMs, 95) < 20 });
      figures.push({ label: 'exclusion search p50', value: pct(searchMs, 50), unit: 'ms' });
      if (o.args.includes('--import-only')) return { figures, details: { exclusions, rounds, note: 'figures from a shared machine unless run quietly' } };

      // 2. Providers with files: a few by NPI, a few by name and state, the rest strangers to the list.
      o.log(`> ${fmt(profiles)} profiles with files`);
      await pool.query(`CREATE TEMP TABLE x AS SELECT row_number() OVER (ORDER BY row_key) AS i, npi, last_name, first_name, state FROM leie_exclusions WHERE last_name IS NOT NULL`);
      const nx = Number((await pool.query(`SELECT count(*) AS n FROM x`)).rows[0].n);
      await pool.query(
        `INSERT INTO credentialing_profiles (id, first_name, last_name, npi, state, is_provider, is_master_admin)
         SELECT md5('p' || g)::uuid,
                CASE WHEN g % 1000 = 7 THEN (SELECT first_name FROM x WHERE x.i = 1 + g % $2) ELSE 'First' || (g % 5000) END,
                CASE WHEN g % 1000 = 7 THEN (SELECT last_name FROM x WHERE x.i = 1 + g % $2) ELSE 'Last' || (g / 5000) END,
                CASE WHEN g % 2000 = 3 THEN coalesce((SELECT npi FROM x WHERE x.i = 1 + g % $2), '1' || lpad(g::text, 9, '0')) ELSE '2' || lpad(g::text, 9, '0') END,
                CASE WHEN g % 1000 = 7 THEN (SELECT state FROM x WHERE x.i = 1 + g % $2) ELSE (ARRAY['NY','CA','TX','FL','IL'])[1 + g % 5] END,
                true, g = 1
           FROM generate_series(1, $1) g`,
        [profiles, nx],
      );
      await pool.query(
        `INSERT INTO credentialing_files (provider_id, cycle, status, open_items, next_expiry, recredentialing_due_on, last_change, state)
         SELECT md5('p' || g)::uuid, 1, CASE WHEN g % 3 = 0 THEN 'Verification' ELSE 'Approved' END, 0, NULL,
                CASE WHEN g % 3 = 0 THEN NULL ELSE current_date + (g % 1095) - 30 END, now(), '{}'::jsonb
           FROM generate_series(1, $1) g`,
        [profiles],
      );
      // As autovacuum would have left them: statistics and the visibility map (index-only counts).
      await pool.query(`VACUUM ANALYZE credentialing_profiles`);
      await pool.query(`VACUUM ANALYZE credentialing_files`);
      await pool.query(`VACUUM ANALYZE leie_exclusions`);
      // The daily screening's match: every file against the mirror in one statement, applied to the matches.
      const screenAll = async () => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const r = await applyScreening(client, { kind: 'all' });
          await client.query('COMMIT');
          return r;
        } finally {
          client.release();
        }
      };
      const first = await seconds(screenAll);
      const byKindAll = (m: { kind: string }[]) => ['Excluded', 'Possible match'].map((k) => `${fmt(m.filter((x) => x.kind === k).length)} ${k}`).join(', ');
      const { sql, params } = findMatchesSql({ kind: 'all' });
      const plain = await seconds(() => pool.query(`SELECT count(*) FROM (${sql.replace(/^\s*INSERT INTO screen_found \([^)]*\)/, '')}) m`, params));
      const second = await seconds(screenAll);
      o.log(`> screening match: ${fmt(first.value.found)} matches (new: ${byKindAll(first.value.newMatches)}) in ${first.s.toFixed(1)} s; steady state ${second.s.toFixed(1)} s`);
      // In ms: the baseline takes well under a second.
      figures.push({ label: `full screening match, ${fmt(profiles)} profiles vs ${fmt(exclusions)} exclusions (first run, all matches new)`, value: Math.round(first.s * 1000), unit: 'ms', baseline: { label: 'the join as one plain SQL count', value: Math.round(plain.s * 1000) }, ratio: first.s / plain.s, target: '< 60 s', met: first.s < 60 });

      // The daily run's plan in the steady state: every file recorded once in the last 30 days
      // (its record covering its matches as they stand), then who today records: the changed
      // files (none) and the day's renewals (files / 30).
      await pool.query(
        `INSERT INTO exclusion_screenings (provider_id, screened_at, finding, recorded_on, recorded_matches)
         SELECT f.provider_id, now(), 'None', current_date - 1 - (abs(hashtext(f.provider_id::text)) % 29), coalesce(m.matches, '')
           FROM credentialing_files f
           LEFT JOIN (SELECT m.provider_id, ${STANDING_MATCHES_SQL} AS matches FROM exclusion_matches m WHERE m.status IN ('Open', 'Confirmed') GROUP BY m.provider_id) m ON m.provider_id = f.provider_id
         ON CONFLICT (provider_id) DO UPDATE SET recorded_on = EXCLUDED.recorded_on, recorded_matches = EXCLUDED.recorded_matches`,
      );
      await pool.query(`VACUUM ANALYZE exclusion_screenings`);
      const store = new PostgresEventStore(pool, { schema: 'credentialing', logger: { log: () => undefined, warn: () => undefined, error: (...a: unknown[]) => console.error(...a) } });
      await store.ensureSchema();
      const alerts = new MonitoringAlerts(pool, store);
      const writer = new CredentialingWriter(store, { projected: async () => true } as unknown as EventPipeline, { requireExclusionScreening: true });
      const screening = new ExclusionScreeningService(pool, writer, alerts, () => new Date());
      const today = new Date().toISOString().slice(0, 10);
      const plan = await seconds(() => screening.recordPlan(today));
      // Recording (an ExclusionScreened event in each file's stream): measured on a sample of files with streams.
      const sample = o.smoke ? 200 : RECORD_SAMPLE;
      const sampleIds = (await pool.query<{ id: string }>(`SELECT md5('p' || g)::uuid::text AS id FROM generate_series(1, $1) g`, [sample])).rows.map((r) => r.id);
      for (const id of sampleIds) await writer.execute({ type: 'StartFile', data: { providerId: id, actor: { userId: 'bench', role: 'masterAdmin' }, now: new Date(), cycleId: randomUUID() } }, { awaitProjection: false });
      const recording = await seconds(() => screening.recordMany(sampleIds, new Date(), { awaitProjection: false }));
      const recordRate = recording.value / recording.s;
      const dayEstimate = second.s + plan.s + plan.value.renew.length / recordRate;
      o.log(`> daily plan: ${fmt(plan.value.changed.length)} changed, ${fmt(plan.value.renew.length)} renewals (budget ${fmt(plan.value.budget)}) in ${plan.s.toFixed(1)} s; recording ${fmt(Math.round(recordRate))} files/s (${fmt(recording.value)} recorded)`);
      figures.push({ label: 'daily screening at steady state: the match again', value: Math.round(second.s * 1000), unit: 'ms', target: '< 60 s', met: second.s < 60 });
      figures.push({ label: `daily screening plan over ${fmt(profiles)} files (${fmt(plan.value.renew.length)} renewals, ${fmt(plan.value.changed.length)} changed)`, value: Math.round(plan.s * 1000), unit: 'ms', target: '< 60 s', met: plan.s < 60 });
      figures.push({ label: `recording screenings in files' streams (sample of ${fmt(sample)})`, value: Math.round(recordRate), unit: 'files/s' });
      figures.push({ label: `daily screening at ${fmt(profiles)} files: match, plan and the day's ${fmt(plan.value.renew.length)} records (estimated from the rate)`, value: Math.round(dayEstimate), unit: 's', target: '< 1 h', met: dayEstimate < 3600 });

      // 3. A 500-row supplement: 300 exclusions (a third of them providers' NPIs) and 200 reinstatements.
      const reinstated = (await pool.query<{ line: string }>(`SELECT last_name, first_name, mid_name, bus_name, npi, dob, excl_date FROM leie_exclusions ORDER BY row_key LIMIT 200`)).rows as unknown as Record<string, string | Date | null>[];
      const ymd = (d: Date | string | null) => (d ? (d instanceof Date ? d.toISOString().slice(0, 10) : d).replace(/-/g, '') : '00000000');
      const supLines = [
        ...Array.from({ length: 300 }, (_, i) =>
          leieCsvLine({ LASTNAME: `SUPPLEMENT${i}`, FIRSTNAME: 'PAT', NPI: i % 3 === 0 ? `2${String(i + 1).padStart(9, '0')}` : '0000000000', STATE: 'NY', EXCLTYPE: '1128a1', EXCLDATE: '20261101' }),
        ),
        ...reinstated.map((r) =>
          leieCsvLine({ LASTNAME: (r.last_name as string) ?? '', FIRSTNAME: (r.first_name as string) ?? '', MIDNAME: (r.mid_name as string) ?? '', BUSNAME: (r.bus_name as string) ?? '', NPI: (r.npi as string) ?? '0000000000', DOB: ymd(r.dob as Date), EXCLDATE: ymd(r.excl_date as Date), REINDATE: '20261105' }),
        ),
      ];
      const sup = join(dir, 'supplement.csv');
      await writeLeieFile(sup, supLines);
      const supImport = await importLeie({ databaseUrl: db.url, schema: 'credentialing', file: sup, supplement: true });
      const incremental = await seconds(async () => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const r = await applyScreening(client, { kind: 'imports', importIds: [supImport.importId] });
          await client.query('COMMIT');
          return r;
        } finally {
          client.release();
        }
      });
      const byKind = (m: { kind: string }[]) => ['Excluded', 'Possible match'].map((k) => `${fmt(m.filter((x) => x.kind === k).length)} ${k}`).join(', ');
      o.log(`> supplement: ${supImport.added} added, ${supImport.removed} removed; incremental screening: new matches ${byKind(incremental.value.newMatches)}; ${fmt(incremental.value.changedProviders.length)} files changed`);
      figures.push({ label: 'incremental screening after a 500-row supplement', value: Math.round(incremental.s * 1000), unit: 'ms', target: '< 2 s', met: incremental.s < 2 });

      // 4. Expirables: N credentials over the providers, expiries spread over three years.
      o.log(`> ${fmt(credentials)} credentials`);
      await pool.query(
        `INSERT INTO credentialing_expirables (provider_id, credential_id, kind, expires_on)
         SELECT md5('p' || (1 + g % $2))::uuid, md5('c' || g)::uuid, (ARRAY['stateLicense','dea','malpractice','boardCertification'])[1 + g % 4], current_date + (g % 1095) - 30
           FROM generate_series(1, $1) g`,
        [credentials, profiles],
      );
      await pool.query(`VACUUM ANALYZE credentialing_expirables`);
      // The day before, as if every earlier day had run: its reminders recorded (not timed).
      const primed = await seconds(() => new ExpirablesRun(pool, { raise: async () => 0 } as unknown as MonitoringAlerts, () => new Date(`${addDays(today, -1)}T06:00:00Z`)).run());
      const day = await seconds(() => new ExpirablesRun(pool, alerts, () => new Date(`${today}T06:00:00Z`)).run());
      const again = await seconds(() => new ExpirablesRun(pool, alerts, () => new Date(`${today}T06:00:00Z`)).run());
      o.log(`> expirables: primed ${fmt(primed.value.credentialReminders)} reminders in ${primed.s.toFixed(1)} s; the day: ${fmt(day.value.credentialReminders + day.value.recredentialingReminders)} reminders, ${fmt(day.value.alerts)} alerts; again: ${again.value.alerts} alerts`);
      figures.push({ label: `daily expirables run over ${fmt(credentials)} credentials (${fmt(day.value.alerts)} alerts stored)`, value: Math.round(day.s * 1000), unit: 'ms', target: '< 30 s', met: day.s < 30 });
      figures.push({ label: 'the same day again: alerts sent', value: again.value.alerts, unit: 'alerts', target: '0', met: again.value.alerts === 0 });

      // 5. The files grid, due within 90 days from varied days.
      const times: number[] = [];
      for (let i = 0; i < queries; i++) {
        const from = addDays(today, i % 60);
        const q = buildGridQuery(
          FILES_GRID,
          { skip: 0, limit: 25, filters: { recredentialingDueOn: { filterType: 'dateRange', value: `${from}:${addDays(from, 90)}` } }, sorting: { recredentialingDueOn: 1 } } as never,
          { select: ['provider_id', 'provider', 'npi', 'status', 'open_items', 'next_expiry', 'recredentialing_due_on', 'last_change', 'exclusion', 'monitoring'] },
        );
        const t = await seconds(() => runGridQuery(pool, q));
        times.push(t.s * 1000);
      }
      figures.push({ label: `getFiles due within 90 days at ${fmt(profiles)} files p95`, value: pct(times, 95), unit: 'ms', target: '< 50 ms', met: pct(times, 95) < 50 });
      figures.push({ label: 'getFiles due within 90 days p50', value: pct(times, 50), unit: 'ms' });
      return { figures, details: { exclusions, profiles, credentials, queries, note: 'figures from a shared machine unless run quietly' } };
    } finally {
      await pool.end();
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
