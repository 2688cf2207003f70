import type { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { PostgresEventStore } from '../src';
import { describeStoreContract } from '../src/testing/store-contract';
import { silentLogger, testPool } from './support';

let db: TestDatabase | undefined;
let pool: Pool | undefined;

describeStoreContract('PostgresEventStore', async () => {
  db = await createTestDatabase('store_contract');
  pool = testPool(db.url, 4);
  const store = new PostgresEventStore(pool, { schema: 'contract', logger: silentLogger });
  await store.ensureSchema();
  return {
    store,
    close: async () => {
      await pool?.end();
      await db?.drop();
    },
  };
}, { log: true });
