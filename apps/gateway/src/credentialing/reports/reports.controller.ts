import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { credentialing } from '@app/contracts';
import { parseFields } from '@app/nest-kit';
import { ApiReply } from '../../identity/openapi';
import { RpcClient } from '../../rpc/rpc-client.service';

const R = credentialing.REPORTS_RPC;

/** Credentialing reports for the master admin and credentialing staff (their practices' files); 403 for others. */
@ApiTags('credentialing')
@ApiBearerAuth()
@Controller('api/v1/credentialing/reports')
export class ReportsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('turnaround')
  @ApiOperation({
    summary:
      'Turnaround: days from start, application complete and submission to decision (median, p90) overall, by month and by practice (decisions from..to); decisions over 60 days without a letter; recredentialing due within 30/60/90/120 days',
  })
  @ApiReply(R.turnaroundReport)
  turnaround(@Query() query: unknown): Promise<credentialing.TurnaroundReply> {
    return this.rpc.call(R.turnaroundReport, parseFields(credentialing.TurnaroundRequest, query ?? {}));
  }
}
