import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { credentialing } from '@app/contracts';
import { PG_POOL } from '@app/nest-kit';
import { dayOf } from '../domain/calendar';
import { FileAccess } from '../infrastructure/file-access';
import { ReportScope } from './report-scope';
import { TurnaroundReportQuery } from './turnaround-report.query';
import { turnaroundReport, type ReportFile } from './turnaround';

/** Reads the files in the caller's scope (403 for a caller who is neither the master admin nor credentialing staff) and folds the report. */
@QueryHandler(TurnaroundReportQuery)
export class TurnaroundReportHandler implements IQueryHandler<TurnaroundReportQuery, credentialing.TurnaroundReply> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly access: FileAccess,
    private readonly scope: ReportScope,
  ) {}

  async execute({ input }: TurnaroundReportQuery): Promise<credentialing.TurnaroundReply> {
    const providers = await this.scope.providers(this.access.actor());
    const files = await this.pool.query<{ provider_id: string; provider: string | null; state: ReportFile['state']; practices: string[] | null }>(
      `SELECT f.provider_id, l.provider, f.state,
              (SELECT array_agg(DISTINCT m.practice_id::text ORDER BY m.practice_id::text) FROM credentialing_memberships m WHERE m.user_id = f.provider_id) AS practices
         FROM credentialing_files f JOIN credentialing_file_list l ON l.provider_id = f.provider_id
        WHERE $1::uuid[] IS NULL OR f.provider_id = ANY($1::uuid[])`,
      [providers],
    );
    const letters = await this.pool.query<{ letter_id: string }>(`SELECT letter_id::text FROM credentialing_letters WHERE $1::uuid[] IS NULL OR provider_id = ANY($1::uuid[])`, [providers]);
    const rows: ReportFile[] = files.rows.map((r) => ({ providerId: r.provider_id, provider: r.provider, state: r.state, practices: r.practices ?? [] }));
    return turnaroundReport(rows, new Set(letters.rows.map((r) => r.letter_id)), dayOf(new Date()), input);
  }
}
