import { GridQueryRequest, parseAdvancedTerms, type GridFilters, type GridSorting } from '@app/contracts';
import { DomainError } from '@app/errors';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { MikroORM } from '@mikro-orm/postgresql';
import { Pool } from 'pg';
import { GRID_SETUP_DDL, buildGridQuery, defineGrid, gridIndexDdl, runGridQuery, toMikroOrm } from '../src';

/**
 * The grid helper against real Postgres: 100,000 generated rows, every filter type with
 * several values each, compared with a plain JavaScript filter and sort over the same rows
 * (the count, and the first, a middle and the last page in sort order); hostile values, field
 * names, sort fields and filter types change nothing.
 */

const ROWS = 100_000;
const DAY = 86_400_000;
const NOW = new Date('2026-03-10T15:00:00Z');
const TODAY = Date.UTC(2026, 2, 10);
const INJECTION = "'; DROP TABLE grid_people; --";

const grid = defineGrid({
  table: 'grid_people',
  fields: {
    lastName: { dataType: 'string', column: 'last_name' },
    firstName: { dataType: 'string', column: 'first_name', disabledFilterTypes: ['advancedFilters'] },
    age: { dataType: 'number', column: 'age' },
    score: { dataType: 'number', column: 'score' },
    createdAt: { dataType: 'date', column: 'created_at' },
    birthDate: { dataType: 'date', column: 'birth_date', columnType: 'date' },
    address: { dataType: 'address', city: 'city', state: 'state', zip: 'zip' },
  },
});

type Row = {
  id: number;
  last_name: string | null;
  first_name: string;
  age: number | null;
  score: number | null; // hundredths are exact in numeric(8,2); compared as cents below
  created_at: number; // ms
  birth_date: string; // yyyy-mm-dd
  city: string | null;
  state: string;
  zip: string;
};

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LAST_NAMES = [
  'José', 'Jose', 'Josefina', 'Zoë', 'Zoe', 'Ñúñez', 'Nunez', 'García', 'Garcia', "O'Brien", 'Smith', 'Müller', 'Ångström',
  'Renée', 'Chloé', 'François', 'de la Cruz', 'De La Hoya', 'Pérez', 'Álvarez', 'Björk', 'Çelik', 'Íñigo', 'Lee', 'Nguyen',
  'A_B', 'A%B', 'A\\B', 'AxB', 'AyyB', '100% Care', INJECTION,
];
const FIRST_NAMES = ['Ana', 'Zoë', 'Jürgen', 'Élodie', 'Mike', 'Ñandú', 'Sam', 'Lou', 'Noël', 'Ines'];
const CITIES: [string, string, string][] = [
  ['San José', 'CA', '95113'],
  ['San Antonio', 'TX', '78205'],
  ['Austin', 'TX', '78701'],
  ['Albany', 'NY', '12207'],
  ['New York', 'NY', '10001'],
  ['Montgomery', 'AL', '36104'],
  ['Txutxi', 'CA', '90001'],
  ['Nyack', 'NY', '10960'],
  ['São Paulo', 'FL', '33101'],
  ['Ca Mau', 'WA', '98101'],
];

function caseOf(s: string, r: number): string {
  if (r < 0.2) return s.toUpperCase();
  if (r < 0.35) return s.toLowerCase();
  return s;
}

function generate(): Row[] {
  const rnd = seeded(20260310);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const rows: Row[] = [];
  for (let id = 1; id <= ROWS; id++) {
    const [city, state, zip] = pick(CITIES);
    const zipTail = rnd() < 0.5 ? String(Math.floor(rnd() * 10_000)).padStart(4, '0') : '';
    // created_at: mostly spread over 7 years, a tenth within the last 40 days, hours all over the day
    const daysBack = rnd() < 0.1 ? Math.floor(rnd() * 40) : Math.floor(rnd() * 7 * 365);
    const created = TODAY - daysBack * DAY + Math.floor(rnd() * DAY);
    const birth = new Date(Date.UTC(1940, 0, 1) + Math.floor(rnd() * 70 * 365) * DAY).toISOString().slice(0, 10);
    rows.push({
      id,
      last_name: id % 500 === 0 ? null : caseOf(pick(LAST_NAMES), rnd()),
      first_name: caseOf(pick(FIRST_NAMES), rnd()),
      age: id % 333 === 0 ? null : Math.floor(rnd() * 100),
      score: id % 250 === 0 ? null : Math.round((rnd() * 200 - 100) * 4) / 4, // quarters: -100..100
      created_at: Math.min(created, NOW.getTime()),
      birth_date: birth,
      city: id % 400 === 0 ? null : caseOf(city, rnd()),
      state: rnd() < 0.5 ? state : state.toLowerCase(),
      zip: zip + zipTail,
    });
  }
  return rows;
}

