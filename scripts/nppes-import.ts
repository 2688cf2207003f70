/**
 * `npm run nppes:import -- <npidata_pfile_*.csv | NPPES_Data_Dissemination_*.zip> [--endpoints <endpoint_pfile_*.csv>] [--incremental]`
 * `npm run nppes:import -- --sample`           generate (cached under .data/nppes-sample) and import the sample registry
 * `npm run nppes:import -- --sample-if-empty`  the same, only when the mirror holds nothing (npm start)
 * `npm run nppes:import -- --status`           which file and date the mirror holds
 *
 * Imports the national provider registry into the directory service's mirror (see
 * apps/directory/README.md). Ctrl-C interrupts cleanly: the mirror stays as it was, and a
 * re-run starts again without duplicates. Uses DATABASE_URL and DATABASE_SCHEMA (default directory).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SingleBar } from 'cli-progress';
import { Pool } from 'pg';
import { z } from 'zod';
import { baseConfigSchema, loadConfig, migrateService } from '@app/nest-kit';
import { ImportInterrupted, importNppes, mirrorStatus, type ImportProgress, type ImportReport } from '../apps/directory/src/registry/nppes-importer';
import { DEFAULT_SAMPLE, SAMPLE_DATA_FILE, SAMPLE_ENDPOINT_FILE, generateSampleRegistry } from '../apps/directory/src/registry/sample-registry';
import { directoryStorage } from '../apps/directory/src/storage';

const USAGE = `usage: npm run nppes:import -- <file.csv|file.zip> [--endpoints <file.csv>] [--incremental]
       npm run nppes:import -- --sample | --sample-if-empty | --status`;

type Args = { file?: string; endpoints?: string; incremental: boolean; sample: boolean; sampleIfEmpty: boolean; status: boolean; batch?: number };

function parseArgs(argv: string[]): Args {
  const args: Args = { incremental: false, sample: false, sampleIfEmpty: false, status: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--endpoints') args.endpoints = argv[++i];
    else if (a === '--incremental') args.incremental = true;
    else if (a === '--sample') args.sample = true;
    else if (a === '--sample-if-empty') args.sampleIfEmpty = true;
    else if (a === '--status') args.status = true;
    else if (a === '--batch') args.batch = Number(argv[++i]);
    else if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (a.startsWith('--')) fail(`unknown option ${a}\n${USAGE}`);
    else if (!args.file) args.file = a;
    else fail(`one file at a time (got ${args.file} and ${a})\n${USAGE}`);
  }
  if (args.endpoints === undefined && argv.includes('--endpoints')) fail('--endpoints needs a file');
  if (args.batch !== undefined && !(Number.isInteger(args.batch) && args.batch > 0)) fail('--batch needs a positive whole number');
  return args;
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const config = loadConfig(
  baseConfigSchema.extend({
    DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL identifier').default('directory'),
    NPPES_SAMPLE_DIR: z.string().default('.data/nppes-sample'),
  }),
);

/** A progress bar on a terminal; a count line every 5 s otherwise (logs, CI). */
function progressReporter() {
  const tty = !!process.stdout.isTTY;
  const started = Date.now();
  let bar: SingleBar | undefined;
  let phase = '';
  let lastLine = 0;
  return {
    update(p: ImportProgress) {
      const seconds = Math.max((Date.now() - started) / 1000, 0.001);
      const rate = Math.round(p.rowsRead / seconds);
      if (tty) {
        if (p.phase !== phase && p.phase !== 'providers' && p.phase !== 'upsert') {
          bar?.stop();
          bar = undefined;
          phase = p.phase;
          console.log(`> ${p.phase}…`);
          return;
        }
        if (!bar) {
          phase = p.phase;
          bar = new SingleBar({
            format: '{file} |{bar}| {percentage}% | {rows} rows | {rate} rows/s | ETA {eta_formatted}',
            hideCursor: true,
            etaBuffer: 50,
          });
          bar.start(p.totalBytes || 1, 0, { file: p.file, rows: 0, rate: 0 });
        }
        bar.update(p.bytes, { file: p.file, rows: p.rowsRead.toLocaleString('en-US'), rate: rate.toLocaleString('en-US') });
      } else if (Date.now() - lastLine > 5000 || p.phase !== phase) {
        lastLine = Date.now();
        phase = p.phase;
        const pct = p.totalBytes ? ` ${Math.min(100, Math.round((p.bytes / p.totalBytes) * 100))}%` : '';
        const eta = p.totalBytes && p.bytes ? ` ETA ${Math.round(((p.totalBytes - p.bytes) / p.bytes) * seconds)} s` : '';
        console.log(`> ${p.phase} ${p.file}:${pct} ${p.rowsRead} rows read, ${p.rowsImported} imported, ${p.rowsRejected} rejected, ${rate} rows/s${eta}`);
      }
    },
    stop() {
      bar?.stop();
    },
  };
}

