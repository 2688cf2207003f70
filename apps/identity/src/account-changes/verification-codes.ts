import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EventPipeline, Unauthorized } from '@app/nest-kit';
import { MESSAGES } from '@app/validation';
import { AccountRepository, type AccountDecision } from '../accounts/account.repository';
import { OneTimeSecrets, generateCode, hashSecret, verifySecret } from '../credentials/one-time-secrets';
import { ACCOUNT_POLICY, decideAccount } from '../domain/account.aggregate';
import type { AccountEvent, CodeChannel, VerificationPurpose } from '../domain/account.events';
import { SessionRevocations } from '../sessions/session-revocations';
import { Throttles } from '../throttling/throttles';

/**
 * The verification codes of the account dialogs (change email, password, mobile): issued to
 * the right address, stored hashed, single use, 10 minutes, five wrong tries, bound to the
 * session that asked. A confirmed code changes the credential and revokes every session.
 */
@Injectable()
export class VerificationCodes {
  constructor(
    private readonly repo: AccountRepository,
    private readonly secrets: OneTimeSecrets,
    private readonly throttles: Throttles,
    private readonly pipeline: EventPipeline,
    private readonly revocations: SessionRevocations,
  ) {}

  async issue(opts: {
    accountId: string;
    purpose: VerificationPurpose;
    target: string;
    channel: CodeChannel;
    sentTo: string;
    sessionId: string;
    deliver: (code: string) => Promise<void>;
  }): Promise<void> {
    await this.throttles.send(opts.accountId);
    const code = generateCode();
    const secretHash = await hashSecret(code);
    const codeId = randomUUID();
    await this.repo.execute(opts.accountId, (state) => {
      const now = new Date();
      return {
        events: decideAccount(
          {
            type: 'IssueVerificationCode',
            data: { purpose: opts.purpose, codeId, target: opts.target, channel: opts.channel, sentTo: opts.sentTo, sessionId: opts.sessionId, now },
          },
          state,
        ),
        secret: {
          put: {
            id: codeId,
            accountId: opts.accountId,
            purpose: opts.purpose,
            secretHash,
            expiresAt: new Date(now.getTime() + ACCOUNT_POLICY.verificationCodeTtlMs),
          },
        },
      };
    });
    await opts.deliver(code);
  }

  /**
   * Checks the code and, when right, applies the change. `onConfirmed` adds what commits with
   * the change event (reservations, password hash). Wrong: 401 'Invalid Code'.
   */
  async confirm(opts: {
    accountId: string;
    purpose: VerificationPurpose;
    target: string;
    code: string;
    sessionId: string;
    onConfirmed?: (events: AccountEvent[]) => Omit<AccountDecision, 'events'>;
  }): Promise<AccountEvent[]> {
    await this.throttles.attempt();
    await this.throttles.assertCodeCheckAllowed(opts.accountId, MESSAGES.invalidCode);
    const secret = await this.secrets.findFor(opts.accountId, opts.purpose);
    const codeMatches = secret ? await verifySecret(secret.secretHash, opts.code) : false;
    const lockSeconds = codeMatches ? 0 : await this.throttles.codeFailed(opts.accountId);
    const outcome = await this.repo.execute(opts.accountId, (state) => {
      const events = decideAccount(
        {
          type: 'ConfirmVerificationCode',
          data: { purpose: opts.purpose, codeId: secret?.id ?? null, target: opts.target, codeMatches, sessionId: opts.sessionId, now: new Date() },
        },
        state,
      );
      const confirmed = !events.some((e) => e.type === 'VerificationCodeRejected');
      const dead = events.some((e) => e.type === 'VerificationCodeRejected' && e.data.codeDead);
      return {
        events,
        ...(confirmed && opts.onConfirmed ? opts.onConfirmed(events) : {}),
        ...((confirmed || dead) && secret ? { secret: { remove: secret.id } } : {}),
      };
    });
    await this.pipeline.projected(outcome.globalPositions, { projections: ['accounts', 'sessions'] });
    this.revocations.publishFor(outcome.events);
    if (outcome.events.some((e) => e.type === 'VerificationCodeRejected')) {
      if (lockSeconds > 0) throw this.throttles.codeLocked(MESSAGES.invalidCode, lockSeconds);
      throw new Unauthorized(MESSAGES.invalidCode, 'invalid_code');
    }
    return outcome.events;
  }
}
