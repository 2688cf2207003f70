import { GridQueryRequest, type GridFilters, type GridSorting } from '@app/contracts';
import { DomainError } from '@app/errors';
import { buildGridQuery, toMikroOrm } from './build-query';
import { defineGrid } from './definition';

const grid = defineGrid({
  table: 'people',
  fields: {
    lastName: { dataType: 'string', column: 'last_name' },
    npi: { dataType: 'string', column: 'npi', disabledFilterTypes: ['advancedFilters'] },
    age: { dataType: 'number', column: 'age' },
    createdAt: { dataType: 'date', column: 'created_at' },
    birthDate: { dataType: 'date', column: 'birth_date', columnType: 'date' },
    seenAt: { dataType: 'date', column: 'seen_at', columnType: 'timestamp' },
    address: { dataType: 'address', city: 'city', state: 'state', zip: 'zip' },
    note: { dataType: 'string', column: 'note', filterable: false, sortable: false },
  },
});

const NOW = new Date('2026-03-10T23:30:00Z');
const E = (col: string) => `lower(public.f_unaccent("${col}"))`;
const ESC = (n: number) => `replace(replace(replace(lower(public.f_unaccent($${n}::text)), '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;

function build(filters: GridFilters = {}, sorting: GridSorting = {}, skip = 0, limit = 10) {
  return buildGridQuery(grid, { skip, limit, filters, sorting }, { now: NOW });
}

/** The WHERE clause and values of one filter (the count query has no paging values). */
function where(field: string, filterType: string, value: string): { sql: string; values: unknown[] } {
  const { count } = build({ [field]: { filterType, value } as never });
  const m = / WHERE (.*)$/.exec(count.text);
  return { sql: m ? m[1] : '', values: count.values };
}

function failure(fn: () => unknown): { field?: string; message: string; kind: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return { field: e.field, message: e.message, kind: e.kind };
    throw e;
  }
  throw new Error('expected a ValidationFailed');
}

describe('buildGridQuery', () => {
  it('without filters: every row, by id, one page', () => {
    const q = build({}, {}, 20, 10);
    expect(q.rows).toEqual({ text: 'SELECT * FROM "people" ORDER BY "id" ASC LIMIT $1 OFFSET $2', values: [10, 20] });
    expect(q.count).toEqual({ text: 'SELECT count(*)::int AS count FROM "people"', values: [] });
  });

  describe('text filters (case- and accent-insensitive, LIKE characters escaped after unaccent)', () => {
    it('startsWith', () => {
      expect(where('lastName', 'startsWith', 'José')).toEqual({ sql: `(${E('last_name')} LIKE (${ESC(1)} || '%'))`, values: ['José'] });
    });
    it('endsWith', () => {
      expect(where('lastName', 'endsWith', 'ez')).toEqual({ sql: `(${E('last_name')} LIKE ('%' || ${ESC(1)}))`, values: ['ez'] });
    });
    it('contains', () => {
      expect(where('lastName', 'contains', '50%_\\')).toEqual({ sql: `(${E('last_name')} LIKE ('%' || ${ESC(1)} || '%'))`, values: ['50%_\\'] });
    });
    it('exactMatch', () => {
      expect(where('lastName', 'exactMatch', 'Zoë')).toEqual({ sql: `(${E('last_name')} = lower(public.f_unaccent($1::text)))`, values: ['Zoë'] });
    });
    it('advancedFilters: every term contained, "-" terms not, quotes keep spaces', () => {
      expect(where('lastName', 'advancedFilters', 'jo -"de la" nez')).toEqual({
        sql:
          `(${E('last_name')} LIKE ('%' || ${ESC(1)} || '%') AND ` +
          `(${E('last_name')} LIKE ('%' || ${ESC(2)} || '%')) IS NOT TRUE AND ` +
          `${E('last_name')} LIKE ('%' || ${ESC(3)} || '%'))`,
        values: ['jo', 'de la', 'nez'],
      });
    });
    it('advancedFilters without a term is no filter; more than 20 terms is refused', () => {
      expect(where('lastName', 'advancedFilters', '- ""')).toEqual({ sql: '', values: [] });
      expect(failure(() => where('lastName', 'advancedFilters', Array.from({ length: 21 }, (_, i) => `t${i}`).join(' ')))).toEqual({
        kind: 'validation',
        field: 'filters.lastName',
        message: 'filters.lastName: at most 20 terms',
      });
    });
  });

  describe('number filters (values as numeric parameters)', () => {
    it.each([
      ['greaterThan', '>'],
      ['greaterThanOrEqualsTo', '>='],
      ['equalsTo', '='],
      ['lessThanOrEqualsTo', '<='],
      ['lessThan', '<'],
    ])('%s', (filterType, op) => {
      expect(where('age', filterType, ' -4.5 ')).toEqual({ sql: `("age" ${op} $1::numeric)`, values: ['-4.5'] });
    });
    it('numberRange includes both ends', () => {
      expect(where('age', 'numberRange', '10:20')).toEqual({ sql: '("age" >= $1::numeric AND "age" <= $2::numeric)', values: ['10', '20'] });
      expect(where('age', 'numberRange', '7:7').values).toEqual(['7', '7']);
    });
    it('refuses what is not a number or a range, naming the field', () => {
      for (const [type, value, message] of [
        ['equalsTo', 'x', "filters.age: 'x' is not a number"],
        ['equalsTo', '1e3', "filters.age: '1e3' is not a number"],
        ['greaterThan', "1; DROP TABLE people; --", "filters.age: '1; DROP TABLE people; --' is not a number"],
        ['numberRange', '10', "filters.age: '10' is not a range from:to"],
        ['numberRange', '1:2:3', "filters.age: '1:2:3' is not a range from:to"],
        ['numberRange', '10:x', "filters.age: 'x' is not a number"],
        ['numberRange', '20:10', "filters.age: the range '20:10' starts after it ends"],
      ]) {
        expect(failure(() => where('age', type, value))).toEqual({ kind: 'validation', field: 'filters.age', message });
      }
    });
  });

  describe('date filters (UTC calendar days, half-open day bounds)', () => {
    const day = (n: number) => `($${n}::date::timestamp AT TIME ZONE 'UTC')`;
    it('afterDate: from the next day', () => {
      expect(where('createdAt', 'afterDate', '2024-02-28')).toEqual({ sql: `("created_at" >= ${day(1)})`, values: ['2024-02-29'] });
    });
    it('afterOrOnDate', () => {
      expect(where('createdAt', 'afterOrOnDate', '2024-12-31')).toEqual({ sql: `("created_at" >= ${day(1)})`, values: ['2024-12-31'] });
    });
    it('onDate: the whole day', () => {
      expect(where('createdAt', 'onDate', '2024-12-31')).toEqual({
        sql: `("created_at" >= ${day(1)} AND "created_at" < ${day(2)})`,
        values: ['2024-12-31', '2025-01-01'],
      });
    });
    it('onOrBeforeDate: before the next day', () => {
      expect(where('createdAt', 'onOrBeforeDate', '2023-02-28')).toEqual({ sql: `("created_at" < ${day(1)})`, values: ['2023-03-01'] });
    });
    it('beforeDate', () => {
      expect(where('createdAt', 'beforeDate', '2023-03-01')).toEqual({ sql: `("created_at" < ${day(1)})`, values: ['2023-03-01'] });
    });
    it('dateRange includes both days', () => {
      expect(where('createdAt', 'dateRange', '2024-01-01:2024-03-31')).toEqual({
        sql: `("created_at" >= ${day(1)} AND "created_at" < ${day(2)})`,
        values: ['2024-01-01', '2024-04-01'],
      });
    });
    it('daysAgo N: the last N UTC days, today included', () => {
      expect(where('createdAt', 'daysAgo', '1').values).toEqual(['2026-03-10', '2026-03-11']);
      expect(where('createdAt', 'daysAgo', '7').values).toEqual(['2026-03-04', '2026-03-11']);
      expect(where('createdAt', 'daysAgo', '365').values).toEqual(['2025-03-11', '2026-03-11']);
    });
    it('date and timestamp columns compare with dates of their own type', () => {
      expect(where('birthDate', 'onDate', '2000-01-01').sql).toBe('("birth_date" >= $1::date AND "birth_date" < $2::date)');
      expect(where('seenAt', 'beforeDate', '2000-01-01').sql).toBe('("seen_at" < $1::date::timestamp)');
      expect(where('birthDate', 'onDate', '9999-12-31').values).toEqual(['9999-12-31', 'infinity']);
    });
    it('refuses bad dates, ranges and day counts, naming the field', () => {
      for (const [type, value, message] of [
        ['onDate', 'x', "filters.createdAt: 'x' is not a date"],
        ['onDate', '2023-02-29', "filters.createdAt: '2023-02-29' is not a date"],
        ['afterDate', "2024-01-01'; DROP TABLE people; --", "filters.createdAt: '2024-01-01'; DROP TABLE people; --' is not a date"],
        ['dateRange', '2024-01-01', "filters.createdAt: '2024-01-01' is not a range from:to"],
        ['dateRange', '2024-03-01:2024-01-01', "filters.createdAt: the range '2024-03-01:2024-01-01' starts after it ends"],
        ['dateRange', '2024-03-01:soon', "filters.createdAt: 'soon' is not a date"],
        ['daysAgo', '0', "filters.createdAt: '0' is not a whole number of days from 1 to 36500"],
        ['daysAgo', '2.5', "filters.createdAt: '2.5' is not a whole number of days from 1 to 36500"],
      ]) {
        expect(failure(() => where('createdAt', type, value))).toEqual({ kind: 'validation', field: 'filters.createdAt', message });
      }
    });
  });

  describe("'Primary Practice Address' (city, state code, or ZIP)", () => {
    const city = (n: number) => `${E('city')} LIKE (${ESC(n)} || '%')`;
    it('a word matches the city prefix', () => {
      expect(where('address', 'contains', 'San Jo')).toEqual({ sql: `((${city(1)}))`, values: ['San Jo'] });
    });
    it('two letters match a city prefix or the state', () => {
      expect(where('address', 'contains', 'tx')).toEqual({ sql: `((${city(1)} OR upper("state") = $2::text))`, values: ['tx', 'TX'] });
    });
    it('digits match the ZIP prefix (ZIP+4 with its dash too)', () => {
      expect(where('address', 'contains', '787')).toEqual({ sql: `((${city(1)} OR "zip" LIKE $2::text))`, values: ['787', '787%'] });
      expect(where('address', 'startsWith', '78701-12')).toEqual({ sql: `((${city(1)} OR "zip" LIKE $2::text))`, values: ['78701-12', '7870112%'] });
    });
    it('takes any text filter type, not a number or date one', () => {
      expect(failure(() => where('address', 'equalsTo', '1'))).toEqual({
        kind: 'validation',
        field: 'filters.address',
        message: "filters.address: 'equalsTo' is not a text filter",
      });
    });
  });

  it('refuses unknown fields, foreign and disabled filter types, unfilterable fields', () => {
    const cases: [string, string, string][] = [
      ['nope', 'contains', 'filters.nope: unknown field'],
      ['__proto__', 'contains', 'filters.__proto__: unknown field'],
      ['constructor', 'contains', 'filters.constructor: unknown field'],
      ['lastName', 'equalsTo', "filters.lastName: 'equalsTo' is not a text filter"],
      ['age', 'contains', "filters.age: 'contains' is not a number filter"],
      ['createdAt', 'numberRange', "filters.createdAt: 'numberRange' is not a date filter"],
      ['npi', 'advancedFilters', "filters.npi: 'advancedFilters' is not allowed for this field"],
      ['note', 'contains', 'filters.note: this field cannot be filtered'],
    ];
    for (const [field, filterType, message] of cases) {
      const filters = JSON.parse(JSON.stringify({ [field]: { filterType, value: 'x' } })) as GridFilters;
      Object.defineProperty(filters, field, { value: { filterType, value: 'x' }, enumerable: true });
      expect(failure(() => build(filters))).toEqual({ kind: 'validation', field: `filters.${field}`, message });
    }
  });

  it('combines filters with AND, numbering every value in order', () => {
    const q = build({ lastName: { filterType: 'startsWith', value: 'a' }, age: { filterType: 'numberRange', value: '1:2' } }, { age: -1 }, 30, 15);
    expect(q.count.text).toBe(`SELECT count(*)::int AS count FROM "people" WHERE (${E('last_name')} LIKE (${ESC(1)} || '%')) AND ("age" >= $2::numeric AND "age" <= $3::numeric)`);
    expect(q.count.values).toEqual(['a', '1', '2']);
    expect(q.rows.text).toBe(`${q.count.text.replace('count(*)::int AS count', '*')} ORDER BY "age" DESC, "id" DESC LIMIT $4 OFFSET $5`);
    expect(q.rows.values).toEqual(['a', '1', '2', 15, 30]);
  });

  describe('sorting (the sort cycle: 1 ascending, -1 descending, absent = by id)', () => {
    const order = (sorting: GridSorting) => / ORDER BY (.*) LIMIT/.exec(build({}, sorting).rows.text)?.[1];
    it('1 sorts ascending, the id breaking ties', () => {
      expect(order({ age: 1 })).toBe('"age" ASC, "id" ASC');
      expect(order({ lastName: 1 })).toBe(`(${E('last_name')} COLLATE "C") ASC, "id" ASC`);
    });
    it('-1 sorts descending, the id breaking ties the same way', () => {
      expect(order({ createdAt: -1 })).toBe('"created_at" DESC, "id" DESC');
      expect(order({ address: -1 })).toBe(`(${E('city')} COLLATE "C") DESC, "id" DESC`);
    });
    it('absent (0 dropped by the contract) orders by id', () => {
      expect(order({})).toBe('"id" ASC');
      expect(order(GridQueryRequest.parse({ sorting: '{"age":0}' }).sorting)).toBe('"id" ASC');
    });
    it('refuses unknown, unsortable and several fields, naming them', () => {
      expect(failure(() => build({}, { nope: 1 }))).toEqual({ kind: 'validation', field: 'sorting.nope', message: 'sorting.nope: unknown field' });
      expect(failure(() => build({}, { note: 1 }))).toEqual({ kind: 'validation', field: 'sorting.note', message: 'sorting.note: this field cannot be sorted' });
      expect(failure(() => build({}, { age: 1, lastName: 1 }))).toEqual({ kind: 'validation', field: 'sorting', message: 'sorting: sort by one field at a time' });
      expect(failure(() => build({}, { age: 2 as 1 }))).toMatchObject({ field: 'sorting.age' });
    });
  });

  it('scopes, selects and qualifies with server-given identifiers only', () => {
    const q = buildGridQuery(
      grid,
      { skip: 0, limit: 10, filters: { lastName: { filterType: 'exactMatch', value: 'x' } }, sorting: {} },
      { schema: 'directory', select: ['id', 'last_name'], scope: { admin_email: 'a@b.c', owner_id: ['1', '2'], deleted_at: null } },
    );
    expect(q.count.text).toBe(
      `SELECT count(*)::int AS count FROM "directory"."people" WHERE "admin_email" = $1 AND "owner_id" = ANY($2) AND "deleted_at" IS NULL AND (${E('last_name')} = lower(public.f_unaccent($3::text)))`,
    );
    expect(q.count.values).toEqual(['a@b.c', ['1', '2'], 'x']);
    expect(q.rows.text.startsWith('SELECT "id", "last_name" FROM "directory"."people" WHERE')).toBe(true);
    expect(() => buildGridQuery(grid, { skip: 0, limit: 1, filters: {}, sorting: {} }, { select: ['id; DROP TABLE people'] })).toThrow(/not a plain SQL identifier/);
    expect(() => buildGridQuery(grid, { skip: 0, limit: 1, filters: {}, sorting: {} }, { scope: { 'a" OR 1=1 --': 1 } })).toThrow(/not a plain SQL identifier/);
  });

  it('never puts a value into the SQL text', () => {
    const hostile = `'; DROP TABLE people; -- %_\\ "x"`;
    const q = build({ lastName: { filterType: 'contains', value: hostile }, address: { filterType: 'contains', value: hostile } });
    expect(q.rows.text).not.toContain('DROP');
    expect(q.rows.values).toEqual([hostile, hostile, 10, 0]);
  });

  it('gives the MikroORM form with ? placeholders in the same order', () => {
    const q = build({ lastName: { filterType: 'startsWith', value: 'a' } }, {}, 10, 10);
    const m = toMikroOrm(q.rows);
    expect(m.sql).toBe(`SELECT * FROM "people" WHERE (${E('last_name')} LIKE (${ESC(1).replace('$1', '?')} || '%')) ORDER BY "id" ASC LIMIT ? OFFSET ?`);
    expect(m.params).toEqual(['a', 10, 10]);
  });
});

describe('defineGrid', () => {
  it('refuses identifiers that are not plain names', () => {
    expect(() => defineGrid({ table: 'people; DROP TABLE x', fields: {} })).toThrow(/not a plain SQL identifier/);
    expect(() => defineGrid({ table: 'people', fields: { a: { dataType: 'string', column: 'a"b' } } })).toThrow(/not a plain SQL identifier/);
    expect(() => defineGrid({ table: 'people', id: '$1', fields: {} })).toThrow(/not a plain SQL identifier/);
    expect(() => defineGrid({ table: 'a.b.c', fields: {} })).toThrow(/not a table name/);
  });
});
