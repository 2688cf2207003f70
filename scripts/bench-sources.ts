/**
 * `npm run bench -- sources [--smoke]`: the sanction lists and licence rosters at scale.
 *
 * 1. Each list's import of a generated file in its real layout into an empty list, beside a bare
 *    `COPY ... (FORMAT csv)` of the same file into an unlogged text table (the same-run baseline):
 *    SAM 150,000, opt-out 60,000, OFAC 20,000 (with aliases), three Medicaid lists 50,000 each, a
 *    licence roster 2,000,000 (sizes: SOURCES_BENCH_SCALE multiplies them).
 * 2. The daily screening of 1,000,000 providers with files against every list together (the LEIE
 *    80,000 too): applyScreening over all lists in one transaction, against a baseline of the same
 *    joins as plain SQL (a count of the union) in the same run.
 * 3. The staff search across every list (the handler's own queries, no HTTP), p95.
 */
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Pool } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { migrateService } from '@app/nest-kit';
import { createTestDatabase } from '@app/testing';
import { importLeie } from '../apps/credentialing/src/import-exclusions/leie-importer';
import { leieSampleLines, writeLeieFile } from '../apps/credentialing/src/import-exclusions/sample-leie';
import { applyScreening, findMatchesSql } from '../apps/credentialing/src/infrastructure/screening.sql';
import type { FileAccess } from '../apps/credentialing/src/infrastructure/file-access';
import { SearchExclusionsHandler } from '../apps/credentialing/src/search-exclusions/search-exclusions.handler';
import { SearchExclusionsQuery } from '../apps/credentialing/src/search-exclusions/search-exclusions.query';
import { importList } from '../apps/credentialing/src/sources/list/list-importer';
import type { SourceList } from '../apps/credentialing/src/sources/list/source-list';
import { MEDICAID_LISTS } from '../apps/credentialing/src/sources/medicaid/medicaid.lists';
import { OFAC_LIST } from '../apps/credentialing/src/sources/ofac/ofac.list';
import { OPTOUT_LIST } from '../apps/credentialing/src/sources/optout/optout.list';
import { SAM_LIST } from '../apps/credentialing/src/sources/sam/sam.list';
import { importRoster } from '../apps/credentialing/src/sources/roster/roster-importer';
import { rosterSampleLines } from '../apps/credentialing/src/sources/roster/roster-mapping';
import { TX_ROSTER } from '../apps/credentialing/src/sources/roster/states/tx';
import { credentialingStorage } from '../apps/credentialing/src/storage';
import type { BenchFigure, BenchOptions } from './bench/types';

const fmt = (n: number) => n.toLocaleString('en-US');
const seconds = async <T>(work: () => Promise<T>): Promise<{ s: number; value: T }> => {
  const t = process.hrtime.bigint();
  const value = await work();
  return { s: Number(process.hrtime.bigint() - t) / 1e9, value };
};
const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};

