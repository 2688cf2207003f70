import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { identity } from '@app/contracts';
import { Conflict, Rpc, parseFields } from '@app/nest-kit';
import { MESSAGES } from '@app/validation';
import { AccountLookup } from '../accounts/account-lookup';
import { Deliveries } from '../delivery/deliveries';
import { maskEmail, messages } from '../delivery/messages';
import type { EmailChanged } from '../domain/account.events';
import { assertOwnEmail, requireActor } from '../sessions/actor';
import { VerificationCodes } from './verification-codes';

/**
 * Change email: needs a reauthentication in this session within 10 minutes; the code goes to
 * the NEW address; success revokes every session (the web logs out) and tells the old address.
 */
@Controller()
export class ChangeEmailHandler {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly codes: VerificationCodes,
    private readonly deliveries: Deliveries,
  ) {}

  @Rpc('identity', 'cmd', 'sendEmailVerificationCode')
  async send(@Payload() payload: unknown): Promise<identity.SuccessReply> {
    const req = parseFields(identity.SendEmailVerificationCodeRequest, payload);
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

  @Rpc('identity', 'cmd', 'verifyEmailVerificationCode')
  async verify(@Payload() payload: unknown): Promise<identity.SuccessReply> {
    const req = parseFields(identity.VerifyEmailVerificationCodeRequest, payload);
    const actor = requireActor();
    const account = await this.lookup.requireById(actor.userId);
    assertOwnEmail(account, req.email);
    const events = await this.codes.confirm({
      accountId: account.id,
      purpose: 'email-change',
      target: req.newEmail,
      code: req.code,
      sessionId: actor.sessionId,
      onConfirmed: (events) => {
        const changed = events.find((e): e is EmailChanged => e.type === 'EmailChanged')!;
        return {
          release: [{ kind: 'email', value: changed.data.previousEmail, accountId: account.id }],
          reserve: [{ kind: 'email', value: changed.data.email, accountId: account.id, message: MESSAGES.accountEmailExists, field: 'newEmail' }],
        };
      },
    });
    const changed = events.find((e): e is EmailChanged => e.type === 'EmailChanged');
    if (changed) await this.deliveries.email(messages.emailChangedNotice(changed.data.previousEmail, changed.data.email)).catch(() => undefined);
    return { success: true };
  }
}
