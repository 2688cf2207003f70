import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { Conflict } from '@app/nest-kit';
import { MESSAGES } from '@app/validation';
import { AccountLookup } from '../accounts/account-lookup';
import { Deliveries } from '../delivery/deliveries';
import { maskEmail, messages } from '../delivery/messages';
import { assertOwnEmail, requireActor } from '../sessions/actor';
import { SendEmailVerificationCodeCommand } from './send-email-verification-code.command';
import { VerificationCodes } from './verification-codes';

/**
 * Change email: needs a reauthentication in this session within 10 minutes; the code goes to
 * the NEW address (confirmed by VerifyEmailVerificationCodeHandler).
 */
@CommandHandler(SendEmailVerificationCodeCommand)
export class SendEmailVerificationCodeHandler implements ICommandHandler<SendEmailVerificationCodeCommand, identity.SuccessReply> {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly codes: VerificationCodes,
    private readonly deliveries: Deliveries,
  ) {}

  async execute({ input: req }: SendEmailVerificationCodeCommand): Promise<identity.SuccessReply> {
    const actor = requireActor();
    const account = await this.lookup.requireById(actor.userId);
    assertOwnEmail(account, req.email);
    if (await this.lookup.idBy('email', req.newEmail)) throw new Conflict(MESSAGES.accountEmailExists, 'newEmail');
    await this.codes.issue({
      accountId: account.id,
      purpose: 'email-change',
      target: req.newEmail,
      channel: 'email',
      sentTo: maskEmail(req.newEmail),
      sessionId: actor.sessionId,
      deliver: (code) => this.deliveries.email(messages.emailChangeCode(req.newEmail, code)),
    });
    return { success: true };
  }
}
