import { randomUUID } from 'node:crypto';
import { Inject, Logger, OnApplicationShutdown } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import type { Server, Socket } from 'socket.io';
import { REALTIME_EVENT_NAMES, type RealtimeEnvelope, type RealtimeMultiEnvelope } from '@app/contracts';
import { runWithContext, subjects } from '@app/nest-kit';
import { SessionCache } from '../auth/session-cache';
import { SessionValidator } from '../auth/session-validator.service';
import { TokenService, type TokenClaims } from '../auth/token.service';
import { GATEWAY_CONFIG, socketOrigins, type GatewayConfig } from '../config';
import { clientIp, compileTrustProxy } from '../http/client-ip';
import { GATEWAY_NATS } from '../infra.providers';

export const userRoom = (userId: string) => `user:${userId}`;
export const nameRoom = (userName: string) => `name:${userName.toLowerCase()}`;

/** `recheckSlice`: the tick of the re-check schedule its session is asked about in (recheckSliceOf, computed once at the handshake). */
type SocketData = { claims: TokenClaims & { exp?: number }; ip?: string; userAgent?: string; recheckSlice: number };

function tokenOf(socket: Socket): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string') return auth.token.replace(/^Bearer\s+/i, '');
  const header = socket.handshake.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
}

/** A browser's Origin is allowed when configured, or when it is the origin the request was sent to. */
export function originAllowed(origin: string | undefined, host: string | undefined, allowed: readonly string[]): boolean {
  if (!origin) return true; // not a browser: nothing to forge on a user's behalf (the token is still required)
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return false;
  }
  if (allowed.includes(o.origin)) return true;
  return !!host && o.host === host.toLowerCase();
}

/**
 * socket.io endpoint. Only a browser from an allowed origin with a valid (HS256), live session
 * token may connect; each socket joins its user's private room (user id) and presence room (user
 * name). Pushes come from NATS `realtime.user.<userId>` (one user) and `realtime.users` (one
 * push for several users, emitted to their rooms at once: socket.io encodes it once), so any
 * gateway instance can deliver to any socket. The session is checked again with identity (not
 * the session cache) on every client message and every SOCKET_RECHECK_MS (spread over the
 * interval: see recheckSchedule), so a socket whose
 * session ended closes even when the revocation push was missed. A revocation push also ends
 * the session in the gateway's SessionCache, before any later message is read.
 */
