import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { identity } from '@app/contracts';
import { Rpc, parseFields } from '@app/nest-kit';
import { MESSAGES } from '@app/validation';
import { AccountLookup } from '../accounts/account-lookup';
import { hashPassword } from '../credentials/password-hasher';
import { assertAcceptablePassword } from '../credentials/password-policy';
import { Deliveries } from '../delivery/deliveries';
import { maskEmail, messages } from '../delivery/messages';
import { assertOwnEmail, requireActor } from '../sessions/actor';
import { VerificationCodes } from './verification-codes';

/** Change password: the code goes to the account email; success revokes every session. */
@Controller()
export class ChangePasswordHandler {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly codes: VerificationCodes,
    private readonly deliveries: Deliveries,
  ) {}

  @Rpc('identity', 'cmd', 'sendPasswordVerificationCode')
  async send(@Payload() payload: unknown): Promise<identity.SuccessReply> {
    const req = parseFields(identity.SendPasswordVerificationCodeRequest, payload);
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

  @Rpc('identity', 'cmd', 'verifyPasswordVerificationCode')
  async verify(@Payload() payload: unknown): Promise<identity.SuccessReply> {
    const req = parseFields(identity.VerifyPasswordVerificationCodeRequest, payload);
    assertAcceptablePassword(req.newPassword, 'newPassword', MESSAGES.invalidPassword);
    const actor = requireActor();
    const account = await this.lookup.requireById(actor.userId);
    assertOwnEmail(account, req.email);
    const hash = await hashPassword(req.newPassword);
    await this.codes.confirm({
      accountId: account.id,
      purpose: 'password-change',
      target: account.email,
      code: req.code,
      sessionId: actor.sessionId,
      onConfirmed: () => ({ passwordHash: { accountId: account.id, hash } }),
    });
    return { success: true };
  }
}
