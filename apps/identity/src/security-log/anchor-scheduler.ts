import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Pool } from 'pg';
import { NATS_CONNECTION, PG_POOL } from '@app/nest-kit';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { AnchorStream } from './anchor-stream';
import type { Anchor } from './anchors';
import { anchorSecurityLog, type AnchorResult } from './audit';

/**
 * Every AUDIT_ANCHOR_INTERVAL_MS (and once at boot): when the security log's head moved since
 * the newest anchor, appends the head to the JetStream stream AUDIT_ANCHORS (and to
 * AUDIT_ANCHOR_FILE if set). Several instances may run it: the same head is deduplicated by the
 * stream (Nats-Msg-Id) within two minutes, and a later duplicate is harmless.
 */
@Injectable()
export class AnchorScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('SecurityLogAnchors');
  readonly stream: AnchorStream;
  private timer?: NodeJS.Timeout;
  private running: Promise<unknown> | null = null;
  private lastAnchored: Pick<Anchor, 'seq' | 'hash'> | null | undefined = undefined;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {
    this.stream = new AnchorStream({ nc, prefix: config.NATS_PREFIX, schema: config.DATABASE_SCHEMA, retentionDays: config.AUDIT_ANCHOR_RETENTION_DAYS });
  }

  onApplicationBootstrap() {
    this.start();
  }

  async beforeApplicationShutdown() {
    await this.stop();
  }

  /** Starts the schedule (no-op when AUDIT_ANCHOR_INTERVAL_MS is 0 or it already runs). */
  start(): void {
    const every = this.config.AUDIT_ANCHOR_INTERVAL_MS;
    if (!every || this.timer) return;
    this.timer = setInterval(() => void this.run(), every);
    this.timer.unref();
    void this.run();
  }

  /** Stops the schedule and waits for an anchoring in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Anchors the head now if it moved. Never throws: a failure is logged and retried next time. */
  async run(): Promise<AnchorResult | null> {
    if (this.running) return null;
    const job = (async () => {
      try {
        const result = await anchorSecurityLog({
          db: this.pool,
          schema: this.config.DATABASE_SCHEMA,
          stream: this.stream,
          file: this.config.AUDIT_ANCHOR_FILE,
          onlyIfMoved: true,
          // First run: ask the stream; later: what this instance anchored (another instance may have anchored since: harmless).
          ...(this.lastAnchored !== undefined ? { lastAnchored: this.lastAnchored } : {}),
        });
        if (result.anchored) {
          this.lastAnchored = result.anchor;
          this.logger.log(`anchored the security log's head #${result.anchor.seq} ${result.anchor.hash} in ${this.stream.name}`);
        } else if (result.head) this.lastAnchored = result.head;
        return result;
      } catch (e) {
        this.logger.error(`could not anchor the security log: ${(e as Error).message}`);
        return null;
      }
    })();
    this.running = job;
    try {
      return await job;
    } finally {
      this.running = null;
    }
  }
}
