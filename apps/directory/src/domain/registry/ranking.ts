import { MAX_REGISTRY_RESULTS, type RegistryQuery } from './search-term';
import type { RegistryResult } from './registry-result';

/** Letters and digits only, lower case, no accents: how names are compared for ranking. */
export function foldName(s: string | null | undefined): string {
  return (s ?? '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Rank: 0 the exact NPI, 1 the exact name, 2 a prefix (or, for organisations, 3 the words in
 * another order); then by name and NPI. At most 50. Used on the live API's answers; the mirror
 * asks the database in the same order.
 */
export function rankResults(query: RegistryQuery, results: RegistryResult[]): RegistryResult[] {
  const rank = (r: RegistryResult): number => {
    if (query.kind === 'npi') return r.number === query.npi ? 0 : 9;
    if (query.kind === 'npiPrefix') return r.number.startsWith(query.prefix) ? 2 : 9;
    if (query.kind === 'person') {
      const last = foldName(r.basic.last_name);
      const first = foldName(r.basic.first_name);
      const ql = foldName(query.last);
      const qf = foldName(query.first);
      if (last === ql && (!qf || first === qf)) return 1;
      return last.startsWith(ql) && first.startsWith(qf) ? 2 : 9;
    }
    if (query.kind === 'organization') {
      const name = foldName(r.basic.organization_name);
      const q = foldName(query.name);
      return name === q ? 1 : name.startsWith(q) ? 2 : 3;
    }
    return 9;
  };
  const key = (r: RegistryResult) => (query.kind === 'organization' ? foldName(r.basic.organization_name) : `${foldName(r.basic.last_name)} ${foldName(r.basic.first_name)}`);
  const seen = new Set<string>();
  return results
    .map((r) => ({ r, rank: rank(r), key: key(r) }))
    .filter((x) => x.rank < 9 && !seen.has(x.r.number) && seen.add(x.r.number))
    .sort((a, b) => a.rank - b.rank || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) || (a.r.number < b.r.number ? -1 : 1))
    .slice(0, MAX_REGISTRY_RESULTS)
    .map((x) => x.r);
}