// --- The plain JavaScript reference --------------------------------------------------------

const normCache = new Map<string, string>();
/** Lower case, accents removed (NFD, combining marks dropped); few distinct values, so cached. */
function norm(s: string): string {
  let n = normCache.get(s);
  if (n === undefined) {
    n = s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
    normCache.set(s, n);
  }
  return n;
}
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);

type Pred = (r: Row) => boolean;

function textPred(get: (r: Row) => string | null, filterType: string, value: string): Pred {
  const v = norm(value);
  const test = (s: string | null, f: (x: string) => boolean) => s !== null && f(norm(s));
  switch (filterType) {
    case 'startsWith':
      return (r) => test(get(r), (x) => x.startsWith(v));
    case 'endsWith':
      return (r) => test(get(r), (x) => x.endsWith(v));
    case 'contains':
      return (r) => test(get(r), (x) => x.includes(v));
    case 'exactMatch':
      return (r) => test(get(r), (x) => x === v);
    case 'advancedFilters': {
      const terms = parseAdvancedTerms(value).map((t) => ({ ...t, term: norm(t.term) }));
      return (r) => terms.every((t) => (t.exclude ? !test(get(r), (x) => x.includes(t.term)) : test(get(r), (x) => x.includes(t.term))));
    }
  }
  throw new Error(filterType);
}

function numberPred(get: (r: Row) => number | null, filterType: string, value: string): Pred {
  const [a, b] = value.split(':').map(Number);
  const ops: Record<string, (x: number) => boolean> = {
    greaterThan: (x) => x > a,
    greaterThanOrEqualsTo: (x) => x >= a,
    equalsTo: (x) => x === a,
    lessThanOrEqualsTo: (x) => x <= a,
    lessThan: (x) => x < a,
    numberRange: (x) => x >= a && x <= b,
  };
  return (r) => get(r) !== null && ops[filterType](get(r) as number);
}

function datePred(get: (r: Row) => number, filterType: string, value: string): Pred {
  const [a, b] = value.split(':');
  const ops: Record<string, (x: number) => boolean> = {
    afterDate: (x) => x >= dayMs(a) + DAY,
    afterOrOnDate: (x) => x >= dayMs(a),
    onDate: (x) => x >= dayMs(a) && x < dayMs(a) + DAY,
    onOrBeforeDate: (x) => x < dayMs(a) + DAY,
    beforeDate: (x) => x < dayMs(a),
    dateRange: (x) => x >= dayMs(a) && x < dayMs(b) + DAY,
    daysAgo: (x) => x >= TODAY - (Number(a) - 1) * DAY && x < TODAY + DAY,
  };
  return (r) => ops[filterType](get(r));
}

function addressPred(value: string): Pred {
  const v = norm(value);
  const digits = value.replace('-', '');
  return (r) =>
    (r.city !== null && norm(r.city).startsWith(v)) ||
    (/^[A-Za-z]{2}$/.test(value) && r.state.toUpperCase() === value.toUpperCase()) ||
    (/^\d{1,9}$/.test(digits) && r.zip.startsWith(digits));
}

