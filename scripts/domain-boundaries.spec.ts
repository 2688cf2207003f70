/**
 * The domain boundary rule of eslint.config.mjs: a file under any `apps/<service>/src/domain`
 * that imports a framework, database, messaging or infrastructure module fails `npm run lint`.
 * Lints snippets under virtual paths with the project's own configuration.
 */
import { ESLint } from 'eslint';
import { join } from 'node:path';

const root = join(__dirname, '..');
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

describe('domain boundary lint rule', () => {
  it.each([
    ["import { Injectable } from '@nestjs/common';", 'framework'],
    ["import { Entity } from '@mikro-orm/core';", 'framework'],
    ["import { jetstream } from '@nats-io/jetstream';", 'messaging'],
    ["import { headers } from '@nats-io/transport-node';", 'messaging'],
    ["import { Pool } from 'pg';", 'database'],
    ["import { Conflict } from '@app/nest-kit';", "'@app/errors'"],
    ["import type { RpcClient } from '@app/nest-kit';", "'@app/errors'"],
    ["import { AccountRow } from '../infrastructure/account.entity';", 'infrastructure'],
    ["import { PostgresEventStore } from '@app/event-store';", 'only the types'],
  ])('refuses %s in a domain file of any service', async (line, why) => {
    for (const path of ['apps/x/src/domain/probe.ts', 'apps/identity/src/domain/nested/probe.ts']) {
      const errors = await boundaryErrors(path, `${line}\n`);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(why);
    }
  });

  it('lets the domain use plain errors, contracts, validation and the event store types', async () => {
    const code = [
      "import { Conflict } from '@app/errors';",
      "import type { identity } from '@app/contracts';",
      "import { MESSAGES } from '@app/validation';",
      "import type { Decider } from '@app/event-store';",
      "import { createHash } from 'node:crypto';",
      'export const used: [typeof Conflict, identity.RegisterAccountRequest | undefined, typeof MESSAGES, Decider<never, never, never> | undefined, typeof createHash] = [Conflict, undefined, MESSAGES, undefined, createHash];',
    ].join('\n');
    expect(await boundaryErrors('apps/x/src/domain/probe.ts', code)).toEqual([]);
  });

  it('applies to the domain folders only', async () => {
    const code = "import { Injectable } from '@nestjs/common';\nexport const used = Injectable;\n";
    expect(await boundaryErrors('apps/x/src/sessions/probe.ts', code)).toEqual([]);
    expect(await boundaryErrors('apps/x/src/domain/probe.ts', code)).toHaveLength(1);
  });

  it('finds every domain file of the repository clean', async () => {
    const results = await eslint.lintFiles(['apps/*/src/domain/**/*.ts']);
    expect(results.length).toBeGreaterThan(0);
    const violations = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => `${r.filePath}:${m.line} ${m.message}`),
    );
    expect(violations).toEqual([]);
  });
});
