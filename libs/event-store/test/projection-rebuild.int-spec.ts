import { randomUUID } from 'node:crypto';
import { defineEntity, p, type MikroORM } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { PostgresEventStore, ProjectionRunner, type Projection, type RebuildProgress } from '../src';
import { seededRandom, silentLogger, testOrm, testPool } from './support';

/** A small accounts read model, as a service would keep one. */
const AccountRow = defineEntity({
  name: 'AccountRow',
  tableName: 'accounts',
  schema: 'rebuild_rm',
  properties: {
    id: p.string().primary(),
    userName: p.string(),
    email: p.string(),
    renames: p.integer(),
    version: p.integer(),
    updatedAt: p.datetime(),
  },
});

type AccountData = { userName?: string; email?: string };

const accountsProjection: Projection = {
  name: 'accounts',
  eventTypes: ['AccountRegistered', 'AccountRenamed', 'EmailChanged', 'AccountClosed'],
  async handle(event, em) {
    const id = event.streamId;
    const data = event.data as AccountData;
    if (event.type === 'AccountRegistered') {
      em.create(AccountRow, {
        id,
        userName: data.userName!,
        email: data.email!,
        renames: 0,
        version: event.streamVersion,
        updatedAt: event.recordedAt,
      });
      return;
    }
    const row = await em.findOne(AccountRow, { id });
    if (!row) return;
    if (event.type === 'AccountClosed') {
      em.remove(row);
      return;
    }
    if (event.type === 'AccountRenamed') {
      row.userName = data.userName!;
      row.renames++;
    }
    if (event.type === 'EmailChanged') row.email = data.email!;
    row.version = event.streamVersion;
    row.updatedAt = event.recordedAt;
  },
  async reset(em) {
    await em.nativeDelete(AccountRow, {});
  },
};

let db: TestDatabase;
let pool: Pool;
let orm: MikroORM;

beforeAll(async () => {
  db = await createTestDatabase('projection_rebuild');
  pool = testPool(db.url, 4);
  orm = await testOrm(db.url, [AccountRow]);
});

afterAll(async () => {
  await orm.close();
  await pool.end();
  await db.drop();
});

async function appendHistory(store: PostgresEventStore, accounts: number, changes: number): Promise<void> {
  const random = seededRandom(42);
  for (let a = 0; a < accounts; a++) {
    await store.append(`account-${a}`, [
      { type: 'AccountRegistered', data: { userName: `user${a}`, email: `user${a}@example.test` } },
    ]);
  }
  for (let i = 0; i < changes; i += 3) {
    const events = Array.from({ length: 3 }, (_, k) => {
      const roll = random();
      const type = roll < 0.45 ? 'AccountRenamed' : roll < 0.9 ? 'EmailChanged' : roll < 0.98 ? 'SignInSucceeded' : 'AccountClosed';
      return { id: randomUUID(), type, data: { userName: `user${i + k}-renamed`, email: `e${i + k}@example.test` } };
    });
    await store.append(`account-${Math.floor(random() * accounts)}`, events);
  }
}

async function snapshot(): Promise<unknown[]> {
  const rows = await orm.em.fork().find(AccountRow, {}, { orderBy: { id: 'asc' } });
  return rows.map((r) => ({ ...r }));
}

describe('ProjectionRunner.rebuild', () => {
  it('rebuilds a read model from zero to the same rows, reporting progress up to the total', async () => {
    const store = new PostgresEventStore(pool, { schema: 'rebuild', logger: silentLogger });
    const runner = new ProjectionRunner({ store, orm, projections: [accountsProjection], batchSize: 100, logger: silentLogger });
    await store.ensureSchema();
    await appendHistory(store, 60, 1200);
    await runner.catchUp();

    const before = await snapshot();
    expect(before.length).toBeGreaterThan(20); // some accounts were closed
    expect(before.length).toBeLessThan(60);
    expect(before.some((r) => (r as { renames: number }).renames > 0)).toBe(true);

    // Vandalize the read model: the rebuild must not depend on what is there.
    await pool.query(`UPDATE rebuild_rm.accounts SET email = 'wrong', renames = -1`);
    await pool.query(`INSERT INTO rebuild_rm.accounts (id, user_name, email, renames, version, updated_at) VALUES ('ghost', 'ghost', 'ghost', 0, 0, now())`);

    const progress: RebuildProgress[] = [];
    const result = await runner.rebuild('accounts', { onProgress: (p) => progress.push(p) });

    const total = await store.countEvents();
    expect(result).toEqual({ processed: total, total });
    expect(progress[0]).toEqual({ processed: 0, total });
    expect(progress[progress.length - 1]).toEqual({ processed: total, total });
    expect(progress.length).toBeGreaterThanOrEqual(Math.ceil(total / 100));
    for (let i = 1; i < progress.length; i++) {
      expect(progress[i].processed).toBeGreaterThan(progress[i - 1].processed);
    }
    expect(await snapshot()).toEqual(before);

    const { rows } = await pool.query(`SELECT global_position::text AS p FROM rebuild.checkpoints WHERE name = 'accounts'`);
    expect(rows[0].p).toBe((await store.headCheckpoint())?.globalPosition);
  });

  it('rebuilds while the runner runs in the background and new events keep coming', async () => {
    const store = new PostgresEventStore(pool, { schema: 'rebuild_live', logger: silentLogger });
    await store.ensureSchema();
    const projection = { ...accountsProjection, name: 'accounts_live' };
    const runner = new ProjectionRunner({ store, orm, projections: [projection], batchSize: 50, pollIntervalMs: 50, logger: silentLogger });
    await orm.em.fork().nativeDelete(AccountRow, {});
    await appendHistory(store, 30, 300);
    await runner.start();
    try {
      await runner.catchUp();
      const rebuilding = runner.rebuild('accounts_live');
      await store.append('account-late', [{ type: 'AccountRegistered', data: { userName: 'late', email: 'late@example.test' } }]);
      const result = await rebuilding;
      expect(result.processed).toBe(result.total);
      await runner.catchUp();
    } finally {
      await runner.stop();
    }
    const rows = (await snapshot()) as Array<{ id: string }>;
    expect(rows.map((r) => r.id)).toContain('account-late');
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  });

  it('refuses to rebuild a projection without reset()', async () => {
    const store = new PostgresEventStore(pool, { schema: 'rebuild', logger: silentLogger });
    const runner = new ProjectionRunner({
      store,
      orm,
      projections: [{ name: 'no_reset', handle: async () => undefined }],
      logger: silentLogger,
    });
    await expect(runner.rebuild('no_reset')).rejects.toThrow(/no reset/);
    await expect(runner.rebuild('unknown')).rejects.toThrow(/Unknown projection/);
  });
});