function predicate(filters: GridFilters): Pred {
  const preds: Pred[] = Object.entries(filters).map(([field, { filterType, value }]) => {
    switch (field) {
      case 'lastName':
        return textPred((r) => r.last_name, filterType, value);
      case 'firstName':
        return textPred((r) => r.first_name, filterType, value);
      case 'age':
        return numberPred((r) => r.age, filterType, value);
      case 'score':
        return numberPred((r) => r.score, filterType, value);
      case 'createdAt':
        return datePred((r) => r.created_at, filterType, value);
      case 'birthDate':
        return datePred((r) => dayMs(r.birth_date), filterType, value);
      case 'address':
        return addressPred(value);
    }
    throw new Error(field);
  });
  return (r) => preds.every((p) => p(r));
}

/** Sort keys as the grid sorts: text without case or accents by code point, NULLs largest, then id. */
function sortKey(field: string): (r: Row) => string | number | null {
  switch (field) {
    case 'lastName':
      return (r) => (r.last_name === null ? null : norm(r.last_name));
    case 'firstName':
      return (r) => norm(r.first_name);
    case 'address':
      return (r) => (r.city === null ? null : norm(r.city));
    case 'age':
      return (r) => r.age;
    case 'score':
      return (r) => r.score;
    case 'createdAt':
      return (r) => r.created_at;
    case 'birthDate':
      return (r) => r.birth_date;
  }
  throw new Error(field);
}

function expectedIds(rows: Row[], filters: GridFilters, sorting: GridSorting): number[] {
  const matched = rows.filter(predicate(filters));
  const [entry] = Object.entries(sorting);
  if (!entry) return matched.map((r) => r.id); // rows are in id order
  const key = sortKey(entry[0]);
  const dir = entry[1];
  const keyed = matched.map((r) => ({ k: key(r), id: r.id }));
  keyed.sort((x, y) => {
    let c = 0;
    if (x.k !== y.k) {
      if (x.k === null) c = 1;
      else if (y.k === null) c = -1;
      else c = x.k < y.k ? -1 : 1;
    }
    if (c === 0) c = x.id - y.id;
    return c * dir;
  });
  return keyed.map((x) => x.id);
}

// --- The test ------------------------------------------------------------------------------

type Case = { filters: GridFilters; sorting: GridSorting };

const SORTINGS: GridSorting[] = [
  {},
  { lastName: 1 },
  { lastName: -1 },
  { age: 1 },
  { age: -1 },
  { createdAt: 1 },
  { createdAt: -1 },
  { birthDate: 1 },
  { address: 1 },
  { address: -1 },
  { score: -1 },
  { firstName: 1 },
];

const f = (field: string, filterType: string, values: string[]): GridFilters[] =>
  values.map((value) => ({ [field]: { filterType, value } }) as GridFilters);

