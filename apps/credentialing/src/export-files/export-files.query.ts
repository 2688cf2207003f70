import { Query } from '@nestjs/cqrs';
import type { GridExportChunk, GridExportRequest } from '@app/contracts';

/** A chunk of the files grid's export: its filters and order, after a cursor, scoped like the grid. */
export class ExportFilesQuery extends Query<GridExportChunk> {
  constructor(readonly input: GridExportRequest) {
    super();
  }
}
