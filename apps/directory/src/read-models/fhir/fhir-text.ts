/**
 * How names and addresses are searched (FHIR string search: without case or accents, a value
 * matches a field that starts with it; here also any word of it). One normaliser for the stored
 * search columns and the searched values, so both sides agree.
 */

/** Lower case, accents off, apostrophes dropped, any other punctuation a space, single spaces. */
export function norm(value: string | null | undefined): string {
  if (!value) return '';
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’‘`]+/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** ' word word …' (a leading space: "a word starting with x" is LIKE '% x%'), '' when empty. */
export function words(...values: (string | null | undefined)[]): string {
  const text = values.map(norm).filter(Boolean).join(' ');
  return text ? ` ${text}` : '';
}

/** A search value as a LIKE pattern body: normalised, so only [a-z0-9 ] remain (nothing to escape). */
export function likeBody(value: string): string {
  return norm(value);
}

/** ZIP digits (a postal code search matches its start). */
export function zipNorm(zip: string | null | undefined): string | null {
  const d = (zip ?? '').replace(/\D/g, '');
  return d || null;
}

export function stateNorm(state: string | null | undefined): string | null {
  const s = (state ?? '').trim().toUpperCase();
  return s || null;
}
