import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { credentialing } from '@app/contracts';
import { PG_POOL } from '@app/nest-kit';
import type { FileState } from '../domain/credentialing-file.decider';
import { FileAccess } from '../infrastructure/file-access';
import { auditChecklist, checklistPeople, drawSample } from './audit-checklist';
import { AuditSampleQuery } from './audit-sample.query';
import { ReportScope } from './report-scope';

/**
 * The population: the files in the caller's scope whose current cycle was decided in the period
 * (the decision the packet shows); the sample drawn from it by the seed (a new one when none is
 * given, answered so the same sample can be fetched again, e.g. as the ZIP of packets).
 */
@QueryHandler(AuditSampleQuery)
export class AuditSampleHandler implements IQueryHandler<AuditSampleQuery, credentialing.AuditSampleReply> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly access: FileAccess,
    private readonly scope: ReportScope,
  ) {}

  async execute({ input }: AuditSampleQuery): Promise<credentialing.AuditSampleReply> {
    const providers = await this.scope.providers(this.access.actor());
    const population = await this.pool.query<{ provider_id: string }>(
      `SELECT provider_id FROM credentialing_files
        WHERE ($1::uuid[] IS NULL OR provider_id = ANY($1::uuid[]))
          AND state->'current'->'decision'->>'decidedOn' BETWEEN $2 AND $3
        ORDER BY provider_id`,
      [providers, input.from, input.to],
    );
    const seed = input.seed ?? randomUUID();
    const ids = drawSample(
      population.rows.map((r) => r.provider_id),
      input.size,
      seed,
    );
    const rows = ids.length
      ? (await this.pool.query<{ provider_id: string; provider: string | null; state: FileState }>(
          `SELECT f.provider_id, l.provider, f.state FROM credentialing_files f JOIN credentialing_file_list l ON l.provider_id = f.provider_id WHERE f.provider_id = ANY($1::uuid[])`,
          [ids],
        )).rows
      : [];
    const byId = new Map(rows.map((r) => [r.provider_id, r]));
    const names = await this.access.names([...new Set(rows.flatMap((r) => (r.state.current ? checklistPeople(r.state.current) : [])))]);
    const files = ids.flatMap((id) => {
      const r = byId.get(id);
      const c = r?.state.current;
      if (!r || !c?.decision) return [];
      const elements = auditChecklist(c, names);
      return [{ providerId: id, provider: r.provider, cycle: c.cycle, decision: c.decision.decision, decidedOn: c.decision.decidedOn, elements, complete: elements.every((e) => e.verified && e.withinWindow) }];
    });
    return { from: input.from, to: input.to, seed, population: population.rowCount ?? 0, files };
  }
}
