import type { Pool } from 'pg';
import { MAX_REGISTRY_RESULTS, type RegistryQuery } from '../domain/registry/search-term';
import type { RegistryAddress, RegistryEndpoint, RegistryResult, RegistryTaxonomy } from '../domain/registry/registry-result';
import { asciiOrgKey } from './normalise';
import { ENDPOINTS_TABLE, PROVIDERS_TABLE, WORD_COUNTS_TABLE, WORDS_TABLE } from './schema';

/**
 * Searches of the local mirror. Each kind is one statement whose branches each read one index
 * in order and stop at 50 rows (exact name, then prefix; for organisations also the words in
 * any order), so the time does not grow with the number of matches. The typed text goes
 * through the same SQL functions as the indexed columns (registry_norm, registry_org_key);
 * being IMMUTABLE, they are evaluated once when the statement is planned, so the indexes see
 * constants.
 */
const COLUMNS = `npi, entity_type, organization_name, last_name, first_name, middle_name, name_prefix, name_suffix, credential, sex,
  to_char(enumeration_date, 'YYYY-MM-DD') AS enumeration_date, to_char(last_update, 'YYYY-MM-DD') AS last_update,
  to_char(deactivation_date, 'YYYY-MM-DD') AS deactivation_date, deactivated,
  mail_address_1, mail_address_2, mail_city, mail_state, mail_postal_code, mail_country, mail_phone, mail_fax,
  loc_address_1, loc_address_2, loc_city, loc_state, loc_postal_code, loc_country, loc_phone, loc_fax,
  taxonomies, coalesce((SELECT e.list FROM ${ENDPOINTS_TABLE} e WHERE e.npi = ${PROVIDERS_TABLE}.npi), '[]') AS endpoints, sample`;

type Row = Record<string, unknown> & { npi: string; rank: number; sort_key: string | null };

const LIMIT = MAX_REGISTRY_RESULTS;

export class MirrorRegistry {
  constructor(private readonly pool: Pool) {}

  async lookup(npi: string): Promise<RegistryResult | null> {
    const { rows } = await this.pool.query<Row>(`SELECT ${COLUMNS}, 0 AS rank, npi AS sort_key FROM ${PROVIDERS_TABLE} WHERE npi = $1`, [npi]);
    return rows[0] ? toResult(rows[0]) : null;
  }

  async search(query: RegistryQuery): Promise<RegistryResult[]> {
    const built = buildSearch(query);
    if (!built) return [];
    const { rows } = await this.pool.query<Row>(built.sql, built.params);
    // Organisations: the words in any order only when the exact name and its prefix left room.
    if (built.words && new Set(rows.map((r) => r.npi)).size < LIMIT) rows.push(...(await this.orgWords(built.words)));
    const seen = new Set<string>();
    return rows
      .sort((a, b) => a.rank - b.rank || cmp(a.sort_key, b.sort_key) || cmp(a.npi, b.npi))
      .filter((r) => !seen.has(r.npi) && !!seen.add(r.npi))
      .slice(0, LIMIT)
      .map(toResult);
  }

