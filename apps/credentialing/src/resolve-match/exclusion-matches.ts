import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { credentialing } from '@app/contracts';
import { PG_POOL } from '@app/nest-kit';

type Row = {
  row_key: string;
  kind: credentialing.ExclusionMatchKind;
  status: credentialing.ExclusionMatchStatus;
  snapshot: credentialing.ExclusionRow;
  found_at: Date;
  resolved_at: Date | null;
  resolved_by: string | null;
  note: string | null;
  evidence: credentialing.ExclusionMatchView['evidence'];
  clearance: credentialing.ClearanceView | null;
};

/** The provider's exclusion matches as the API shows them (the matched row as it was when found). */
@Injectable()
export class ExclusionMatches {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** One match (undefined: no such match for this provider). */
  async one(providerId: string, matchId: string): Promise<credentialing.ExclusionMatchView | undefined> {
    return (await this.of(providerId)).find((m) => m.matchId === matchId);
  }

  async of(providerId: string): Promise<credentialing.ExclusionMatchView[]> {
    const { rows } = await this.pool.query<Row>(
      `SELECT row_key, kind, status, snapshot, found_at, resolved_at, resolved_by, note, evidence, clearance FROM exclusion_matches WHERE provider_id = $1 ORDER BY found_at DESC, row_key`,
      [providerId],
    );
    return rows.map((r) => ({
      matchId: r.row_key,
      kind: r.kind,
      status: r.status,
      foundAt: r.found_at.toISOString(),
      resolvedAt: r.resolved_at?.toISOString() ?? null,
      resolvedBy: r.resolved_by,
      note: r.note,
      evidence: r.evidence,
      row: { ...r.snapshot, source: r.snapshot.source ?? 'leie' },
      clearance: r.clearance,
    }));
  }
}
