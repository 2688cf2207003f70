import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { Conflict } from '@app/nest-kit';
import { MESSAGES, lastDigits } from '@app/validation';
import { AccountLookup } from '../accounts/account-lookup';
import { Deliveries } from '../delivery/deliveries';
import { maskPhone, messages } from '../delivery/messages';
import { assertOwnEmail, requireActor } from '../sessions/actor';
import { SendMobileVerificationCodeCommand } from './send-mobile-verification-code.command';
import { VerificationCodes } from './verification-codes';

/**
 * Change mobile (the second factor): like change email, a reauthentication in this session
 * within 10 minutes; the code goes by text message to the NEW number (US or Pakistan, E.164).
 */
@CommandHandler(SendMobileVerificationCodeCommand)
export class SendMobileVerificationCodeHandler
  implements ICommandHandler<SendMobileVerificationCodeCommand, identity.SendMobileVerificationCodeReply>
{
  constructor(
    private readonly lookup: AccountLookup,
    private readonly codes: VerificationCodes,
    private readonly deliveries: Deliveries,
  ) {}

  async execute({ input: req }: SendMobileVerificationCodeCommand): Promise<identity.SendMobileVerificationCodeReply> {
    const actor = requireActor();
    const account = await this.lookup.requireById(actor.userId);
    assertOwnEmail(account, req.email);
    if (await this.lookup.idBy('mobile', req.mobile)) throw new Conflict(MESSAGES.accountMobileExists, 'mobile');
    await this.codes.issue({
      accountId: account.id,
      purpose: 'mobile-change',
      target: req.mobile,
      channel: 'sms',
      sentTo: maskPhone(req.mobile),
      sessionId: actor.sessionId,
      deliver: (code) => this.deliveries.text(req.mobile, messages.mobileChangeCodeSms(code)),
    });
    return { success: true, msg: `Verification code sent to mobile # ending in ${lastDigits(req.mobile)}` };
  }
}