  /**
   * Organisations whose name has, for every typed word, a word starting with it (legal-form
   * words left out), other than those whose whole name starts with the typed name (ranked
   * before). Driven from the typed word whose prefix has the fewest entries in
   * `registry_org_words` (exact counts from `registry_org_word_counts`; a typed word no entry
   * starts with ends the search): its entries are read in (word, name) order and the other
   * words are checked on the name in the same index entry, stopping at 50 organisations. The
   * cost is that of the rarest word, not of how many organisations share the common ones.
   */
  private async orgWords(words: OrgWordsSearch): Promise<Row[]> {
    const key = words.key ?? (await this.pool.query<{ key: string | null }>('SELECT registry_org_key($1) AS key', [words.name])).rows[0].key ?? '';
    const typed = [...new Set(key.split(' ').filter(Boolean))];
    if (!typed.length) return [];
    let drive = typed[0];
    if (typed.length > 1) {
      const counts = await this.prefixCounts(typed);
      // A typed word that starts no word of any organisation: nothing has them all.
      if (counts.some((c) => c.n === 0)) return [];
      drive = counts.sort((a, b) => a.n - b.n || b.w.length - a.w.length)[0].w;
    }
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    let where = `w.word LIKE ${p(`${drive}%`)} AND w.org_key NOT LIKE ${p(`${key}%`)}`;
    for (const other of typed) if (other !== drive) where += ` AND (' ' || w.org_key) LIKE ${p(`% ${other}%`)}`;
    if (words.state) where += ` AND w.loc_state = ${p(words.state)}`;
    if (words.city) where += ` AND w.loc_city_norm = registry_norm(${p(words.city)})`;
    // The first 50 organisations in (driving word, name) order: an organisation appears once per
    // word starting with the driving one (CA: CARE and CARDIOLOGY), hence the numbering.
    const { rows } = await this.pool.query<Row>(
      `WITH hits AS (SELECT w.npi, row_number() OVER () AS i FROM ${WORDS_TABLE} w WHERE ${where} LIMIT ${LIMIT + 14}),
            firsts AS (SELECT npi FROM hits GROUP BY npi ORDER BY min(i) LIMIT ${LIMIT})
       SELECT ${COLUMNS}, 3 AS rank, org_key AS sort_key FROM ${PROVIDERS_TABLE}
        WHERE npi IN (SELECT npi FROM firsts) AND entity_type = 2 AND NOT deactivated`,
      params,
    );
    return rows;
  }

  /**
   * For each typed word, how many entries of `registry_org_words` start with it: the exact
   * counts of the words in its prefix range (read from the counts table's primary key, at most
   * PREFIX_WORDS_READ distinct words: a prefix with more is common anyway).
   */
  private async prefixCounts(typed: string[]): Promise<Array<{ w: string; n: number }>> {
    const { rows } = await this.pool.query<Record<string, string | null>>(
      `SELECT ${typed.map((_, i) => `(SELECT sum(n) FROM (SELECT n FROM ${WORD_COUNTS_TABLE} WHERE word LIKE $${i + 1} LIMIT ${PREFIX_WORDS_READ}) x) AS c${i}`).join(', ')}`,
      typed.map((w) => `${w}%`),
    );
    return typed.map((w, i) => ({ w, n: Number(rows[0][`c${i}`] ?? 0) }));
  }
}

/** Distinct words summed at most per typed prefix to count its entries. */
const PREFIX_WORDS_READ = 5000;

const cmp = (a: string | null, b: string | null) => ((a ?? '') < (b ?? '') ? -1 : (a ?? '') > (b ?? '') ? 1 : 0);

/** The organisation-words step of an organisation search: the typed name, its key when computed here (ASCII), the narrowing. */
export type OrgWordsSearch = { name: string; key?: string; state?: string; city?: string };

/** The SQL of one search (exported for the benchmark's EXPLAIN); organisations add the words step. */
export type BuiltSearch = { sql: string; params: unknown[]; words?: OrgWordsSearch };

