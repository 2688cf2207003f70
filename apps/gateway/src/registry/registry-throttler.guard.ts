import { Injectable, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerRequest } from '@nestjs/throttler';
import { loadConfig } from '@app/nest-kit';
import { registryRateConfig } from '../config';

/**
 * The registry routes' per-user limit, on the gateway's throttler (storage, 429 with
 * Retry-After and the product's message). It runs after authentication (a route guard, after
 * the global guards), so it keys on the session's user, whatever IP they come from; the
 * global per-IP limit still applies too.
 */
@Injectable()
export class RegistryUserThrottler extends ThrottlerGuard {
  private readonly perUser = loadConfig(registryRateConfig).REGISTRY_RATE_LIMIT;

  protected override async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    return super.handleRequest({
      ...props,
      limit: this.perUser,
      ttl: 60_000,
      blockDuration: 60_000,
      getTracker: (req: Record<string, any>) => `user:${(req.user as { userId?: string } | undefined)?.userId ?? req.ip}`,
      generateKey: (_ctx: ExecutionContext, tracker: string, name: string) => `registry:${name}:${tracker}`,
    });
  }
}
