import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { AccountLookup } from '../accounts/account-lookup';
import { Deliveries } from '../delivery/deliveries';
import { maskEmail, messages } from '../delivery/messages';
import { assertOwnEmail, requireActor } from '../sessions/actor';
import { SendPasswordVerificationCodeCommand } from './send-password-verification-code.command';
import { VerificationCodes } from './verification-codes';

/** Change password: the code goes to the account email (confirmed by VerifyPasswordVerificationCodeHandler). */
@CommandHandler(SendPasswordVerificationCodeCommand)
export class SendPasswordVerificationCodeHandler implements ICommandHandler<SendPasswordVerificationCodeCommand, identity.SuccessReply> {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly codes: VerificationCodes,
    private readonly deliveries: Deliveries,
  ) {}

  async execute({ input: req }: SendPasswordVerificationCodeCommand): Promise<identity.SuccessReply> {
    const actor = requireActor();
    const account = await this.lookup.requireById(actor.userId);
    assertOwnEmail(account, req.email);
    await this.codes.issue({
      accountId: account.id,
      purpose: 'password-change',
      target: account.email,
      channel: 'email',
      sentTo: maskEmail(account.email),
      sessionId: actor.sessionId,
      deliver: (code) => this.deliveries.email(messages.passwordChangeCode(account.email, code)),
    });
    return { success: true };
  }
}
