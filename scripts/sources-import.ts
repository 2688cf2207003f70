/**
 * `npm run sources:import -- <source> <file> [--supplement]`   import a list's file
 * `npm run sources:import -- <source> --sample`                 generate (.data/sources-sample) and import the list's sample
 * `npm run sources:import -- --sample-if-empty`                 the same for every list that holds nothing (npm start)
 * `npm run sources:import -- --list`                            every list with its last import
 *
 * The sanction and exclusion lists of the credentialing service (see apps/credentialing/README.md):
 * `leie` (the OIG LEIE: its own importer, the same as `npm run leie:import`), `sam`, `optout`,
 * `ofac` (sdn.csv, its aliases read from alt.csv beside it), `medicaid-ny`, `medicaid-ca`,
 * `medicaid-tx`; and the state licence rosters `roster-tx`, `roster-fl` (a licence of a state with
 * a roster is verified against it automatically when the file's checks run). A full file replaces the list; a supplement adds and changes rows. Re-running a
 * file changes nothing. The running credentialing service screens the changed rows. Uses
 * DATABASE_URL and DATABASE_SCHEMA (default credentialing); the samples take their demo providers
 * from the directory's sample registry (REGISTRY_SCHEMA, default directory).
 */
import { join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { Pool } from 'pg';
import { z } from 'zod';
import { credentialing } from '@app/contracts';
import { baseConfigSchema, loadConfig, migrateService } from '@app/nest-kit';
import { LeieImportInterrupted, importLeie } from '../apps/credentialing/src/import-exclusions/leie-importer';
import { DEFAULT_LEIE_SAMPLE_ROWS, SAMPLE_LEIE_FILE, leieSampleLines, writeLeieFile } from '../apps/credentialing/src/import-exclusions/sample-leie';
import { ListImportInterrupted, importList, listStatus } from '../apps/credentialing/src/sources/list/list-importer';
import type { DemoPerson } from '../apps/credentialing/src/sources/list/source-list';
import { SOURCE_LISTS, sourceList } from '../apps/credentialing/src/sources/list/source-registry';
import { importRoster } from '../apps/credentialing/src/sources/roster/roster-importer';
import { rosterSampleLines } from '../apps/credentialing/src/sources/roster/roster-mapping';
import { ROSTERS, rosterId, rosterOf } from '../apps/credentialing/src/sources/roster/rosters';
import { credentialingStorage } from '../apps/credentialing/src/storage';
import { progressReporter } from './import-progress';

/** The sanction lists, then the state licence rosters (roster-<state>). */
const IDS = [...credentialing.SANCTION_SOURCE_IDS, ...ROSTERS.map(rosterId)];
const USAGE = `usage: npm run sources:import -- <source> <file> [--supplement]
       npm run sources:import -- <source> --sample
       npm run sources:import -- --sample-if-empty | --list
sources: ${IDS.join(', ')}`;
/** Rows of a generated sample list (plus the demo providers). */
const SAMPLE_ROWS: Record<string, number> = { sam: 3_000, optout: 1_500, ofac: 600 };
const DEFAULT_SAMPLE_ROWS = 500;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

type Args = { source?: string; file?: string; supplement: boolean; sample: boolean; sampleIfEmpty: boolean; list: boolean };
function parseArgs(argv: string[]): Args {
  const args: Args = { supplement: false, sample: false, sampleIfEmpty: false, list: false };
  for (const a of argv) {
    if (a === '--supplement') args.supplement = true;
    else if (a === '--sample') args.sample = true;
    else if (a === '--sample-if-empty') args.sampleIfEmpty = true;
    else if (a === '--list') args.list = true;
    else if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (a.startsWith('--')) fail(`unknown option ${a}\n${USAGE}`);
    else if (!args.source) args.source = a;
    else if (!args.file) args.file = a;
    else fail(`one file at a time (got ${args.file} and ${a})\n${USAGE}`);
  }
  if (args.list || args.sampleIfEmpty) return args;
  if (!args.source) fail(USAGE);
  if (!(IDS as readonly string[]).includes(args.source)) fail(`no such source: ${args.source}\n${USAGE}`);
  if (args.sample && (args.file || args.supplement)) fail(`--sample imports the generated full sample: no file, no --supplement\n${USAGE}`);
  if (!args.sample && !args.file) fail(`which file? \n${USAGE}`);
  return args;
}

const config = loadConfig(
  baseConfigSchema.extend({
    DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL identifier').default('credentialing'),
    REGISTRY_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL identifier').default('directory'),
    SOURCES_SAMPLE_DIR: z.string().default('.data/sources-sample'),
    LEIE_SAMPLE_DIR: z.string().default('.data/leie-sample'),
  }),
);

type Report = { source: string; kind: string; file: string; sample: boolean; rowsRead: number; rowsImported: number; rowsRejected: number; rejects: { line: number; reason: string }[]; added: number; removed: number; rows: number; seconds: number; rowsPerSecond: number };
function printReport(r: Report) {
  const n = (v: number) => v.toLocaleString('en-US');
  console.log(`\n${r.source}: ${r.kind} import of ${r.file}${r.sample ? ' — sample data' : ''}`);
  console.log(`  rows read      ${n(r.rowsRead)}`);
  console.log(`  rows imported  ${n(r.rowsImported)}`);
  console.log(`  rows rejected  ${n(r.rowsRejected)}`);
  for (const x of r.rejects.slice(0, 20)) console.log(`    line ${x.line}: ${x.reason}`);
  if (r.rejects.length > 20) console.log(`    … ${n(r.rowsRejected - 20)} more (up to 1,000 kept with the import)`);
  console.log(`  changes        ${n(r.added)} added or changed, ${n(r.removed)} removed (the service screens them)`);
  console.log(`  the list       ${n(r.rows)} rows`);
  console.log(`  time           ${r.seconds.toFixed(1)} s, ${n(r.rowsPerSecond)} rows/s`);
}

async function demoPeople(pool: Pool): Promise<DemoPerson[]> {
  try {
    const { rows } = await pool.query<DemoPerson>(
      `SELECT npi, first_name, last_name, loc_state FROM ${config.REGISTRY_SCHEMA}.registry_providers
        WHERE sample AND entity_type = 1 AND NOT deactivated AND length(first_name) >= 2 AND length(last_name) >= 2
          AND length(loc_address_1) > 5 AND length(loc_city) >= 2 AND loc_state ~ '^[A-Z]{2}$' AND loc_postal_code ~ '^[0-9]{5}'
        ORDER BY npi LIMIT 5`,
    );
    return rows;
  } catch {
    return [];
  }
}

/** Writes a list's generated sample (and its second file, OFAC's alt.csv) and returns the file to import. */
async function writeSample(source: string, demo: DemoPerson[]): Promise<string> {
  const roster = rosterOf(source);
  if (roster) {
    const file = join(resolve(config.SOURCES_SAMPLE_DIR), source, `${source}-sample.csv`);
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, rosterSampleLines(roster, DEFAULT_SAMPLE_ROWS * 4, demo, 20270109).map((l) => `${l}\r\n`).join(''));
    console.log(`> generated the ${roster.name} sample into ${file}`);
    return file;
  }
  if (source === 'leie') {
    const file = join(resolve(config.LEIE_SAMPLE_DIR), SAMPLE_LEIE_FILE);
    await writeLeieFile(file, leieSampleLines(DEFAULT_LEIE_SAMPLE_ROWS, demo));
    return file;
  }
  const list = sourceList(source)!;
  const dir = join(resolve(config.SOURCES_SAMPLE_DIR), source);
  await mkdir(dir, { recursive: true });
  const s = list.sample(SAMPLE_ROWS[source] ?? DEFAULT_SAMPLE_ROWS, demo);
  if (s.extra) await writeFile(join(dir, s.extra.file), s.extra.lines.map((l) => `${l}\r\n`).join(''));
  const file = join(dir, s.file);
  await writeFile(file, s.lines.map((l) => `${l}\r\n`).join(''));
  console.log(`> generated the ${list.name} sample into ${file}`);
  return file;
}

