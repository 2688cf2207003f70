import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { AccountLookup } from '../accounts/account-lookup';
import { AccountRequestReads } from '../account-requests/account-request.reads';
import { requireMasterAdmin } from '../account-requests/master-admin';
import { PendingAccountRequestsQuery } from './pending-account-requests.query';

@QueryHandler(PendingAccountRequestsQuery)
export class PendingAccountRequestsHandler implements IQueryHandler<PendingAccountRequestsQuery, identity.PendingAccountRequestsReply> {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly reads: AccountRequestReads,
  ) {}

  async execute(): Promise<identity.PendingAccountRequestsReply> {
    await requireMasterAdmin(this.lookup);
    return { success: true, requests: await this.reads.pending() };
  }
}
