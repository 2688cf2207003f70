import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { MESSAGES } from '@app/validation';
import { AccountLookup } from '../accounts/account-lookup';
import { hashPassword } from '../credentials/password-hasher';
import { assertAcceptablePassword } from '../credentials/password-policy';
import { assertOwnEmail, requireActor } from '../sessions/actor';
import { VerificationCodes } from './verification-codes';
import { VerifyPasswordVerificationCodeCommand } from './verify-password-verification-code.command';

/** Change password confirmed: the new password is stored and every session is revoked. */
@CommandHandler(VerifyPasswordVerificationCodeCommand)
export class VerifyPasswordVerificationCodeHandler implements ICommandHandler<VerifyPasswordVerificationCodeCommand, identity.SuccessReply> {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly codes: VerificationCodes,
  ) {}

  async execute({ input: req }: VerifyPasswordVerificationCodeCommand): Promise<identity.SuccessReply> {
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
