import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { GridExportChunk } from '@app/contracts';
import { buildGridKeysetQuery, nextGridCursor } from '@app/grid';
import { Forbidden, PG_POOL } from '@app/nest-kit';
import { PracticeAccess } from '../infrastructure/practice-access';
import { PracticesQueries, SELECT, listItem, type PracticeRow } from '../read-models/practices.queries';
import { PRACTICES_GRID } from '../read-models/practices.schema';
import { ExportPracticesQuery } from './export-practices.query';

const COLUMNS = ['Practice name', 'NPI', 'Display name', 'User name', 'Street', 'City', 'State', 'ZIP', 'Phone', 'Users'];

/** The practices grid's rows as the grid shows them (administrators only), each with its users and their access types. */
@QueryHandler(ExportPracticesQuery)
export class ExportPracticesHandler implements IQueryHandler<ExportPracticesQuery, GridExportChunk> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly access: PracticeAccess,
    private readonly queries: PracticesQueries,
  ) {}

  async execute({ input }: ExportPracticesQuery): Promise<GridExportChunk> {
    const actor = await this.access.actor();
    if (!actor.isAdmin) throw new Forbidden('Only administrators may list all practices');
    const sql = buildGridKeysetQuery(PRACTICES_GRID, input, input.after, input.size, { select: SELECT });
    const rows = (await this.pool.query<PracticeRow & Record<string, unknown>>(sql.text, sql.values)).rows;
    const users = await this.queries.usersOf(rows.map((r) => r.id));
    return {
      columns: COLUMNS,
      rows: rows.map((r) => {
        const p = listItem(r, users.get(r.id) ?? []);
        const a = p.mailingAddress;
        return [p.practiceName, p.npi, p.displayName, p.userName, a.streetAddress1, a.city, a.state, a.zip, p.phone, p.users.map((u) => `${u.fullName} (${u.accessType})`).join('; ') || null];
      }),
      next: nextGridCursor(rows, input.size),
    };
  }
}
