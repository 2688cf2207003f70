import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { credentialing } from '@app/contracts';
import { PG_POOL } from '@app/nest-kit';
import { FileAccess } from '../infrastructure/file-access';

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
  clearance: Omit<credentialing.ClearanceView, 'requestedByName' | 'decidedByName'> | null;
};

/** The provider's exclusion matches as the API shows them (the matched row as it was when found; who resolved, asked and decided, by name). */
@Injectable()
export class ExclusionMatches {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly access: FileAccess,
  ) {}

  /** One match (undefined: no such match for this provider). */
  async one(providerId: string, matchId: string): Promise<credentialing.ExclusionMatchView | undefined> {
    return (await this.of(providerId)).find((m) => m.matchId === matchId);
  }

  async of(providerId: string): Promise<credentialing.ExclusionMatchView[]> {
    const { rows } = await this.pool.query<Row>(
      `SELECT row_key, kind, status, snapshot, found_at, resolved_at, resolved_by, note, evidence, clearance FROM exclusion_matches WHERE provider_id = $1 ORDER BY found_at DESC, row_key`,
      [providerId],
    );
    const ids = rows.flatMap((r) => [r.resolved_by, r.clearance?.requestedBy, r.clearance?.decidedBy].filter((id): id is string => !!id));
    const names = ids.length ? await this.access.names([...new Set(ids)]) : {};
    const name = (id: string | null | undefined) => (id ? (names[id] ?? 'Former user') : null);
    return rows.map((r) => ({
      matchId: r.row_key,
      kind: r.kind,
      status: r.status,
      foundAt: r.found_at.toISOString(),
      resolvedAt: r.resolved_at?.toISOString() ?? null,
      resolvedBy: r.resolved_by,
      resolvedByName: name(r.resolved_by),
      note: r.note,
      evidence: r.evidence,
      row: { ...r.snapshot, source: r.snapshot.source ?? 'leie' },
      clearance: r.clearance ? { ...r.clearance, requestedByName: name(r.clearance.requestedBy) ?? 'Former user', decidedByName: name(r.clearance.decidedBy) } : null,
    }));
  }
}
