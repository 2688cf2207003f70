/**
 * The benchmark harness (scripts/bench) in smoke mode: every registered benchmark runs with
 * tiny sizes through the same code path as `npm run bench` and must produce its figures, each
 * with its same-run baseline where it has one. Proves the benchmarks still work; the figures
 * mean nothing at these sizes and nothing is written to bench/. `web` needs the web build
 * (`npm test` builds first).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BENCHMARKS, loadBenchmark, runBenchmark } from '../../scripts/bench/index';

jest.setTimeout(300_000);

const OWN = ['append', 'project', 'relay', 'audit', 'web'];

describe('npm run bench -- --smoke', () => {
  it('registers the five own benchmarks and the seven of scripts/bench-<name>.ts', () => {
    expect(BENCHMARKS.map((b) => b.name)).toEqual([...OWN, 'registry', 'users', 'chat', 'fhir', 'monitoring', 'sources', 'exports']);
  });

  /** Every benchmark that is there (a scripts/bench-<name>.ts once its file exists), one test each. */
  const present = BENCHMARKS.map((b) => b.name).filter(
    (name) => OWN.includes(name) || ['.ts', '.js'].some((ext) => existsSync(join(__dirname, '..', '..', 'scripts', `bench-${name}${ext}`))),
  );

  it.each(present)('%s runs in smoke mode and reports its figures against its baseline', async (name) => {
    const benchmark = await loadBenchmark(name);
    expect(benchmark).not.toBeNull();
    expect(benchmark!.legacy ?? false).toBe(false); // a module must export `benchmark` to have a smoke mode
    const lines: string[] = [];
    const record = await runBenchmark(name, { smoke: true, log: (m) => lines.push(m), outDir: null });
    expect(record!.smoke).toBe(true);
    expect(record!.machine.cores).toBeGreaterThan(0);
    expect(lines.join('\n')).toContain(`== ${name} (smoke)`);
    expect(record!.figures.length).toBeGreaterThan(0);
    for (const f of record!.figures) expect(Number.isFinite(f.value)).toBe(true);
    if (OWN.includes(name)) {
      // Each own benchmark has at least one figure measured against its same-run baseline.
      const compared = record!.figures.filter((f) => f.baseline && f.ratio !== undefined);
      expect(compared.length).toBeGreaterThan(0);
      for (const f of compared) expect(f.value > 0 && f.baseline!.value > 0).toBe(true);
    }
  });
});
