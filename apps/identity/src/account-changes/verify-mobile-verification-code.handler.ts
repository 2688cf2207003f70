import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { MESSAGES } from '@app/validation';
import { AccountLookup } from '../accounts/account-lookup';
import type { MobileChanged } from '../domain/account.events';
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
      onConfirmed: (events) => {
        const changed = events.find((e): e is MobileChanged => e.type === 'MobileChanged')!;
        return {
          release: changed.data.previousMobile ? [{ kind: 'mobile', value: changed.data.previousMobile, accountId: account.id }] : [],
          reserve: [{ kind: 'mobile', value: changed.data.mobile, accountId: account.id, message: MESSAGES.accountMobileExists, field: 'mobile' }],
        };
      },
    });
    return { success: true };
  }
}
