import { GridExportChunk, GridExportRequest } from '../grid/export';
import { defineRpcs } from '../rpc-contract';

/** Grid exports of the directory (directory.qry.<name>): the grid's rows after a cursor, a chunk at a time. */
export const DIRECTORY_EXPORT_RPC = defineRpcs('directory', {
  /** The users grid (administrators), contact data only where the grid shows it. */
  exportUsers: { kind: 'qry', request: GridExportRequest, reply: GridExportChunk },
  /** The caller's facilities grid (administrators). */
  exportFacilities: { kind: 'qry', request: GridExportRequest, reply: GridExportChunk },
});