const FILTERS: GridFilters[] = [
  ...f('lastName', 'startsWith', ['jos', 'JOSÉ', 'ñú', "o'b", 'A_', 'a%', 'a\\', "'; drop", 'de la', 'zz-none']),
  ...f('lastName', 'endsWith', ['ez', 'EZ', 'ë', '_b', '%b', '\\B', '; --']),
  ...f('lastName', 'contains', ['os', 'ÑUÑ', 'e', '_', '%', '\\', INJECTION, 'x%', 'a%b', 'Ä', '% c']),
  ...f('lastName', 'exactMatch', ['jose', 'ZOE', 'garcía', 'A_B', 'A%B', 'A\\B', 'a_b', INJECTION, 'de la cruz', 'nobody']),
  ...f('lastName', 'advancedFilters', ['jo -jose', 'ez -"ñúñez"', '"o\'br" -smith', '-e', 'a -b -c', '"de la"', '"a_b" a', 'er -"%"', '-"\'; drop"']),
  ...f('firstName', 'contains', ['ë', 'NA']),
  ...f('firstName', 'startsWith', ['ju', 'el']),
  ...f('age', 'greaterThan', ['50', '98', '-1']),
  ...f('age', 'greaterThanOrEqualsTo', ['50', '99.5']),
  ...f('age', 'equalsTo', ['42', '0', '42.0', '42.5']),
  ...f('age', 'lessThanOrEqualsTo', ['10', '0']),
  ...f('age', 'lessThan', ['1', '0.5']),
  ...f('age', 'numberRange', ['20:30', '30:30', '-10:2.5']),
  ...f('score', 'greaterThan', ['12.5', '-100']),
  ...f('score', 'equalsTo', ['10.25', '-0.75', '0']),
  ...f('score', 'numberRange', ['-5.5:5.5', '99.75:100']),
  ...f('score', 'lessThan', ['-99.5']),
  ...f('createdAt', 'afterDate', ['2026-03-01', '2019-03-15']),
  ...f('createdAt', 'afterOrOnDate', ['2026-03-01', '2026-03-10']),
  ...f('createdAt', 'onDate', ['2026-03-10', '2024-02-29', '2023-07-04', '2031-01-01']),
  ...f('createdAt', 'onOrBeforeDate', ['2019-06-01', '2026-03-10']),
  ...f('createdAt', 'beforeDate', ['2019-06-01', '2022-01-01']),
  ...f('createdAt', 'dateRange', ['2024-01-01:2024-03-31', '2020-02-29:2020-02-29', '2025-12-31:2026-01-01']),
  ...f('createdAt', 'daysAgo', ['1', '2', '7', '30', '365']),
  ...f('birthDate', 'onDate', ['1980-05-17', '2000-02-29']),
  ...f('birthDate', 'afterDate', ['2009-06-01']),
  ...f('birthDate', 'beforeDate', ['1941-01-01']),
  ...f('birthDate', 'dateRange', ['1970-01-01:1970-12-31']),
  ...f('birthDate', 'daysAgo', ['36500', '6000']),
  ...f('address', 'contains', ['san', 'SAN JO', 'tx', 'Tx', 'ny', 'ca', '787', '78701', '1', '78701-1', 'sao', 'al', 'zz', INJECTION]),
  ...f('address', 'startsWith', ['a']),
  { lastName: { filterType: 'contains', value: 'o' }, age: { filterType: 'numberRange', value: '20:40' }, address: { filterType: 'contains', value: 'tx' } },
  { firstName: { filterType: 'exactMatch', value: 'zoe' }, createdAt: { filterType: 'daysAgo', value: '30' } },
];

const CASES: Case[] = FILTERS.map((filters, i) => ({ filters, sorting: SORTINGS[i % SORTINGS.length] }));

