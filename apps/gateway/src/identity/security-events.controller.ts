import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { identity } from '@app/contracts';
import { parseFields } from '@app/nest-kit';
import { RpcClient } from '../rpc/rpc-client.service';
import { ApiQueryFields, ERROR_BODY } from './openapi';

const ITEM = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    time: { type: 'string', format: 'date-time' },
    type: { type: 'string' },
    label: { type: 'string' },
    browser: { type: 'string', nullable: true },
    os: { type: 'string', nullable: true },
    ip: { type: 'string', nullable: true },
  },
};
const page = (item: object) => ({
  schema: {
    type: 'object',
    properties: {
      success: { type: 'boolean' },
      total: { type: 'integer' },
      page: { type: 'integer' },
      limit: { type: 'integer' },
      events: { type: 'array', items: item },
    },
  },
});

/** The security event log: a user's own events (Settings, Security Events Log) and, for auditors, everyone's. */
@ApiTags('security events')
@ApiBearerAuth()
@Controller('api')
export class SecurityEventsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('users/securityEvents')
  @ApiOperation({ summary: "The caller's own security events, newest first" })
  @ApiQueryFields(identity.OwnSecurityEventsRequest)
  @ApiOkResponse(page(ITEM))
  own(@Query() query: unknown) {
    return this.rpc.query<identity.SecurityEventsReply>('identity', 'securityEvents', parseFields(identity.OwnSecurityEventsRequest, query));
  }

  @Get('audit/securityEvents')
  @ApiOperation({ summary: 'Auditors and the master admin: the hash-chained security log, filtered, newest first' })
  @ApiQueryFields(identity.AuditSecurityEventsRequest)
  @ApiOkResponse(
    page({
      ...ITEM,
      properties: {
        ...ITEM.properties,
        seq: { type: 'integer' },
        eventId: { type: 'string' },
        userId: { type: 'string', nullable: true },
        details: { type: 'object' },
        prevHash: { type: 'string' },
        hash: { type: 'string' },
      },
    }),
  )
  @ApiResponse({ status: 403, description: 'Not an auditor', schema: ERROR_BODY })
  audit(@Query() query: unknown) {
    return this.rpc.query<identity.AuditSecurityEventsReply>('identity', 'auditSecurityEvents', parseFields(identity.AuditSecurityEventsRequest, query));
  }
}
