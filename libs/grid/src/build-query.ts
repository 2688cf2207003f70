import {
  FILTER_TYPES_BY_DATA_TYPE,
  MAX_ADVANCED_TERMS,
  TEXT_FILTER_TYPES,
  parseAdvancedTerms,
  parseDaysAgo,
  parseGridDate,
  parseGridNumber,
  splitGridRange,
  type GridFilter,
  type GridQuery,
} from '@app/contracts';
import { ValidationFailed } from '@app/errors';
import { quoteIdent, quoteTable, type GridDateField, type GridDefinition, type GridField } from './definition';

/** A parameterised query for pg: `client.query(text, values)`. */
export type SqlQuery = { text: string; values: unknown[] };

/** The page's rows (ORDER BY, LIMIT, OFFSET) and the count of every matching row, same filters. */
export type GridSql = { rows: SqlQuery; count: SqlQuery };

/** A scope every row must be in (e.g. the admin's facilities): column → value (= $n), list (= ANY($n)) or null (IS NULL). */
export type GridScope = Readonly<Record<string, string | number | boolean | null | readonly (string | number)[]>>;

export type GridQueryOptions = {
  /** The schema of an unqualified table (a service's DATABASE_SCHEMA). */
  schema?: string;
  /** Columns to select (default `*`). */
  select?: readonly string[];
  /** Conditions from the server (never from the request's filters) every row must meet. */
  scope?: GridScope;
  /** "Today" for daysAgo (default now); calendar days are UTC days. */
  now?: Date;
};

/** The accent-insensitive wrapper every text expression and index uses (see GRID_SETUP_DDL). */
export const UNACCENT_FUNCTION = 'public.f_unaccent';

/**
 * How a text column is compared and indexed: `lower(public.f_unaccent("col"))`. Accents go
 * first: unaccent maps 'É' to 'E', which lower() then lowers even where the database's ctype
 * is C (lower() there only knows ASCII).
 */
export function textExpression(column: string): string {
  return `lower(${UNACCENT_FUNCTION}(${quoteIdent(column)}))`;
}

