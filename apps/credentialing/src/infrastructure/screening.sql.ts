/**
 * The screening in SQL, set-based over the mirror (the rules of domain/exclusion-match.ts):
 * an NPI match is `Excluded`; the same name keys and state (rows without another NPI) a
 * `Possible match`; reinstated rows never match. Providers screened: those with a file.
 */
import type { PoolClient } from 'pg';
import { credentialing } from '@app/contracts';

export type ScreeningScope =
  /** Every provider with a file (the monthly screening). */
  | { kind: 'all' }
  /** These providers (their file's checks). */
  | { kind: 'providers'; providerIds: string[] }
  /** The rows these imports changed (after an import): new rows compared, removed rows' matches cleared. */
  | { kind: 'imports'; importIds: number[] }
  /** The rows these imports of the other source lists changed (source_imports, source_changes). */
  | { kind: 'sourceImports'; importIds: number[] };

export type NewMatch = { provider_id: string; row_key: string; kind: 'Excluded' | 'Possible match' | 'Opted out'; source: string };

/** A source list's row is active on the day: started (or no start) and not ended (no end: indefinite). */
const ACTIVE = `(e.excl_date IS NULL OR e.excl_date <= current_date) AND (e.rein_date IS NULL OR e.rein_date > current_date)`;

/**
 * The found matches of the scope into the temp table `screen_found`: the LEIE mirror, then the
 * other source lists by their rule (sources/list/source-list.ts): `exclusion` lists by NPI
 * (`Excluded`) or name and state without another NPI (`Possible match`, individuals only);
 * `opt-out` by NPI (`Opted out`); `name-only` (OFAC) by last and first name, its own or an alias
 * (`Possible match`, never definitive). Only active rows (start and end dates) match.
 */
export function findMatchesSql(scope: ScreeningScope): { sql: string; params: unknown[] } {
  const providers = scope.kind === 'providers' ? 'AND p.id = ANY($1::uuid[])' : '';
  const params = scope.kind === 'providers' ? [scope.providerIds] : scope.kind === 'imports' || scope.kind === 'sourceImports' ? [scope.importIds] : [];
  const base = `credentialing_profiles p JOIN credentialing_files f ON f.provider_id = p.id`;
  const parts: string[] = [];
  if (scope.kind !== 'sourceImports') {
    const rows = scope.kind === 'imports' ? `AND e.row_key IN (SELECT row_key FROM leie_changes WHERE import_id = ANY($1::bigint[]) AND change = 'added')` : '';
    parts.push(
      `SELECT p.id, e.row_key, 'Excluded', 'leie' FROM ${base} JOIN leie_exclusions e ON e.npi = p.npi
        WHERE NOT p.deleted AND p.npi IS NOT NULL AND e.rein_date IS NULL ${providers} ${rows}`,
      `SELECT p.id, e.row_key, 'Possible match', 'leie' FROM ${base}
         JOIN leie_exclusions e ON e.last_key = p.last_key AND e.first_key = p.first_key AND e.state = p.state
        WHERE NOT p.deleted AND p.last_key <> '' AND p.first_key <> '' AND e.rein_date IS NULL
          AND (e.npi IS NULL OR p.npi IS NULL) ${providers} ${rows}`,
    );
  }
  if (scope.kind !== 'imports') {
    const rows = scope.kind === 'sourceImports' ? `AND e.row_key IN (SELECT row_key FROM source_changes WHERE import_id = ANY($1::bigint[]) AND change = 'added')` : '';
    const rule = (r: string) => `e.source IN (${SOURCES_OF_RULE(r)})`;
    parts.push(
      `SELECT p.id, e.row_key, CASE WHEN ${rule('opt-out')} THEN 'Opted out' ELSE 'Excluded' END, e.source FROM ${base} JOIN source_rows e ON e.npi = p.npi
        WHERE NOT p.deleted AND p.npi IS NOT NULL AND ${ACTIVE} AND (${rule('exclusion')} OR ${rule('opt-out')}) ${providers} ${rows}`,
      `SELECT p.id, e.row_key, 'Possible match', e.source FROM ${base}
         JOIN source_rows e ON e.last_key = p.last_key AND e.first_key = p.first_key AND e.state = p.state
        WHERE NOT p.deleted AND p.last_key <> '' AND p.first_key <> '' AND NOT e.entity AND ${ACTIVE} AND ${rule('exclusion')}
          AND (e.npi IS NULL OR p.npi IS NULL) ${providers} ${rows}`,
      `SELECT p.id, e.row_key, 'Possible match', e.source FROM ${base}
         JOIN source_rows e ON e.last_key = p.last_key AND e.first_key = p.first_key
        WHERE NOT p.deleted AND p.last_key <> '' AND p.first_key <> '' AND NOT e.entity AND ${ACTIVE} AND ${rule('name-only')} ${providers} ${rows}`,
      `SELECT p.id, e.row_key, 'Possible match', e.source FROM ${base}
         JOIN source_aliases a ON a.last_key = p.last_key AND a.first_key = p.first_key JOIN source_rows e ON e.row_key = a.row_key
        WHERE NOT p.deleted AND p.last_key <> '' AND p.first_key <> '' AND NOT e.entity AND ${ACTIVE} AND ${rule('name-only')} ${providers} ${rows}`,
    );
  }
  const sql = `INSERT INTO screen_found (provider_id, row_key, kind, source)\n${parts.join('\n    UNION ALL\n')}`;
  return { sql, params };
}

