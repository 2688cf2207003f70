import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { GridExportChunk } from '@app/contracts';
import { buildGridKeysetQuery, nextGridCursor } from '@app/grid';
import { PG_POOL } from '@app/nest-kit';
import { FileAccess } from '../infrastructure/file-access';
import { FILES_GRID } from '../list-files/files.grid';
import { day } from '../list-files/list-files.handler';
import { ExportFilesQuery } from './export-files.query';

type Row = {
  provider: string | null;
  npi: string | null;
  status: string;
  open_items: number;
  next_expiry: unknown;
  recredentialing_due_on: unknown;
  last_change: Date;
  exclusion: string | null;
  monitoring: string | null;
  approval_in_force: boolean;
};

const COLUMNS = ['Provider', 'NPI', 'Status', 'Open items', 'Next expiry', 'Recredentialing due', 'Last change', 'Exclusion', 'Monitoring'];

/** The files grid's rows as the grid shows them, scoped like it (the master admin every file, staff their practices' providers, a provider their own). */
@QueryHandler(ExportFilesQuery)
export class ExportFilesHandler implements IQueryHandler<ExportFilesQuery, GridExportChunk> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly access: FileAccess,
  ) {}

  async execute({ input }: ExportFilesQuery): Promise<GridExportChunk> {
    const actor = this.access.actor();
    const scope = actor.isMasterAdmin ? undefined : { provider_id: [actor.userId, ...(await this.access.managedProviders(actor.userId))] };
    const sql = buildGridKeysetQuery(FILES_GRID, input, input.after, input.size, {
      select: ['provider', 'npi', 'status', 'open_items', 'next_expiry', 'recredentialing_due_on', 'last_change', 'exclusion', 'monitoring', 'approval_in_force'],
      ...(scope ? { scope } : {}),
    });
    // The view joins the profiles: a merge join would read them from the start for every chunk
    // (the cursor does not reach the outer join's other side); a nested loop reads only the chunk's.
    const client = await this.pool.connect();
    let rows: (Row & Record<string, unknown>)[];
    try {
      await client.query('BEGIN READ ONLY');
      await client.query('SET LOCAL enable_mergejoin = off');
      rows = (await client.query<Row & Record<string, unknown>>(sql.text, sql.values)).rows;
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    return {
      columns: COLUMNS,
      rows: rows.map((r) => [
        r.provider,
        r.npi,
        r.approval_in_force ? `${r.status} (approval in force)` : r.status,
        r.open_items,
        day(r.next_expiry),
        day(r.recredentialing_due_on),
        new Date(r.last_change).toISOString(),
        r.exclusion,
        r.monitoring,
      ]),
      next: nextGridCursor(rows, input.size),
    };
  }
}
