import { ValidationFailed } from '@app/errors';
import { INVALID_NPI, isValidNpi } from '@app/validation';

/** At most this many results per call. */
export const MAX_REGISTRY_RESULTS = 50;
/** The shortest NPI prefix searched as you type. */
export const MIN_NPI_PREFIX = 3;
/** The longest search term accepted (a name, or 'Last, First'). */
export const MAX_SEARCH_TERM = 100;

/** Who a search is for: people (NPI-1), organisations (NPI-2), or either. */
export type RegistryAudience = 'person' | 'organization' | 'any';

export type RegistryQuery =
  | { kind: 'npi'; npi: string; audience: RegistryAudience }
  | { kind: 'npiPrefix'; prefix: string; audience: RegistryAudience }
  | { kind: 'person'; last: string; first?: string; state?: string; city?: string }
  | { kind: 'organization'; name: string; state?: string; city?: string }
  | { kind: 'none' };

/**
 * Legal-form words left out of organisation names when searching (and of the practice names
 * the product derives, spec §5): 'Acme Health LLC' is found by 'health acme'.
 */
export const LEGAL_SUFFIXES = [
  'lp', 'llp', 'lllp', 'llc', 'pc', 'pllc', 'plc', 'corp', 'pbc', 'inc', 'ltd', 'pa', 'sc', 'co', 'corporation', 'incorporated', 'limited', 'company',
] as const;

export type ParseOptions = { audience: RegistryAudience; state?: string; city?: string };

/**
 * What a search term asks for:
 * - digits only (spaces and dashes ignored): 10 digits is an exact NPI (400 'Invalid NPI' when
 *   its check digit is wrong), 3 to 9 digits an NPI prefix, fewer nothing yet;
 * - 'Last, First' (a comma): a person, a prefix on each part;
 * - other words: a person's last name for people, an organisation's name (words in any
 *   order) for organisations; 'any' reads words as a person's last name.
 */
export function parseRegistryTerm(raw: string, options: ParseOptions): RegistryQuery {
  const term = (raw ?? '').replace(/\s+/g, ' ').trim();
  if (term.length > MAX_SEARCH_TERM) throw new ValidationFailed('searchTerm', `searchTerm: at most ${MAX_SEARCH_TERM} characters`);
  if (!term) return { kind: 'none' };
  const digits = term.replace(/[\s-]/g, '');
  if (/^\d+$/.test(digits)) {
    if (digits.length > 10) throw new ValidationFailed('searchTerm', INVALID_NPI);
    if (digits.length === 10) {
      if (!isValidNpi(digits)) throw new ValidationFailed('searchTerm', INVALID_NPI);
      return { kind: 'npi', npi: digits, audience: options.audience };
    }
    if (digits.length < MIN_NPI_PREFIX) return { kind: 'none' };
    return { kind: 'npiPrefix', prefix: digits, audience: options.audience };
  }
  const narrow = { ...(options.state ? { state: options.state } : {}), ...(options.city ? { city: options.city } : {}) };
  if (options.audience === 'organization') return { kind: 'organization', name: term, ...narrow };
  const [last, ...rest] = term.split(',');
  const first = rest.join(' ').trim();
  // A first name alone would scan every person: the last name leads.
  if (!/[\p{L}\p{N}]/u.test(last)) return { kind: 'none' };
  return { kind: 'person', last: last.trim(), ...(first ? { first } : {}), ...narrow };
}

/** A state narrowing: two letters (upper-cased), else 400 naming `state`. */
export function parseState(value: string | undefined): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (!/^[A-Za-z]{2}$/.test(v)) throw new ValidationFailed('state', 'state: a two-letter state code');
  return v.toUpperCase();
}

/** A city narrowing: 2 to 60 characters. */
export function parseCity(value: string | undefined): string | undefined {
  const v = value?.replace(/\s+/g, ' ').trim();
  if (!v) return undefined;
  if (v.length < 2 || v.length > 60) throw new ValidationFailed('city', 'city: 2 to 60 characters');
  return v;
}
