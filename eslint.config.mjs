// ESLint (flat config) with typescript-eslint for the services, libs, tests and web.
import tseslint from 'typescript-eslint';

/**
 * Domain boundary: the domain folders (`apps/<service>/src/domain`, for every service, present
 * and future) hold pure decisions and plain errors (`@app/errors`). They import no framework,
 * database, messaging or infrastructure code; scripts/domain-boundaries.spec.ts keeps this rule
 * from silently disappearing.
 */
const DOMAIN_FILES = ['apps/*/src/domain/**/*.ts', 'apps/*/src/domain/**/*.tsx'];
const DOMAIN_FORBIDDEN = [
  {
    group: ['@nestjs/*', '@mikro-orm/*', 'nats', 'nats/*', '@nats-io/*', 'pg', 'pg/*', 'pg-*', 'express', 'socket.io', 'socket.io/*'],
    message: 'The domain imports no framework, database or messaging library: keep it in the service (handlers, repositories).',
  },
  {
    group: ['@app/nest-kit', '@app/nest-kit/*'],
    message: "The domain imports no Nest code: throw the plain errors of '@app/errors'.",
  },
  {
    group: ['**/infrastructure', '**/infrastructure/*', '**/infrastructure/**'],
    message: 'The domain imports no infrastructure: the infrastructure depends on the domain, not the reverse.',
  },
];
/** The event store's barrel loads pg and nats: the domain may use its types (Decider) only. */
const EVENT_STORE_VALUES = {
  group: ['@app/event-store', '@app/event-store/*'],
  allowTypeImports: true,
  message: "The domain uses only the types of '@app/event-store' (import type): its values load Postgres and NATS.",
};

/**
 * Migrations are frozen history: each carries its own SQL and imports nothing but MikroORM's
 * Migration (and the kit's MigrationDef type in the list), never the live table definitions,
 * whose later edits would rewrite what an old migration does.
 */
const MIGRATION_FILES = ['apps/*/src/migrations/**/*.ts', 'libs/*/src/**/migrations/**/*.ts'];
const MIGRATION_FORBIDDEN = [
  {
    group: ['../*', '../**', '@app/*', '!@app/nest-kit'],
    message: 'A migration carries its own SQL: copy the statements in, never import live definitions.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'web/dist/**', 'node_modules/**', '.data/**', 'coverage/**', 'deploy/**', '**/*.mjs', '**/*.js'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-namespace': 'off',
    },
  },
  {
    files: DOMAIN_FILES,
    ignores: ['**/*.spec.ts', '**/*.spec.tsx'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [...DOMAIN_FORBIDDEN, EVENT_STORE_VALUES] }] },
  },
  {
    // A domain spec may use the event store's in-memory test kit (DeciderSpecification).
    files: ['apps/*/src/domain/**/*.spec.ts', 'apps/*/src/domain/**/*.spec.tsx'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: DOMAIN_FORBIDDEN }] },
  },
  {
    files: MIGRATION_FILES,
    ignores: ['**/*.spec.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: MIGRATION_FORBIDDEN }] },
  },
);
