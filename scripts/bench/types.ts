/**
 * The benchmark interface. A benchmark is a module exporting `benchmark: Benchmark` (or a default
 * export of that shape). See README.md beside this file.
 */
export type BenchOptions = {
  /** Tiny sizes: proves the benchmark still works (the integration smoke test), no meaningful figures. */
  smoke: boolean;
  /** The command line after the benchmark names (e.g. `--rows 1000`), for benchmark-specific flags. */
  args: readonly string[];
  /** Progress lines (stdout by default). */
  log: (message: string) => void;
};

/** One measured figure. `ratio` = value / baseline, when the benchmark has a same-run baseline. */
export type BenchFigure = {
  label: string;
  value: number;
  unit: string;
  baseline?: { label: string; value: number };
  /** value / baseline.value (or the inverse for figures where less is better; the benchmark decides). */
  ratio?: number;
  /** A target from the issue, e.g. '>= 70 % of baseline'; `met` says whether this run met it. */
  target?: string;
  met?: boolean;
};

export type BenchResult = {
  figures: BenchFigure[];
  /** Anything else worth keeping in the JSON (sizes, settings). */
  details?: Record<string, unknown>;
};

export type Benchmark = {
  name: string;
  description: string;
  run(options: BenchOptions): Promise<BenchResult>;
};
