import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { identity } from '@app/contracts';
import { AppError } from '@app/nest-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { RpcClient } from '../rpc/rpc-client.service';

/**
 * First run: asks identity to create the master admin from ADMIN_* (password generated and
 * printed once when ADMIN_PASSWORD is unset). Idempotent; retried until identity answers.
 */
@Injectable()
export class MasterAdminBootstrap implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Bootstrap');
  private stopped = false;
  /** Resolves once the master admin is known to exist. */
  readonly done: Promise<identity.EnsureMasterAdminReply>;
  private resolveDone!: (r: identity.EnsureMasterAdminReply) => void;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly rpc: RpcClient,
  ) {
    this.done = new Promise((r) => (this.resolveDone = r));
  }

  onApplicationBootstrap() {
    void this.run();
  }
  onApplicationShutdown() {
    this.stopped = true;
  }

  private async run() {
    const req: identity.EnsureMasterAdminRequest = {
      email: this.config.ADMIN_EMAIL,
      userName: this.config.ADMIN_USERNAME,
      ...(this.config.ADMIN_PASSWORD ? { password: this.config.ADMIN_PASSWORD } : {}),
      ...(this.config.ADMIN_MOBILE ? { mobile: this.config.ADMIN_MOBILE } : {}),
    };
    for (let attempt = 1; !this.stopped; attempt++) {
      try {
        const r = await this.rpc.command<identity.EnsureMasterAdminReply>('identity', 'ensureMasterAdmin', req, 15000);
        if (r.created) {
          this.logger.log(`master admin '${r.userName}' created`);
          if (r.generatedPassword) {
            // Printed once, to the console only (never to the structured log).
            process.stdout.write(
              `\n  Master admin created: user name '${r.userName}', email '${this.config.ADMIN_EMAIL}'\n` +
                `  Generated password (shown once, change it after signing in): ${r.generatedPassword}\n\n`,
            );
          }
        }
        this.resolveDone(r);
        return;
      } catch (e) {
        if (e instanceof AppError && e.statusCode < 500) {
          this.logger.error(`master admin bootstrap rejected: ${e.message}`);
          return;
        }
        if (attempt % 10 === 1) this.logger.warn(`waiting for identity to create the master admin (${(e as Error).message})`);
        await new Promise((r) => setTimeout(r, Math.min(500 * attempt, 3000)));
      }
    }
  }
}
