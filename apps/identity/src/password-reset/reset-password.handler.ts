import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { EventPipeline, Unauthorized } from '@app/nest-kit';
import { MESSAGES } from '@app/validation';
import { AccountLookup } from '../accounts/account-lookup';
import { AccountRepository } from '../accounts/account.repository';
import { OneTimeSecrets, verifySecret } from '../credentials/one-time-secrets';
import { dummyPasswordHash, hashPassword } from '../credentials/password-hasher';
import { assertAcceptablePassword } from '../credentials/password-policy';
import { decideAccount } from '../domain/account.aggregate';
import { SessionRevocations } from '../sessions/session-revocations';
import { Throttles } from '../throttling/throttles';
import { ResetPasswordCommand } from './reset-password.command';

export const INVALID_TEMPORARY_PASSWORD = 'Invalid temporary password';

/**
 * Reset step 2: email, temporary password, new password and confirmation. The temporary
 * password works once; five wrong tries end it. Every session of the account is revoked.
 */
@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand, identity.SuccessReply> {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly repo: AccountRepository,
    private readonly secrets: OneTimeSecrets,
    private readonly throttles: Throttles,
    private readonly pipeline: EventPipeline,
    private readonly revocations: SessionRevocations,
  ) {}

  async execute({ input: req }: ResetPasswordCommand): Promise<identity.SuccessReply> {
    assertAcceptablePassword(req.newPassword, 'newPassword', MESSAGES.invalidPasswordReset);
    await this.throttles.attempt();
    const accountId = await this.lookup.idBy('email', req.email);
    if (accountId) await this.throttles.assertCodeCheckAllowed(accountId, INVALID_TEMPORARY_PASSWORD);
    const secret = accountId ? await this.secrets.findFor(accountId, 'temporary-password') : undefined;
    const matches = (await verifySecret(secret?.secretHash ?? (await dummyPasswordHash()), req.tempPassword)) && !!secret;
    if (!accountId) throw new Unauthorized(INVALID_TEMPORARY_PASSWORD, 'invalid_credentials');
    const lockSeconds = matches ? 0 : await this.throttles.codeFailed(accountId);

    const newHash = matches ? await hashPassword(req.newPassword) : undefined;
    const outcome = await this.repo.execute(accountId, (state) => {
      const events = decideAccount(
        { type: 'ResetPassword', data: { temporaryPasswordId: secret?.id ?? null, temporaryPasswordMatches: matches, now: new Date() } },
        state,
      );
      const done = events.some((e) => e.type === 'PasswordReset');
      const dead = events.some((e) => e.type === 'PasswordResetFailed' && e.data.temporaryPasswordDead);
      return {
        events,
        passwordHash: done && newHash ? { accountId, hash: newHash } : undefined,
        ...((done || dead) && secret ? { secret: { remove: secret.id } } : {}),
      };
    });
    await this.pipeline.projected(outcome.globalPositions, { projections: ['sessions'] });
    this.revocations.publishFor(outcome.events);
    if (!outcome.events.some((e) => e.type === 'PasswordReset')) {
      if (lockSeconds > 0) throw this.throttles.codeLocked(INVALID_TEMPORARY_PASSWORD, lockSeconds);
      throw new Unauthorized(INVALID_TEMPORARY_PASSWORD, 'invalid_credentials');
    }
    return { success: true };
  }
}
