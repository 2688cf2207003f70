/**
 * The screening in SQL, set-based over the mirror (the rules of domain/exclusion-match.ts):
 * an NPI match is `Excluded`; the same name keys and state (rows without another NPI) a
 * `Possible match`; reinstated rows never match. Providers screened: those with a file.
 */
import type { PoolClient } from 'pg';

export type ScreeningScope =
  /** Every provider with a file (the monthly screening). */
  | { kind: 'all' }
  /** These providers (their file's checks). */
  | { kind: 'providers'; providerIds: string[] }
  /** The rows these imports changed (after an import): new rows compared, removed rows' matches cleared. */
  | { kind: 'imports'; importIds: number[] };

export type NewMatch = { provider_id: string; row_key: string; kind: 'Excluded' | 'Possible match' };

/** The found matches of the scope into the temp table `screen_found`. */
export function findMatchesSql(scope: ScreeningScope): { sql: string; params: unknown[] } {
  const providers = scope.kind === 'providers' ? 'AND p.id = ANY($1::uuid[])' : '';
  const rows = scope.kind === 'imports' ? `AND e.row_key IN (SELECT row_key FROM leie_changes WHERE import_id = ANY($1::bigint[]) AND change = 'added')` : '';
  const params = scope.kind === 'providers' ? [scope.providerIds] : scope.kind === 'imports' ? [scope.importIds] : [];
  const sql = `
    INSERT INTO screen_found (provider_id, row_key, kind)
    SELECT p.id, e.row_key, 'Excluded'
      FROM credentialing_profiles p JOIN credentialing_files f ON f.provider_id = p.id
      JOIN leie_exclusions e ON e.npi = p.npi
     WHERE NOT p.deleted AND p.npi IS NOT NULL AND e.rein_date IS NULL ${providers} ${rows}
    UNION ALL
    SELECT p.id, e.row_key, 'Possible match'
      FROM credentialing_profiles p JOIN credentialing_files f ON f.provider_id = p.id
      JOIN leie_exclusions e ON e.last_key = p.last_key AND e.first_key = p.first_key AND e.state = p.state
     WHERE NOT p.deleted AND p.last_key <> '' AND p.first_key <> '' AND e.rein_date IS NULL
       AND (e.npi IS NULL OR p.npi IS NULL) ${providers} ${rows}`;
  return { sql, params };
}

/**
 * Runs the matching for a scope and applies it to `exclusion_matches` (in the caller's
 * transaction): new matches (and matches back after being cleared) are inserted Open and
 * returned; standing matches the scope no longer finds are Cleared. Resolved matches stay as
 * the person resolved them. Returns the new matches and every provider whose matches changed.
 */
export async function applyScreening(client: PoolClient, scope: ScreeningScope): Promise<{ found: number; newMatches: NewMatch[]; changedProviders: string[] }> {
  await client.query(`CREATE TEMP TABLE IF NOT EXISTS screen_found (provider_id uuid NOT NULL, row_key text NOT NULL, kind text NOT NULL) ON COMMIT DROP`);
  const { sql, params } = findMatchesSql(scope);
  const found = await client.query(sql, params);
  const snapshot = `jsonb_build_object('rowKey', e.row_key, 'lastName', e.last_name, 'firstName', e.first_name, 'midName', e.mid_name, 'busName', e.bus_name,
    'general', e.general, 'specialty', e.specialty, 'npi', e.npi, 'dob', e.dob, 'address', e.address, 'city', e.city, 'state', e.state, 'zip', e.zip,
    'exclType', e.excl_type, 'exclDate', e.excl_date, 'reinDate', e.rein_date, 'waiverDate', e.waiver_date, 'waiverState', e.waiver_state)`;
  const inserted = await client.query<NewMatch>(
    `INSERT INTO exclusion_matches (provider_id, row_key, kind, status, snapshot, found_at)
     SELECT DISTINCT ON (s.provider_id, s.row_key) s.provider_id, s.row_key, s.kind, 'Open', ${snapshot}, now()
       FROM screen_found s JOIN leie_exclusions e ON e.row_key = s.row_key
      ORDER BY s.provider_id, s.row_key, s.kind DESC
     ON CONFLICT (provider_id, row_key) DO UPDATE SET status = 'Open', kind = EXCLUDED.kind, snapshot = EXCLUDED.snapshot, found_at = now(), cleared_at = NULL,
        resolved_at = NULL, resolved_by = NULL
      WHERE exclusion_matches.status = 'Cleared'
     RETURNING provider_id, row_key, kind`,
  );
  const standing = `m.status IN ('Open', 'Confirmed') AND NOT EXISTS (SELECT 1 FROM screen_found s WHERE s.provider_id = m.provider_id AND s.row_key = m.row_key)`;
  const clearScope =
    scope.kind === 'all'
      ? { where: '', params: [] as unknown[] }
      : scope.kind === 'providers'
        ? { where: 'AND m.provider_id = ANY($1::uuid[])', params: [scope.providerIds] }
        : { where: 'AND m.row_key IN (SELECT row_key FROM leie_changes WHERE import_id = ANY($1::bigint[]))', params: [scope.importIds] };
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
