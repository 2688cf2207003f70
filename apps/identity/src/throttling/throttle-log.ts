import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import { WrongExpectedVersionError } from '@app/event-store';
import { Conflict, PG_POOL } from '@app/nest-kit';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { AccountWriter, eventMetadata } from '../credentials/account-writer';

/** Which limit refused the attempt (README: "Throttling"). */
export type ThrottledLimit =
  | 'ip-attempts'
  | 'ip-sends'
  | 'account-sends'
  | 'sign-in-codes'
  | 'password-delay'
  | 'code-lock'
  | 'account-requests';

/** Who the refused attempts were about: a known account, or the keyed hash of what was typed. */
export type ThrottledSubject = { accountId: string | null; identifierHash?: string | null };

/**
 * Security-log event: attempts refused by a throttle (429) during one window, counted. One per
 * limit, account (or identifier hash, or none for per-IP limits), IP and window, written once
 * the window is over: a flood of refused requests is one entry, never one entry per request.
 * Its own stream `throttled-<hash of limit, subject, IP, window>` (idempotent).
 */
export type AttemptsThrottled = {
  type: 'AttemptsThrottled';
  data: {
    accountId: string | null;
    /** HMAC of the identifier typed, for identifiers that match no account (never the identifier). */
    identifierHash: string | null;
    limit: ThrottledLimit;
    /** Refused attempts in the window. */
    count: number;
    windowStartedAt: string;
    windowSeconds: number;
    firstAt: string;
    lastAt: string;
  };
};

type Row = {
  limit_name: ThrottledLimit;
  subject: string;
  account_id: string | null;
  identifier_hash: string | null;
  ip: string;
  window_start: Date;
  window_seconds: number;
  attempts: number;
  first_at: Date;
  last_at: Date;
  browser: string | null;
  os: string | null;
};

/**
 * Throttled attempts, aggregated (table `throttle_log`) and written to the security log per
 * window (`THROTTLE_LOG_WINDOW_SECONDS`, default 15 minutes) by `flush`, which housekeeping runs.
 */
@Injectable()
export class ThrottleLog {
  private readonly logger = new Logger('ThrottleLog');
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly writer: AccountWriter,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** Counts one refused attempt in the current window. Never fails the request it is about. */
  async record(limit: ThrottledLimit, subject: ThrottledSubject, ip: string): Promise<void> {
    const { browser, os } = eventMetadata().request as { browser?: string; os?: string };
    const key = subject.accountId ?? subject.identifierHash ?? '';
    try {
      await this.pool.query(
        `INSERT INTO throttle_log (limit_name, subject, account_id, identifier_hash, ip, window_start, window_seconds, browser, os)
         VALUES ($1, $2, $3, $4, $5, to_timestamp(floor(extract(epoch FROM now()) / $6) * $6), $6, $7, $8)
         ON CONFLICT (limit_name, subject, ip, window_start) DO UPDATE SET attempts = throttle_log.attempts + 1, last_at = now()`,
        [limit, key, subject.accountId, subject.accountId ? null : (subject.identifierHash ?? null), ip, this.config.THROTTLE_LOG_WINDOW_SECONDS, browser ?? null, os ?? null],
      );
    } catch (e) {
      this.logger.warn(`could not count a throttled attempt: ${(e as Error).message}`);
    }
  }

  /** Writes one AttemptsThrottled event per window that is over, and forgets its row in the same transaction. */
  async flush(): Promise<number> {
    const { rows } = await this.pool.query<Row>(
      `SELECT * FROM throttle_log WHERE window_start + make_interval(secs => window_seconds) <= now()
        ORDER BY window_start, first_at LIMIT 500`,
    );
    let written = 0;
    for (const r of rows) {
      const id = createHash('sha256').update(JSON.stringify([r.limit_name, r.subject, r.ip, r.window_start.toISOString()])).digest('hex').slice(0, 40);
      const event: AttemptsThrottled = {
        type: 'AttemptsThrottled',
        data: {
          accountId: r.account_id,
          identifierHash: r.identifier_hash,
          limit: r.limit_name,
          count: r.attempts,
          windowStartedAt: r.window_start.toISOString(),
          windowSeconds: r.window_seconds,
          firstAt: r.first_at.toISOString(),
          lastAt: r.last_at.toISOString(),
        },
      };
      try {
        await this.writer.write({
          streamId: `throttled-${id}`,
          expectedVersion: 'no-stream',
          events: [{ ...event, metadata: { request: { ip: r.ip, ...(r.browser ? { browser: r.browser } : {}), ...(r.os ? { os: r.os } : {}) } } }],
          inTransaction: async (client) => {
            const del = await client.query(
              `DELETE FROM throttle_log WHERE limit_name = $1 AND subject = $2 AND ip = $3 AND window_start = $4 AND attempts = $5`,
              [r.limit_name, r.subject, r.ip, r.window_start, r.attempts],
            );
            // Another instance flushed it first (or it changed): leave it to that one.
            if (del.rowCount !== 1) throw new Conflict('throttle log row already flushed');
          },
        });
        written++;
      } catch (e) {
        // KurrentDB (the row is deleted after the append): the window's event is in its stream already, the row is done.
        if (e instanceof WrongExpectedVersionError && !this.writer.transactional)
          await this.pool
            .query(`DELETE FROM throttle_log WHERE limit_name = $1 AND subject = $2 AND ip = $3 AND window_start = $4`, [r.limit_name, r.subject, r.ip, r.window_start])
            .catch(() => undefined);
        // Another instance flushed this window first: nothing to do. Anything else: the row stays for the next flush.
        if (!(e instanceof Conflict || e instanceof WrongExpectedVersionError)) this.logger.warn(`could not log throttled attempts: ${(e as Error).message}`);
      }
    }
    return written;
  }
}
