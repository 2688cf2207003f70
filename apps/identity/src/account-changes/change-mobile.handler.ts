import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { identity } from '@app/contracts';
import { Conflict, Rpc, parseFields } from '@app/nest-kit';
import { MESSAGES, lastDigits } from '@app/validation';
import { AccountLookup } from '../accounts/account-lookup';
import { Deliveries } from '../delivery/deliveries';
import { maskPhone, messages } from '../delivery/messages';
import type { MobileChanged } from '../domain/account.events';
import { assertOwnEmail, requireActor } from '../sessions/actor';
import { VerificationCodes } from './verification-codes';

/**
 * Change mobile (the second factor): like change email, a reauthentication in this session
 * within 10 minutes; the code goes by text message to the NEW number (US or Pakistan, E.164).
 */
@Controller()
export class ChangeMobileHandler {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly codes: VerificationCodes,
    private readonly deliveries: Deliveries,
  ) {}

  @Rpc('identity', 'cmd', 'sendMobileVerificationCode')
  async send(@Payload() payload: unknown): Promise<identity.SendMobileVerificationCodeReply> {
    const req = parseFields(identity.SendMobileVerificationCodeRequest, payload);
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

  @Rpc('identity', 'cmd', 'verifyMobileVerificationCode')
  async verify(@Payload() payload: unknown): Promise<identity.SuccessReply> {
    const req = parseFields(identity.VerifyMobileVerificationCodeRequest, payload);
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
