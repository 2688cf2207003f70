/**
 * `npm run leie:import -- <UPDATED.csv | supplement.csv> [--supplement]`
 * `npm run leie:import -- --sample`            generate (.data/leie-sample) and import the sample list
 * `npm run leie:import -- --sample-if-empty`   the same, only when the mirror holds nothing (npm start)
 * `npm run leie:import -- --status`            what the mirror holds
 *
 * Imports the HHS-OIG exclusion list (LEIE) into the credentialing service's mirror (see
 * apps/credentialing/README.md). A full file replaces the mirror; a supplement adds its
 * exclusions and applies its reinstatements. Re-running leaves the same mirror. The running
 * credentialing service screens the changed rows against every file. Ctrl-C leaves the mirror as
 * it was. Uses DATABASE_URL and DATABASE_SCHEMA (default credentialing); the sample takes its
 * demo providers from the directory's sample registry (REGISTRY_SCHEMA, default directory).
 */
import { join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { Pool } from 'pg';
import { z } from 'zod';
import { baseConfigSchema, loadConfig, migrateService } from '@app/nest-kit';
import { LeieImportInterrupted, importLeie, leieMirrorStatus, type LeieImportReport } from '../apps/credentialing/src/import-exclusions/leie-importer';
import { DEFAULT_LEIE_SAMPLE_ROWS, SAMPLE_LEIE_FILE, leieSampleLines, writeLeieFile, type DemoPerson } from '../apps/credentialing/src/import-exclusions/sample-leie';
import { credentialingStorage } from '../apps/credentialing/src/storage';
import { progressReporter } from './import-progress';

const USAGE = `usage: npm run leie:import -- <UPDATED.csv|supplement.csv> [--supplement]
       npm run leie:import -- --sample | --sample-if-empty | --status`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

type Args = { file?: string; supplement: boolean; sample: boolean; sampleIfEmpty: boolean; status: boolean };
function parseArgs(argv: string[]): Args {
  const args: Args = { supplement: false, sample: false, sampleIfEmpty: false, status: false };
  for (const a of argv) {
    if (a === '--supplement') args.supplement = true;
    else if (a === '--sample') args.sample = true;
    else if (a === '--sample-if-empty') args.sampleIfEmpty = true;
    else if (a === '--status') args.status = true;
    else if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (a.startsWith('--')) fail(`unknown option ${a}\n${USAGE}`);
    else if (!args.file) args.file = a;
    else fail(`one file at a time (got ${args.file} and ${a})\n${USAGE}`);
  }
  if ((args.sample || args.sampleIfEmpty) && (args.file || args.supplement)) fail(`--sample imports the generated full sample: no file, no --supplement\n${USAGE}`);
  return args;
}

const config = loadConfig(
  baseConfigSchema.extend({
    DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL identifier').default('credentialing'),
    REGISTRY_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL identifier').default('directory'),
    LEIE_SAMPLE_DIR: z.string().default('.data/leie-sample'),
  }),
);

function printReport(r: LeieImportReport) {
  console.log(`\n${r.kind} import of ${r.file}${r.sample ? ' — sample data' : ''}`);
  console.log(`  rows read      ${r.rowsRead.toLocaleString('en-US')}`);
  console.log(`  rows imported  ${r.rowsImported.toLocaleString('en-US')}`);
  console.log(`  rows rejected  ${r.rowsRejected.toLocaleString('en-US')}`);
  for (const x of r.rejects.slice(0, 20)) console.log(`    line ${x.line}: ${x.reason}`);
  if (r.rejects.length > 20) console.log(`    … ${r.rowsRejected - 20} more (all in leie_imports.rejects, up to 1,000)`);
  console.log(`  changes        ${r.added.toLocaleString('en-US')} added or changed, ${r.removed.toLocaleString('en-US')} removed (the service screens them)`);
  console.log(`  the mirror     ${r.mirrorRows.toLocaleString('en-US')} exclusions`);
  console.log(`  time           ${r.seconds.toFixed(1)} s, ${r.rowsPerSecond.toLocaleString('en-US')} rows/s (reading ${r.phases.read.toFixed(1)} s, applying ${r.phases.apply.toFixed(1)} s)`);
}

/** The demo providers, as the seed picks them from the sample registry (none when it is not there). */
async function demoPeople(pool: Pool): Promise<DemoPerson[]> {
  try {
    const { rows } = await pool.query<DemoPerson>(
      `SELECT npi, first_name, last_name, loc_state FROM ${config.REGISTRY_SCHEMA}.registry_providers
        WHERE sample AND entity_type = 1 AND NOT deactivated AND length(first_name) >= 2 AND length(last_name) >= 2
          -- as the seed keeps the registry's address (and so its state) for the profile
          AND length(loc_address_1) > 5 AND length(loc_city) >= 2 AND loc_state ~ '^[A-Z]{2}$' AND loc_postal_code ~ '^[0-9]{5}'
        ORDER BY npi LIMIT 5`,
    );
    return rows;
  } catch {
    return [];
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  await migrateService(config.DATABASE_URL, { ...credentialingStorage, schema: config.DATABASE_SCHEMA });
  const pool = new Pool({ connectionString: config.DATABASE_URL, max: 1, options: `-c search_path=${config.DATABASE_SCHEMA},public` });
  let file = args.file;
  try {
    const status = await leieMirrorStatus(pool);
    if (args.status) {
      console.log(JSON.stringify(status, null, 2));
      return;
    }
    if (args.sampleIfEmpty && status.rows > 0) {
      console.log(`> exclusion mirror: ${status.rows.toLocaleString('en-US')} exclusions${status.lastImport ? ` (${status.lastImport.file}${status.lastImport.sample ? ', sample data' : ''})` : ''}`);
      return;
    }
    if (args.sample || args.sampleIfEmpty) {
      const demo = await demoPeople(pool);
      file = join(resolve(config.LEIE_SAMPLE_DIR), SAMPLE_LEIE_FILE);
      await writeLeieFile(file, leieSampleLines(DEFAULT_LEIE_SAMPLE_ROWS, demo));
      console.log(`> generated the sample exclusion list (${DEFAULT_LEIE_SAMPLE_ROWS.toLocaleString('en-US')} rows + ${demo.length} demo providers) into ${file}`);
    }
  } finally {
    await pool.end();
  }
  if (!file) fail(USAGE);
  if (!existsSync(file)) fail(`no such file: ${file}`);
  const controller = new AbortController();
  process.on('SIGINT', () => {
    console.log('\n> interrupting: the mirror stays as it was');
    controller.abort();
  });
  const progress = progressReporter();
  try {
    const report = await importLeie({
      databaseUrl: config.DATABASE_URL,
      schema: config.DATABASE_SCHEMA,
      file,
      supplement: args.supplement,
      sample: args.sample || args.sampleIfEmpty,
      signal: controller.signal,
      onProgress: (p) => progress.update(p),
    });
    progress.stop();
    printReport(report);
  } catch (err) {
    progress.stop();
    if (err instanceof LeieImportInterrupted) {
      console.error(`\n> ${err.message}`);
      process.exit(130);
    }
    throw err;
  }
}

main().catch((e) => {
  console.error(`leie import failed: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