async function importOne(source: string, file: string, supplement: boolean, sample: boolean, signal: AbortSignal): Promise<void> {
  const progress = progressReporter();
  try {
    const roster = rosterOf(source);
    if (roster) {
      const r = await importRoster({ databaseUrl: config.DATABASE_URL, schema: config.DATABASE_SCHEMA, roster, file, supplement, sample, signal, onProgress: (p) => progress.update(p) });
      progress.stop();
      printReport({ ...r, rows: r.rosterRows });
    } else if (source === 'leie') {
      const r = await importLeie({ databaseUrl: config.DATABASE_URL, schema: config.DATABASE_SCHEMA, file, supplement, sample, signal, onProgress: (p) => progress.update(p) });
      progress.stop();
      printReport({ ...r, source, rows: r.mirrorRows });
    } else {
      const list = sourceList(source)!;
      const r = await importList({ databaseUrl: config.DATABASE_URL, schema: config.DATABASE_SCHEMA, list, file, supplement, sample, signal, onProgress: (p) => progress.update(p) });
      progress.stop();
      printReport({ ...r, rows: r.listRows });
    }
  } catch (err) {
    progress.stop();
    if (err instanceof ListImportInterrupted || err instanceof LeieImportInterrupted) {
      console.error(`\n> ${err.message}`);
      process.exit(130);
    }
    throw err;
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  await migrateService(config.DATABASE_URL, { ...credentialingStorage, schema: config.DATABASE_SCHEMA });
  const pool = new Pool({ connectionString: config.DATABASE_URL, max: 1, options: `-c search_path=${config.DATABASE_SCHEMA},public` });
  const controller = new AbortController();
  process.on('SIGINT', () => {
    console.log('\n> interrupting: the list stays as it was');
    controller.abort();
  });
  try {
    const status = await listStatus(pool);
    if (args.list) {
      for (const s of credentialing.SANCTION_SOURCES) {
        const st = status.find((x) => x.source === s.id);
        const last = st?.file ? `${st.file}${st.sample ? ' (sample)' : ''}, ${st.finishedAt?.toISOString()}` : 'never imported';
        console.log(`${s.id.padEnd(12)} ${s.name.padEnd(56)} ${String(st?.rows ?? 0).padStart(9)} rows  ${last}`);
      }
      const { rows: rosters } = await pool.query<{ source: string; rows: number; file_name: string | null; finished_at: Date | null }>(
        `SELECT s.source, (SELECT count(*)::int FROM licence_rosters r WHERE 'roster-' || lower(r.state) = s.source) AS rows, i.file_name, i.finished_at
           FROM unnest($1::text[]) AS s(source)
           LEFT JOIN LATERAL (SELECT file_name, finished_at FROM source_imports WHERE source = s.source AND status = 'done' ORDER BY id DESC LIMIT 1) i ON true`,
        [ROSTERS.map(rosterId)],
      );
      for (const r of rosters) {
        const name = rosterOf(r.source)!.name;
        console.log(`${r.source.padEnd(12)} ${name.padEnd(56)} ${String(r.rows).padStart(9)} rows  ${r.file_name ? `${r.file_name}, ${r.finished_at?.toISOString()}` : 'never imported'}`);
      }
      return;
    }
    const demo = args.sample || args.sampleIfEmpty ? await demoPeople(pool) : [];
    if (args.sampleIfEmpty) {
      // LEIE's own sample stays with `leie:import --sample-if-empty` (npm start runs it first).
      for (const list of SOURCE_LISTS) {
        if ((status.find((x) => x.source === list.id)?.rows ?? 0) > 0) continue;
        await importOne(list.id, await writeSample(list.id, demo), false, true, controller.signal);
      }
      return;
    }
    const source = args.source!;
    const file = args.sample ? await writeSample(source, demo) : args.file!;
    if (!existsSync(file)) fail(`no such file: ${file}`);
    await importOne(source, file, args.supplement, args.sample, controller.signal);
  } finally {
    await pool.end();
  }
}

main().catch((e) => {
  console.error(`sources import failed: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
