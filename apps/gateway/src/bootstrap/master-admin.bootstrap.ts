import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { identity } from '@app/contracts';
import { DomainError } from '@app/nest-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { RpcClient } from '../rpc/rpc-client.service';

/**
 * First run: asks identity to create the master admin from ADMIN_*. When ADMIN_PASSWORD is
 * unset, identity generates the password and writes it to a file only its owner can read
 * (identity's ADMIN_PASSWORD_FILE); the reply carries the file's path, never the password, and
 * only the path is logged. Idempotent; retried until identity answers.
 */
@Injectable()
export class MasterAdminBootstrap implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Bootstrap');
  private stopped = false;
  /** Resolves once the master admin is known to exist. */
  readonly done: Promise<identity.EnsureMasterAdminReply>;
  /**
   * For readiness: 'pending' until identity has answered (the gateway is not ready before the
   * master admin can sign in), 'rejected' with identity's reason when it refused.
   */
  state: { status: 'pending' } | { status: 'done' } | { status: 'rejected'; reason: string } = { status: 'pending' };
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
        const r = await this.rpc.call(identity.IDENTITY_RPC.ensureMasterAdmin, req, 15000);
        if (r.created) {
          this.logger.log(
            r.passwordFile
              ? `master admin '${r.userName}' (${this.config.ADMIN_EMAIL}) created; its generated password is in ${r.passwordFile} on the identity host (readable by its owner only)`
              : `master admin '${r.userName}' (${this.config.ADMIN_EMAIL}) created with ADMIN_PASSWORD`,
          );
        }
        this.state = { status: 'done' };
        this.resolveDone(r);
        return;
      } catch (e) {
        if (e instanceof DomainError && e.kind !== 'unavailable') {
          this.logger.error(`master admin bootstrap rejected: ${e.message}`);
          this.state = { status: 'rejected', reason: e.message };
          return;
        }
        if (attempt % 10 === 1) this.logger.warn(`waiting for identity to create the master admin (${(e as Error).message})`);
        await new Promise((r) => setTimeout(r, Math.min(500 * attempt, 3000)));
      }
    }
  }
}
