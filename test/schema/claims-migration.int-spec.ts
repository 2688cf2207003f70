/**
 * The migrations that move identity's, practices' and directory's unique values
 * into the event store's one `claims` table copy the rows of the old tables and drop them.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { migrateService } from '@app/nest-kit';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { storages } from '../../scripts/migrate';

const CLAIMS = 'Migration20261228000001_claims';
let db: TestDatabase;
let pg: Client;

beforeAll(async () => {
  db = await createTestDatabase('claims_migration');
  pg = new Client({ connectionString: db.url });
  await pg.connect();
}, 120_000);

afterAll(async () => {
  await pg?.end();
  await db?.drop();
});

/** Migrates a service to just before the claims migration, runs `seed`, then migrates the rest. */
async function across(context: 'identity' | 'practices' | 'directory', seed: () => Promise<void>): Promise<void> {
  const storage = storages[context];
  const at = storage.migrations.findIndex((m) => m.name === CLAIMS);
  expect(at).toBeGreaterThan(0);
  await migrateService(db.url, { ...storage, migrations: storage.migrations.slice(0, at), schema: context });
  await seed();
  const { applied } = await migrateService(db.url, { ...storage, schema: context });
  // The claims migration, then any that came after it (identity's credential_hashes).
  expect(applied).toEqual(storage.migrations.slice(at).map((m) => m.name));
}

const claimsOf = async (schema: string) =>
  (await pg.query(`SELECT scope, value, owner FROM ${schema}.claims ORDER BY scope, value`)).rows as Array<{ scope: string; value: string; owner: string }>;
const exists = async (table: string) => (await pg.query('SELECT to_regclass($1) AS t', [table])).rows[0].t !== null;

it('identity: account_uniques become account.<kind> claims', async () => {
  const [a, b] = [randomUUID(), randomUUID()];
  await across('identity', async () => {
    await pg.query(
      `INSERT INTO identity.account_uniques (kind, value, account_id) VALUES
        ('email', 'ann@x.test', $1), ('userName', 'ann', $1), ('mobile', '+12025550100', $1), ('master-admin', 'master-admin', $2)`,
      [a, b],
    );
  });
  expect(await claimsOf('identity')).toEqual([
    { scope: 'account.email', value: 'ann@x.test', owner: a },
    { scope: 'account.master-admin', value: 'master-admin', owner: b },
    { scope: 'account.mobile', value: '+12025550100', owner: a },
    { scope: 'account.userName', value: 'ann', owner: a },
  ]);
  expect(await exists('identity.account_uniques')).toBe(false);
}, 120_000);

it('practices: practice_claims become practice.<kind> claims', async () => {
  const p = randomUUID();
  await across('practices', async () => {
    await pg.query(`INSERT INTO practices.practice_claims (kind, value, practice_id) VALUES ('npi', '1234567893', $1), ('userName', 'sunrise', $1), ('email', 'office@sunrise.test', $1)`, [p]);
  });
  expect(await claimsOf('practices')).toEqual([
    { scope: 'practice.email', value: 'office@sunrise.test', owner: p },
    { scope: 'practice.npi', value: '1234567893', owner: p },
    { scope: 'practice.userName', value: 'sunrise', owner: p },
  ]);
  expect(await exists('practices.practice_claims')).toBe(false);
}, 120_000);

it('directory: facility and profile NPI claims become facility.npi (per admin) and profile.npi claims', async () => {
  const [admin, facility, profile] = [randomUUID(), randomUUID(), randomUUID()];
  await across('directory', async () => {
    await pg.query('INSERT INTO directory.facility_npi_claims (owner_id, npi, facility_id) VALUES ($1, $2, $3)', [admin, '1598765432', facility]);
    await pg.query('INSERT INTO directory.profile_npi_claims (npi, profile_id) VALUES ($1, $2)', ['1234567893', profile]);
  });
  expect(await claimsOf('directory')).toEqual([
    { scope: 'facility.npi', value: `${admin}:1598765432`, owner: facility },
    { scope: 'profile.npi', value: '1234567893', owner: profile },
  ]);
  expect([await exists('directory.facility_npi_claims'), await exists('directory.profile_npi_claims')]).toEqual([false, false]);
}, 300_000);
