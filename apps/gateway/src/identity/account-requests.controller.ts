import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { directory, identity } from '@app/contracts';
import { Conflict, parseFields } from '@app/nest-kit';
import { Public } from '../auth/public.decorator';
import { RpcClient } from '../rpc/rpc-client.service';
import { ApiFields, ApiQueryFields, ERROR_BODY } from './openapi';
import { bodyOf } from './responses';

const SUCCESS = { type: 'object', properties: { success: { type: 'boolean' } } };
const REQUEST_SCHEMA = {
  type: 'object',
  properties: Object.fromEntries(
    ['requestId', 'name', 'email', 'mobile', 'npi', 'practice', 'status', 'requestedAt', 'decidedAt', 'userId', 'suggestedUserName'].map((k) => [k, { type: 'string' }]),
  ),
};

/**
 * 'Request an account' (issue #26): the public request, and the master admin's review. Approving
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
  @ApiResponse({ status: 202, description: 'Sent to the administrator for review', schema: { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' } } } })
  @ApiResponse({ status: 400, description: 'The field at fault: name, email, mobile, npi or practice', schema: ERROR_BODY })
  @ApiResponse({ status: 429, description: 'Too many requests from this network; see Retry-After', schema: ERROR_BODY })
  requestAccount(@Body() body: unknown) {
    const req = parseFields(identity.RequestAccountRequest, bodyOf(body));
    return this.rpc.command<identity.RequestAccountReply>('identity', 'requestAccount', req);
  }

  @Get(['api/v1/users/accountRequest', 'api/users/accountRequest'])
  @ApiBearerAuth()
  @ApiOperation({ summary: "Master admin only: one account request with the requester's details" })
  @ApiQueryFields(identity.AccountRequestIdRequest)
  @ApiOkResponse({ schema: { type: 'object', properties: { success: { type: 'boolean' }, request: REQUEST_SCHEMA } } })
  @ApiResponse({ status: 403, description: 'Not the master admin', schema: ERROR_BODY })
  @ApiResponse({ status: 404, description: 'No such request', schema: ERROR_BODY })
  accountRequest(@Query() query: unknown) {
    return this.rpc.query<identity.AccountRequestReply>('identity', 'accountRequest', parseFields(identity.AccountRequestIdRequest, query));
  }

  @Get(['api/v1/users/accountRequests', 'api/users/accountRequests'])
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Master admin only: the account requests waiting for a decision, oldest first' })
  @ApiOkResponse({ schema: { type: 'object', properties: { success: { type: 'boolean' }, requests: { type: 'array', items: REQUEST_SCHEMA } } } })
  @ApiResponse({ status: 403, description: 'Not the master admin', schema: ERROR_BODY })
  pendingAccountRequests() {
    return this.rpc.query<identity.PendingAccountRequestsReply>('identity', 'pendingAccountRequests', {});
  }

  @Post(['api/v1/users/approveAccountRequest', 'api/users/approveAccountRequest'])
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Master admin only: creates the user as the admin add-user flow does (the temporary password emailed) with the user name given, else one derived from the email, and approves the request',
  })
  @ApiFields(identity.ApproveAccountRequestBody)
  @ApiOkResponse({ schema: { type: 'object', properties: { success: { type: 'boolean' }, userId: { type: 'string' }, userName: { type: 'string' } } } })
  @ApiResponse({ status: 403, description: 'Not the master admin', schema: ERROR_BODY })
  @ApiResponse({ status: 404, description: 'No such request', schema: ERROR_BODY })
  @ApiResponse({ status: 409, description: 'Already decided, or the email, mobile, user name or NPI is taken (field named)', schema: ERROR_BODY })
  async approveAccountRequest(@Body() body: unknown) {
    const b = parseFields(identity.ApproveAccountRequestBody, bodyOf(body));
    // Authorizes (401/403) and finds (404) the request before anything is created.
    const { request } = await this.rpc.query<identity.AccountRequestReply>('identity', 'accountRequest', { requestId: b.requestId });
    if (request.status !== 'pending') throw new Conflict(`This account request was already ${request.status}`);
    const chosen = b.userName?.trim() ? b.userName : request.suggestedUserName;
    const { userName } = parseFields(identity.AccountRequestUserName, { userName: chosen });
    const payload = directory.createPayloadFromAccountRequest(request, userName, `account-request:${request.requestId}:${userName.toLowerCase()}`);
    const created = await this.rpc.command<directory.CreateUserReply>('directory', directory.PROFILES_RPC.createUser, payload);
    return this.rpc.command<identity.ApproveAccountRequestReply>('identity', 'approveAccountRequest', {
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
  @ApiOkResponse({ schema: SUCCESS })
  @ApiResponse({ status: 403, description: 'Not the master admin', schema: ERROR_BODY })
  @ApiResponse({ status: 404, description: 'No such request', schema: ERROR_BODY })
  @ApiResponse({ status: 409, description: 'Already decided', schema: ERROR_BODY })
  declineAccountRequest(@Body() body: unknown) {
    return this.rpc.command<identity.SuccessReply>('identity', 'declineAccountRequest', parseFields(identity.AccountRequestIdRequest, bodyOf(body)));
  }
}
