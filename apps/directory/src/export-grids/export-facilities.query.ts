import { Query } from '@nestjs/cqrs';
import type { GridExportChunk, GridExportRequest } from '@app/contracts';

/** A chunk of the caller's facilities grid's export: its filters and order, after a cursor. */
export class ExportFacilitiesQuery extends Query<GridExportChunk> {
  constructor(readonly input: GridExportRequest) {
    super();
  }
}
