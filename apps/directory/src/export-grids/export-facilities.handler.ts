import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { GridExportChunk } from '@app/contracts';
import { buildGridKeysetQuery, nextGridCursor } from '@app/grid';
import { PG_POOL } from '@app/nest-kit';
import { ProfileAccess } from '../infrastructure/profile-access';
import { SELECT, toFacilityView, type FacilityRow } from '../read-models/facilities.queries';
import { FACILITIES_GRID, phoneDisplay } from '../read-models/facilities.schema';
import { ExportFacilitiesQuery } from './export-facilities.query';

const COLUMNS = ['NPI', 'Type', 'Contact last name', 'Contact first name', 'Organization', 'Street', 'Suite', 'City', 'State', 'ZIP', 'Mobile', 'Phone', 'Fax', 'Email', 'Created', 'Updated'];

/** The caller's facilities grid as the grid shows it (administrators; every row the caller's own). */
@QueryHandler(ExportFacilitiesQuery)
export class ExportFacilitiesHandler implements IQueryHandler<ExportFacilitiesQuery, GridExportChunk> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly access: ProfileAccess,
  ) {}

  async execute({ input }: ExportFacilitiesQuery): Promise<GridExportChunk> {
    const me = await this.access.requireAdmin();
    const sql = buildGridKeysetQuery(FACILITIES_GRID, input, input.after, input.size, { select: SELECT, scope: { owner_id: me.id } });
    const rows = (await this.pool.query<FacilityRow & Record<string, unknown>>(sql.text, sql.values)).rows;
    return {
      columns: COLUMNS,
      rows: rows.map((r) => {
        const f = toFacilityView(r, me.email);
        const a = f.mailingAddress;
        return [
          f.npi,
          f.entityTypeCode === '1' ? 'Individual' : 'Organization',
          f.contactPersonLastName,
          f.contactPersonFirstName,
          f.organizationName,
          a.street,
          a.suite,
          a.city,
          a.state,
          a.zip,
          phoneDisplay(f.mobile),
          phoneDisplay(f.phone),
          phoneDisplay(f.fax),
          f.email,
          f.createdAt,
          f.updatedAt,
        ];
      }),
      next: nextGridCursor(rows, input.size),
    };
  }
}
