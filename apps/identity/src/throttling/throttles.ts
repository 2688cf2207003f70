import { Inject, Injectable } from '@nestjs/common';
import { currentContext } from '@app/nest-kit';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { RateLimiter, type FailurePolicy } from './rate-limiter';

/** The client IP the gateway saw (or 'unknown' for internal calls). */
export function clientIp(): string {
  return currentContext()?.request?.ip?.slice(0, 64) || 'unknown';
}

/**
 * The throttling policies of identity, with the numbers from the config (README: "Throttling").
 * Keys never hold a secret: identifiers are hashed.
 */
@Injectable()
export class Throttles {
  private readonly signInPolicy: FailurePolicy;
  private readonly accountPolicy: FailurePolicy;
  private readonly codePolicy: FailurePolicy;
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(IDENTITY_CONFIG) private readonly c: IdentityConfig,
  ) {
    this.signInPolicy = {
      threshold: c.THROTTLE_SIGNIN_FAILURES,
      baseDelaySeconds: c.THROTTLE_SIGNIN_DELAY_SECONDS,
      maxDelaySeconds: c.THROTTLE_SIGNIN_MAX_DELAY_SECONDS,
      memorySeconds: c.THROTTLE_FAILURE_MEMORY_SECONDS,
    };
    this.accountPolicy = {
      threshold: c.THROTTLE_ACCOUNT_FAILURES,
      baseDelaySeconds: c.THROTTLE_ACCOUNT_LOCK_SECONDS,
      maxDelaySeconds: c.THROTTLE_ACCOUNT_LOCK_SECONDS,
      memorySeconds: c.THROTTLE_FAILURE_MEMORY_SECONDS,
    };
    this.codePolicy = { ...this.accountPolicy, threshold: c.THROTTLE_ACCOUNT_CODE_FAILURES };
  }

  /** Any guess of a secret (password, code, temporary password) from this IP. */
  attempt(ip = clientIp()): Promise<void> {
    return this.limiter.hit(`ip-attempts:${ip}`, this.c.THROTTLE_IP_ATTEMPTS, this.c.THROTTLE_IP_ATTEMPTS_WINDOW_SECONDS);
  }

  /** Anything that sends a message (codes, temporary passwords): per IP, and per account when known. */
  async send(accountKey: string | null, ip = clientIp()): Promise<void> {
    await this.limiter.hit(`ip-sends:${ip}`, this.c.THROTTLE_IP_SENDS, this.c.THROTTLE_IP_SENDS_WINDOW_SECONDS, 'Too many messages requested: try again later');
    if (accountKey) await this.accountSend(accountKey);
  }

  /** The per-account part of `send` alone (when the IP was counted before the account was known). */
  accountSend(accountKey: string): Promise<void> {
    return this.limiter.hit(
      `account-sends:${accountKey}`,
      this.c.THROTTLE_ACCOUNT_SENDS,
      this.c.THROTTLE_ACCOUNT_SENDS_WINDOW_SECONDS,
      'Too many messages requested: try again later',
    );
  }

  /** Keys of one password check: the identifier (or account) with the IP, and the account alone. */
  passwordKeys(kind: 'signin' | 'reauth', subject: string, ip = clientIp()) {
    return { subjectIp: `${kind}:${subject}:${ip}`, subject: `${kind}-all:${subject}` };
  }

  /** 429 with Retry-After while a delay runs for these keys; the password is not even checked. */
  assertPasswordCheckAllowed(keys: { subjectIp: string; subject: string }): Promise<void> {
    return this.limiter.assertNotBlocked([keys.subjectIp, keys.subject]);
  }

  /** A wrong password: counts towards both delays; returns the delay it started (seconds, 0 = none). */
  async passwordFailed(keys: { subjectIp: string; subject: string }): Promise<number> {
    const [a, b] = await Promise.all([
      this.limiter.recordFailure(keys.subjectIp, this.signInPolicy),
      this.limiter.recordFailure(keys.subject, this.accountPolicy),
    ]);
    return Math.max(a.delaySeconds, b.delaySeconds);
  }

  /**
   * Wrong one-time codes and temporary passwords of an account, whatever the challenge or IP:
   * someone who has the password cannot try codes forever by opening new challenges.
   */
  assertCodeCheckAllowed(accountId: string): Promise<void> {
    return this.limiter.assertNotBlocked([`codes:${accountId}`], 'Too many wrong codes: try again later');
  }

  async codeFailed(accountId: string): Promise<void> {
    await this.limiter.recordFailure(`codes:${accountId}`, this.codePolicy);
  }

  /** The right password forgets this identifier's failures from this IP (not the account-wide count). */
  passwordSucceeded(keys: { subjectIp: string; subject: string }): Promise<void> {
    return this.limiter.clearFailures([keys.subjectIp]);
  }
}