describe('grid query on Postgres (100,000 rows)', () => {
  let db: TestDatabase;
  let pool: Pool;
  let rows: Row[];

  beforeAll(async () => {
    db = await createTestDatabase('grid');
    pool = new Pool({ connectionString: db.url, max: 4 });
    pool.on('error', () => undefined);
    rows = generate();
    await pool.query(`CREATE TABLE grid_people (
      id integer PRIMARY KEY, last_name text, first_name text NOT NULL, age integer, score numeric(8,2),
      created_at timestamptz NOT NULL, birth_date date NOT NULL, city text, state text NOT NULL, zip text NOT NULL)`);
    const col = <K extends keyof Row>(k: K, from: number, to: number) => rows.slice(from, to).map((r) => r[k]);
    for (let from = 0; from < ROWS; from += 25_000) {
      const to = from + 25_000;
      await pool.query(
        `INSERT INTO grid_people SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::numeric[], $6::timestamptz[], $7::date[], $8::text[], $9::text[], $10::text[])`,
        [
          col('id', from, to),
          col('last_name', from, to),
          col('first_name', from, to),
          col('age', from, to),
          col('score', from, to),
          rows.slice(from, to).map((r) => new Date(r.created_at).toISOString()),
          col('birth_date', from, to),
          col('city', from, to),
          col('state', from, to),
          col('zip', from, to),
        ],
      );
    }
    // What a read model's migration runs: the setup (in one transaction, for its lock), then the indexes.
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      for (const ddl of GRID_SETUP_DDL) await client.query(ddl);
      await client.query('COMMIT');
      for (const ddl of gridIndexDdl(grid)) await client.query(ddl);
      await client.query('ANALYZE grid_people');
    } finally {
      client.release();
    }
  });

  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  async function page(filters: GridFilters, sorting: GridSorting, skip: number, limit = 100) {
    const query = GridQueryRequest.parse({ skip: String(skip), limit: String(limit), filters: JSON.stringify(filters), sorting: JSON.stringify(sorting) });
    const result = await runGridQuery<{ id: number }>(pool, buildGridQuery(grid, query, { select: ['id'], now: NOW }));
    return { ids: result.rows.map((r) => r.id), count: result.count };
  }

  async function expectSame({ filters, sorting }: Case) {
    const expected = expectedIds(rows, filters, sorting);
    const label = JSON.stringify({ filters, sorting });
    // the first page and the last (which reaches the end by OFFSET, past every row before it)
    const last = Math.max(0, expected.length - 37);
    const [first, end] = await Promise.all([page(filters, sorting, 0), expected.length > 100 ? page(filters, sorting, last) : undefined]);
    expect({ label, count: first.count }).toEqual({ label, count: expected.length });
    expect({ label, ids: first.ids }).toEqual({ label, ids: expected.slice(0, 100) });
    if (end) expect({ label, ids: end.ids }).toEqual({ label, ids: expected.slice(last) });
    return expected.length;
  }

  it('the generated data covers what the cases need', () => {
    expect(rows).toHaveLength(ROWS);
    expect(rows.filter((r) => r.created_at >= TODAY).length).toBeGreaterThan(100);
    expect(new Set(rows.map((r) => r.last_name)).size).toBeGreaterThan(50);
  });

  it('every filter type with several values answers exactly the rows of a plain JavaScript filter', async () => {
    const counts: number[] = [];
    for (const c of CASES) counts.push(await expectSame(c));
    // the cases really select: only the ten or so meant to match nothing (zz-none, nobody, 2031-01-01, 42.5, ...) are empty
    expect(counts.filter((n) => n === 0).length).toBeLessThanOrEqual(10);
    expect(counts.filter((n) => n > 0 && n < ROWS).length).toBeGreaterThanOrEqual(CASES.length - 15);
  });

  it('every sort order, ascending and descending, pages exactly like a JavaScript sort (field then id)', async () => {
    for (const sorting of SORTINGS) {
      await expectSame({ filters: {}, sorting });
      await expectSame({ filters: { lastName: { filterType: 'contains', value: 'e' } }, sorting });
    }
  });

  it('values are matched literally: LIKE characters, quotes and SQL in a value change nothing', async () => {
    const literal = async (filterType: string, value: string, field = 'lastName') => (await page({ [field]: { filterType, value } } as GridFilters, {}, 0)).count;
    const exact = (name: string) => rows.filter((r) => r.last_name !== null && norm(r.last_name) === norm(name)).length;
    expect(await literal('exactMatch', 'A_B')).toBe(exact('A_B'));
    expect(await literal('contains', 'a_b')).toBe(exact('A_B')); // not AxB
    expect(await literal('contains', 'a%b')).toBe(exact('A%B')); // not AyyB
    expect(await literal('contains', 'a\\b')).toBe(exact('A\\B'));
    expect(await literal('exactMatch', INJECTION)).toBe(exact(INJECTION));
    expect(exact(INJECTION)).toBeGreaterThan(0);
    expect((await pool.query('SELECT count(*)::int AS n FROM grid_people')).rows[0].n).toBe(ROWS);
  });

  it('hostile field names, sort fields and filter types are refused with a 400 naming the field, and change nothing', async () => {
    const attempts: { input: Record<string, unknown>; field: string }[] = [
      { input: { filters: { [`x"; DROP TABLE grid_people; --`]: { filterType: 'contains', value: 'a' } } }, field: 'filters.x"; DROP TABLE grid_people; --' },
      { input: { filters: { last_name: { filterType: 'contains', value: 'a' } } }, field: 'filters.last_name' },
      { input: { filters: { lastName: { filterType: "contains' OR 1=1 --", value: 'a' } } }, field: 'filters.lastName' },
      { input: { filters: { age: { filterType: 'contains', value: 'a' } } }, field: 'filters.age' },
      { input: { filters: { age: { filterType: 'equalsTo', value: '1 OR 1=1' } } }, field: 'filters.age' },
      { input: { filters: { createdAt: { filterType: 'onDate', value: "2024-01-01'); DROP TABLE grid_people; --" } } }, field: 'filters.createdAt' },
      { input: { sorting: { 'id; DROP TABLE grid_people': 1 } }, field: 'sorting.id; DROP TABLE grid_people' },
      { input: { sorting: { id: 1 } }, field: 'sorting.id' },
      { input: { sorting: '{"lastName": "1 DESC; DROP TABLE grid_people"}' }, field: 'sorting.lastName' },
      { input: { limit: '1000' }, field: 'limit' },
    ];
    for (const { input, field } of attempts) {
      let error: unknown;
      try {
        const parsed = GridQueryRequest.safeParse(input);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new DomainError('validation', issue.message, { field: issue.path.join('.') || undefined });
        }
        await runGridQuery(pool, buildGridQuery(grid, parsed.data, { now: NOW }));
      } catch (e) {
        error = e;
      }
      expect({ input, error: error instanceof DomainError }).toEqual({ input, error: true });
      expect({ input, kind: (error as DomainError).kind }).toEqual({ input, kind: 'validation' });
      // the message names the field
      if (field !== 'sorting') expect((error as DomainError).message).toContain(field.split('.')[0]);
      expect((error as DomainError).field?.startsWith(field.split('.')[0])).toBe(true);
    }
    const still = await pool.query(`SELECT count(*)::int AS n FROM grid_people`);
    expect(still.rows[0].n).toBe(ROWS);
  });

  it('uses the indexes it documents for selective text filters', async () => {
    const plan = async (filters: GridFilters) => {
      const q = buildGridQuery(grid, { skip: 0, limit: 10, filters, sorting: {} }, { now: NOW }).count;
      const r = await pool.query(`EXPLAIN ${q.text}`, q.values);
      return r.rows.map((x: { 'QUERY PLAN': string }) => x['QUERY PLAN']).join('\n');
    };
    expect(await plan({ lastName: { filterType: 'exactMatch', value: 'A%B' } })).toMatch(/grid_people_lastname_prefix/);
    expect(await plan({ lastName: { filterType: 'startsWith', value: 'a%' } })).toMatch(/Index Scan on grid_people_lastname_(prefix|trgm)/);
    expect(await plan({ lastName: { filterType: 'contains', value: 'stró' } })).toMatch(/grid_people_lastname_trgm/);
    const sorted = buildGridQuery(grid, { skip: 0, limit: 10, filters: {}, sorting: { lastName: -1 } }, {}).rows;
    const sortPlan = (await pool.query(`EXPLAIN ${sorted.text}`, sorted.values)).rows.map((x: { 'QUERY PLAN': string }) => x['QUERY PLAN']).join('\n');
    expect(sortPlan).toMatch(/Index Scan Backward using grid_people_lastname_sort/);
  });

  it("answers the same through MikroORM's em.getConnection().execute(sql, params)", async () => {
    const orm = await MikroORM.init({ clientUrl: db.url, entities: [], discovery: { warnWhenNoEntities: false }, debug: false, pool: { min: 0, max: 1 } });
    try {
      for (const filters of [
        { lastName: { filterType: 'contains', value: INJECTION } },
        { lastName: { filterType: 'advancedFilters', value: 'a\\ -"%" _' } },
        { address: { filterType: 'contains', value: "o'" } },
        { createdAt: { filterType: 'dateRange', value: '2024-01-01:2024-03-31' } },
      ] as GridFilters[]) {
        const built = buildGridQuery(grid, { skip: 0, limit: 100, filters, sorting: { lastName: 1 } }, { select: ['id'], now: NOW });
        const { sql, params } = toMikroOrm(built.rows);
        const viaOrm = (await orm.em.getConnection().execute<{ id: number }[]>(sql, params)).map((r) => r.id);
        const count = toMikroOrm(built.count);
        const [{ count: n }] = await orm.em.getConnection().execute<{ count: number }[]>(count.sql, count.params);
        const expected = expectedIds(rows, filters, { lastName: 1 });
        expect({ filters, ids: viaOrm, n }).toEqual({ filters, ids: expected.slice(0, 100), n: expected.length });
      }
    } finally {
      await orm.close(true);
    }
  });
});
