import { Inject, Injectable } from '@nestjs/common';
import { TooManyRequests, currentContext } from '@app/nest-kit';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { RateLimiter, type FailurePolicy } from './rate-limiter';
import { ThrottleLog, type ThrottledLimit, type ThrottledSubject } from './throttle-log';

/** The client IP the gateway saw (or 'unknown' for internal calls). */
export function clientIp(): string {
  return currentContext()?.request?.ip?.slice(0, 64) || 'unknown';
}

/** 'Incorrect Code' -> 'Incorrect Code. Try again in 15 minutes' (seconds below a minute). */
export function retryMessage(message: string, seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${message}. Try again in ${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  return `${message}. Try again in ${m} minute${m === 1 ? '' : 's'}`;
}

/** Keys of one password check, and whom they are about (for the security log). */
export type PasswordKeys = { subjectIp: string; subject: string; who: ThrottledSubject; ip: string };

const NO_ACCOUNT: ThrottledSubject = { accountId: null };

/**
 * The throttling policies of identity, with the numbers from the config (README: "Throttling").
 * Keys never hold a secret: identifiers are keyed hashes. Every refused attempt (429) is
 * counted in the throttle log, which writes one security-log entry per limit, subject, IP and
 * window.
 */
@Injectable()
export class Throttles {
  private readonly signInPolicy: FailurePolicy;
  private readonly accountPolicy: FailurePolicy;
  private readonly codePolicy: FailurePolicy;
  constructor(
    private readonly limiter: RateLimiter,
    private readonly log: ThrottleLog,
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

  /** Runs a check; a 429 it throws is counted in the throttle log before it reaches the caller. */
  private async logged(limit: ThrottledLimit, who: ThrottledSubject, ip: string, check: () => Promise<void>): Promise<void> {
    try {
      await check();
    } catch (e) {
      if (e instanceof TooManyRequests) await this.log.record(limit, who, ip);
      throw e;
    }
  }

  /** Any guess of a secret (password, code, temporary password) from this IP. */
  attempt(ip = clientIp()): Promise<void> {
    return this.logged('ip-attempts', NO_ACCOUNT, ip, () =>
      this.limiter.hit(`ip-attempts:${ip}`, this.c.THROTTLE_IP_ATTEMPTS, this.c.THROTTLE_IP_ATTEMPTS_WINDOW_SECONDS),
    );
  }

  /** 'Request an account' from this IP: THROTTLE_IP_ACCOUNT_REQUESTS per window, then 429 with Retry-After. */
  accountRequest(ip = clientIp()): Promise<void> {
    return this.logged('account-requests', NO_ACCOUNT, ip, () =>
      this.limiter.hit(`ip-account-requests:${ip}`, this.c.THROTTLE_IP_ACCOUNT_REQUESTS, this.c.THROTTLE_IP_ACCOUNT_REQUESTS_WINDOW_SECONDS, (s) =>
        retryMessage('Too many account requests from this network', s),
      ),
    );
  }

  /** Anything that sends a message (codes, temporary passwords): per IP, and per account when known. */
  async send(accountId: string | null, ip = clientIp()): Promise<void> {
    await this.logged('ip-sends', NO_ACCOUNT, ip, () =>
      this.limiter.hit(`ip-sends:${ip}`, this.c.THROTTLE_IP_SENDS, this.c.THROTTLE_IP_SENDS_WINDOW_SECONDS, 'Too many messages requested: try again later'),
    );
    if (accountId) await this.accountSend(accountId, ip);
  }

  /** The per-account part of `send` alone (when the IP was counted before the account was known). */
  accountSend(accountId: string, ip = clientIp()): Promise<void> {
    return this.logged('account-sends', { accountId }, ip, () =>
      this.limiter.hit(
        `account-sends:${accountId}`,
        this.c.THROTTLE_ACCOUNT_SENDS,
        this.c.THROTTLE_ACCOUNT_SENDS_WINDOW_SECONDS,
        'Too many messages requested: try again later',
      ),
    );
  }

  /**
   * A sign-in code about to be sent (the right password, or 'Send new code'): at most
   * THROTTLE_SIGNIN_CODES per account and THROTTLE_SIGNIN_CODES_WINDOW_SECONDS, so a known
   * password cannot be used to pump text messages. 429 with Retry-After.
   */
  signInCode(accountId: string, ip = clientIp()): Promise<void> {
    return this.logged('sign-in-codes', { accountId }, ip, () =>
      this.limiter.hit(`signin-codes:${accountId}`, this.c.THROTTLE_SIGNIN_CODES, this.c.THROTTLE_SIGNIN_CODES_WINDOW_SECONDS, (s) =>
        retryMessage('Too many sign-in codes sent', s),
      ),
    );
  }

  /** Keys of one password check: the account (or keyed identifier hash) with the IP, and the account alone. */
  passwordKeys(kind: 'signin' | 'reauth', who: { accountId: string } | { identifierHash: string }, ip = clientIp()): PasswordKeys {
    const subject = 'accountId' in who ? who.accountId : who.identifierHash;
    const throttled: ThrottledSubject = 'accountId' in who ? { accountId: who.accountId } : { accountId: null, identifierHash: who.identifierHash };
    return { subjectIp: `${kind}:${subject}:${ip}`, subject: `${kind}-all:${subject}`, who: throttled, ip };
  }

  /** 429 with Retry-After while a delay runs for these keys; the password is not even checked. */
  assertPasswordCheckAllowed(keys: PasswordKeys): Promise<void> {
    return this.logged('password-delay', keys.who, keys.ip, () => this.limiter.assertNotBlocked([keys.subjectIp, keys.subject]));
  }

  /** A wrong password: counts towards both delays; returns the delay it started (seconds, 0 = none). */
  async passwordFailed(keys: PasswordKeys): Promise<number> {
    const [a, b] = await Promise.all([
      this.limiter.recordFailure(keys.subjectIp, this.signInPolicy),
      this.limiter.recordFailure(keys.subject, this.accountPolicy),
    ]);
    return Math.max(a.delaySeconds, b.delaySeconds);
  }

  /**
   * Wrong one-time codes and temporary passwords of an account, whatever the challenge or IP:
   * someone who has the password cannot try codes forever by opening new challenges. While
   * locked: 429 with Retry-After and the dialog's own message plus when to retry
   * ('Incorrect Code. Try again in 15 minutes'), even for the right code.
   */
  assertCodeCheckAllowed(accountId: string, message: string, ip = clientIp()): Promise<void> {
    return this.logged('code-lock', { accountId }, ip, () =>
      this.limiter.assertNotBlocked([`codes:${accountId}`], (seconds) => retryMessage(message, seconds)),
    );
  }

  /** A wrong code: returns the lock it started (seconds, 0 = none); see `codeLocked`. */
  async codeFailed(accountId: string): Promise<number> {
    return (await this.limiter.recordFailure(`codes:${accountId}`, this.codePolicy)).delaySeconds;
  }

  /** The answer to the wrong code that started a lock: the message plus when to retry. */
  codeLocked(message: string, seconds: number): TooManyRequests {
    return new TooManyRequests(retryMessage(message, seconds), seconds);
  }

  /** A successful sign-in forgets the account's wrong codes: honest typos spread over time never add up to a lock. */
  codeSucceeded(accountId: string): Promise<void> {
    return this.limiter.clearFailures([`codes:${accountId}`]);
  }

  /** The right password forgets this identifier's failures from this IP (not the account-wide count). */
  passwordSucceeded(keys: PasswordKeys): Promise<void> {
    return this.limiter.clearFailures([keys.subjectIp]);
  }
}
