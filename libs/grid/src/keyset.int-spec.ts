/**
 * The keyset pages of an export, on real Postgres: paging after each page's cursor gives every
 * row once, in exactly the grid's own order (buildGridQuery), for every sortable type, both
 * directions, NULL keys, equal keys (the id breaks ties), accents and case, under a filter.
 */
import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { GRID_CURSOR_ID, GRID_CURSOR_KEY, buildGridKeysetQuery, buildGridQuery, nextGridCursor, type GridCursor } from './build-query';
import { defineGrid } from './definition';
import { GRID_SETUP_DDL } from './indexes';

const GRID = defineGrid({
  table: 'people',
  id: 'id',
  fields: {
    name: { dataType: 'string', column: 'name' },
    score: { dataType: 'number', column: 'score' },
    born: { dataType: 'date', column: 'born', columnType: 'date' },
    seen: { dataType: 'date', column: 'seen' },
  },
});

let db: TestDatabase;
let pg: Client;

beforeAll(async () => {
  db = await createTestDatabase('grid_keyset');
  pg = new Client({ connectionString: db.url });
  await pg.connect();
  await pg.query('BEGIN');
  for (const ddl of GRID_SETUP_DDL) await pg.query(ddl);
  await pg.query('COMMIT');
  await pg.query(`CREATE TABLE people (id uuid PRIMARY KEY, name text, score int, born date, seen timestamptz)`);
  // 83 rows: names with accents and case, repeated keys, NULLs in every sortable column.
  await pg.query(`
    INSERT INTO people
    SELECT md5(i::text)::uuid,
           CASE WHEN i % 9 = 0 THEN NULL ELSE (ARRAY['Émile','emile','Zoë','zoe','Ann','ann b','Bob'])[1 + i % 7] END,
           CASE WHEN i % 5 = 0 THEN NULL ELSE i % 4 END,
           CASE WHEN i % 6 = 0 THEN NULL ELSE date '2000-01-01' + (i % 3) END,
           CASE WHEN i % 7 = 0 THEN NULL ELSE timestamptz '2026-01-01 00:00:00.123456+00' + (i % 4) * interval '1 microsecond' END
      FROM generate_series(1, 83) i`);
});

afterAll(async () => {
  await pg?.end();
  await db?.drop();
});

async function allByKeyset(query: { filters: Record<string, { filterType: 'contains'; value: string }>; sorting: Record<string, 1 | -1> }, size: number): Promise<string[]> {
  const ids: string[] = [];
  let after: GridCursor | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const sql = buildGridKeysetQuery(GRID, query, after, size, { select: ['id'] });
    const rows = (await pg.query<Record<string, unknown>>(sql.text, sql.values)).rows;
    for (const r of rows) {
      expect(r[GRID_CURSOR_ID]).toBe(r.id);
      expect(GRID_CURSOR_KEY in r).toBe(true);
      ids.push(r.id as string);
    }
    after = nextGridCursor(rows, size);
    if (!after) return ids;
  }
  throw new Error('the pages did not end');
}

async function allByGrid(query: { filters: Record<string, { filterType: 'contains'; value: string }>; sorting: Record<string, 1 | -1> }): Promise<string[]> {
  const sql = buildGridQuery(GRID, { ...query, skip: 0, limit: 1000 }, { select: ['id'] });
  return (await pg.query<{ id: string }>(sql.rows.text, sql.rows.values)).rows.map((r) => r.id);
}

describe('keyset pages of a grid export', () => {
  for (const field of ['', 'name', 'score', 'born', 'seen']) {
    for (const order of field ? ([1, -1] as const) : ([1] as const)) {
      it(`match the grid's order ${field ? `sorted by ${field} ${order === 1 ? 'ascending' : 'descending'}` : 'unsorted'}`, async () => {
        const query = { filters: {}, sorting: field ? { [field]: order } : {} };
        const expected = await allByGrid(query);
        expect(expected).toHaveLength(83);
        expect(await allByKeyset(query, 7)).toEqual(expected);
        expect(await allByKeyset(query, 83)).toEqual(expected);
      });
    }
  }

  it('keep the filter on every page', async () => {
    const query = { filters: { name: { filterType: 'contains' as const, value: 'emile' } }, sorting: { seen: -1 as const } };
    const expected = await allByGrid(query);
    expect(expected.length).toBeGreaterThan(10);
    expect(await allByKeyset(query, 4)).toEqual(expected);
  });
});