export const benchmark = {
  name: 'sources',
  description: 'sanction lists (SAM, opt-out, OFAC, Medicaid) and licence roster imports; the daily screening of 1,000,000 providers against every list; the search across lists',
  async run(o: BenchOptions) {
    const scale = o.smoke ? 0.01 : Number(process.env.SOURCES_BENCH_SCALE ?? 1);
    const profiles = o.smoke ? 5_000 : Number(process.env.SOURCES_BENCH_PROFILES ?? 1_000_000);
    const n = (v: number) => Math.max(50, Math.round(v * scale));
    const figures: BenchFigure[] = [];
    const db = await createTestDatabase('bench_sources');
    const dir = mkdtempSync(join(tmpdir(), 'bench-sources-'));
    const pool = new Pool({ connectionString: db.url, max: 4, options: '-c search_path=credentialing,public', statement_timeout: 0 });
    pool.on('error', () => undefined);
    try {
      await migrateService(db.url, { ...credentialingStorage, schema: 'credentialing' });
      const bareCopy = async (file: string, columns: number, header: boolean) => {
        const client = await pool.connect();
        try {
          await client.query(`DROP TABLE IF EXISTS bare_copy; CREATE UNLOGGED TABLE bare_copy (${Array.from({ length: columns }, (_, i) => `c${i} text`).join(', ')})`);
          return (await seconds(() => pipeline(createReadStream(file), client.query(copyFrom(`COPY bare_copy FROM STDIN (FORMAT csv${header ? ', HEADER true' : ''})`))))).s;
        } finally {
          client.release();
        }
      };
      // The LEIE, the first list (its own importer).
      const leieFile = join(dir, 'UPDATED.csv');
      await writeLeieFile(leieFile, leieSampleLines(n(80_000), [], 42));
      await importLeie({ databaseUrl: db.url, schema: 'credentialing', file: leieFile });

      // 1. Each list into an empty list, beside a bare COPY.
      const lists: [SourceList, number][] = [[SAM_LIST, n(150_000)], [OPTOUT_LIST, n(60_000)], [OFAC_LIST, n(20_000)], ...MEDICAID_LISTS.map((l) => [l, n(50_000)] as [SourceList, number])];
      for (const [list, rows] of lists) {
        const sample = list.sample(rows, []);
        const file = join(dir, `${list.id}-${sample.file}`);
        writeFileSync(file, sample.lines.map((l) => `${l}\r\n`).join(''));
        if (sample.extra) writeFileSync(join(dir, `${list.id}-${sample.extra.file}`), sample.extra.lines.map((l) => `${l}\r\n`).join(''));
        const bare = await bareCopy(file, list.columns.length, !list.headerless);
        const r = await importList({ databaseUrl: db.url, schema: 'credentialing', list, file });
        const rate = r.rowsRead / r.seconds;
        const bareRate = r.rowsRead / bare;
        o.log(`> ${list.id}: ${fmt(r.rowsRead)} rows, ${fmt(Math.round(rate))} rows/s into an empty list; bare COPY ${fmt(Math.round(bareRate))} rows/s; load ${loadavg()[0].toFixed(1)}`);
        figures.push({ label: `${list.name} import (${fmt(r.rowsRead)} rows) into an empty list (load ${loadavg()[0].toFixed(1)})`, value: Math.round(rate), unit: 'rows/s', baseline: { label: 'bare COPY csv', value: Math.round(bareRate) }, ratio: rate / bareRate, target: '>= 50,000 rows/s', met: rate >= 50_000 });
      }
      const rosterRows = n(2_000_000);
      const rosterFile = join(dir, 'tx-roster.csv');
      writeFileSync(rosterFile, rosterSampleLines(TX_ROSTER, rosterRows, [], 7).map((l) => `${l}\r\n`).join(''));
      const rosterBare = await bareCopy(rosterFile, TX_ROSTER.columns.length, true);
      const roster = await importRoster({ databaseUrl: db.url, schema: 'credentialing', roster: TX_ROSTER, file: rosterFile });
      const rosterRate = roster.rowsRead / roster.seconds;
      o.log(`> roster-tx: ${fmt(roster.rowsRead)} rows, ${fmt(Math.round(rosterRate))} rows/s; bare COPY ${fmt(Math.round(roster.rowsRead / rosterBare))} rows/s`);
      figures.push({ label: `licence roster import (${fmt(roster.rowsRead)} rows) into an empty roster`, value: Math.round(rosterRate), unit: 'rows/s', baseline: { label: 'bare COPY csv', value: Math.round(roster.rowsRead / rosterBare) }, ratio: rosterRate / (roster.rowsRead / rosterBare), target: '>= 50,000 rows/s', met: rosterRate >= 50_000 });

      // 2. Providers with files: some on SAM by NPI, some by name and state, the rest strangers.
      o.log(`> ${fmt(profiles)} profiles with files`);
      await pool.query(`CREATE TEMP TABLE x AS SELECT row_number() OVER (ORDER BY row_key) AS i, npi, last_name, first_name, state FROM source_rows WHERE last_name IS NOT NULL AND source = 'sam'`);
      const nx = Number((await pool.query(`SELECT count(*) AS n FROM x`)).rows[0].n);
      await pool.query(
        `INSERT INTO credentialing_profiles (id, first_name, last_name, npi, state, is_provider)
         SELECT md5('p' || g)::uuid,
                CASE WHEN g % 1000 = 7 THEN (SELECT first_name FROM x WHERE x.i = 1 + g % $2) ELSE 'First' || (g % 5000) END,
                CASE WHEN g % 1000 = 7 THEN (SELECT last_name FROM x WHERE x.i = 1 + g % $2) ELSE 'Last' || (g / 5000) END,
                CASE WHEN g % 2000 = 3 THEN coalesce((SELECT npi FROM x WHERE x.i = 1 + g % $2), '1' || lpad(g::text, 9, '0')) ELSE '2' || lpad(g::text, 9, '0') END,
                CASE WHEN g % 1000 = 7 THEN (SELECT state FROM x WHERE x.i = 1 + g % $2) ELSE (ARRAY['NY','CA','TX','FL','IL'])[1 + g % 5] END,
                true
           FROM generate_series(1, $1) g`,
        [profiles, nx],
      );
      await pool.query(
        `INSERT INTO credentialing_files (provider_id, cycle, status, open_items, last_change, state) SELECT md5('p' || g)::uuid, 1, 'Approved', 0, now(), '{}'::jsonb FROM generate_series(1, $1) g`,
        [profiles],
      );
      for (const t of ['credentialing_profiles', 'credentialing_files', 'leie_exclusions', 'source_rows', 'source_aliases']) await pool.query(`VACUUM ANALYZE ${t}`);
      const { sql } = findMatchesSql({ kind: 'all' });
      const plain = sql.slice(sql.indexOf('\n') + 1);
      const baseline = await seconds(async () => (await pool.query<{ n: string }>(`SELECT count(*) AS n FROM (${plain}) m`)).rows[0].n);
      const screen = async () => {
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
      const first = await seconds(screen);
      const steady = await seconds(screen);
      o.log(`> daily screening of ${fmt(profiles)} files against every list: first run ${first.s.toFixed(1)} s (${fmt(first.value.newMatches.length)} new matches), steady ${steady.s.toFixed(1)} s; the joins as plain SQL ${baseline.s.toFixed(1)} s (${baseline.value} matches)`);
      figures.push({ label: `daily screening, ${fmt(profiles)} providers vs every list (first run, ${fmt(first.value.found)} matches)`, value: first.s, unit: 's', baseline: { label: 'the same joins as plain SQL', value: baseline.s }, ratio: first.s / baseline.s, target: '< 120 s', met: first.s < 120 });
      figures.push({ label: 'daily screening, steady state (the same lists again)', value: steady.s, unit: 's', target: '< 120 s', met: steady.s < 120 });

      // 3. The search across every list.
      const { rows: sample } = await pool.query<{ npi: string | null; last_name: string | null; first_name: string | null; bus_name: string | null }>(
        `SELECT npi, last_name, first_name, bus_name FROM sanction_rows ORDER BY md5(row_key) LIMIT 200`,
      );
      const terms = sample.map((r, i) => (i % 4 === 0 && r.npi ? r.npi : r.last_name && r.first_name && i % 4 !== 3 ? `${r.last_name}, ${r.first_name}` : (r.bus_name ?? r.last_name ?? 'CARE').split(/\s+/).slice(0, 2).join(' ')));
      const search = new SearchExclusionsHandler(pool, { assertStaff: async () => undefined } as unknown as FileAccess);
      for (const searchTerm of terms.slice(0, 20)) await search.execute(new SearchExclusionsQuery({ searchTerm }));
      const ms: number[] = [];
      for (const searchTerm of terms) ms.push((await seconds(() => search.execute(new SearchExclusionsQuery({ searchTerm })))).s * 1000);
      o.log(`> search across every list: p50 ${pct(ms, 50).toFixed(1)} ms, p95 ${pct(ms, 95).toFixed(1)} ms`);
      figures.push({ label: `search across every list (${terms.length} terms; the handler's queries, no HTTP), p95`, value: pct(ms, 95), unit: 'ms', target: '< 20 ms', met: pct(ms, 95) < 20 });
      return { figures, details: { scale, profiles } };
    } finally {
      await pool.end();
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
