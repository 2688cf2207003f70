import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { OneTimeSecrets } from './credentials/one-time-secrets';
import { RateLimiter } from './throttling/rate-limiter';

/** Every 10 minutes: deletes expired one-time secret hashes and idle throttling rows. */
@Injectable()
export class Housekeeping implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Housekeeping');
  private timer?: NodeJS.Timeout;
  constructor(
    private readonly secrets: OneTimeSecrets,
    private readonly limiter: RateLimiter,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => void this.run(), 10 * 60_000);
    this.timer.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }

  async run(): Promise<void> {
    try {
      await this.secrets.deleteExpired();
      await this.limiter.deleteStale();
    } catch (e) {
      this.logger.warn(`housekeeping failed: ${(e as Error).message}`);
    }
  }
}
