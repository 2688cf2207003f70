import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { identity } from '@app/contracts';
import { Public } from '../auth/public.decorator';
import { ApiReply } from '../identity/openapi';
import { RpcClient } from '../rpc/rpc-client.service';

/** The spec's duplicate checks, used while filling sign-up and profile forms. */
@ApiTags('users')
@Controller('api/v1/users/exists')
export class ExistsController {
  constructor(private readonly rpc: RpcClient) {}

  @Public()
  @Get('username/:value')
  @ApiOperation({ summary: 'Is this user name taken? (case-insensitive)' })
  @ApiReply(identity.IDENTITY_RPC.exists)
  userName(@Param('value') value: string) {
    return this.rpc.call(identity.IDENTITY_RPC.exists, { field: 'userName', value });
  }

  @Public()
  @Get('email/:value')
  @ApiOperation({ summary: 'Is this email in use? (case-insensitive)' })
  @ApiReply(identity.IDENTITY_RPC.exists)
  email(@Param('value') value: string) {
    return this.rpc.call(identity.IDENTITY_RPC.exists, { field: 'email', value });
  }

  @Public()
  @Get('mobile/:value')
  @ApiOperation({ summary: 'Is this mobile number in use?' })
  @ApiReply(identity.IDENTITY_RPC.exists)
  mobile(@Param('value') value: string) {
    return this.rpc.call(identity.IDENTITY_RPC.exists, { field: 'mobile', value });
  }
}
