import { GridExportChunk, GridExportRequest } from '../grid/export';
import { defineRpcs } from '../rpc-contract';

/** Grid exports of practices (practices.qry.<name>): the grid's rows after a cursor, a chunk at a time. */
export const PRACTICES_EXPORT_RPC = defineRpcs('practices', {
  /** The practices grid (administrators). */
  exportPractices: { kind: 'qry', request: GridExportRequest, reply: GridExportChunk },
});
