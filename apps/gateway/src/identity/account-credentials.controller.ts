import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { identity } from '@app/contracts';
import { parseFields } from '@app/nest-kit';
import { RpcClient } from '../rpc/rpc-client.service';
import { ApiFields, ApiQueryFields, ApiReply, ERROR_BODY } from './openapi';
import { bodyOf, withFailureFields } from './responses';


/**
 * The Login Credentials dialogs (spec §4 "Account dialogs"), on the API host `/api`. Bearer only;
 * each call acts on the caller's own account (the email sent must be the caller's, else 403).
 */
@ApiTags('account credentials')
@ApiBearerAuth()
@ApiResponse({ status: 401, description: 'Not signed in, or a wrong password / code', schema: ERROR_BODY })
@ApiResponse({ status: 403, description: "Not the caller's own email, or (email, mobile) no reauthentication in the last 10 minutes", schema: ERROR_BODY })
@ApiResponse({ status: 429, description: 'Too many attempts or codes; see Retry-After', schema: ERROR_BODY })
@Controller('api/users')
export class AccountCredentialsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('reauthenticate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Change email / mobile step 1: the password again (valid 10 minutes for this session)' })
  @ApiFields(identity.ReauthenticateRequest)
  @ApiReply(identity.IDENTITY_RPC.reauthenticate)
  reauthenticate(@Body() body: unknown) {
    return this.rpc.call(identity.IDENTITY_RPC.reauthenticate, parseFields(identity.ReauthenticateRequest, bodyOf(body)));
  }

  @Get('sendEmailVerificationCode')
  @ApiOperation({ summary: 'Change email: sends a code to the NEW email (409 when it is in use)' })
  @ApiQueryFields(identity.SendEmailVerificationCodeRequest)
  @ApiReply(identity.IDENTITY_RPC.sendEmailVerificationCode)
  sendEmailCode(@Query() query: unknown) {
    return this.rpc.call(identity.IDENTITY_RPC.sendEmailVerificationCode, parseFields(identity.SendEmailVerificationCodeRequest, query));
  }

  @Post('verifyEmailVerificationCode')
  @HttpCode(200)
  @ApiOperation({ summary: 'Change email: the code; changes the email and ends every session (the web logs out)' })
  @ApiFields(identity.VerifyEmailVerificationCodeRequest)
  @ApiReply(identity.IDENTITY_RPC.verifyEmailVerificationCode)
  verifyEmailCode(@Body() body: unknown) {
    return this.rpc.call(identity.IDENTITY_RPC.verifyEmailVerificationCode, parseFields(identity.VerifyEmailVerificationCodeRequest, bodyOf(body)),
    );
  }

  @Get('sendPasswordVerificationCode')
  @ApiOperation({ summary: 'Change password: sends a code to the account email' })
  @ApiQueryFields(identity.SendPasswordVerificationCodeRequest)
  @ApiReply(identity.IDENTITY_RPC.sendPasswordVerificationCode)
  sendPasswordCode(@Query() query: unknown) {
    return this.rpc.call(identity.IDENTITY_RPC.sendPasswordVerificationCode, parseFields(identity.SendPasswordVerificationCodeRequest, query),
    );
  }

  @Post('verifyPasswordVerificationCode')
  @HttpCode(200)
  @ApiOperation({ summary: 'Change password: code, new password and confirmation; ends every session (the web logs out)' })
  @ApiFields(identity.VerifyPasswordVerificationCodeRequest)
  @ApiReply(identity.IDENTITY_RPC.verifyPasswordVerificationCode)
  verifyPasswordCode(@Body() body: unknown) {
    return this.rpc.call(identity.IDENTITY_RPC.verifyPasswordVerificationCode, parseFields(identity.VerifyPasswordVerificationCodeRequest, bodyOf(body)),
    );
  }

  @Get('send2FAVerificationCode')
  @ApiOperation({ summary: 'Change mobile: sends a code by SMS to the NEW mobile (US or Pakistan); failures carry msg too' })
  @ApiQueryFields(identity.SendMobileVerificationCodeRequest)
  @ApiReply(identity.IDENTITY_RPC.sendMobileVerificationCode)
  sendMobileCode(@Query() query: unknown, @Res({ passthrough: true }) res: Response) {
    return withFailureFields(
      res,
      (e) => ({ msg: e.message }),
      () =>
        this.rpc.call(identity.IDENTITY_RPC.sendMobileVerificationCode, parseFields(identity.SendMobileVerificationCodeRequest, query),
        ),
    );
  }

  @Post('verifyMobileVerificationCode')
  @HttpCode(200)
  @ApiOperation({ summary: 'Change mobile: the code; changes the mobile and ends every session (the web logs out)' })
  @ApiFields(identity.VerifyMobileVerificationCodeRequest)
  @ApiReply(identity.IDENTITY_RPC.verifyMobileVerificationCode)
  verifyMobileCode(@Body() body: unknown) {
    return this.rpc.call(identity.IDENTITY_RPC.verifyMobileVerificationCode, parseFields(identity.VerifyMobileVerificationCodeRequest, bodyOf(body)),
    );
  }
}