/** How a text column is sorted (and its sort index): without case or accents, by code point. */
export function textSortExpression(column: string): string {
  return `(${textExpression(column)} COLLATE "C")`;
}

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * A LIKE pattern of a value, built in SQL: lower case and accents removed the same way as the
 * column, then `\`, `%` and `_` escaped (after unaccent, which maps e.g. a full-width ％ to %),
 * then the wildcards of the match added.
 */
function likePattern(p: Params, value: string, match: 'prefix' | 'suffix' | 'contains'): string {
  const escaped = `replace(replace(replace(lower(${UNACCENT_FUNCTION}(${p.add(value)}::text)), '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
  if (match === 'prefix') return `(${escaped} || '%')`;
  if (match === 'suffix') return `('%' || ${escaped})`;
  return `('%' || ${escaped} || '%')`;
}

function shown(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}

function fail(name: string, message: string): never {
  throw new ValidationFailed(name, `${name}: ${message}`);
}

/** `yyyy-mm-dd` plus n days; past 9999-12-31 it is 'infinity'. */
function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  const y = d.getUTCFullYear();
  if (y > 9999) return 'infinity';
  return `${String(y).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The start of a UTC calendar day as the column's type, from a parameter. */
function dayStart(p: Params, field: GridDateField, day: string): string {
  const param = p.add(day);
  switch (field.columnType ?? 'timestamptz') {
    case 'date':
      return `${param}::date`;
    case 'timestamp':
      return `${param}::date::timestamp`;
    default:
      return `(${param}::date::timestamp AT TIME ZONE 'UTC')`;
  }
}

function textCondition(p: Params, name: string, column: string, filter: GridFilter): string | undefined {
  const e = textExpression(column);
  switch (filter.filterType) {
    case 'startsWith':
      return `${e} LIKE ${likePattern(p, filter.value, 'prefix')}`;
    case 'endsWith':
      return `${e} LIKE ${likePattern(p, filter.value, 'suffix')}`;
    case 'contains':
      return `${e} LIKE ${likePattern(p, filter.value, 'contains')}`;
    case 'exactMatch':
      return `${e} = lower(${UNACCENT_FUNCTION}(${p.add(filter.value)}::text))`;
    case 'advancedFilters': {
      const terms = parseAdvancedTerms(filter.value);
      if (terms.length > MAX_ADVANCED_TERMS) fail(name, `at most ${MAX_ADVANCED_TERMS} terms`);
      if (terms.length === 0) return undefined;
      return terms
        .map((t) => (t.exclude ? `(${e} LIKE ${likePattern(p, t.term, 'contains')}) IS NOT TRUE` : `${e} LIKE ${likePattern(p, t.term, 'contains')}`))
        .join(' AND ');
    }
    default:
      return fail(name, `'${filter.filterType}' is not a text filter`);
  }
}

function numberOf(name: string, value: string): string {
  return parseGridNumber(value) ?? fail(name, `'${shown(value)}' is not a number`);
}

function numberCondition(p: Params, name: string, column: string, filter: GridFilter): string {
  const c = quoteIdent(column);
  const n = () => `${p.add(numberOf(name, filter.value))}::numeric`;
  switch (filter.filterType) {
    case 'greaterThan':
      return `${c} > ${n()}`;
    case 'greaterThanOrEqualsTo':
      return `${c} >= ${n()}`;
    case 'equalsTo':
      return `${c} = ${n()}`;
    case 'lessThanOrEqualsTo':
      return `${c} <= ${n()}`;
    case 'lessThan':
      return `${c} < ${n()}`;
    case 'numberRange': {
      const range = splitGridRange(filter.value) ?? fail(name, `'${shown(filter.value)}' is not a range from:to`);
      const [from, to] = [numberOf(name, range[0]), numberOf(name, range[1])];
      if (Number(from) > Number(to)) fail(name, `the range '${shown(filter.value)}' starts after it ends`);
      return `${c} >= ${p.add(from)}::numeric AND ${c} <= ${p.add(to)}::numeric`;
    }
    default:
      return fail(name, `'${filter.filterType}' is not a number filter`);
  }
}

function dateOf(name: string, value: string): string {
  return parseGridDate(value) ?? fail(name, `'${shown(value)}' is not a date`);
}

function dateCondition(p: Params, name: string, field: GridDateField, filter: GridFilter, now: Date): string {
  const c = quoteIdent(field.column);
  const from = (day: string) => `${c} >= ${dayStart(p, field, day)}`;
  const before = (day: string) => `${c} < ${dayStart(p, field, day)}`;
  switch (filter.filterType) {
    case 'afterDate':
      return from(addDays(dateOf(name, filter.value), 1));
    case 'afterOrOnDate':
      return from(dateOf(name, filter.value));
    case 'onDate': {
      const d = dateOf(name, filter.value);
      return `${from(d)} AND ${before(addDays(d, 1))}`;
    }
    case 'onOrBeforeDate':
      return before(addDays(dateOf(name, filter.value), 1));
    case 'beforeDate':
      return before(dateOf(name, filter.value));
    case 'dateRange': {
      const range = splitGridRange(filter.value) ?? fail(name, `'${shown(filter.value)}' is not a range from:to`);
      const [a, b] = [dateOf(name, range[0]), dateOf(name, range[1])];
      if (a > b) fail(name, `the range '${shown(filter.value)}' starts after it ends`);
      return `${from(a)} AND ${before(addDays(b, 1))}`;
    }
    case 'daysAgo': {
      const days = parseDaysAgo(filter.value) ?? fail(name, `'${shown(filter.value)}' is not a whole number of days from 1 to 36500`);
      const today = utcDay(now);
      return `${from(addDays(today, 1 - days))} AND ${before(addDays(today, 1))}`;
    }
    default:
      return fail(name, `'${filter.filterType}' is not a date filter`);
  }
}

/** 'Enter city, state code, or ZIP': city prefix, or the two-letter state, or the ZIP prefix. */
function addressCondition(p: Params, field: Extract<GridField, { dataType: 'address' }>, value: string): string {
  const alternatives = [`${textExpression(field.city)} LIKE ${likePattern(p, value, 'prefix')}`];
  if (/^[A-Za-z]{2}$/.test(value)) alternatives.push(`upper(${quoteIdent(field.state)}) = ${p.add(value.toUpperCase())}::text`);
  const zip = /^(\d{5})-(\d{0,4})$/.exec(value);
  const digits = zip ? zip[1] + zip[2] : /^\d{1,9}$/.test(value) ? value : undefined;
  if (digits) alternatives.push(`${quoteIdent(field.zip)} LIKE ${p.add(`${digits}%`)}::text`);
  return `(${alternatives.join(' OR ')})`;
}

function filterCondition(p: Params, name: string, field: GridField, filter: GridFilter, now: Date): string | undefined {
  if (field.filterable === false) fail(name, 'this field cannot be filtered');
  if (field.dataType === 'address') {
    if (!(TEXT_FILTER_TYPES as readonly string[]).includes(filter.filterType)) fail(name, `'${filter.filterType}' is not a text filter`);
    return addressCondition(p, field, filter.value);
  }
  if (!FILTER_TYPES_BY_DATA_TYPE[field.dataType].includes(filter.filterType)) {
    fail(name, `'${filter.filterType}' is not a ${field.dataType === 'string' ? 'text' : field.dataType} filter`);
  }
  if (field.disabledFilterTypes?.includes(filter.filterType)) fail(name, `'${filter.filterType}' is not allowed for this field`);
  if (field.dataType === 'string') return textCondition(p, name, field.column, filter);
  if (field.dataType === 'number') return numberCondition(p, name, field.column, filter);
  return dateCondition(p, name, field, filter, now);
}

function scopeConditions(p: Params, scope: GridScope): string[] {
  return Object.entries(scope).map(([column, value]) => {
    const c = quoteIdent(column);
    if (value === null) return `${c} IS NULL`;
    if (Array.isArray(value)) return `${c} = ANY(${p.add([...value])})`;
    return `${c} = ${p.add(value)}`;
  });
}

function fieldOf(grid: GridDefinition, key: string): GridField | undefined {
  return Object.hasOwn(grid.fields, key) ? grid.fields[key] : undefined;
}

/** The expression a field sorts by. */
function sortExpression(field: GridField): string {
  return field.dataType === 'string' ? textSortExpression(field.column) : field.dataType === 'address' ? textSortExpression(field.city) : quoteIdent(field.column);
}

/** The ORDER BY of a query: the sort field then the id (same direction); by default the id. */
function orderBy(grid: GridDefinition, sorting: GridQuery['sorting']): string {
  const id = quoteIdent(grid.id ?? 'id');
  const entries = Object.entries(sorting);
  if (entries.length > 1) throw new ValidationFailed('sorting', 'sorting: sort by one field at a time');
  if (entries.length === 0) return `${id} ASC`;
  const [key, order] = entries[0];
  const name = `sorting.${key}`;
  const field = fieldOf(grid, key) ?? fail(name, 'unknown field');
  if (field.sortable === false) fail(name, 'this field cannot be sorted');
  if (order !== 1 && order !== -1) fail(name, 'must be 1 (ascending), -1 (descending) or 0');
  const dir = order === 1 ? 'ASC' : 'DESC';
  return `${sortExpression(field)} ${dir}, ${id} ${dir}`;
}

/**
 * Turns a validated grid query (GridQueryRequest of @app/contracts) into one parameterised
 * query for the page's rows and one for the count, over the grid's read-model table. Unknown
 * fields, filter types the field does not allow, bad numbers, dates and ranges throw a
 * ValidationFailed naming the field (`filters.<field>` / `sorting.<field>`): a 400.
 *
 * Text is matched without case or accents (`lower(public.f_unaccent(col))`); ordering is the
 * sort field, then the id, both in the sort's direction (NULLs count as the largest value),
 * or the id ascending when unsorted.
 */
export function buildGridQuery(grid: GridDefinition, query: GridQuery, options: GridQueryOptions = {}): GridSql {
  const table = quoteTable(grid.table, options.schema);
  const p = new Params();
  const where: string[] = options.scope ? scopeConditions(p, options.scope) : [];
  const now = options.now ?? new Date();
  for (const [key, filter] of Object.entries(query.filters)) {
    const name = `filters.${key}`;
    const field = fieldOf(grid, key) ?? fail(name, 'unknown field');
    if (filter.value.trim() === '') continue;
    const condition = filterCondition(p, name, field, { ...filter, value: filter.value.trim() }, now);
    if (condition) where.push(`(${condition})`);
  }
  const order = orderBy(grid, query.sorting);
  const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const select = options.select?.length ? options.select.map(quoteIdent).join(', ') : '*';
  const filterValues = [...p.values];
  const limit = p.add(query.limit);
  const offset = p.add(query.skip);
  return {
    rows: { text: `SELECT ${select} FROM ${table}${whereSql} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`, values: p.values },
    count: { text: `SELECT count(*)::int AS count FROM ${table}${whereSql}`, values: filterValues },
  };
}

/** Where a keyset page starts: after the row with this sort key (as text) and id (as text); null: from the first row. */
export type GridCursor = { key: string | null; id: string };

/** The keyset page's extra columns: the row's sort key and id as text (its cursor). */
export const GRID_CURSOR_KEY = '__grid_key';
export const GRID_CURSOR_ID = '__grid_id';

/** The sort expression and direction of a query (the id ascending when unsorted). */
function sortOf(grid: GridDefinition, sorting: GridQuery['sorting']): { expr: string | null; dir: 'ASC' | 'DESC' } {
  orderBy(grid, sorting);
  const entries = Object.entries(sorting);
  if (!entries.length) return { expr: null, dir: 'ASC' };
  const [key, order] = entries[0];
  return { expr: sortExpression(fieldOf(grid, key) as GridField), dir: order === 1 ? 'ASC' : 'DESC' };
}

/**
 * The rows after a cursor in the grid's own order (same filters, scope and ORDER BY as
 * buildGridQuery), at most `size`, each with its cursor (`__grid_key`, `__grid_id`): an export
 * pages through any number of rows, each page an index range rather than an ever larger OFFSET.
 * NULL sort keys come last ascending and first descending, as in the grid. The cursor's text is
 * compared as the column's own type (Postgres types the parameter from the expression).
 */
export function buildGridKeysetQuery(grid: GridDefinition, query: Pick<GridQuery, 'filters' | 'sorting'>, after: GridCursor | null, size: number, options: GridQueryOptions = {}): SqlQuery {
  const table = quoteTable(grid.table, options.schema);
  const p = new Params();
  const where: string[] = options.scope ? scopeConditions(p, options.scope) : [];
  const now = options.now ?? new Date();
  for (const [key, filter] of Object.entries(query.filters)) {
    const name = `filters.${key}`;
    const field = fieldOf(grid, key) ?? fail(name, 'unknown field');
    if (filter.value.trim() === '') continue;
    const condition = filterCondition(p, name, field, { ...filter, value: filter.value.trim() }, now);
    if (condition) where.push(`(${condition})`);
  }
  const order = orderBy(grid, query.sorting);
  const { expr, dir } = sortOf(grid, query.sorting);
  const id = quoteIdent(grid.id ?? 'id');
  if (after) {
    const cmp = dir === 'ASC' ? '>' : '<';
    if (!expr) where.push(`(${id} > ${p.add(after.id)})`);
    else if (after.key === null) where.push(dir === 'ASC' ? `(${expr} IS NULL AND ${id} > ${p.add(after.id)})` : `((${expr} IS NULL AND ${id} < ${p.add(after.id)}) OR ${expr} IS NOT NULL)`);
    else {
      const row = `((${expr}, ${id}) ${cmp} (${p.add(after.key)}, ${p.add(after.id)}))`;
      where.push(dir === 'ASC' ? `(${row} OR ${expr} IS NULL)` : row);
    }
  }
  const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const select = options.select?.length ? options.select.map(quoteIdent).join(', ') : '*';
  const cursor = `${expr ? `(${expr})::text` : 'NULL::text'} AS ${quoteIdent(GRID_CURSOR_KEY)}, ${id}::text AS ${quoteIdent(GRID_CURSOR_ID)}`;
  const limit = p.add(size);
  return { text: `SELECT ${select}, ${cursor} FROM ${table}${whereSql} ORDER BY ${order} LIMIT ${limit}`, values: p.values };
}

/** The cursor after a keyset page's last row (null when the page was not full: nothing after it). */
export function nextGridCursor(rows: readonly Record<string, unknown>[], size: number): GridCursor | null {
  if (rows.length < size || !rows.length) return null;
  const last = rows[rows.length - 1];
  return { key: (last[GRID_CURSOR_KEY] as string | null) ?? null, id: String(last[GRID_CURSOR_ID]) };
}

/** The same query with `?` placeholders for MikroORM: `em.getConnection().execute(sql, params)`. */
export function toMikroOrm(q: SqlQuery): { sql: string; params: unknown[] } {
  // Every $n is used once and in order (Params above); identifiers never hold '$' or '?'.
  return { sql: q.text.replace(/\$\d+/g, '?'), params: q.values };
}

/** Anything with pg's `query(text, values)`: a Pool, a Client, a PoolClient. */
export type PgQueryable = { query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> };

/** Runs both queries on pg (rows first, then the count) and answers `{ rows, count }`. */
export async function runGridQuery<Row = Record<string, unknown>>(db: PgQueryable, sql: GridSql): Promise<{ rows: Row[]; count: number }> {
  const rows = (await db.query(sql.rows.text, sql.rows.values)).rows as Row[];
  const counted = (await db.query(sql.count.text, sql.count.values)).rows[0] as { count: number };
  return { rows, count: counted.count };
}
