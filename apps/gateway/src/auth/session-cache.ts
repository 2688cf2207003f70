import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { GATEWAY_NATS } from '../infra.providers';

/** How long a revoked session id is remembered (an answer asked before the revocation must not bring it back). */
const REVOKED_MEMORY_MS = 10 * 60_000;
/** A live answer is kept between (1 - TTL_JITTER) and 1 times SESSION_CACHE_MS. */
export const TTL_JITTER = 0.25;
/**
 * Past this share of its time, a live answer is still given, and identity is asked again in the
 * background (refresh-ahead): a session in use is re-checked before its answer expires, so no
 * request waits for identity. (Answers remembered together all expired within a few seconds,
 * and the posts of those seconds each waited for identity, in a burst.)
 */
export const REFRESH_AFTER = 0.75;

/**
 * The gateway's memory of identity's answers to "is this session live?", so a signed-in call
 * does not cost a NATS round trip to identity each time.
 *
 * - A live answer is kept for at most SESSION_CACHE_MS (the safety net: a revocation push that
 *   was lost is noticed by then; a random quarter less, so answers remembered together expire
 *   apart), never past the token's expiry.
 * - Identity pushes `session-revoked-event` on every logout and revocation, after the session
 *   row changed and before it answers the call; every gateway instance receives it (the realtime
 *   subscription calls `revoked`) and forgets the session at once, and remembers it as revoked
 *   so that an answer asked just before cannot put it back.
 * - While the NATS connection is down or reconnecting, pushes can be lost: everything is forgotten.
 */
@Injectable()
export class SessionCache implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('SessionCache');
  private readonly live = new Map<string, { userId: string; until: number; refreshAt: number }>();
  private readonly revokedAt = new Map<string, number>();
  private readonly ttlMs: number;
  private sweeper?: NodeJS.Timeout;
  static readonly MAX_ENTRIES = 200_000;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(GATEWAY_NATS) private readonly nc: NatsConnection,
  ) {
    this.ttlMs = config.SESSION_CACHE_MS;
  }

  onModuleInit() {
    void (async () => {
      for await (const s of this.nc.status()) {
        if (s.type === 'disconnect' || s.type === 'reconnect' || s.type === 'staleConnection') {
          if (this.live.size) this.logger.warn(`NATS ${s.type}: forgetting ${this.live.size} cached sessions (revocations may have been missed)`);
          this.live.clear();
        }
      }
    })().catch(() => undefined);
    this.sweeper = setInterval(() => this.sweep(), Math.max(1000, Math.min(this.ttlMs || 60_000, 60_000)));
    this.sweeper.unref();
  }

  onApplicationShutdown() {
    if (this.sweeper) clearInterval(this.sweeper);
  }

  /**
   * Whether a live answer known for this session is in its last quarter (see REFRESH_AFTER):
   * still given by `get`, due to be asked again.
   */
  dueForRefresh(sessionId: string): boolean {
    const hit = this.live.get(sessionId);
    return hit !== undefined && hit.refreshAt <= Date.now();
  }

  /** true when the session was answered live recently for this user; undefined when identity must be asked. */
  get(userId: string, sessionId: string): true | false | undefined {
    if (this.revokedAt.has(sessionId)) return false;
    const hit = this.live.get(sessionId);
    if (!hit || hit.userId !== userId) return undefined;
    if (hit.until <= Date.now()) {
      this.live.delete(sessionId);
      return undefined;
    }
    return true;
  }

  /** Identity's answer, asked at `askedAt`; `tokenExp` (seconds) bounds how long it is kept. */
  remember(userId: string, sessionId: string, live: boolean, tokenExp?: number): void {
    if (!live) {
      this.live.delete(sessionId);
      return;
    }
    if (this.ttlMs <= 0 || this.revokedAt.has(sessionId)) return;
    // Up to a quarter shorter, at random: sessions remembered together (every socket reconnecting
    // after a gateway restart) are asked about again spread over time, not in one burst.
    const now = Date.now();
    const until = Math.min(now + this.ttlMs * (1 - TTL_JITTER * Math.random()), tokenExp ? tokenExp * 1000 : Infinity);
    if (this.live.size >= SessionCache.MAX_ENTRIES) this.live.delete(this.live.keys().next().value as string);
    this.live.delete(sessionId); // re-inserted: the map's order stays oldest first
    this.live.set(sessionId, { userId, until, refreshAt: now + (until - now) * REFRESH_AFTER });
  }

  /** The revocation push: the session is refused from the next request on. */
  revoked(sessionId: string | undefined, userId: string): void {
    if (!sessionId) {
      // A push without a session id ends every session of that user.
      for (const [sid, e] of this.live) if (e.userId === userId) this.live.delete(sid);
      return;
    }
    this.live.delete(sessionId);
    this.revokedAt.set(sessionId, Date.now());
  }

  private sweep() {
    const now = Date.now();
    for (const [sid, e] of this.live) if (e.until <= now) this.live.delete(sid);
    for (const [sid, at] of this.revokedAt) if (now - at > REVOKED_MEMORY_MS) this.revokedAt.delete(sid);
  }
}
