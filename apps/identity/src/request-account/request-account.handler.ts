import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { identity } from '@app/contracts';
import { AccountLookup } from '../accounts/account-lookup';
import { AccountRequestReads } from '../account-requests/account-request.reads';
import { AccountRequestWriter, PendingRequestExists } from '../account-requests/account-request.writer';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { Deliveries } from '../delivery/deliveries';
import { messages } from '../delivery/messages';
import { Throttles } from '../throttling/throttles';
import { RequestAccountCommand } from './request-account.command';

/**
 * Records a request for an account and tells the requester by email. Rate-limited per client
 * IP. The answer is the same whatever the email or mobile: when the email already belongs to an
 * account, no request is made and the email's owner (only they) is told to sign in or reset the
 * password; a mobile that belongs to an account is not revealed, not even by email (the request
 * is recorded, and its approval answers 409 naming the mobile); a second request while one from
 * the same email is pending changes nothing. Nothing here logs the contact data.
 */
@CommandHandler(RequestAccountCommand)
export class RequestAccountHandler implements ICommandHandler<RequestAccountCommand, identity.RequestAccountReply> {
  constructor(
    private readonly throttles: Throttles,
    private readonly lookup: AccountLookup,
    private readonly reads: AccountRequestReads,
    private readonly writer: AccountRequestWriter,
    private readonly deliveries: Deliveries,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async execute({ input }: RequestAccountCommand): Promise<identity.RequestAccountReply> {
    await this.throttles.accountRequest();
    const reply: identity.RequestAccountReply = { success: true, message: identity.ACCOUNT_REQUEST_RECEIVED };
    const email = input.email.toLowerCase();
    if (await this.lookup.idBy('email', email)) {
      const resetUrl = `${this.config.APP_URL.replace(/\/+$/, '')}/?setPassword=${encodeURIComponent(email)}`;
      await this.deliveries.email(messages.accountRequestExisting(email, resetUrl));
      return reply;
    }
    if (await this.reads.pendingFor(email)) return reply;
    const requestId = randomUUID();
    const notify = await this.reads.masterAdminIds();
    try {
      const result = await this.writer.execute(requestId, {
        type: 'RequestAccount',
        data: { requestId, name: input.name, email, mobile: input.mobile, npi: input.npi, practice: input.practice, notify, now: new Date() },
      });
      await this.writer.projected(result);
    } catch (err) {
      // The same email asked at the same moment: that request stands, this one is the same answer.
      if (err instanceof PendingRequestExists) return reply;
      throw err;
    }
    await this.deliveries.email(messages.accountRequestReceived(email));
    return reply;
  }
}
