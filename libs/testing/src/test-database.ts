import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The Postgres server integration tests use: TEST_DATABASE_URL's server, else the machine's. */
export function testServerUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export type TestDatabase = { url: string; name: string; drop: () => Promise<void> };

/** Creates a throwaway database (`test_<random>`) so a running dev system is never touched. */
export async function createTestDatabase(label = 'db'): Promise<TestDatabase> {
  const name = `test_${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: testServerUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: testServerUrl() });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
