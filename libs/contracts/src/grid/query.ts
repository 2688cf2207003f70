import { z } from 'zod';
import { GRID_MAX_LIMIT, GRID_PAGE_SIZE, isGridFilterType, type GridFilterType } from './filter-types';

/**
 * The query of every grid list call (getUsers, allPractices, allFacilities,
 * getPracticeProviders): `{ skip, limit, filters, sorting }`, read from JSON or form-data (where
 * `filters` and `sorting` arrive as JSON text). Every failure names its field, e.g.
 * `filters.npi: unknown filter type 'x'` (field `filters.npi`), `limit must be 100 or less`
 * (field `limit`). Which fields exist and which filter types each allows is the server's
 * whitelist per grid (libs/grid), checked after this.
 */

/** One column's filter. `value` is trimmed; ranges are `a:b`; dates `yyyy-mm-dd`. */
export type GridFilter = { filterType: GridFilterType; value: string };
/** Filters by field; entries whose value was empty are left out (no filter). */
export type GridFilters = Record<string, GridFilter>;
/** At most one field: 1 ascending, -1 descending (0 / absent: unsorted, default order by id). */
export type GridSorting = Record<string, 1 | -1>;
export type GridQuery = { skip: number; limit: number; filters: GridFilters; sorting: GridSorting };

export const MAX_GRID_SKIP = 10_000_000;
export const MAX_GRID_FILTERS = 30;
export const MAX_GRID_FIELD_NAME = 100;
export const MAX_GRID_FILTER_VALUE = 500;

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_.]*$/;

function shown(text: string, max = MAX_GRID_FIELD_NAME): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  // defineProperty, not assignment: a field named __proto__ stays a plain (unknown) field.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** undefined/null/'' → {}; JSON text → its value; an object as it is; anything else → an issue. */
function objectInput(field: string, raw: unknown, ctx: z.RefinementCtx): Record<string, unknown> | undefined {
  let v = raw;
  if (v === undefined || v === null) return {};
  if (typeof v === 'string') {
    if (v.trim() === '') return {};
    try {
      v = JSON.parse(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: `${field} must be a JSON object` });
      return undefined;
    }
    if (v === null) return {};
  }
  if (typeof v !== 'object' || Array.isArray(v)) {
    ctx.addIssue({ code: 'custom', message: `${field} must be a JSON object` });
    return undefined;
  }
  return v as Record<string, unknown>;
}

function checkFieldName(field: string, key: string, ctx: z.RefinementCtx): boolean {
  if (key.length <= MAX_GRID_FIELD_NAME && FIELD_NAME.test(key)) return true;
  ctx.addIssue({ code: 'custom', path: [key], message: `${field}.${shown(key)}: unknown field` });
  return false;
}

/** `filters`: an object (or its JSON text) of `{ [field]: { filterType, value } }`. */
export const GridFiltersField = z
  .unknown()
  .describe('JSON object { [field]: { filterType, value } } (or its JSON text); ranges "a:b", dates yyyy-mm-dd')
  .optional()
  .transform((raw, ctx): GridFilters => {
    const input = objectInput('filters', raw, ctx);
    if (!input) return z.NEVER;
    const entries = Object.entries(input);
    if (entries.length > MAX_GRID_FILTERS) {
      ctx.addIssue({ code: 'custom', message: `filters: at most ${MAX_GRID_FILTERS} fields` });
      return z.NEVER;
    }
    const out: GridFilters = {};
    for (const [key, entry] of entries) {
      if (!checkFieldName('filters', key, ctx)) return z.NEVER;
      const name = `filters.${key}`;
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', path: [key], message: `${name}: ${message}` });
        return z.NEVER;
      };
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return fail('must be an object { filterType, value }');
      const { filterType, value } = entry as { filterType?: unknown; value?: unknown };
      let text: string;
      if (value === undefined || value === null) text = '';
      else if (typeof value === 'string') text = value;
      else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
      else return fail('value must be text');
      if (text.length > MAX_GRID_FILTER_VALUE) return fail(`value is too long (at most ${MAX_GRID_FILTER_VALUE} characters)`);
      if (filterType !== undefined && filterType !== null && !isGridFilterType(filterType)) {
        return fail(typeof filterType === 'string' ? `unknown filter type '${shown(filterType, 40)}'` : 'filterType must be text');
      }
      text = text.trim();
      if (text === '') continue; // an empty value is no filter
      if (!isGridFilterType(filterType)) return fail('filterType is required');
      setOwn(out, key, { filterType, value: text });
    }
    return out;
  });

/** `sorting`: an object (or its JSON text) `{ [field]: 1 | -1 }` with at most one field; 0 means unsorted. */
export const GridSortingField = z
  .unknown()
  .describe('JSON object { [field]: 1 | -1 } (or its JSON text), at most one field')
  .optional()
  .transform((raw, ctx): GridSorting => {
    const input = objectInput('sorting', raw, ctx);
    if (!input) return z.NEVER;
    const out: GridSorting = {};
    let count = 0;
    for (const [key, order] of Object.entries(input)) {
      if (!checkFieldName('sorting', key, ctx)) return z.NEVER;
      const n = typeof order === 'string' && /^-?[01]$/.test(order.trim()) ? Number(order) : order;
      if (n === 0) continue;
      if (n !== 1 && n !== -1) {
        ctx.addIssue({ code: 'custom', path: [key], message: `sorting.${key}: must be 1 (ascending), -1 (descending) or 0` });
        return z.NEVER;
      }
      count += 1;
      setOwn(out, key, n);
    }
    if (count > 1) {
      ctx.addIssue({ code: 'custom', message: 'sorting: sort by one field at a time' });
      return z.NEVER;
    }
    return out;
  });

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const GridSkipField = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: 'skip must be a number' })
    .int('skip must be a whole number')
    .min(0, 'skip must be 0 or more')
    .max(MAX_GRID_SKIP, 'skip is too large')
    .default(0),
);

export const GridLimitField = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(GRID_MAX_LIMIT, `limit must be ${GRID_MAX_LIMIT} or less`)
    .default(GRID_PAGE_SIZE),
);

/**
 * `{ skip, limit, filters, sorting }`. A list call with more fields extends it:
 * `GridQueryRequest.extend({ adminEmail: ... })`.
 */
export const GridQueryRequest = z.object({
  skip: GridSkipField,
  limit: GridLimitField,
  filters: GridFiltersField,
  sorting: GridSortingField,
});
