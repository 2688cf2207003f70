import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { identity } from '@app/contracts';
import { parseFields } from '@app/nest-kit';
import { Public } from '../auth/public.decorator';
import { RpcClient } from '../rpc/rpc-client.service';
import { ApiFields, ApiReply, ERROR_BODY } from './openapi';
import { bodyOf } from './responses';

/** Set/Reset Password with a temporary password sent by email (spec §4 "Password reset"), and the invitation's one-time set-password link. */
@ApiTags('password reset')
@Controller('api/v1/users')
export class PasswordResetController {
  constructor(private readonly rpc: RpcClient) {}

  @Public()
  @Post('sendTempPassword')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Step 1: emails a temporary password (single use, 15 minutes). Unknown email: 200 with success false, isEmailInvalid true',
  })
  @ApiFields(identity.SendTempPasswordRequest)
  @ApiReply(identity.IDENTITY_RPC.sendTempPassword)
  @ApiResponse({ status: 429, description: 'Too many requests; see Retry-After', schema: ERROR_BODY })
  send(@Body() body: unknown) {
    const req = parseFields(identity.SendTempPasswordRequest, bodyOf(body));
    return this.rpc.call(identity.IDENTITY_RPC.sendTempPassword, req);
  }

  @Public()
  @Post('resetPassword')
  @HttpCode(200)
  @ApiOperation({ summary: 'Step 2: the temporary password and the new password; ends every session of the account' })
  @ApiFields(identity.ResetPasswordRequest)
  @ApiReply(identity.IDENTITY_RPC.resetPassword)
  @ApiResponse({ status: 400, description: "'Invalid password', 'Password Does Not Match', common password", schema: ERROR_BODY })
  @ApiResponse({ status: 401, description: "'Invalid temporary password'", schema: ERROR_BODY })
  reset(@Body() body: unknown) {
    const req = parseFields(identity.ResetPasswordRequest, bodyOf(body));
    return this.rpc.call(identity.IDENTITY_RPC.resetPassword, req);
  }

  @Public()
  @Post('acceptInvitation')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "An invitation's one-time link: { token, newPassword, confirmNewPassword } sets the account's password (once, within the invitation's days) and answers the email to sign in with",
  })
  @ApiFields(identity.AcceptInvitationRequest)
  @ApiReply(identity.IDENTITY_RPC.acceptInvitation)
  @ApiResponse({ status: 400, description: "'Invalid password', 'Password Does Not Match', common password; token: the link was already used or has expired", schema: ERROR_BODY })
  acceptInvitation(@Body() body: unknown) {
    const req = parseFields(identity.AcceptInvitationRequest, bodyOf(body));
    return this.rpc.call(identity.IDENTITY_RPC.acceptInvitation, req);
  }
}
