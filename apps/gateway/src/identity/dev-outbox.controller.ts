import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { identity } from '@app/contracts';
import { parseFields } from '@app/nest-kit';
import { Public } from '../auth/public.decorator';
import { RpcClient } from '../rpc/rpc-client.service';
import { ApiQueryFields } from './openapi';

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
  @ApiOkResponse({
    schema: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          channel: { type: 'string', enum: ['email', 'sms'] },
          to: { type: 'string' },
          subject: { type: 'string', nullable: true },
          body: { type: 'string' },
          createdAt: { type: 'string', format: 'date-time' },
        },
      },
    },
  })
  list(@Query() query: unknown) {
    return this.rpc.query<identity.DevOutboxMessage[]>('identity', 'devOutbox', parseFields(identity.DevOutboxRequest, query));
  }
}
