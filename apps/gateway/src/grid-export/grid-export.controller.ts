import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { GridExportQuery, directory, practices, type GridExportChunk, type GridExportRequest } from '@app/contracts';
import { parseFields } from '@app/nest-kit';
import { RpcClient } from '../rpc/rpc-client.service';
import { streamCsv } from './csv';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The administrators' grids as CSV, next to each grid's own route: what the grid shows the caller
 * (the owning service decides who may, and which contact data, as for the grid), in its filters
 * and order, streamed a chunk at a time.
 */
@ApiTags('exports')
@ApiBearerAuth()
@Controller()
export class GridExportController {
  constructor(private readonly rpc: RpcClient) {}

  private async export(query: unknown, res: Response, name: string, chunk: (request: GridExportRequest) => Promise<GridExportChunk>): Promise<void> {
    const { filters, sorting } = parseFields(GridExportQuery, query ?? {});
    await streamCsv(res, `${name}-${today()}.csv`, (after) => chunk({ filters, sorting, after, size: 1000 }));
  }

  @Get(['api/v1/users/getUsers/export', 'api/users/getUsers/export'])
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'Admins: the users grid as CSV (format=csv; filters and sorting as JSON text); contact data as the grid shows it' })
  users(@Query() query: unknown, @Res() res: Response): Promise<void> {
    return this.export(query, res, 'users', (r) => this.rpc.call(directory.DIRECTORY_EXPORT_RPC.exportUsers, r));
  }

  @Get(['api/v1/users/allFacilities/export', 'api/users/allFacilities/export'])
  @ApiProduces('text/csv')
  @ApiOperation({ summary: "The signed-in admin's facilities grid as CSV (format=csv; filters and sorting as JSON text)" })
  facilities(@Query() query: unknown, @Res() res: Response): Promise<void> {
    return this.export(query, res, 'facilities', (r) => this.rpc.call(directory.DIRECTORY_EXPORT_RPC.exportFacilities, r));
  }

  @Get(['api/v1/users/allPractices/export', 'api/users/allPractices/export'])
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'Admins: the practices grid as CSV (format=csv; filters and sorting as JSON text)' })
  practices(@Query() query: unknown, @Res() res: Response): Promise<void> {
    return this.export(query, res, 'practices', (r) => this.rpc.call(practices.PRACTICES_EXPORT_RPC.exportPractices, r));
  }
}