/** The ids of the lists of a rule, as SQL literals. */
const SOURCES_OF_RULE = (rule: string) =>
  credentialing.SANCTION_SOURCES.filter((s) => s.rule === rule)
    .map((s) => `'${s.id}'`)
    .join(', ');

/**
 * Runs the matching for a scope and applies it to `exclusion_matches` (in the caller's
 * transaction): new matches (and matches back after being cleared) are inserted Open and
 * returned; standing matches the scope no longer finds are Cleared. Resolved matches stay as
 * the person resolved them. Returns the new matches and every provider whose matches changed.
 */
export async function applyScreening(client: PoolClient, scope: ScreeningScope): Promise<{ found: number; newMatches: NewMatch[]; changedProviders: string[] }> {
  await client.query(`CREATE TEMP TABLE IF NOT EXISTS screen_found (provider_id uuid NOT NULL, row_key text NOT NULL, kind text NOT NULL, source text NOT NULL) ON COMMIT DROP`);
  const { sql, params } = findMatchesSql(scope);
  const found = await client.query(sql, params);
  const snapshot = `jsonb_build_object('source', e.source, 'rowKey', e.row_key, 'lastName', e.last_name, 'firstName', e.first_name, 'midName', e.mid_name, 'busName', e.bus_name,
    'general', e.general, 'specialty', e.specialty, 'npi', e.npi, 'dob', e.dob, 'address', e.address, 'city', e.city, 'state', e.state, 'zip', e.zip,
    'exclType', e.excl_type, 'exclDate', e.excl_date, 'reinDate', e.rein_date, 'waiverDate', e.waiver_date, 'waiverState', e.waiver_state)`;
  const inserted = await client.query<NewMatch>(
    `INSERT INTO exclusion_matches (provider_id, row_key, kind, status, snapshot, found_at, source)
     SELECT DISTINCT ON (s.provider_id, s.row_key) s.provider_id, s.row_key, s.kind, 'Open', ${snapshot}, now(), s.source
       FROM screen_found s JOIN sanction_rows e ON e.row_key = s.row_key AND e.source = s.source
      ORDER BY s.provider_id, s.row_key, s.kind = 'Excluded' DESC, s.kind
     ON CONFLICT (provider_id, row_key) DO UPDATE SET status = 'Open', kind = EXCLUDED.kind, snapshot = EXCLUDED.snapshot, found_at = now(), cleared_at = NULL,
        resolved_at = NULL, resolved_by = NULL
      WHERE exclusion_matches.status = 'Cleared'
     RETURNING provider_id, row_key, kind, source`,
  );
  const standing = `m.status IN ('Open', 'Confirmed') AND NOT EXISTS (SELECT 1 FROM screen_found s WHERE s.provider_id = m.provider_id AND s.row_key = m.row_key)`;
  const clearScope =
    scope.kind === 'all'
      ? { where: '', params: [] as unknown[] }
      : scope.kind === 'providers'
        ? { where: 'AND m.provider_id = ANY($1::uuid[])', params: [scope.providerIds] }
        : scope.kind === 'imports'
          ? { where: `AND m.source = 'leie' AND m.row_key IN (SELECT row_key FROM leie_changes WHERE import_id = ANY($1::bigint[]))`, params: [scope.importIds] }
          : { where: `AND m.source <> 'leie' AND m.row_key IN (SELECT row_key FROM source_changes WHERE import_id = ANY($1::bigint[]))`, params: [scope.importIds] };
  const cleared = await client.query<{ provider_id: string }>(
    `UPDATE exclusion_matches m SET status = 'Cleared', cleared_at = now() WHERE ${standing} ${clearScope.where} RETURNING m.provider_id`,
    clearScope.params,
  );
  await client.query(`TRUNCATE screen_found`);
  const changedProviders = [...new Set([...inserted.rows.map((r) => r.provider_id), ...cleared.rows.map((r) => r.provider_id)])];
  return { found: found.rowCount ?? 0, newMatches: inserted.rows, changedProviders };
}

/** Whether an LEIE import has ever completed: before that the screening has no source (nothing is recorded, the open item says so). */
export async function leieMirrorImported(db: Pick<PoolClient, 'query'>): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(`SELECT EXISTS (SELECT 1 FROM leie_imports WHERE status = 'done') AS ok`);
  return rows[0].ok;
}

/** A provider's standing matches (Open, Confirmed) as one text, in row_key order: what a recorded screening covered. */
export const STANDING_MATCHES_SQL = `string_agg(m.row_key || ':' || m.status, ',' ORDER BY m.row_key COLLATE "C")`;
export const standingMatches = (matches: { row_key: string; status: string }[]) =>
  matches
    .map((m) => `${m.row_key}:${m.status}`)
    .sort()
    .join(',');