@WebSocketGateway({ path: '/socket.io', cors: false, transports: ['websocket', 'polling'] })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnApplicationShutdown {
  private readonly logger = new Logger('Realtime');
  private subs: Subscription[] = [];
  private recheck?: NodeJS.Timeout;
  private readonly origins: string[];
  private readonly schedule: { tickMs: number; slices: number };
  private readonly trust;
  @WebSocketServer() server!: Server;

  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionValidator,
    private readonly sessionCache: SessionCache,
    @Inject(GATEWAY_NATS) private readonly nc: NatsConnection,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.origins = socketOrigins(config);
    this.trust = compileTrustProxy(config.TRUST_PROXY);
    this.schedule = recheckSchedule(config.SOCKET_RECHECK_MS);
  }

  afterInit(server: Server) {
    server.use(async (socket, next) => {
      if (!originAllowed(socket.handshake.headers.origin, socket.handshake.headers.host, this.origins)) return next(new Error('origin not allowed'));
      const token = tokenOf(socket);
      if (!token) return next(new Error('unauthorized'));
      let claims: TokenClaims;
      try {
        claims = this.tokens.verify(token);
      } catch {
        return next(new Error('unauthorized'));
      }
      const data: SocketData = {
        claims,
        ip: clientIp(socket.request, this.trust),
        userAgent: socket.handshake.headers['user-agent']?.slice(0, 512),
        recheckSlice: recheckSliceOf(claims.sid, this.schedule.slices),
      };
      socket.data = data;
      const live = await this.isLive(data);
      if (live === undefined) return next(new Error('unavailable'));
      if (!live) return next(new Error('unauthorized'));
      next();
    });
    this.subscribe();
    // The re-checks are spread over the interval, a slice of the sessions a tick, rather than all
    // at once: a thousand sockets that connected together must not ask identity a thousand
    // questions in the same second (a latency spike for every other call).
    const { tickMs, slices } = this.schedule;
    let tick = 0;
    this.recheck = setInterval(() => void this.recheckSlice(tick++ % slices), tickMs);
    this.recheck.unref();
  }

  handleConnection(socket: Socket) {
    const claims = (socket.data as SocketData | undefined)?.claims;
    if (!claims) return socket.disconnect(true);
    void socket.join([userRoom(claims.sub), nameRoom(claims.userName)]);
    // Every client message first checks the session; a dead one closes the socket.
    socket.use((_packet, next) => {
      void this.isLive(socket.data as SocketData).then((live) => {
        if (live === false) return this.revoke(socket, 'revoked');
        next(live ? undefined : new Error('unavailable'));
      });
    });
    // A socket lives no longer than its token: at expiry the browser must sign in again.
    if (claims.exp) {
      const timer = setTimeout(() => this.revoke(socket, 'expired'), Math.min(Math.max(0, claims.exp * 1000 - Date.now()), 2 ** 31 - 1));
      timer.unref();
      socket.once('disconnect', () => clearTimeout(timer));
    }
  }

  /** true or false from identity; undefined when identity did not answer (the socket is kept). */
  private async isLive(data: SocketData): Promise<boolean | undefined> {
    const ctx = { correlationId: randomUUID(), request: { ip: data.ip, userAgent: data.userAgent } };
    try {
      return await runWithContext(ctx, () => this.sessions.isLive(data.claims, { fresh: true }));
    } catch (e) {
      this.logger.warn(`session check failed: ${(e as Error).message}`);
      return undefined;
    }
  }

  private revoke(socket: Socket, reason: string) {
    const claims = (socket.data as SocketData).claims;
    socket.emit('session-revoked-event', { reason, sessionId: claims.sid });
    socket.disconnect(true);
  }

  /** Checks the sessions of this slice's local sockets (once per session) and closes those that ended. */
  private async recheckSlice(slice: number) {
    const bySession = new Map<string, Socket[]>();
    for (const socket of this.server.sockets.sockets.values()) {
      const data = socket.data as SocketData | undefined;
      if (!data?.claims || data.recheckSlice !== slice) continue;
      const { claims } = data;
      const list = bySession.get(claims.sid) ?? [];
      list.push(socket);
      bySession.set(claims.sid, list);
    }
    for (const sockets of bySession.values()) {
      if ((await this.isLive(sockets[0].data as SocketData)) === false) for (const s of sockets) this.revoke(s, 'revoked');
    }
  }

  /**
   * Callback subscriptions: a message is handled as soon as it is read from the connection, in
   * order, so a revocation is in the session cache before any reply read after it is handled.
   */
  private subscribe() {
    const one = subjects().realtimeAll();
    const prefixLen = one.length - 1;
    const onError = (subject: string, e: unknown) => this.logger.warn(`dropped a malformed realtime message on ${subject}: ${(e as Error).message}`);
    this.subs.push(
      this.nc.subscribe(one, {
        callback: (err: Error | null, msg: Msg) => {
          if (err) return;
          try {
            this.deliver([msg.subject.slice(prefixLen)], msg.json<RealtimeEnvelope>());
          } catch (e) {
            onError(msg.subject, e);
          }
        },
      }),
      this.nc.subscribe(subjects().realtimeUsers(), {
        callback: (err: Error | null, msg: Msg) => {
          if (err) return;
          try {
            const envelope = msg.json<RealtimeMultiEnvelope>();
            if (!Array.isArray(envelope.userIds) || !envelope.userIds.every((u) => typeof u === 'string')) throw new Error('no userIds');
            this.deliver(envelope.userIds, envelope);
          } catch (e) {
            onError(msg.subject, e);
          }
        },
      }),
    );
  }

  private deliver(userIds: string[], envelope: RealtimeEnvelope) {
    if (!REALTIME_EVENT_NAMES.includes(envelope.event) || userIds.length === 0) return;
    this.server.to(userIds.length === 1 ? userRoom(userIds[0]) : userIds.map(userRoom)).emit(envelope.event, envelope.data);
    if (envelope.event !== 'session-revoked-event') return;
    const sessionId = (envelope.data as { sessionId?: string }).sessionId;
    for (const userId of userIds) {
      this.sessionCache.revoked(sessionId, userId);
      void this.server
        .in(userRoom(userId))
        .fetchSockets()
        .then((sockets) => {
          for (const s of sockets) {
            const c = (s.data as SocketData | undefined)?.claims;
            if (!sessionId || c?.sid === sessionId) s.disconnect(true);
          }
        });
    }
  }

  onApplicationShutdown() {
    if (this.recheck) clearInterval(this.recheck);
    for (const sub of this.subs) sub.unsubscribe();
  }
}

/**
 * How the socket re-checks are spread: a tick at most every second, and as many slices as ticks
 * fit in the interval, so every session is asked about at least once per `intervalMs`.
 */
export function recheckSchedule(intervalMs: number): { tickMs: number; slices: number } {
  const tickMs = Math.min(1000, intervalMs);
  return { tickMs, slices: Math.max(1, Math.floor(intervalMs / tickMs)) };
}

/** The slice a session is re-checked in: stable for the session, about even across sessions (FNV-1a). */
export function recheckSliceOf(sessionId: string, slices: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < sessionId.length; i++) h = Math.imul(h ^ sessionId.charCodeAt(i), 0x01000193);
  return (h >>> 0) % slices;
}
