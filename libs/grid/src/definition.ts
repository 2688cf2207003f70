import type { GridFilterType } from '@app/contracts';

/**
 * A grid's whitelist: the fields a list call may filter and sort by, each mapped to the
 * read-model column(s) it reads. Nothing else from a request ever reaches SQL: identifiers
 * come only from here (checked and quoted), values only as parameters.
 */

type Common = {
  /** May be filtered (default true). */
  filterable?: boolean;
  /** May be sorted by (default true). */
  sortable?: boolean;
};

export type GridTextField = Common & {
  dataType: 'string';
  column: string;
  /** Filter types refused for this field (spec 001 §3 disabledFilterTypes). */
  disabledFilterTypes?: readonly GridFilterType[];
};

export type GridNumberField = Common & {
  dataType: 'number';
  column: string;
  disabledFilterTypes?: readonly GridFilterType[];
};

/** How a date field is stored; dates are calendar days in UTC. */
export type GridDateColumnType = 'timestamptz' | 'timestamp' | 'date';

export type GridDateField = Common & {
  dataType: 'date';
  column: string;
  /** Column type (default timestamptz): a day of a timestamp is its UTC day. */
  columnType?: GridDateColumnType;
  disabledFilterTypes?: readonly GridFilterType[];
};

/**
 * 'Primary Practice Address' ('Enter city, state code, or ZIP'): one text value matching the
 * city (prefix, case- and accent-insensitive), the two-letter state (exact, case-insensitive)
 * or the ZIP prefix (digits; the zip column holds digits only). Any text filter type is
 * accepted and means this. Sorted by city.
 */
export type GridAddressField = Common & {
  dataType: 'address';
  city: string;
  state: string;
  zip: string;
};

export type GridField = GridTextField | GridNumberField | GridDateField | GridAddressField;

export type GridDefinition = {
  /** The read-model table, optionally schema-qualified (`practices.practice_list`). */
  table: string;
  /** The row id column: the sort tiebreaker and the default order (default `id`). */
  id?: string;
  fields: Readonly<Record<string, GridField>>;
};

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** A checked, double-quoted SQL identifier (`"first_name"`); throws for anything but [A-Za-z_][A-Za-z0-9_]*. */
export function quoteIdent(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`grid: '${name}' is not a plain SQL identifier`);
  return `"${name}"`;
}

/** `table` or `schema.table`, each part checked and quoted. */
export function quoteTable(table: string, schema?: string): string {
  const parts = table.split('.');
  if (parts.length > 2) throw new Error(`grid: '${table}' is not a table name`);
  if (parts.length === 2) return `${quoteIdent(parts[0])}.${quoteIdent(parts[1])}`;
  return schema ? `${quoteIdent(schema)}.${quoteIdent(table)}` : quoteIdent(table);
}

export function columnsOf(field: GridField): string[] {
  return field.dataType === 'address' ? [field.city, field.state, field.zip] : [field.column];
}

/**
 * Checks a grid's whitelist once, at start-up: every identifier plain, every field's filter
 * types known. Returns it frozen. A mistake here is a programming error (throws).
 */
export function defineGrid<D extends GridDefinition>(definition: D): D {
  quoteTable(definition.table);
  quoteIdent(definition.id ?? 'id');
  for (const [name, field] of Object.entries(definition.fields)) {
    if (!/^[A-Za-z_][A-Za-z0-9_.]*$/.test(name)) throw new Error(`grid: field name '${name}' is not allowed`);
    if (!['string', 'number', 'date', 'address'].includes(field.dataType)) throw new Error(`grid: field '${name}' has an unknown dataType`);
    columnsOf(field).forEach(quoteIdent);
  }
  return Object.freeze({ ...definition, fields: Object.freeze({ ...definition.fields }) });
}
