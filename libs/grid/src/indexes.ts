import { createHash } from 'node:crypto';
import type { GridFilterType } from '@app/contracts';
import { UNACCENT_FUNCTION, textExpression, textSortExpression } from './build-query';
import { quoteIdent, quoteTable, type GridDefinition } from './definition';

/**
 * The DDL a read model with a grid needs (libs/grid/README.md). Run GRID_SETUP_DDL once per
 * database (every statement is idempotent and they are serialised by an advisory lock held to
 * the end of the migration's transaction), then gridIndexDdl(grid) after the table exists,
 * ideally after any bulk load.
 */
export const GRID_SETUP_DDL: readonly string[] = [
  // Services migrate concurrently into one database: extensions and functions are per database.
  `SELECT pg_advisory_xact_lock(hashtext('@app/grid setup'))`,
  'CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public',
  'CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public',
  // unaccent() is STABLE (its dictionary could change), so it cannot be indexed. An IMMUTABLE
  // two-argument variant on the extension's C function (superuser only), else on unaccent()
  // itself, and a one-argument wrapper naming the dictionary: with the C variant the wrapper is
  // inlined and costs what unaccent costs; the fallback is correct but slower on scans.
  `DO $grid$ BEGIN
    CREATE OR REPLACE FUNCTION public.f_unaccent_dict(regdictionary, text) RETURNS text
      LANGUAGE c IMMUTABLE PARALLEL SAFE STRICT AS '$libdir/unaccent', 'unaccent_dict';
  EXCEPTION WHEN insufficient_privilege THEN
    CREATE OR REPLACE FUNCTION public.f_unaccent_dict(regdictionary, text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $f$ SELECT public.unaccent($1, $2) $f$;
  END $grid$`,
  `CREATE OR REPLACE FUNCTION ${UNACCENT_FUNCTION}(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT ` +
    `AS $grid$ SELECT public.f_unaccent_dict('public.unaccent'::regdictionary, $1) $grid$`,
];

const TRIGRAM_TYPES: readonly GridFilterType[] = ['contains', 'endsWith', 'advancedFilters'];
const PREFIX_TYPES: readonly GridFilterType[] = ['startsWith', 'exactMatch'];

/** Postgres cuts identifiers at 63 bytes: longer names end with a hash to stay unique. */
function indexName(table: string, field: string, kind: string): string {
  const base = `${table.split('.').pop()}_${field.replace(/\./g, '_')}_${kind}`.toLowerCase();
  if (base.length <= 63) return base;
  const hash = createHash('sha256').update(base).digest('hex').slice(0, 8);
  return `${base.slice(0, 54)}_${hash}`;
}

/**
 * CREATE INDEX IF NOT EXISTS statements for a grid's whitelist:
 * - text fields: a pg_trgm GIN index on `lower(public.f_unaccent(col))` (contains, endsWith,
 *   advancedFilters), a btree text_pattern_ops on the same expression (startsWith,
 *   exactMatch), a btree on `(that COLLATE "C", id)` for sorting;
 * - number and date fields: a btree on `(col, id)` (range filters and sorting);
 * - address fields: city prefix (text_pattern_ops), `upper(state)`, zip prefix
 *   (text_pattern_ops), and the city sort index.
 * Indexes a field cannot use (filter types disabled, not sortable) are left out.
 */
export function gridIndexDdl(grid: GridDefinition, options: { schema?: string } = {}): string[] {
  const table = quoteTable(grid.table, options.schema);
  const id = quoteIdent(grid.id ?? 'id');
  const out: string[] = [];
  const create = (field: string, kind: string, body: string) =>
    out.push(`CREATE INDEX IF NOT EXISTS ${quoteIdent(indexName(grid.table, field, kind))} ON ${table} ${body}`);
  for (const [name, field] of Object.entries(grid.fields)) {
    const filterable = field.filterable !== false;
    const sortable = field.sortable !== false;
    if (field.dataType === 'string') {
      const allowed = (t: GridFilterType) => filterable && !field.disabledFilterTypes?.includes(t);
      if (TRIGRAM_TYPES.some(allowed)) create(name, 'trgm', `USING gin ((${textExpression(field.column)}) public.gin_trgm_ops)`);
      if (PREFIX_TYPES.some(allowed)) create(name, 'prefix', `((${textExpression(field.column)}) text_pattern_ops)`);
      if (sortable) create(name, 'sort', `(${textSortExpression(field.column)}, ${id})`);
    } else if (field.dataType === 'address') {
      if (filterable) {
        create(name, 'city', `((${textExpression(field.city)}) text_pattern_ops)`);
        create(name, 'state', `((upper(${quoteIdent(field.state)})))`);
        create(name, 'zip', `(${quoteIdent(field.zip)} text_pattern_ops)`);
      }
      if (sortable) create(name, 'sort', `(${textSortExpression(field.city)}, ${id})`);
    } else if (filterable || sortable) {
      create(name, 'sort', `(${quoteIdent(field.column)}, ${id})`);
    }
  }
  return out;
}
