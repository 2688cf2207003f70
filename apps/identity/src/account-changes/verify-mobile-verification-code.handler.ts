import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { MESSAGES } from '@app/validation';
import { AccountLookup } from '../accounts/account-lookup';
import { assertOwnEmail, requireActor } from '../sessions/actor';
import { VerificationCodes } from './verification-codes';
import { VerifyMobileVerificationCodeCommand } from './verify-mobile-verification-code.command';

/** Change mobile confirmed: the new number becomes the second factor. */
@CommandHandler(VerifyMobileVerificationCodeCommand)
export class VerifyMobileVerificationCodeHandler implements ICommandHandler<VerifyMobileVerificationCodeCommand, identity.SuccessReply> {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly codes: VerificationCodes,
  ) {}

  async execute({ input: req }: VerifyMobileVerificationCodeCommand): Promise<identity.SuccessReply> {
    const actor = requireActor();
    const account = await this.lookup.requireById(actor.userId);
    assertOwnEmail(account, req.email);
    await this.codes.confirm({
      accountId: account.id,
      purpose: 'mobile-change',
      target: req.mobile,
      code: req.code,
      sessionId: actor.sessionId,
      // The account's claims move the mobile; another account's is refused here.
      onConfirmed: () => ({ taken: { mobile: { message: MESSAGES.accountMobileExists, field: 'mobile' } } }),
    });
    return { success: true };
  }
}
