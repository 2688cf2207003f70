import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { AccountLookup } from '../accounts/account-lookup';
import { AccountRequestReads } from '../account-requests/account-request.reads';
import { requireMasterAdmin } from '../account-requests/master-admin';
import { AccountRequestNotFound } from '../domain/account-request.errors';
import { AccountRequestQuery } from './account-request.query';

@QueryHandler(AccountRequestQuery)
export class AccountRequestHandler implements IQueryHandler<AccountRequestQuery, identity.AccountRequestReply> {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly reads: AccountRequestReads,
  ) {}

  async execute({ input }: AccountRequestQuery): Promise<identity.AccountRequestReply> {
    await requireMasterAdmin(this.lookup);
    const request = await this.reads.byId(input.requestId);
    if (!request) throw new AccountRequestNotFound();
    return { success: true, request };
  }
}
