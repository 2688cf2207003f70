/**
 * `npm run bench -- registry [--rows N] [--queries N] [--keep] [--data-dir D] [--reuse-db NAME] [--explain-slow MS]`:
 * the registry mirror's speed on this machine, in a throwaway database (`--reuse-db`: the
 * searches only, on a database an earlier run kept). Generates N rows in the NPPES layout (default
 * 8,000,000; 85 % people, 15 % organisations), imports them with the real importer (rows/s),
 * then times each search kind (the service's own search code on a pg pool, as the directory
 * service runs it; NATS and HTTP add about a millisecond) and prints p50/p95/p99. Numbers,
 * not pass/fail.
 */
import { fork } from 'node:child_process';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'pg';
import { migrateService } from '@app/nest-kit';
import { createTestDatabase, testServerUrl, type TestDatabase } from '@app/testing';
import { parseRegistryTerm, type RegistryAudience } from '../apps/directory/src/domain/registry/search-term';
import { MirrorRegistry } from '../apps/directory/src/registry/mirror-registry';
import { importNppes, type ImportOptions, type ImportProgress, type ImportReport } from '../apps/directory/src/registry/nppes-importer';
import { SAMPLE_DATA_FILE, SAMPLE_ENDPOINT_FILE, generateSampleRegistry } from '../apps/directory/src/registry/sample-registry';
import { directoryStorage } from '../apps/directory/src/storage';

/** The harness's benchmark shape (scripts/bench/types.ts), restated so this file also runs alone. */
type BenchFigure = { label: string; value: number; unit: string; target?: string; met?: boolean };
type BenchOptions = { smoke: boolean; args: readonly string[]; log: (message: string) => void };

