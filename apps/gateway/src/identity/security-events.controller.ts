import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { identity } from '@app/contracts';
import { parseFields } from '@app/nest-kit';
import { RpcClient } from '../rpc/rpc-client.service';
import { ApiQueryFields, ApiReply, ERROR_BODY } from './openapi';

/** The security event log: a user's own events (Settings, Security Events Log) and, for auditors, everyone's. */
@ApiTags('security events')
@ApiBearerAuth()
@Controller('api')
export class SecurityEventsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('users/securityEvents')
  @ApiOperation({ summary: "The caller's own security events, newest first" })
  @ApiQueryFields(identity.OwnSecurityEventsRequest)
  @ApiReply(identity.IDENTITY_RPC.securityEvents)
  own(@Query() query: unknown) {
    return this.rpc.call(identity.IDENTITY_RPC.securityEvents, parseFields(identity.OwnSecurityEventsRequest, query));
  }

  @Get('audit/securityEvents')
  @ApiOperation({ summary: 'Auditors and the master admin: the hash-chained security log, filtered, newest first' })
  @ApiQueryFields(identity.AuditSecurityEventsRequest)
  @ApiReply(identity.IDENTITY_RPC.auditSecurityEvents)
  @ApiResponse({ status: 403, description: 'Not an auditor', schema: ERROR_BODY })
  audit(@Query() query: unknown) {
    return this.rpc.call(identity.IDENTITY_RPC.auditSecurityEvents, parseFields(identity.AuditSecurityEventsRequest, query));
  }
}
