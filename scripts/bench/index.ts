/**
 * `npm run bench` (every benchmark) / `npm run bench -- <name> [<name>...] [--smoke] [flags]`.
 * The registry of benchmarks and the harness around them: each result is printed, written to
 * `bench/results/<name>.json` and appended as a line to `bench/REPORT.md` (date, commit, machine,
 * figures). The interface a benchmark implements is documented in README.md beside this file.
 */
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commitId, fmt, machine, ROOT } from './support';
import type { BenchFigure, BenchOptions, BenchResult, Benchmark } from './types';

type Entry = { name: string; load: () => Promise<Benchmark | null> };

/**
 * A benchmark another issue adds as `scripts/bench-<name>.ts`: loaded only when the file
 * exists. It should export `benchmark` (a Benchmark); an older module exporting only
 * `bench<Name>()` (like bench-registry's `benchRegistry`) still runs, without figures.
 */
function external(name: string): Entry {
  return {
    name,
    load: async () => {
      const base = join(__dirname, '..', `bench-${name}`);
      const file = ['.js', '.ts'].map((ext) => base + ext).find((f) => existsSync(f));
      if (!file) return null;
      const mod = (await import(file)) as Record<string, unknown>;
      const found = (mod.benchmark ?? mod.default) as Benchmark | undefined;
      if (found && typeof found.run === 'function') return found;
      const legacy = mod[`bench${name[0].toUpperCase()}${name.slice(1)}`];
      if (typeof legacy !== 'function') throw new Error(`scripts/bench-${name} exports no benchmark`);
      return {
        name,
        description: `scripts/bench-${name}.ts (prints its own figures)`,
        legacy: true,
        run: async () => {
          await (legacy as () => Promise<void>)();
          return { figures: [] };
        },
      } as Benchmark & { legacy: true };
    },
  };
}

const own = (name: string, load: () => Promise<{ benchmark: Benchmark }>): Entry => ({ name, load: async () => (await load()).benchmark });

export const BENCHMARKS: readonly Entry[] = [
  own('append', () => import('./append')),
  own('project', () => import('./project')),
  own('relay', () => import('./relay')),
  own('audit', () => import('./audit')),
  own('web', () => import('./web')),
  external('registry'),
  external('users'),
  external('chat'),
  external('fhir'),
  external('monitoring'),
  external('sources'),
  external('exports'),
];

export type RunOptions = Partial<BenchOptions> & {
  /** Where results and the report go (default: bench/ in the repository; smoke runs default to nowhere). */
  outDir?: string | null;
};

export type RunRecord = { name: string; date: string; commit: string; machine: ReturnType<typeof machine>; smoke: boolean; ms: number } & BenchResult;

/** A registered benchmark's module; null when it is not there (an external one not written yet). */
export async function loadBenchmark(name: string): Promise<(Benchmark & { legacy?: boolean }) | null> {
  const entry = BENCHMARKS.find((b) => b.name === name);
  if (!entry) throw new Error(`Unknown benchmark '${name}'. Known: ${BENCHMARKS.map((b) => b.name).join(', ')}`);
  return entry.load();
}

/** Runs one benchmark through the harness; null when it is not there (an external one not written yet). */
export async function runBenchmark(name: string, options: RunOptions = {}): Promise<RunRecord | null> {
  const benchmark = await loadBenchmark(name);
  if (!benchmark) return null;
  const smoke = options.smoke ?? false;
  if (smoke && benchmark.legacy) throw new Error(`scripts/bench-${name}.ts has no smoke mode: export \`benchmark\` (scripts/bench/README.md)`);
  const opts: BenchOptions = { smoke, args: options.args ?? [], log: options.log ?? ((m) => console.log(m)) };
  opts.log(`\n== ${name}${smoke ? ' (smoke)' : ''}: ${benchmark.description}`);
  const started = Date.now();
  const result = await benchmark.run(opts);
  const record: RunRecord = {
    name,
    date: new Date().toISOString(),
    commit: commitId(),
    machine: machine(),
    smoke,
    ms: Date.now() - started,
    ...result,
  };
  for (const f of result.figures) opts.log(`  ${describe(f)}`);
  const outDir = options.outDir === undefined ? (smoke ? null : join(ROOT, 'bench')) : options.outDir;
  if (outDir && !benchmark.legacy) writeRecord(outDir, record);
  return record;
}

/** A figure's value: whole numbers grouped (12,818), the others with two decimals (0.24, not 0). */
const figureValue = (v: number) => (Number.isInteger(v) ? fmt(v) : v.toFixed(2));

export function describe(f: BenchFigure): string {
  const base = f.baseline ? ` vs ${f.baseline.label} ${figureValue(f.baseline.value)} ${f.unit} (ratio ${f.ratio?.toFixed(2)})` : '';
  const target = f.target ? ` [target ${f.target}: ${f.met ? 'met' : 'NOT met'}]` : '';
  return `${f.label}: ${figureValue(f.value)} ${f.unit}${base}${target}`;
}

function writeRecord(outDir: string, record: RunRecord): void {
  mkdirSync(join(outDir, 'results'), { recursive: true });
  writeFileSync(join(outDir, 'results', `${record.name}.json`), `${JSON.stringify(record, null, 2)}\n`);
  const report = join(outDir, 'REPORT.md');
  if (!existsSync(report)) {
    writeFileSync(
      report,
      '# Benchmark runs\n\nOne line per benchmark run (`npm run bench`), newest last. Ratios compare with the same-run baseline.\n\n' +
        '| date | commit | machine | benchmark | figures |\n|---|---|---|---|---|\n',
    );
  }
  const m = record.machine;
  const figures = record.figures.map((f) => describe(f).replace(/\|/g, '\\|')).join('; ');
  appendFileSync(report, `| ${record.date.slice(0, 16).replace('T', ' ')} | ${record.commit} | ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node} | ${record.name} | ${figures} |\n`);
}

export async function main(argv: readonly string[]): Promise<void> {
  const smoke = argv.includes('--smoke');
  const names = argv.filter((a, i) => !a.startsWith('-') && !(i > 0 && argv[i - 1].startsWith('--') && argv[i - 1] !== '--smoke'));
  const selected = names.length ? names : BENCHMARKS.map((b) => b.name);
  let failed = 0;
  for (const name of selected) {
    try {
      const record = await runBenchmark(name, { smoke, args: argv });
      if (!record) console.log(`\n== ${name}: scripts/bench-${name}.ts is not there yet, skipped`);
    } catch (err) {
      failed++;
      console.error(`\n== ${name} failed:`, err);
    }
  }
  if (failed) process.exitCode = 1;
}
