import { GridExportChunk, GridExportRequest } from '../grid/export';
import { defineRpcs } from '../rpc-contract';

/** Grid exports of credentialing (credentialing.qry.<name>): the grid's rows after a cursor, a chunk at a time. */
export const CREDENTIALING_EXPORT_RPC = defineRpcs('credentialing', {
  /** The files grid as the caller may see it, in its filters and order. */
  exportFiles: { kind: 'qry', request: GridExportRequest, reply: GridExportChunk },
});
