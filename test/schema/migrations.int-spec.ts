/**
 * Migrations are frozen history (each carries its own SQL; ESLint refuses a migration that
 * imports live definitions). This holds history to the code: every service's migrations,
 * applied to an empty database, give exactly the tables and columns its code expects today
 * (its MikroORM entities, and the live CREATE TABLE definitions of its plain-SQL tables).
 */
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { BOUNDED_CONTEXTS } from '@app/contracts';
import { ormOptions } from '@app/nest-kit';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { migrateAll, storages } from '../../scripts/migrate';

let db: TestDatabase;
let pg: Client;

type Column = { table: string; column: string; type: string; notNull: boolean };

async function columns(schema: string, tables: string[]): Promise<Column[]> {
  const { rows } = await pg.query<Column>(
    `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS "notNull"
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relname = ANY($2) AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY c.relname, a.attname`,
    [schema, tables],
  );
  return rows;
}

beforeAll(async () => {
  db = await createTestDatabase('migrations');
  await migrateAll(db.url, () => undefined);
  pg = new Client({ connectionString: db.url });
  await pg.connect();
}, 120_000);

afterAll(async () => {
  await pg?.end();
  await db?.drop();
});

/** Services with plain-SQL tables defined in their code, and services with ORM entities. */
const withTables = BOUNDED_CONTEXTS.filter((c) => storages[c].expectedTables?.length);
const withEntities = BOUNDED_CONTEXTS.filter((c) => storages[c].entities.length);

describe('migrations applied to an empty database', () => {
  it('cover services of both kinds', () => {
    expect(withTables).toEqual(expect.arrayContaining(['directory', 'practices']));
    expect(withEntities).toEqual(expect.arrayContaining(['identity', 'notifications']));
  });

  it.each(withTables)('%s: have every table and column of the live plain-SQL definitions, with their types', async (context) => {
    const expected = storages[context].expectedTables ?? [];
    const scratch = `expected_${context}`;
    await pg.query(`CREATE SCHEMA ${scratch}`);
    await pg.query(`SET search_path = ${scratch}, public`);
    for (const ddl of expected) await pg.query(ddl);
    await pg.query('RESET search_path');
    const tables = (await pg.query<{ t: string }>('SELECT tablename AS t FROM pg_tables WHERE schemaname = $1', [scratch])).rows.map((r) => r.t);
    expect(tables.length).toBe(expected.length);
    expect(await columns(context, tables)).toEqual(await columns(scratch, tables));
  });

  it.each(withEntities)('%s: need no change for the MikroORM entities', async (context) => {
    const { entities, migrations } = storages[context];
    const orm = await MikroORM.init(ormOptions(db.url, { schema: context, entities, migrations }));
    try {
      const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false, safe: true, dropTables: false, schema: context });
      // Indexes and checks the migrations add beyond the entities (or name otherwise) are theirs
      // to keep; a missing table or column, or another column type, is a change the code needs.
      const needed = diff
        .split(/;\s*\n/)
        .map((s) => s.trim().replace(/;$/, ''))
        .filter((s) => s && !/^(drop index |alter index \S+ rename to |alter table \S+ drop constraint )/i.test(s));
      expect(needed).toEqual([]);
    } finally {
      await orm.close(true);
    }
  });
});