function arg(args: readonly string[], name: string, fallback: number): number {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const v = Number(args[i + 1]);
  if (!Number.isInteger(v) || v <= 0) throw new Error(`${name} needs a positive whole number`);
  return v;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Targets (on this machine, at 8,000,000 rows). */
const P95_TARGET_MS = 20;
const P99_TARGET_MS = 50;
const IMPORT_TARGET_ROWS_PER_S = 50_000;

/**
 * `npm run bench -- registry [--rows N] [--queries N] [--keep]` through the harness (scripts/bench:
 * bench/results/registry.json, a line in bench/REPORT.md); `--smoke`: 5,000 rows, 20 queries.
 */
export const benchmark = {
  name: 'registry',
  description: 'registry mirror: import rows/s and p50/p95/p99 of each search kind (default 8,000,000 generated rows; --rows N)',
  run: async (opts: BenchOptions) => ({ figures: await measureRegistry(opts), details: {} }),
};

/** The same, printing only (when this file is run on its own). */
export async function benchRegistry(): Promise<void> {
  await measureRegistry({ smoke: process.argv.includes('--smoke'), args: process.argv.slice(2), log: (m) => console.log(m) });
}

async function measureRegistry(opts: BenchOptions): Promise<BenchFigure[]> {
  const console = { log: opts.log };
  const figures: BenchFigure[] = [];
  const rows = arg(opts.args, '--rows', opts.smoke ? 5_000 : 8_000_000);
  const queries = arg(opts.args, '--queries', opts.smoke ? 20 : 300);
  // --reuse-db NAME: a database kept by an earlier run (--keep) on the same server: no generation, no import, only the searches.
  const reuseAt = opts.args.indexOf('--reuse-db');
  const reuseDb = reuseAt >= 0 ? opts.args[reuseAt + 1] : undefined;
  if (reuseAt >= 0 && !/^[a-z0-9_]+$/.test(reuseDb ?? '')) throw new Error('--reuse-db needs the name of a database kept by --keep');
  const keep = opts.args.includes('--keep') || !!reuseDb;
  console.log(`registry benchmark: ${reuseDb ? `database ${reuseDb} as kept` : `${rows.toLocaleString('en-US')} rows`}, ${queries} queries per kind`);
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const db = reuseDb ? keptDatabase(reuseDb) : await createTestDatabase('benchreg');
  // --data-dir D: keep the generated files in D and reuse them when a run asks for the same rows.
  const dataDirAt = opts.args.indexOf('--data-dir');
  const dataDir = dataDirAt >= 0 ? opts.args[dataDirAt + 1] : undefined;
  if (dataDirAt >= 0 && !dataDir) throw new Error('--data-dir needs a directory');
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'bench-registry-'));
  const pool = new Pool({ connectionString: db.url, max: 4, options: '-c search_path=directory,public' });
  // --explain-slow MS: every search statement slower than MS goes to the Postgres server's log with its plan (auto_explain, ANALYZE and BUFFERS).
  const slowMs = opts.args.includes('--explain-slow') ? arg(opts.args, '--explain-slow', 0) : undefined;
  if (slowMs !== undefined) {
    pool.on('connect', (client) => {
      client
        .query(`LOAD 'auto_explain'; SET auto_explain.log_min_duration = ${slowMs}; SET auto_explain.log_analyze = on; SET auto_explain.log_buffers = on; SET auto_explain.log_timing = on`)
        .catch((e: Error) => console.log(`--explain-slow: ${e.message}`));
    });
  }
  try {
    await migrateService(db.url, { ...directoryStorage, schema: 'directory' });
    const { rows: v } = await pool.query<{ v: string }>('SELECT version() AS v');
    console.log(`postgres: ${v[0].v.split(' on ')[0]}`);

    if (!reuseDb) {
      let t = Date.now();
      const organizations = Math.round(rows * 0.15);
      const marker = join(dir, 'bench-rows.txt');
      const reuse = !!dataDir && existsSync(marker) && readFileSync(marker, 'utf8') === String(rows);
      if (dataDir) mkdirSync(dataDir, { recursive: true });
      const files = reuse ? { dataFile: join(dir, SAMPLE_DATA_FILE), endpointsFile: join(dir, SAMPLE_ENDPOINT_FILE) } : await generateSampleRegistry({
        dir,
        individuals: rows - organizations,
        organizations,
        seed: 8,
        onProgress: (n, total) => {
          if (n % 500_000 === 0 && n) console.log(`  generated ${n.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}`);
        },
      });
      if (dataDir && !reuse) writeFileSync(marker, String(rows));
      const size = statSync(files.dataFile).size;
      console.log(`${reuse ? `reused ${dir}` : 'generate'}: ${((Date.now() - t) / 1000).toFixed(1)} s, ${(size / 2 ** 20).toFixed(0)} MiB`);

      t = Date.now();
      let loaded = 0;
      let loadedAt = 0;
      let phase = '';
      let phaseAt = t;
      const phases: string[] = [];
      const { report, maxRssKiB, own } = await importAlone({ databaseUrl: db.url, schema: 'directory', file: files.dataFile, endpointsFile: files.endpointsFile }, (p) => {
        if (p.phase !== phase) {
          if (phase) phases.push(`${phase} ${((Date.now() - phaseAt) / 1000).toFixed(1)} s`);
          phase = p.phase;
          phaseAt = Date.now();
        }
        if (p.phase === 'providers') {
          loaded = p.rowsRead;
          loadedAt = Date.now();
        }
        if (p.rowsRead % 1_000_000 < 5000 && p.phase === 'providers' && p.rowsRead >= 1_000_000) console.log(`  imported ${p.rowsRead.toLocaleString('en-US')}`);
      });
      phases.push(`${phase} ${((Date.now() - phaseAt) / 1000).toFixed(1)} s`);
      const loadSeconds = (loadedAt - t) / 1000;
      const rssMiB = Math.round(maxRssKiB / 1024);
      console.log(`import phases: ${phases.join(', ')}`);
      console.log(
        `import: ${report.rowsImported.toLocaleString('en-US')} rows in ${report.seconds.toFixed(1)} s = ${report.rowsPerSecond.toLocaleString('en-US')} rows/s overall ` +
          `(read + COPY ${Math.round(loaded / Math.max(loadSeconds, 0.001)).toLocaleString('en-US')} rows/s, then endpoints, indexes, swap); ` +
          `peak RSS ${rssMiB} MiB (${own ? 'the import in a process of its own' : 'this whole process: run from TypeScript, the import is not forked'})`,
      );
      figures.push(
        { label: `import rows/s overall (${rows.toLocaleString('en-US')} rows)`, value: report.rowsPerSecond, unit: 'rows/s', target: `>= ${IMPORT_TARGET_ROWS_PER_S.toLocaleString('en-US')} rows/s`, met: report.rowsPerSecond >= IMPORT_TARGET_ROWS_PER_S },
        { label: 'import read + COPY rows/s', value: Math.round(loaded / Math.max(loadSeconds, 0.001)), unit: 'rows/s' },
        { label: 'import peak RSS', value: rssMiB, unit: 'MiB', target: '<= 512 MiB', met: rssMiB <= 512 },
      );
      if (!dataDir) rmSync(dir, { recursive: true, force: true });

    }

    // Terms drawn from the data, as users would type them.
    const sample = async (sql: string) => (await pool.query(sql)).rows as Array<Record<string, string>>;
    // A block sample big enough to hold `queries` rows of each kind (the whole table when small).
    const held = reuseDb ? Number((await pool.query<{ n: number }>(`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'registry_providers'::regclass`)).rows[0].n) : rows;
    if (reuseDb) console.log(`mirror: about ${Math.round(held).toLocaleString('en-US')} rows`);
    const percent = (share: number) => Math.min(100, Math.max(1, Math.ceil((queries * 400) / (held * share))));
    const people = await sample(
      `SELECT npi, last_name, first_name, loc_state FROM registry_providers TABLESAMPLE SYSTEM (${percent(0.85)}) REPEATABLE (8) WHERE entity_type = 1 AND last_name <> '' LIMIT ${queries}`,
    );
    const orgs = await sample(
      `SELECT npi, organization_name FROM registry_providers TABLESAMPLE SYSTEM (${percent(0.15)}) REPEATABLE (8) WHERE entity_type = 2 AND organization_name <> '' LIMIT ${queries}`,
    );
    let seed = 1;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const cut = (s: string, min: number, max: number) => s.slice(0, Math.min(s.length, min + Math.floor(rnd() * (max - min + 1))));
    const kinds: Array<{ name: string; audience: RegistryAudience; terms: Array<{ term: string; state?: string }> }> = [
      { name: 'NPI exact', audience: 'any', terms: people.map((p) => ({ term: p.npi })) },
      { name: 'NPI prefix (3-7 digits)', audience: 'any', terms: people.map((p) => ({ term: cut(p.npi, 3, 7) })) },
      { name: "'Last, First' prefixes", audience: 'person', terms: people.map((p) => ({ term: `${cut(p.last_name, 3, 8)}, ${cut(p.first_name, 1, 4)}` })) },
      { name: 'last name prefix', audience: 'person', terms: people.map((p) => ({ term: cut(p.last_name, 2, 6) })) },
      { name: "'Last, First' + state", audience: 'person', terms: people.map((p) => ({ term: `${cut(p.last_name, 3, 6)}, ${cut(p.first_name, 1, 3)}`, state: p.loc_state })) },
      {
        name: 'organisation words, any order',
        audience: 'organization',
        terms: orgs.map((o) => {
          const words = o.organization_name.split(/[ ,]+/).filter((w) => w.length > 2);
          return { term: words.sort(() => rnd() - 0.5).slice(0, 2).map((w) => cut(w, 3, 8)).join(' ') };
        }),
      },
      {
        // The hard case of the words search: two words that thousands of names share (HEALTH, CARE, MEDICAL...).
        name: 'organisation, two common words',
        audience: 'organization',
        terms: orgs.flatMap((o) => {
          const words = o.organization_name.split(/[ ,]+/).filter((w) => w.length > 2 && !/^(LLC|PLLC|INC|LLP|CORP|LTD)\.?$/.test(w));
          return words.length >= 3 ? [{ term: `${cut(words[2], 3, 8)} ${cut(words[1], 3, 8)}` }] : [];
        }),
      },
      { name: 'organisation name prefix', audience: 'organization', terms: orgs.map((o) => ({ term: cut(o.organization_name, 4, 12) })) },
    ];
    const mirror = new MirrorRegistry(pool);
    console.log(`\n${'search'.padEnd(32)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)} ${'max'.padStart(8)}  results (avg)`);
    for (const kind of kinds) {
      if (!kind.terms.length) {
        console.log(`${kind.name.padEnd(32)} (no sample rows)`);
        continue;
      }
      // Warm-up: the first queries read the indexes into memory.
      for (const t of kind.terms.slice(0, 20)) await mirror.search(parseRegistryTerm(t.term, { audience: kind.audience, state: t.state }));
      const times: number[] = [];
      let found = 0;
      for (const t of kind.terms) {
        const started = process.hrtime.bigint();
        const results = await mirror.search(parseRegistryTerm(t.term, { audience: kind.audience, state: t.state }));
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
        found += results.length;
      }
      times.sort((a, b) => a - b);
      const ms = (x: number) => `${x.toFixed(1)} ms`.padStart(8);
      console.log(`${kind.name.padEnd(32)} ${ms(pct(times, 50))} ${ms(pct(times, 95))} ${ms(pct(times, 99))} ${ms(times[times.length - 1])}  ${(found / times.length).toFixed(1)}`);
      const round = (x: number) => Math.round(x * 100) / 100;
      figures.push(
        { label: `${kind.name} p50`, value: round(pct(times, 50)), unit: 'ms' },
        { label: `${kind.name} p95`, value: round(pct(times, 95)), unit: 'ms', target: `< ${P95_TARGET_MS} ms`, met: pct(times, 95) < P95_TARGET_MS },
        { label: `${kind.name} p99`, value: round(pct(times, 99)), unit: 'ms', target: `< ${P99_TARGET_MS} ms`, met: pct(times, 99) < P99_TARGET_MS },
      );
    }
    return figures;
  } finally {
    await pool.end();
    if (!dataDir) rmSync(dir, { recursive: true, force: true });
    if (keep) console.log(`kept database ${db.name}`);
    else await db.drop();
  }
}

