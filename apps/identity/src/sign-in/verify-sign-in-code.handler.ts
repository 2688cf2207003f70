import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { EventPipeline, Unauthorized } from '@app/nest-kit';
import { MESSAGES } from '@app/validation';
import { AccountLookup, identifies, signedInUserFromState, toSignedInUser } from '../accounts/account-lookup';
import { AccountRepository } from '../accounts/account.repository';
import { IDENTITY_CONFIG, ttlToMs, type IdentityConfig } from '../config';
import { OneTimeSecrets, verifySecret } from '../credentials/one-time-secrets';
import { decideAccount } from '../domain/account.aggregate';
import { SignInChallengeClosed } from '../domain/account.errors';
import type { SignInSucceeded } from '../domain/account.events';
import { Throttles } from '../throttling/throttles';
import { VerifySignInCodeCommand } from './verify-sign-in-code.command';

/** How long a sign-in waits for its session to reach the read model before answering. */
const SESSION_PROJECTED_TIMEOUT_MS = 7_000; // under the gateway's RPC timeout (10 s)

/**
 * Step 2 of sign-in: the code. Right: a session is opened (the gateway signs the token).
 * Wrong: 401 'Incorrect Code'; after the fifth wrong code the challenge is dead and the
 * user signs in again. Codes are single use and valid 10 minutes. Too many wrong codes for
 * the account (all challenges): 429 'Incorrect Code. Try again in N minutes' with Retry-After;
 * a successful sign-in forgets the account's wrong codes.
 */
@CommandHandler(VerifySignInCodeCommand)
export class VerifySignInCodeHandler implements ICommandHandler<VerifySignInCodeCommand, identity.SessionOpenedReply> {
  constructor(
    private readonly lookup: AccountLookup,
    private readonly repo: AccountRepository,
    private readonly secrets: OneTimeSecrets,
    private readonly throttles: Throttles,
    private readonly pipeline: EventPipeline,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async execute({ input: req }: VerifySignInCodeCommand): Promise<identity.SessionOpenedReply> {
    await this.throttles.attempt();
    const secret = await this.secrets.findByToken('sign-in', req._2faToken);
    if (!secret) throw new SignInChallengeClosed();
    // The account from its own events, not from the read model: step 1 found it through the
    // identifier table and the aggregate, and a read model still catching up (a brand-new
    // account, a busy database) must not turn a right code into a 401.
    const { state } = await this.repo.load(secret.accountId);
    if (state.status !== 'active' || !identifies({ emailLower: state.email.toLowerCase(), userNameLower: state.userName.toLowerCase() }, req.email)) {
      throw new SignInChallengeClosed();
    }

    await this.throttles.assertCodeCheckAllowed(state.accountId, MESSAGES.incorrectCode);
    const codeMatches = await verifySecret(secret.secretHash, req._2faCode);
    const lockSeconds = codeMatches ? 0 : await this.throttles.codeFailed(state.accountId);
    const sessionId = randomUUID();
    const outcome = await this.repo.execute(secret.accountId, (state) => {
      const events = decideAccount(
        { type: 'VerifySignInCode', data: { challengeId: secret.id, codeMatches, sessionId, sessionTtlMs: ttlToMs(this.config.JWT_TTL), now: new Date() } },
        state,
      );
      const closes = events.some((e) => e.type === 'SignInSucceeded' || (e.type === 'SignInCodeRejected' && e.data.challengeDead));
      return { events, ...(closes ? { secret: { remove: secret.id } } : {}) };
    });
    // The token is checked against the sessions read model on the very next call: wait for it
    // longer than the default (a busy database can hold projections back for seconds).
    await this.pipeline.projected(outcome.globalPositions, { projections: ['accounts', 'sessions'], timeoutMs: SESSION_PROJECTED_TIMEOUT_MS });

    const succeeded = outcome.events.find((e): e is SignInSucceeded => e.type === 'SignInSucceeded');
    if (!succeeded) {
      if (lockSeconds > 0) throw this.throttles.codeLocked(MESSAGES.incorrectCode, lockSeconds);
      const rejected = outcome.events.find((e) => e.type === 'SignInCodeRejected');
      const dead = rejected?.type === 'SignInCodeRejected' && rejected.data.challengeDead;
      throw new Unauthorized(MESSAGES.incorrectCode, dead ? 'challenge_closed' : 'invalid_code');
    }
    await this.throttles.codeSucceeded(state.accountId);
    const fresh = await this.lookup.byId(secret.accountId);
    const user = fresh ? toSignedInUser(fresh) : signedInUserFromState(outcome.state.status === 'active' ? outcome.state : state);
    return { userId: state.accountId, sessionId, expiresAt: succeeded.data.expiresAt, user };
  }
}
