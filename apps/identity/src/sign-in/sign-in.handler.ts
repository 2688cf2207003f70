import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { Unauthorized } from '@app/nest-kit';
import { MESSAGES } from '@app/validation';
import { AccountLookup } from '../accounts/account-lookup';
import { AccountRepository } from '../accounts/account.repository';
import { generateCode, generateToken, hashSecret } from '../credentials/one-time-secrets';
import { dummyPasswordHash, verifyPassword } from '../credentials/password-hasher';
import { Deliveries } from '../delivery/deliveries';
import { ACCOUNT_POLICY, decideAccount } from '../domain/account.aggregate';
import { AccountNotFound } from '../domain/account.errors';
import { Throttles } from '../throttling/throttles';
import { deliverSignInCode, signInCodeTarget } from './sign-in-code';
import { IdentifierHasher } from './identifier-hasher';
import { SignInFailures } from './sign-in-failures';
import { SignInCommand } from './sign-in.command';

/**
 * Step 1 of sign-in: email or user name and password. Right: a second-factor challenge is
 * opened and its code sent. Wrong or unknown: the same 401 after the same work (an argon2
 * check against a dummy hash), so nobody learns which accounts exist.
 */
@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand, identity.SignInReply> {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly repo: AccountRepository,
    private readonly throttles: Throttles,
    private readonly failures: SignInFailures,
    private readonly deliveries: Deliveries,
    private readonly identifiers: IdentifierHasher,
  ) {}

  async execute({ input: req }: SignInCommand): Promise<identity.SignInReply> {
    await this.throttles.attempt();
    const idHash = this.identifiers.hash(req.usernameOrEmail);
    const accountId = await this.lookup.idByIdentifier(req.usernameOrEmail);
    const keys = this.throttles.passwordKeys('signin', accountId ? { accountId } : { identifierHash: idHash });
    await this.throttles.assertPasswordCheckAllowed(keys);

    const hash = accountId ? await this.lookup.passwordHash(accountId) : undefined;
    const passwordOk = (await verifyPassword(hash ?? (await dummyPasswordHash()), req.password)) && !!hash;
    if (!accountId || !passwordOk) {
      const delay = await this.throttles.passwordFailed(keys);
      await this.failures.record({
        accountId: accountId ?? null,
        identifierHash: idHash,
        reason: accountId ? 'wrong-password' : 'unknown-account',
        throttled: delay > 0,
        retryAfterSeconds: delay > 0 ? delay : null,
        failedAt: new Date().toISOString(),
      });
      throw new Unauthorized(MESSAGES.incorrectLogin, 'invalid_credentials');
    }
    await this.throttles.passwordSucceeded(keys);
    await this.throttles.signInCode(accountId);

    const code = generateCode();
    const token = generateToken();
    const challengeId = randomUUID();
    const codeHash = await hashSecret(code);
    let target: ReturnType<typeof signInCodeTarget> | undefined;
    await this.repo.execute(accountId, (state) => {
      if (state.status !== 'active') throw new AccountNotFound();
      target = signInCodeTarget(state);
      const now = new Date();
      return {
        events: decideAccount({ type: 'IssueSignInCode', data: { challengeId, channel: target.channel, sentTo: target.sentTo, now } }, state),
        secret: {
          put: {
            id: challengeId,
            accountId,
            purpose: 'sign-in',
            token,
            secretHash: codeHash,
            expiresAt: new Date(now.getTime() + ACCOUNT_POLICY.signInCodeTtlMs),
          },
        },
      };
    });
    await deliverSignInCode(this.deliveries, target!, code);
    return { success: true, twoFactorAuthToken: token, usernameOrEmail: req.usernameOrEmail, phone: target!.phone };
  }
}
