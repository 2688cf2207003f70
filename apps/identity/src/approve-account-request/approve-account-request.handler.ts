import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { Conflict } from '@app/nest-kit';
import { AccountLookup } from '../accounts/account-lookup';
import { requireMasterAdmin } from '../account-requests/master-admin';
import { AccountRequestWriter } from '../account-requests/account-request.writer';
import { AccountRequestNotFound } from '../domain/account-request.errors';
import { ApproveAccountRequestCommand } from './approve-account-request.command';

/**
 * Records the approval of a request (master admin only). The gateway runs the admin add-user
 * flow first (directory.cmd.createUser: account, profile, the emailed temporary password), then
 * this, with the account it created: that account must hold the request's email. A request
 * already decided is a 409 (approved again too: the gateway's check reads a read model that may
 * lag, this decides on the request's own stream). A retry after a failed approval finds the
 * account the first try created (createUser is idempotent per request) and approves then.
 */
@CommandHandler(ApproveAccountRequestCommand)
export class ApproveAccountRequestHandler implements ICommandHandler<ApproveAccountRequestCommand, identity.ApproveAccountRequestReply> {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly writer: AccountRequestWriter,
  ) {}

  async execute({ input }: ApproveAccountRequestCommand): Promise<identity.ApproveAccountRequestReply> {
    const me = await requireMasterAdmin(this.lookup);
    const state = await this.writer.load(input.requestId);
    if (state.status === 'none') throw new AccountRequestNotFound();
    if ((await this.lookup.idBy('email', state.email)) !== input.accountId) throw new Conflict('The account does not hold the email of this request', 'accountId');
    const result = await this.writer.execute(input.requestId, {
      type: 'ApproveAccountRequest',
      data: { accountId: input.accountId, userName: input.userName, by: me.id, now: new Date() },
    });
    await this.writer.projected(result);
    return { success: true, userId: input.accountId, userName: input.userName };
  }
}
