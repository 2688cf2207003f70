import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { GridExportChunk } from '@app/contracts';
import { buildGridKeysetQuery, nextGridCursor } from '@app/grid';
import { Forbidden, PG_POOL } from '@app/nest-kit';
import { ProfileAccess } from '../infrastructure/profile-access';
import { SELECT, toView, type ProfileRow } from '../read-models/profiles.queries';
import { USERS_GRID, gridName, mobileDisplay } from '../read-models/profiles.schema';
import { ExportUsersQuery } from './export-users.query';

const COLUMNS = ['Name', 'Credentials', 'Specialty', 'Primary practice address', 'Mobile', 'Email', 'Last updated'];

/** The users grid's rows as the grid shows them: administrators only, the mobile filter or sort and contact data as in the grid. */
@QueryHandler(ExportUsersQuery)
export class ExportUsersHandler implements IQueryHandler<ExportUsersQuery, GridExportChunk> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly access: ProfileAccess,
  ) {}

  async execute({ input }: ExportUsersQuery): Promise<GridExportChunk> {
    const me = await this.access.requireAdmin();
    if (!me.is_master_admin && (input.filters?.mobile || input.sorting?.mobile)) {
      throw new Forbidden('Only the master admin may filter or sort users by mobile', 'contact_data');
    }
    const sql = buildGridKeysetQuery(USERS_GRID, input, input.after, input.size, { select: SELECT });
    const rows = (await this.pool.query<ProfileRow & Record<string, unknown>>(sql.text, sql.values)).rows;
    const people = await this.access.withContactOnNeedToKnow(me, rows.map(toView));
    return {
      columns: COLUMNS,
      rows: people.map((p) => {
        const a = p.mailingAddress;
        const address = [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
        return [
          gridName({ lastName: p.lastName, firstName: p.firstName, middleName: p.middleName, displayName: p.displayName, userName: p.userName }),
          p.credentials,
          p.specialty,
          address || null,
          mobileDisplay(p.mobile),
          p.email || null,
          p.lastUpdate ?? null,
        ];
      }),
      next: nextGridCursor(rows, input.size),
    };
  }
}
