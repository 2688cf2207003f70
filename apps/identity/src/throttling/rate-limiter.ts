import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL, TooManyRequests } from '@app/nest-kit';

export type FailurePolicy = {
  /** Failures before the first delay. */
  threshold: number;
  /** First delay; each further failure doubles it. */
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  /** A counter with no failure for this long starts again from zero. */
  memorySeconds: number;
};

/** Delay after `failures` failures: none below the threshold, then base, 2*base, 4*base... up to max. */
export function delayAfter(failures: number, p: Pick<FailurePolicy, 'threshold' | 'baseDelaySeconds' | 'maxDelaySeconds'>): number {
  if (failures < p.threshold) return 0;
  const exponent = Math.min(failures - p.threshold, 30);
  return Math.min(p.baseDelaySeconds * 2 ** exponent, p.maxDelaySeconds);
}

/**
 * Throttling shared by every identity instance (rows in Postgres, table `rate_limits`):
 * fixed-window request counters (`hit`) and failure counters that impose a growing, temporary
 * delay (`recordFailure` / `assertNotBlocked`). Numbers: apps/identity/README.md.
 */
@Injectable()
export class RateLimiter {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Counts one request for `key`; more than `limit` in the window answers 429 with Retry-After. */
  async hit(
    key: string,
    limit: number,
    windowSeconds: number,
    message: string | ((retryAfterSeconds: number) => string) = 'Too many requests: try again later',
  ): Promise<void> {
    const { rows } = await this.pool.query<{ hits: number; remaining: number }>(
      `INSERT INTO rate_limits (key, window_started_at, hits) VALUES ($1, now(), 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limits.window_started_at + make_interval(secs => $2) <= now() THEN 1 ELSE rate_limits.hits + 1 END,
         window_started_at = CASE WHEN rate_limits.window_started_at + make_interval(secs => $2) <= now() THEN now() ELSE rate_limits.window_started_at END
       RETURNING hits, extract(epoch FROM (window_started_at + make_interval(secs => $2) - now()))::float8 AS remaining`,
      [key, windowSeconds],
    );
    const { hits, remaining } = rows[0];
    if (hits > limit) {
      const seconds = Math.max(1, Math.ceil(remaining));
      throw new TooManyRequests(typeof message === 'function' ? message(seconds) : message, seconds);
    }
  }

  /** 429 with Retry-After while any of the keys is in a delay. */
  async assertNotBlocked(keys: string[], message: string | ((retryAfterSeconds: number) => string) = 'Too many attempts: try again later'): Promise<void> {
    const { rows } = await this.pool.query<{ remaining: number | null }>(
      `SELECT max(extract(epoch FROM (blocked_until - now())))::float8 AS remaining
         FROM rate_limits WHERE key = ANY($1::text[]) AND blocked_until > now()`,
      [keys],
    );
    const remaining = rows[0]?.remaining;
    if (remaining && remaining > 0) {
      const seconds = Math.max(1, Math.ceil(remaining));
      throw new TooManyRequests(typeof message === 'function' ? message(seconds) : message, seconds);
    }
  }

  /** Records a failure; returns the delay it started (0 = none yet). */
  async recordFailure(key: string, policy: FailurePolicy): Promise<{ failures: number; delaySeconds: number }> {
    const { rows } = await this.pool.query<{ failures: number }>(
      `INSERT INTO rate_limits (key, window_started_at, hits, failures, last_failure_at) VALUES ($1, now(), 0, 1, now())
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN rate_limits.last_failure_at IS NULL OR rate_limits.last_failure_at < now() - make_interval(secs => $2)
                         THEN 1 ELSE rate_limits.failures + 1 END,
         last_failure_at = now()
       RETURNING failures`,
      [key, policy.memorySeconds],
    );
    const failures = rows[0].failures;
    const delaySeconds = delayAfter(failures, policy);
    if (delaySeconds > 0) {
      await this.pool.query(`UPDATE rate_limits SET blocked_until = now() + make_interval(secs => $2) WHERE key = $1`, [key, delaySeconds]);
    }
    return { failures, delaySeconds };
  }

  /** A success forgets the failures of these keys. */
  async clearFailures(keys: string[]): Promise<void> {
    await this.pool.query(
      `UPDATE rate_limits SET failures = 0, last_failure_at = NULL, blocked_until = NULL WHERE key = ANY($1::text[]) AND failures > 0`,
      [keys],
    );
  }

  /** Housekeeping: rows idle for a day. */
  async deleteStale(): Promise<number> {
    const { rowCount } = await this.pool.query(
      `DELETE FROM rate_limits WHERE window_started_at < now() - interval '1 day'
         AND (last_failure_at IS NULL OR last_failure_at < now() - interval '1 day')
         AND (blocked_until IS NULL OR blocked_until < now())`,
    );
    return rowCount ?? 0;
  }
}
