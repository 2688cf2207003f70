import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { credentialing } from '@app/contracts';
import { PG_POOL } from '@app/nest-kit';
import { nameKeyParam, searchWordParam } from '../domain/exclusion-keys';
import { FileAccess } from '../infrastructure/file-access';
import { SearchExclusionsQuery } from './search-exclusions.query';

/** The mirror's columns as the API shows a row. */
export const EXCLUSION_ROW_SQL = `source, row_key AS "rowKey", last_name AS "lastName", first_name AS "firstName", mid_name AS "midName", bus_name AS "busName",
  general, specialty, npi, to_char(dob, 'YYYY-MM-DD') AS dob, address, city, state, zip, excl_type AS "exclType",
  to_char(excl_date, 'YYYY-MM-DD') AS "exclDate", to_char(rein_date, 'YYYY-MM-DD') AS "reinDate",
  to_char(waiver_date, 'YYYY-MM-DD') AS "waiverDate", waiver_state AS "waiverState"`;

/** How a search term is read: 10 digits an NPI, 'Last, First' a person, anything else a name or business name. */
export function exclusionSearch(term: string): { where: string; params: unknown[] } {
  const t = term.trim();
  if (/^\d{10}$/.test(t)) return { where: 'npi = $1', params: [t] };
  const comma = t.indexOf(',');
  if (comma > 0) {
    // The keys as the mirror's (domain/exclusion-keys.ts); the first name a prefix.
    const last = nameKeyParam(t.slice(0, comma), 1);
    const first = nameKeyParam(t.slice(comma + 1), 2);
    if (last && first) return { where: `last_key = ${last.sql} AND first_key LIKE ${first.sql} || '%'`, params: [last.value, first.value] };
    if (last) return { where: `last_key = ${last.sql}`, params: [last.value] };
  }
  // Each word somewhere in the names, read as the mirror's search text is (domain/exclusion-keys.ts).
  const words = t
    .replace(/[%_\\]/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .map((w, i) => searchWordParam(w, i + 1));
  return { where: words.map((w) => `search_text LIKE ${w.sql}`).join(' AND ') || 'false', params: words.map((w) => w.value) };
}

/** Staff only: the master admin, or a Credentialer / Practice Manager / Practice Owner of some practice. */
@QueryHandler(SearchExclusionsQuery)
export class SearchExclusionsHandler implements IQueryHandler<SearchExclusionsQuery, credentialing.ExclusionSearchReply> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly access: FileAccess,
  ) {}

  async execute({ input }: SearchExclusionsQuery): Promise<credentialing.ExclusionSearchReply> {
    await this.access.assertStaff();
    const search = exclusionSearch(input.searchTerm);
    // Every list at once (the view sanction_rows: the LEIE mirror and the other source lists), or one.
    const where = input.source ? `source = $${search.params.length + 1} AND (${search.where})` : search.where;
    const params = input.source ? [...search.params, input.source] : search.params;
    const limit = credentialing.EXCLUSION_SEARCH_LIMIT;
    const [found, last] = await Promise.all([
      this.pool.query<credentialing.ExclusionRow & { total: string }>(
        `SELECT ${EXCLUSION_ROW_SQL}, count(*) OVER () AS total FROM sanction_rows WHERE ${where}
          ORDER BY coalesce(last_name, bus_name), first_name, source, row_key LIMIT ${limit}`,
        params,
      ),
      this.pool.query<{ file_name: string; finished_at: Date; sample: boolean }>(`SELECT file_name, finished_at, sample FROM leie_imports WHERE status = 'done' ORDER BY id DESC LIMIT 1`),
    ]);
    const l = last.rows[0];
    return {
      exclusions: found.rows.map(({ total: _t, ...row }) => row),
      count: Number(found.rows[0]?.total ?? 0),
      mirror: { file: l?.file_name ?? null, importedAt: l ? l.finished_at.toISOString() : null, sample: l?.sample ?? false },
    };
  }
}

