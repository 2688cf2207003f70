import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { identity } from '@app/contracts';
import { parseFields } from '@app/nest-kit';
import { RpcClient } from '../rpc/rpc-client.service';
import { ApiFields, ApiReply, ERROR_BODY } from './openapi';
import { bodyOf } from './responses';

@ApiTags('roles')
@ApiBearerAuth()
@Controller('api/v1/users')
export class RolesController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('grantAuditor')
  @HttpCode(200)
  @ApiOperation({ summary: 'Master admin only: grants or withdraws the auditor role' })
  @ApiFields(identity.GrantAuditorRequest)
  @ApiReply(identity.IDENTITY_RPC.grantAuditor)
  @ApiResponse({ status: 403, description: 'Not the master admin', schema: ERROR_BODY })
  grantAuditor(@Body() body: unknown) {
    return this.rpc.call(identity.IDENTITY_RPC.grantAuditor, parseFields(identity.GrantAuditorRequest, bodyOf(body)));
  }

  @Post('grantCommitteeRole')
  @HttpCode(200)
  @ApiOperation({ summary: 'Master admin only: grants (granted: true) or revokes a credentialing committee role (role: committeeMember | medicalDirector)' })
  @ApiFields(identity.GrantCommitteeRoleRequest)
  @ApiReply(identity.COMMITTEE_ROLES_RPC.grantCommitteeRole)
  @ApiResponse({ status: 403, description: 'Not the master admin', schema: ERROR_BODY })
  grantCommitteeRole(@Body() body: unknown) {
    return this.rpc.call(identity.COMMITTEE_ROLES_RPC.grantCommitteeRole, parseFields(identity.GrantCommitteeRoleRequest, bodyOf(body)));
  }

  @Post('grantAdmin')
  @HttpCode(200)
  @ApiOperation({ summary: "Master admin only: grants or withdraws a user's admin identity (beside the provider one)" })
  @ApiFields(identity.GrantAdminRequest)
  @ApiReply(identity.IDENTITY_RPC.grantAdmin)
  @ApiResponse({ status: 403, description: 'Not the master admin', schema: ERROR_BODY })
  @ApiResponse({ status: 409, description: "The master admin's own admin identity", schema: ERROR_BODY })
  grantAdmin(@Body() body: unknown) {
    return this.rpc.call(identity.IDENTITY_RPC.grantAdmin, parseFields(identity.GrantAdminRequest, bodyOf(body)));
  }
}
