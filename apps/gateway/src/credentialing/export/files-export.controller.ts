import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { GridExportQuery, credentialing } from '@app/contracts';
import { parseFields } from '@app/nest-kit';
import { RpcClient } from '../../rpc/rpc-client.service';
import { streamCsv } from '../../grid-export/csv';

const E = credentialing.CREDENTIALING_EXPORT_RPC;

/**
 * The files grid as CSV: what the grid shows for the caller (the same scope: the master admin
 * every file, staff their practices' providers, a provider their own), in its filters and order,
 * streamed a chunk at a time from the credentialing service.
 */
@ApiTags('credentialing')
@ApiBearerAuth()
@Controller('api/v1/credentialing')
export class FilesExportController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('files/export')
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'The files grid as CSV (format=csv; filters and sorting as the grid sends them, JSON text): every matching row in the grid order' })
  async exportFiles(@Query() query: unknown, @Res() res: Response): Promise<void> {
    const { filters, sorting } = parseFields(GridExportQuery, query ?? {});
    await streamCsv(res, `credentialing-files-${new Date().toISOString().slice(0, 10)}.csv`, (after) => this.rpc.call(E.exportFiles, { filters, sorting, after }));
  }
}