export function buildSearch(query: RegistryQuery): BuiltSearch | null {
  const t = PROVIDERS_TABLE;
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const audience = (a: 'person' | 'organization' | 'any') => (a === 'person' ? ' AND entity_type = 1' : a === 'organization' ? ' AND entity_type = 2' : '');
  switch (query.kind) {
    case 'none':
      return null;
    case 'npi':
      return { sql: `SELECT ${COLUMNS}, 0 AS rank, npi AS sort_key FROM ${t} WHERE npi = ${p(query.npi)}${audience(query.audience)}`, params };
    case 'npiPrefix':
      // npi is in the C collation: LIKE 'digits%' is a range of the primary key, read in order.
      return {
        sql: `SELECT ${COLUMNS}, 2 AS rank, npi AS sort_key FROM ${t}
               WHERE npi LIKE ${p(`${query.prefix}%`)} AND NOT deactivated${audience(query.audience)}
               ORDER BY npi LIMIT ${LIMIT}`,
        params,
      };
    case 'person': {
      const last = p(query.last);
      const first = p(query.first ?? '');
      let narrow = '';
      if (query.state) narrow += ` AND loc_state = ${p(query.state)}`;
      if (query.city) narrow += ` AND loc_city_norm = registry_norm(${p(query.city)})`;
      const person = `entity_type = 1 AND NOT deactivated${narrow}`;
      return {
        sql: `(SELECT ${COLUMNS}, 1 AS rank, last_norm || ' ' || first_norm AS sort_key FROM ${t}
                WHERE last_norm = registry_norm(${last}) AND (${first} = '' OR first_norm = registry_norm(${first})) AND ${person}
                ORDER BY last_norm, first_norm, npi LIMIT ${LIMIT})
              UNION ALL
              (SELECT ${COLUMNS}, 2 AS rank, last_norm || ' ' || first_norm AS sort_key FROM ${t}
                WHERE last_norm LIKE registry_norm(${last}) || '%' AND (${first} = '' OR first_norm LIKE registry_norm(${first}) || '%')
                  AND registry_norm(${last}) <> '' AND ${person}
                ORDER BY last_norm, first_norm, npi LIMIT ${LIMIT})`,
        params,
      };
    }
    case 'organization': {
      const name = p(query.name);
      let narrow = '';
      if (query.state) narrow += ` AND loc_state = ${p(query.state)}`;
      if (query.city) narrow += ` AND loc_city_norm = registry_norm(${p(query.city)})`;
      const org = `entity_type = 2 AND NOT deactivated AND registry_org_key(${name}) <> ''${narrow}`;
      const key = asciiOrgKey(query.name);
      return {
        sql: `(SELECT ${COLUMNS}, 1 AS rank, org_key AS sort_key FROM ${t}
                WHERE org_key = registry_org_key(${name}) AND ${org} ORDER BY org_key, npi LIMIT ${LIMIT})
              UNION ALL
              (SELECT ${COLUMNS}, 2 AS rank, org_key AS sort_key FROM ${t}
                WHERE org_key LIKE registry_org_key(${name}) || '%' AND ${org} ORDER BY org_key, npi LIMIT ${LIMIT})`,
        params,
        words: { name: query.name, ...(key !== undefined && key !== null ? { key } : {}), ...(query.state ? { state: query.state } : {}), ...(query.city ? { city: query.city } : {}) },
      };
    }
  }
}

const s = (v: unknown) => (typeof v === 'string' ? v : '');

function toResult(r: Record<string, unknown>): RegistryResult {
  const address = (purpose: 'LOCATION' | 'MAILING', k: 'loc' | 'mail'): RegistryAddress => ({
    address_purpose: purpose,
    address_type: 'DOM',
    address_1: s(r[`${k}_address_1`]),
    address_2: s(r[`${k}_address_2`]),
    city: s(r[`${k}_city`]),
    state: s(r[`${k}_state`]),
    postal_code: s(r[`${k}_postal_code`]),
    country_code: s(r[`${k}_country`]) || 'US',
    telephone_number: s(r[`${k}_phone`]),
    fax_number: s(r[`${k}_fax`]),
  });
  const deactivated = r.deactivated === true;
  const entity = r.entity_type === 1 ? 'NPI-1' : r.entity_type === 2 ? 'NPI-2' : null;
  return {
    number: r.npi as string,
    enumeration_type: entity,
    basic: {
      first_name: s(r.first_name),
      middle_name: s(r.middle_name),
      last_name: s(r.last_name),
      organization_name: s(r.organization_name),
      credential: s(r.credential),
      name_prefix: s(r.name_prefix),
      name_suffix: s(r.name_suffix),
      sex: s(r.sex),
      enumeration_date: (r.enumeration_date as string | null) ?? null,
      last_updated: (r.last_update as string | null) ?? null,
      status: deactivated ? 'D' : 'A',
      deactivation_date: (r.deactivation_date as string | null) ?? null,
    },
    taxonomies: (r.taxonomies as RegistryTaxonomy[]) ?? [],
    // Deactivated NPIs have no address in the file.
    addresses: r.loc_address_1 || r.mail_address_1 ? [address('LOCATION', 'loc'), address('MAILING', 'mail')] : [],
    endpoints: (r.endpoints as RegistryEndpoint[]) ?? [],
    deactivated,
    sample: r.sample === true,
  };
}
