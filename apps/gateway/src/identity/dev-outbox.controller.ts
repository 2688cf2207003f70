import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { identity } from '@app/contracts';
import { parseFields } from '@app/nest-kit';
import { Public } from '../auth/public.decorator';
import { RpcClient } from '../rpc/rpc-client.service';
import { ApiQueryFields, ApiReply } from './openapi';

/**
 * The development outbox: codes and temporary passwords "sent" while no SMTP / Twilio is
 * configured. Public on purpose (development and tests); not registered when NODE_ENV=production.
 */
@ApiTags('development')
@Controller('api/dev')
export class DevOutboxController {
  constructor(private readonly rpc: RpcClient) {}

  @Public()
  @Get('outbox')
  @ApiOperation({ summary: 'Messages of the development outbox, newest first; ?to= filters by recipient (email or phone)' })
  @ApiQueryFields(identity.DevOutboxRequest)
  @ApiReply(identity.IDENTITY_RPC.devOutbox)
  list(@Query() query: unknown) {
    return this.rpc.call(identity.IDENTITY_RPC.devOutbox, parseFields(identity.DevOutboxRequest, query));
  }
}
