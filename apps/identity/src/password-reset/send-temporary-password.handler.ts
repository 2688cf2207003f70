import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { AccountLookup } from '../accounts/account-lookup';
import { AccountRepository } from '../accounts/account.repository';
import { generateTemporaryPassword, hashSecret } from '../credentials/one-time-secrets';
import { Deliveries } from '../delivery/deliveries';
import { maskEmail, messages } from '../delivery/messages';
import { ACCOUNT_POLICY, decideAccount } from '../domain/account.aggregate';
import { AccountNotFound } from '../domain/account.errors';
import { Throttles } from '../throttling/throttles';
import { SendTemporaryPasswordCommand } from './send-temporary-password.command';

/**
 * Reset step 1: a temporary password by email (random, stored hashed, single use, 15 minutes).
 * The spec shows 'Email not in system' for an unknown email, so that answer says so.
 */
@CommandHandler(SendTemporaryPasswordCommand)
export class SendTemporaryPasswordHandler implements ICommandHandler<SendTemporaryPasswordCommand, identity.SendTempPasswordReply> {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly repo: AccountRepository,
    private readonly throttles: Throttles,
    private readonly deliveries: Deliveries,
  ) {}

  async execute({ input: req }: SendTemporaryPasswordCommand): Promise<identity.SendTempPasswordReply> {
    await this.throttles.send(null);
    const accountId = await this.lookup.idBy('email', req.email);
    if (!accountId) return { success: false, isEmailInvalid: true };
    await this.throttles.accountSend(accountId);

    const temporaryPassword = generateTemporaryPassword();
    const secretHash = await hashSecret(temporaryPassword);
    const temporaryPasswordId = randomUUID();
    let email = '';
    await this.repo.execute(accountId, (state) => {
      if (state.status !== 'active') throw new AccountNotFound();
      email = state.email;
      const now = new Date();
      return {
        events: decideAccount({ type: 'IssueTemporaryPassword', data: { temporaryPasswordId, sentTo: maskEmail(state.email), now } }, state),
        secret: {
          put: {
            id: temporaryPasswordId,
            accountId,
            purpose: 'temporary-password',
            secretHash,
            expiresAt: new Date(now.getTime() + ACCOUNT_POLICY.temporaryPasswordTtlMs),
          },
        },
      };
    });
    await this.deliveries.email(messages.temporaryPassword(email, temporaryPassword));
    return { success: true, isEmailInvalid: false };
  }
}
