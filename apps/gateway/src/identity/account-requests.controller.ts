import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { directory, identity } from '@app/contracts';
import { Conflict, parseFields } from '@app/nest-kit';
import { Public } from '../auth/public.decorator';
import { RpcClient } from '../rpc/rpc-client.service';
import { ApiFields, ApiQueryFields, ApiReply, ERROR_BODY, jsonSchemaOf } from './openapi';
import { bodyOf } from './responses';

/**
 * 'Request an account': the public request, and the master admin's review. Approving
 * runs the admin add-user flow (directory.cmd.createUser: the account, its profile and the
 * emailed temporary password, retry-safe by a key of the request and user name), then records
 * the approval in identity.
 */
@ApiTags('account requests')
@Controller()
export class AccountRequestsController {
  constructor(private readonly rpc: RpcClient) {}

  @Public()
  @Post(['api/v1/users/requestAccount', 'api/users/requestAccount'])
  @HttpCode(202)
  @ApiOperation({
    summary:
      "'Request an account' (signed out): name, email, US mobile, NPI (optional), practice. The same 202 and message whether or not the email or mobile has an account; limited per client IP",
  })
  @ApiFields(identity.RequestAccountRequest)
  @ApiResponse({ status: 202, description: 'Sent to the administrator for review', schema: jsonSchemaOf(identity.IDENTITY_RPC.requestAccount.reply, 'output') as never })
  @ApiResponse({ status: 400, description: 'The field at fault: name, email, mobile, npi or practice', schema: ERROR_BODY })
  @ApiResponse({ status: 429, description: 'Too many requests from this network; see Retry-After', schema: ERROR_BODY })
  requestAccount(@Body() body: unknown) {
    const req = parseFields(identity.RequestAccountRequest, bodyOf(body));
    return this.rpc.call(identity.IDENTITY_RPC.requestAccount, req);
  }

  @Get(['api/v1/users/accountRequest', 'api/users/accountRequest'])
  @ApiBearerAuth()
  @ApiOperation({ summary: "Master admin only: one account request with the requester's details" })
  @ApiQueryFields(identity.AccountRequestIdRequest)
  @ApiReply(identity.IDENTITY_RPC.accountRequest)
  @ApiResponse({ status: 403, description: 'Not the master admin', schema: ERROR_BODY })
  @ApiResponse({ status: 404, description: 'No such request', schema: ERROR_BODY })
  accountRequest(@Query() query: unknown) {
    return this.rpc.call(identity.IDENTITY_RPC.accountRequest, parseFields(identity.AccountRequestIdRequest, query));
  }

  @Get(['api/v1/users/accountRequests', 'api/users/accountRequests'])
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Master admin only: the account requests waiting for a decision, oldest first' })
  @ApiReply(identity.IDENTITY_RPC.pendingAccountRequests)
  @ApiResponse({ status: 403, description: 'Not the master admin', schema: ERROR_BODY })
  pendingAccountRequests() {
    return this.rpc.call(identity.IDENTITY_RPC.pendingAccountRequests, {});
  }

  @Post(['api/v1/users/approveAccountRequest', 'api/users/approveAccountRequest'])
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Master admin only: creates the user as the admin add-user flow does (the temporary password emailed) with the user name given, else one derived from the email, and approves the request',
  })
  @ApiFields(identity.ApproveAccountRequestBody)
  @ApiReply(identity.IDENTITY_RPC.approveAccountRequest)
  @ApiResponse({ status: 403, description: 'Not the master admin', schema: ERROR_BODY })
  @ApiResponse({ status: 404, description: 'No such request', schema: ERROR_BODY })
  @ApiResponse({ status: 409, description: 'Already decided, or the email, mobile, user name or NPI is taken (field named)', schema: ERROR_BODY })
  async approveAccountRequest(@Body() body: unknown) {
    const b = parseFields(identity.ApproveAccountRequestBody, bodyOf(body));
    // Authorizes (401/403) and finds (404) the request before anything is created.
    const { request } = await this.rpc.call(identity.IDENTITY_RPC.accountRequest, { requestId: b.requestId });
    if (request.status !== 'pending') throw new Conflict(`This account request was already ${request.status}`);
    const chosen = b.userName?.trim() ? b.userName : request.suggestedUserName;
    const { userName } = parseFields(identity.AccountRequestUserName, { userName: chosen });
    const payload = directory.createPayloadFromAccountRequest(request, userName, `account-request:${request.requestId}:${userName.toLowerCase()}`);
    const created = await this.rpc.call(directory.PROFILES_RPC.createUser, payload);
    return this.rpc.call(identity.IDENTITY_RPC.approveAccountRequest, {
      requestId: request.requestId,
      accountId: created.user._id,
      userName: created.user.userName,
    });
  }

  @Post(['api/v1/users/declineAccountRequest', 'api/users/declineAccountRequest'])
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Master admin only: declines a pending request; the requester gets a short, neutral email' })
  @ApiFields(identity.AccountRequestIdRequest)
  @ApiReply(identity.IDENTITY_RPC.declineAccountRequest)
  @ApiResponse({ status: 403, description: 'Not the master admin', schema: ERROR_BODY })
  @ApiResponse({ status: 404, description: 'No such request', schema: ERROR_BODY })
  @ApiResponse({ status: 409, description: 'Already decided', schema: ERROR_BODY })
  declineAccountRequest(@Body() body: unknown) {
    return this.rpc.call(identity.IDENTITY_RPC.declineAccountRequest, parseFields(identity.AccountRequestIdRequest, bodyOf(body)));
  }
}
