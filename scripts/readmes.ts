/**
 * The READMEs and docs are maps of the code, not its history: every package under apps/ and libs/
 * has a README of at most 150 lines, docs/benchmarks.md holds the current figures in at most 250
 * lines, and no README or doc names an issue number or heads a section with a dated run. The
 * history of benchmark runs belongs in bench/REPORT.md, the one document exempt from the last rule.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const PACKAGE_README_MAX_LINES = 150;
export const BENCHMARKS_MAX_LINES = 250;
export const BENCHMARKS_DOC = 'docs/benchmarks.md';
/** History by design: dated runs and what each changed. */
export const HISTORY_DOC = 'bench/REPORT.md';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'screenshots']);

/** The packages (`apps/<name>`, `libs/<name>`) of the repository at `root`. */
export function readPackages(root: string): string[] {
  return ['apps', 'libs'].flatMap((top) =>
    readdirSync(join(root, top))
      .filter((name) => statSync(join(root, top, name)).isDirectory())
      .map((name) => `${top}/${name}`),
  );
}

/** Every Markdown file of the repository at `root` (path → text), outside dependencies, builds and dot folders. */
export function readDocs(root: string): Map<string, string> {
  const docs = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name.startsWith('.') || SKIPPED_DIRS.has(name)) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.md')) docs.set(relative(root, path).split('\\').join('/'), readFileSync(path, 'utf8'));
    }
  };
  walk(root);
  return docs;
}

const lineCount = (text: string) => text.replace(/\n$/, '').split('\n').length;

/** Ways a text names a tracker item: "issue 36", "issues #7", "(#25)", "the #14 backbone", "PR #3". */
const ISSUE_NUMBER: readonly RegExp[] = [
  /\b(?:issues?|tickets?|PRs?|pull requests?)\s*#?\d+\b/i,
  /(?<![\w&/#])#\d{1,4}(?![\w-])(?<!(?:entry|newest|oldest|seq|line|row) #\d{1,4})/,
];

const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\\.?';
/** A heading that dates a run: an ISO date, a month and day or year, or "run of", "round of", "session of". */
const DATED_HEADING: readonly RegExp[] = [
  /\b\d{4}-\d{2}-\d{2}\b/,
  new RegExp(`\\b${MONTH}\\s+\\d{1,2}\\b|\\b\\d{1,2}\\s+${MONTH}\\b|\\b${MONTH}\\s+\\d{4}\\b`),
  /\b(?:run|round|session)s?\s+(?:of|on)\b/i,
];

/** What is wrong with the READMEs and docs, one line each (empty when they keep the rules). */
export function docViolations(packages: readonly string[], docs: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  for (const pkg of packages) {
    const readme = docs.get(`${pkg}/README.md`);
    if (readme === undefined) problems.push(`${pkg} has no README.md (a map: what it owns, its layout, its rules, its limits)`);
    else if (lineCount(readme) > PACKAGE_README_MAX_LINES) {
      problems.push(`${pkg}/README.md has ${lineCount(readme)} lines (at most ${PACKAGE_README_MAX_LINES}: measurements go to ${BENCHMARKS_DOC})`);
    }
  }
  const benchmarks = docs.get(BENCHMARKS_DOC);
  if (benchmarks !== undefined && lineCount(benchmarks) > BENCHMARKS_MAX_LINES) {
    problems.push(`${BENCHMARKS_DOC} has ${lineCount(benchmarks)} lines (at most ${BENCHMARKS_MAX_LINES}: the current figure of each benchmark; past runs go to ${HISTORY_DOC})`);
  }
  for (const [path, text] of docs) {
    if (path === HISTORY_DOC) continue;
    let fenced = false;
    text.split('\n').forEach((line, index) => {
      const at = `${path}:${index + 1}`;
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      const issue = ISSUE_NUMBER.map((rule) => rule.exec(line)).find(Boolean);
      if (issue) problems.push(`${at} names an issue number ("${issue[0].trim()}"): say what the code does, not which issue asked for it`);
      if (!fenced && /^#{1,6}\s/.test(line) && DATED_HEADING.some((rule) => rule.test(line))) {
        problems.push(`${at} is a dated run heading ("${line.trim()}"): the current figure goes to ${BENCHMARKS_DOC}, the run to ${HISTORY_DOC}`);
      }
    });
  }
  return problems;
}
