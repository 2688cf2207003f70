import { Body, Controller, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { credentialing } from '@app/contracts';
import { parseFields } from '@app/nest-kit';
import { bodyOf } from '../identity/responses';
import { ApiReply } from '../identity/openapi';
import { RpcClient } from '../rpc/rpc-client.service';

const K = credentialing.KEEP_CURRENT_RPC;
const practiceParam = (practiceId: string) => parseFields(credentialing.ChasingSettingsRequest, { practiceId }).practiceId;

/**
 * Keeping the file current: the practice's chasing of missing items (every `everyDays` days, at
 * most `maxTimes` times). Input is checked here (400 naming the field); the credentialing service
 * decides who may (the practice's Credentialer, Practice Manager, Practice Owner, the master admin; 403).
 */
@ApiTags('credentialing')
@ApiBearerAuth()
@Controller('api/v1/credentialing')
export class KeepCurrentController {
  constructor(private readonly rpc: RpcClient) {}

  @Put('practices/:practiceId/chasing')
  @HttpCode(200)
  @ApiOperation({ summary: "Sets the practice's chasing of missing items: { everyDays 1-90, maxTimes 0-20 } (default every 7 days, at most 4 times)" })
  @ApiReply(K.setChasing)
  setChasing(@Param('practiceId') practiceId: string, @Body() body: unknown): Promise<credentialing.ChasingSettingsReply> {
    const id = practiceParam(practiceId);
    const input = parseFields(credentialing.ChasingSettingsInput, bodyOf(body));
    return this.rpc.call(K.setChasing, { practiceId: id, ...input });
  }

  @Get('practices/:practiceId/chasing')
  @ApiOperation({ summary: "The practice's chasing of missing items (the defaults when none was set: `custom` false)" })
  @ApiReply(K.getChasing)
  getChasing(@Param('practiceId') practiceId: string): Promise<credentialing.ChasingSettingsReply> {
    return this.rpc.call(K.getChasing, { practiceId: practiceParam(practiceId) });
  }
}
