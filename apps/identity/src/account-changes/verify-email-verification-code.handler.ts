import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { MESSAGES } from '@app/validation';
import { AccountLookup } from '../accounts/account-lookup';
import { Deliveries } from '../delivery/deliveries';
import { messages } from '../delivery/messages';
import type { EmailChanged } from '../domain/account.events';
import { assertOwnEmail, requireActor } from '../sessions/actor';
import { VerificationCodes } from './verification-codes';
import { VerifyEmailVerificationCodeCommand } from './verify-email-verification-code.command';

/** Change email confirmed: success revokes every session (the web logs out) and tells the old address. */
@CommandHandler(VerifyEmailVerificationCodeCommand)
export class VerifyEmailVerificationCodeHandler implements ICommandHandler<VerifyEmailVerificationCodeCommand, identity.SuccessReply> {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly codes: VerificationCodes,
    private readonly deliveries: Deliveries,
  ) {}

  async execute({ input: req }: VerifyEmailVerificationCodeCommand): Promise<identity.SuccessReply> {
    const actor = requireActor();
    const account = await this.lookup.requireById(actor.userId);
    assertOwnEmail(account, req.email);
    const events = await this.codes.confirm({
      accountId: account.id,
      purpose: 'email-change',
      target: req.newEmail,
      code: req.code,
      sessionId: actor.sessionId,
      // The account's claims move the email; another account's is refused here on newEmail.
      onConfirmed: () => ({ taken: { email: { message: MESSAGES.accountEmailExists, field: 'newEmail' } } }),
    });
    const changed = events.find((e): e is EmailChanged => e.type === 'EmailChanged');
    if (changed) await this.deliveries.email(messages.emailChangedNotice(changed.data.previousEmail, changed.data.email)).catch(() => undefined);
    return { success: true };
  }
}
