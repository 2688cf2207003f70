import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { AccountLookup } from '../accounts/account-lookup';
import { requireMasterAdmin } from '../account-requests/master-admin';
import { AccountRequestWriter } from '../account-requests/account-request.writer';
import { Deliveries } from '../delivery/deliveries';
import { messages } from '../delivery/messages';
import { DeclineAccountRequestCommand } from './decline-account-request.command';

/** Declines a pending request (master admin only; 404 unknown, 409 decided) and tells the requester by email. */
@CommandHandler(DeclineAccountRequestCommand)
export class DeclineAccountRequestHandler implements ICommandHandler<DeclineAccountRequestCommand, identity.SuccessReply> {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly writer: AccountRequestWriter,
    private readonly deliveries: Deliveries,
  ) {}

  async execute({ input }: DeclineAccountRequestCommand): Promise<identity.SuccessReply> {
    const me = await requireMasterAdmin(this.lookup);
    const result = await this.writer.execute(input.requestId, { type: 'DeclineAccountRequest', data: { by: me.id, now: new Date() } });
    await this.writer.projected(result);
    if (result.state.status !== 'none') await this.deliveries.email(messages.accountRequestDeclined(result.state.email));
    return { success: true };
  }
}
