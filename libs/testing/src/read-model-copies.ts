/**
 * Copies of a service's read model in one throwaway database, each in its own schema: for
 * specs that project the same events two ways (one by one, batched) and compare the results.
 * Registers its own beforeAll/afterAll. Imported by path (`@app/testing/read-model-copies`),
 * not through the index, so unit specs do not load MikroORM.
 */
import { MikroORM } from '@mikro-orm/postgresql';
import { Pool } from 'pg';
import type { testing } from '@app/event-store';
import { migrateService, ormOptions, type ServiceStorage } from '@app/nest-kit';
import { createTestDatabase, type TestDatabase } from './test-database';

export type ReadModelCopies = {
  /** A pool on the database (valid from beforeAll). */
  readonly pool: Pool;
  /** Migrates the service's schema under `schema` and opens an ORM on it. */
  copy(schema: string): Promise<testing.ReadModelCopy>;
};

export function readModelCopies(label: string, storage: ServiceStorage): ReadModelCopies {
  let db: TestDatabase | undefined;
  let pool: Pool | undefined;
  const orms: MikroORM[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(label);
    pool = new Pool({ connectionString: db.url, max: 4 });
    pool.on('error', () => undefined);
  });

  afterAll(async () => {
    for (const orm of orms) await orm.close(true);
    await pool?.end();
    await db?.drop();
  });

  return {
    get pool() {
      if (!pool) throw new Error('readModelCopies: the pool exists from beforeAll on');
      return pool;
    },
    async copy(schema) {
      if (!db) throw new Error('readModelCopies: the database exists from beforeAll on');
      await migrateService(db.url, { ...storage, schema });
      const orm = await MikroORM.init(ormOptions(db.url, { ...storage, schema }) as never);
      orms.push(orm);
      return { schema, orm: orm as never };
    },
  };
}
