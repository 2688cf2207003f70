import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AccountRepository } from './accounts/account.repository';
import { IDENTITY_CONFIG, type IdentityConfig } from './config';
import { AccountWriter } from './credentials/account-writer';
import { OneTimeSecrets } from './credentials/one-time-secrets';
import { DevOutbox } from './delivery/dev-outbox';
import { RateLimiter } from './throttling/rate-limiter';
import { ThrottleLog } from './throttling/throttle-log';

/**
 * Every 10 minutes: deletes expired one-time secret hashes, idle throttling rows and the
 * development outbox's messages older than a day (they hold codes in clear) and, on KurrentDB,
 * the password hashes written ahead of an append that never happened. Every
 * minute (or every throttle-log window when shorter): writes the throttled attempts of the
 * windows that are over to the security log.
 */
@Injectable()
export class Housekeeping implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Housekeeping');
  private timers: NodeJS.Timeout[] = [];
  constructor(
    private readonly secrets: OneTimeSecrets,
    private readonly limiter: RateLimiter,
    private readonly throttleLog: ThrottleLog,
    private readonly outbox: DevOutbox,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly writer: AccountWriter,
    private readonly accounts: AccountRepository,
  ) {}

  onApplicationBootstrap() {
    void this.run();
    this.every(10 * 60_000, () => this.run());
    this.every(Math.min(60, this.config.THROTTLE_LOG_WINDOW_SECONDS) * 1000, () => this.flushThrottleLog());
  }

  onApplicationShutdown() {
    for (const t of this.timers) clearInterval(t);
  }

  private every(ms: number, task: () => Promise<void>) {
    const timer = setInterval(() => void task(), ms);
    timer.unref();
    this.timers.push(timer);
  }

  async run(): Promise<void> {
    try {
      await this.secrets.deleteExpired();
      await this.limiter.deleteStale();
      if (!this.writer.transactional) await this.writer.deleteAbandonedHashes((accountId) => this.accounts.events(accountId));
      if (this.config.NODE_ENV !== 'production') await this.outbox.prune();
    } catch (e) {
      this.logger.warn(`housekeeping failed: ${(e as Error).message}`);
    }
  }

  async flushThrottleLog(): Promise<void> {
    try {
      await this.throttleLog.flush();
    } catch (e) {
      this.logger.warn(`throttle log flush failed: ${(e as Error).message}`);
    }
  }
}