function printReport(r: ImportReport) {
  console.log(`\n${r.kind} import of ${r.file}${r.fileDate ? ` (${r.fileDate})` : ''}${r.sample ? ' — sample data' : ''}`);
  console.log(`  rows read      ${r.rowsRead.toLocaleString('en-US')}`);
  console.log(`  rows imported  ${r.rowsImported.toLocaleString('en-US')}`);
  console.log(`  rows rejected  ${r.rowsRejected.toLocaleString('en-US')}`);
  for (const [reason, n] of Object.entries(r.rejects)) console.log(`    ${n.toLocaleString('en-US')} × ${reason}`);
  for (const s of r.rejectSamples.slice(0, 10)) console.log(`    line ${s.line}: ${s.reason}${s.npi ? ` (NPI ${s.npi.slice(0, 20)})` : ''}`);
  if (r.endpointsFile) console.log(`  endpoints      ${r.endpointsRead.toLocaleString('en-US')} read from ${r.endpointsFile}, ${r.endpointsImported.toLocaleString('en-US')} NPIs given endpoints`);
  console.log(`  time           ${r.seconds.toFixed(1)} s, ${r.rowsPerSecond.toLocaleString('en-US')} rows/s`);
}

async function status(): Promise<Awaited<ReturnType<typeof mirrorStatus>>> {
  const pool = new Pool({ connectionString: config.DATABASE_URL, max: 1, options: `-c search_path=${config.DATABASE_SCHEMA},public` });
  try {
    return await mirrorStatus(pool);
  } finally {
    await pool.end();
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  // The mirror's tables come with the directory service's migrations (idempotent).
  await migrateService(config.DATABASE_URL, { ...directoryStorage, schema: config.DATABASE_SCHEMA });
  if (args.status) {
    console.log(JSON.stringify(await status(), null, 2));
    return;
  }
  let file = args.file;
  let endpoints = args.endpoints;
  const sample = args.sample || args.sampleIfEmpty;
  if (sample) {
    if (file) fail(`--sample imports the generated sample: no file argument\n${USAGE}`);
    if (args.sampleIfEmpty && (process.env.NPPES_MODE ?? 'mirror') === 'live') {
      console.log('> NPPES_MODE=live: the registry is asked live, no sample to import');
      return;
    }
    if (args.sampleIfEmpty) {
      const s = await status();
      if (s.providers > 0) {
        console.log(`> registry mirror: ${s.file ?? 'incremental files'}${s.fileDate ? ` of ${s.fileDate}` : ''}${s.sampleOnly ? ' (sample data)' : ''}, ~${s.providers.toLocaleString('en-US')} NPIs`);
        return;
      }
    }
    const dir = resolve(config.NPPES_SAMPLE_DIR);
    file = join(dir, SAMPLE_DATA_FILE);
    endpoints = join(dir, SAMPLE_ENDPOINT_FILE);
    if (!existsSync(file) || !existsSync(endpoints)) {
      const t = Date.now();
      console.log(`> generating the sample registry (${DEFAULT_SAMPLE.individuals.toLocaleString('en-US')} people, ${DEFAULT_SAMPLE.organizations.toLocaleString('en-US')} organisations) into ${dir}`);
      await generateSampleRegistry({ dir, ...DEFAULT_SAMPLE });
      console.log(`> generated in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
  }
  if (!file) fail(USAGE);
  if (!existsSync(file)) fail(`no such file: ${file}`);
  if (endpoints && !existsSync(endpoints)) fail(`no such file: ${endpoints}`);

  const controller = new AbortController();
  let interrupts = 0;
  process.on('SIGINT', () => {
    if (++interrupts > 1) process.exit(130);
    console.log('\n> interrupting: the mirror stays as it was (Ctrl-C again to quit at once)');
    controller.abort();
  });
  process.on('SIGTERM', () => controller.abort());
  const progress = progressReporter();
  try {
    const report = await importNppes({
      databaseUrl: config.DATABASE_URL,
      schema: config.DATABASE_SCHEMA,
      file,
      endpointsFile: endpoints,
      incremental: args.incremental,
      sample,
      batchRows: args.batch,
      signal: controller.signal,
      onProgress: (p) => progress.update(p),
    });
    progress.stop();
    printReport(report);
    const s = await status();
    console.log(`  the mirror holds ${s.file ?? '(incremental files only)'}${s.fileDate ? ` of ${s.fileDate}` : ''}${s.incrementals.length ? ` + ${s.incrementals.length} incremental file(s)` : ''}, ~${s.providers.toLocaleString('en-US')} NPIs${s.sampleOnly ? ' (sample data)' : ''}`);
  } catch (err) {
    progress.stop();
    if (err instanceof ImportInterrupted) {
      console.error(`\n> ${err.message}`);
      process.exit(130);
    }
    throw err;
  }
}

main().catch((e) => {
  console.error(`nppes import failed: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
