import { Query } from '@nestjs/cqrs';
import type { GridExportChunk, GridExportRequest } from '@app/contracts';

/** A chunk of the users grid's export: its filters and order, after a cursor. */
export class ExportUsersQuery extends Query<GridExportChunk> {
  constructor(readonly input: GridExportRequest) {
    super();
  }
}
