/**
 * The READMEs are maps (rules in scripts/readmes.ts): the repository keeps them, and the rules
 * refuse the probes below, so a check that found nothing to read could not pass.
 */
import { join } from 'node:path';
import { docViolations, readDocs, readPackages } from './readmes';

const ROOT = join(__dirname, '..');
const lines = (n: number, text = 'a line') => Array.from({ length: n }, () => text).join('\n') + '\n';
const MAP = '# things\n\nWhat it owns, its layout, its rules, its limits.\n';
const probe = (over: Record<string, string | undefined> = {}) =>
  new Map(
    Object.entries({ 'apps/things/README.md': MAP, 'libs/kit/README.md': MAP, 'docs/benchmarks.md': lines(10), ...over }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
const PACKAGES = ['apps/things', 'libs/kit'];

describe('READMEs are maps', () => {
  it('the repository keeps the rules, over every package and every doc', () => {
    const packages = readPackages(ROOT);
    const docs = readDocs(ROOT);
    expect(packages.filter((p) => p.startsWith('apps/')).length).toBeGreaterThanOrEqual(7);
    expect(packages.filter((p) => p.startsWith('libs/')).length).toBeGreaterThanOrEqual(7);
    expect(docs.has('README.md') && docs.has('docs/architecture.md') && docs.has('docs/benchmarks.md') && docs.has('bench/REPORT.md')).toBe(true);
    expect(docViolations(packages, docs)).toEqual([]);
  });

  it('the root README names every package', () => {
    const readme = readDocs(ROOT).get('README.md')!;
    expect(readPackages(ROOT).filter((pkg) => !readme.includes(`\`${pkg}\``))).toEqual([]);
  });

  it('takes the probe as it is', () => {
    expect(docViolations(PACKAGES, probe())).toEqual([]);
  });

  it('refuses a package without a README and a README over 150 lines', () => {
    expect(docViolations(PACKAGES, probe({ 'libs/kit/README.md': undefined }))).toEqual([
      'libs/kit has no README.md (a map: what it owns, its layout, its rules, its limits)',
    ]);
    expect(docViolations(PACKAGES, probe({ 'apps/things/README.md': lines(150) }))).toEqual([]);
    expect(docViolations(PACKAGES, probe({ 'apps/things/README.md': lines(151) }))).toEqual([
      'apps/things/README.md has 151 lines (at most 150: measurements go to docs/benchmarks.md)',
    ]);
  });

  it('refuses docs/benchmarks.md over 250 lines', () => {
    expect(docViolations(PACKAGES, probe({ 'docs/benchmarks.md': lines(250) }))).toEqual([]);
    expect(docViolations(PACKAGES, probe({ 'docs/benchmarks.md': lines(251) }))).toEqual([
      'docs/benchmarks.md has 251 lines (at most 250: the current figure of each benchmark; past runs go to bench/REPORT.md)',
    ]);
  });

  it.each([
    ['This README describes the registry (issue #10).', 'issue #10'],
    ['Measured again for issue 36.', 'issue 36'],
    ['Issues #7 and #9 asked for it.', 'Issues #7'],
    ['The relay writes JSON directly (#14).', '#14'],
    ['All of the #14 backbone rows.', '#14'],
    ['Merged in PR #3.', 'PR #3'],
  ])('refuses an issue number in a README or doc: %s', (line, found) => {
    expect(docViolations(PACKAGES, probe({ 'apps/things/README.md': `${MAP}${line}\n` }))).toEqual([
      `apps/things/README.md:4 names an issue number ("${found}"): say what the code does, not which issue asked for it`,
    ]);
    expect(docViolations(PACKAGES, probe({ 'docs/fhir.md': `# FHIR\n\n${line}\n` }))).toHaveLength(1);
  });

  it('takes colours, anchors, numbered entries and headings that are not issue numbers', () => {
    const text = `${MAP}Muted text is #595959 (not #8c8c8c); see [limits](#limits) and &#8212;.\nThe chain starts at entry #1; newest #1234 matched.\n## 2. Limits\n`;
    expect(docViolations(PACKAGES, probe({ 'apps/things/README.md': text }))).toEqual([]);
  });

  it.each([
    ['### Figures of 2026-11-26, on a shared machine'],
    ['## Run of Nov 23'],
    ['## Second round of the chat benchmark'],
    ['#### Measured 23 November'],
  ])('refuses a dated run heading: %s', (heading) => {
    expect(docViolations(PACKAGES, probe({ 'docs/benchmarks.md': `# Benchmarks\n\n${heading}\n` }))).toEqual([
      `docs/benchmarks.md:3 is a dated run heading ("${heading}"): the current figure goes to docs/benchmarks.md, the run to bench/REPORT.md`,
    ]);
  });

  it('lets bench/REPORT.md keep its history, and a dated line that is not a heading elsewhere', () => {
    const history = '# Report\n\n## Run of 2026-11-23 (issue #14)\n\nThe #22 round.\n';
    expect(docViolations(PACKAGES, probe({ 'bench/REPORT.md': history }))).toEqual([]);
    expect(docViolations(PACKAGES, probe({ 'docs/benchmarks.md': '# Benchmarks\n\nMeasured 2026-11-23 on commit abc1234.\n' }))).toEqual([]);
    expect(docViolations(PACKAGES, probe({ 'docs/benchmarks.md': '```\n# 2026-11-23 a shell comment\n```\n' }))).toEqual([]);
  });
});
