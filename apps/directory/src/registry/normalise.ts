import { LEGAL_SUFFIXES } from '../domain/registry/search-term';

/**
 * The registry's search normalisation in the importer, for ASCII text only: the same result
 * as the SQL functions `registry_norm` and `registry_org_key` (schema.ts), whose first step,
 * `public.f_unaccent`, leaves every ASCII character as it is. Text with any other character
 * gives `undefined`: the importer then lets Postgres compute the row's search columns, so
 * accents and other scripts go through unaccent exactly as the typed search terms do.
 * (`nppes-importer.int-spec.ts` compares every imported row with the SQL functions.)
 */
const NON_ASCII = /[^\x00-\x7f]/;
const SUFFIXES: ReadonlySet<string> = new Set(LEGAL_SUFFIXES);

/** `registry_norm`: lower case, only letters, digits and single spaces, trimmed. */
export function asciiNorm(value: string | null): string | null | undefined {
  if (value === null) return null;
  if (NON_ASCII.test(value)) return undefined;
  return value.toLowerCase().replace(/[^a-z0-9 ]+/g, '').replace(/ +/g, ' ').trim();
}

/** `registry_org_key`: dots and apostrophes dropped, other punctuation a space, legal-form words left out. */
export function asciiOrgKey(value: string | null): string | null | undefined {
  if (value === null) return null;
  if (NON_ASCII.test(value)) return undefined;
  const words = value.toLowerCase().replace(/[.']+/g, '').split(/[^a-z0-9]+/);
  let key = '';
  for (const w of words) if (w && !SUFFIXES.has(w)) key += key ? ` ${w}` : w;
  return key;
}
