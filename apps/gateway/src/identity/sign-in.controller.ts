import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { identity } from '@app/contracts';
import { parseFields } from '@app/nest-kit';
import { Public } from '../auth/public.decorator';
import { TokenService } from '../auth/token.service';
import { RpcClient } from '../rpc/rpc-client.service';
import { ApiFields, ApiReply, ERROR_BODY, jsonSchemaOf } from './openapi';
import { bodyOf, withFailureFields } from './responses';
import { SignedInUserComposer, claimsOf } from './signed-in-user.service';

const USER_SCHEMA = { ...jsonSchemaOf(identity.SignedInUserSchema, 'output'), description: 'The signed-in user (spec §3)' };

/**
 * Sign-in with the second factor, the signed-in check and logout (spec §4, §7). Identity decides;
 * the gateway signs the session token (JWT, expiring with the session) after a verified code.
 */
@ApiTags('sign-in')
@Controller('api/v1/users')
export class SignInController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly tokens: TokenService,
    private readonly users: SignedInUserComposer,
  ) {}

  @Public()
  @Post('signIn')
  @HttpCode(200)
  @ApiOperation({ summary: 'Step 1: email or user name and password; sends a 6-digit code by SMS (by email to accounts without a mobile)' })
  @ApiFields(identity.SignInRequest)
  @ApiReply(identity.IDENTITY_RPC.signIn)
  @ApiResponse({ status: 401, description: "'Incorrect Log In Credentials' (unknown user and wrong password alike)", schema: ERROR_BODY })
  @ApiResponse({ status: 429, description: 'Too many attempts; see Retry-After', schema: ERROR_BODY })
  signIn(@Body() body: unknown) {
    const req = parseFields(identity.SignInRequest, bodyOf(body));
    return this.rpc.call(identity.IDENTITY_RPC.signIn, req);
  }

  @Public()
  @Post('verify2FaForLogin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Step 2: the code; answers the session token and the user. Five wrong codes end the challenge.' })
  @ApiFields(identity.VerifySignInCodeRequest)
  @ApiOkResponse({
    schema: { type: 'object', properties: { success: { type: 'boolean' }, isSignedIn: { type: 'boolean' }, token: { type: 'string' }, usr: USER_SCHEMA } },
  })
  @ApiResponse({ status: 401, description: "'Incorrect Code' (isSignedIn false)", schema: ERROR_BODY })
  async verify(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    return withFailureFields(
      res,
      () => ({ isSignedIn: false }),
      async (): Promise<identity.Verify2FaForLoginResponse> => {
        const req = parseFields(identity.VerifySignInCodeRequest, bodyOf(body));
        const session = await this.rpc.call(identity.IDENTITY_RPC.verifySignInCode, req);
        const seconds = Math.max(1, Math.floor((Date.parse(session.expiresAt) - Date.now()) / 1000));
        const token = this.tokens.sign(claimsOf(session), `${seconds}s`);
        return { success: true, isSignedIn: true, token, usr: await this.users.compose(session.user) };
      },
    );
  }

  @Public()
  @Post('resend2FaCode')
  @HttpCode(200)
  @ApiOperation({ summary: "'Send new code': at most once per 30 s and 5 times per sign-in" })
  @ApiFields(identity.ResendSignInCodeRequest)
  @ApiReply(identity.IDENTITY_RPC.resendSignInCode)
  @ApiResponse({ status: 429, description: 'Too soon or too many; see Retry-After', schema: ERROR_BODY })
  resend(@Body() body: unknown) {
    const req = parseFields(identity.ResendSignInCodeRequest, bodyOf(body));
    return this.rpc.call(identity.IDENTITY_RPC.resendSignInCode, req);
  }

  @Post('isSignedIn')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Restores a live session: the signed-in user (401 when the session ended)' })
  @ApiOkResponse({ schema: { type: 'object', properties: { success: { type: 'boolean' }, isSignedIn: { type: 'boolean' }, usr: USER_SCHEMA } } })
  async isSignedIn(): Promise<identity.IsSignedInResponse> {
    const user = await this.rpc.call(identity.IDENTITY_RPC.signedInUser, {});
    return { success: true, isSignedIn: true, usr: await this.users.compose(user) };
  }

  @Post('logout')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Ends this session on the server: its token answers 401 from now on' })
  @ApiReply(identity.IDENTITY_RPC.logout)
  logout() {
    return this.rpc.call(identity.IDENTITY_RPC.logout, {});
  }
}