/**
 * The import, in a process of its own (forked from this file when it runs compiled), so that
 * its peak RSS is the importer's, not that of this process (which generated the file and then
 * runs the searches); progress comes back over IPC. Run from TypeScript (the smoke test under
 * jest) it imports in this process.
 */
async function importAlone(
  options: Pick<ImportOptions, 'databaseUrl' | 'schema' | 'file' | 'endpointsFile'>,
  onProgress: (p: ImportProgress) => void,
): Promise<{ report: ImportReport; maxRssKiB: number; own: boolean }> {
  if (!__filename.endsWith('.js')) {
    const report = await importNppes({ ...options, onProgress });
    return { report, maxRssKiB: process.resourceUsage().maxRSS, own: false };
  }
  const child = fork(__filename, [IMPORT_CHILD], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    let done: { report: ImportReport; maxRssKiB: number } | undefined;
    let failure: string | undefined;
    child.on('message', (m: ChildMessage) => {
      if ('progress' in m) onProgress(m.progress);
      else if ('report' in m) done = m;
      else failure = m.error;
    });
    child.on('error', reject);
    child.on('exit', (code) => (done ? resolve({ ...done, own: true }) : reject(new Error(`the import failed (exit ${code}): ${failure ?? 'no report'}`))));
    child.send(options);
  });
}

const IMPORT_CHILD = '--import-child';
type ChildMessage = { progress: ImportProgress } | { report: ImportReport; maxRssKiB: number } | { error: string };

/** The forked import: options in, progress (every 50,000 rows and each phase) and the report with its peak RSS out. */
function runImportChild(): void {
  process.once('message', (options: ImportOptions) => {
    let phase = '';
    const send = (m: ChildMessage) => new Promise<void>((r) => process.send!(m, () => r()));
    importNppes({
      ...options,
      onProgress: (p) => {
        if (p.phase !== phase || p.rowsRead % 50_000 < 5000) void send({ progress: p });
        phase = p.phase;
      },
    })
      .then((report) => send({ report, maxRssKiB: process.resourceUsage().maxRSS }))
      .catch((e: unknown) => send({ error: e instanceof Error ? e.message : String(e) }))
      .finally(() => process.disconnect());
  });
}

/** A database an earlier run kept (`--keep`), on the server of TEST_DATABASE_URL. */
function keptDatabase(name: string): TestDatabase {
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: async () => undefined };
}

if (require.main === module && process.argv.includes(IMPORT_CHILD)) runImportChild();
else if (require.main === module) {
  benchRegistry().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
