import { Inject, Logger, OnApplicationShutdown } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import type { Server, Socket } from 'socket.io';
import { REALTIME_EVENT_NAMES, type RealtimeEnvelope } from '@app/contracts';
import { subjects } from '@app/nest-kit';
import { SessionValidator } from '../auth/session-validator.service';
import { TokenService, type TokenClaims } from '../auth/token.service';
import { GATEWAY_NATS } from '../infra.providers';

export const userRoom = (userId: string) => `user:${userId}`;
export const nameRoom = (userName: string) => `name:${userName.toLowerCase()}`;

function tokenOf(socket: Socket): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string') return auth.token.replace(/^Bearer\s+/i, '');
  const header = socket.handshake.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
}

/**
 * socket.io endpoint. Only a valid, live session token may connect; each socket joins its
 * user's private room (user id) and presence room (user name). Pushes come from NATS
 * `realtime.user.<userId>`, so any gateway instance can deliver to any socket.
 */
@WebSocketGateway({ path: '/socket.io', cors: false, transports: ['websocket', 'polling'] })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnApplicationShutdown {
  private readonly logger = new Logger('Realtime');
  private sub?: Subscription;
  @WebSocketServer() server!: Server;

  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionValidator,
    @Inject(GATEWAY_NATS) private readonly nc: NatsConnection,
  ) {}

  afterInit(server: Server) {
    server.use(async (socket, next) => {
      const token = tokenOf(socket);
      if (!token) return next(new Error('unauthorized'));
      let claims: TokenClaims;
      try {
        claims = this.tokens.verify(token);
      } catch {
        return next(new Error('unauthorized'));
      }
      try {
        if (!(await this.sessions.isLive(claims))) return next(new Error('unauthorized'));
      } catch {
        return next(new Error('unavailable'));
      }
      socket.data.claims = claims;
      next();
    });
    this.subscribe();
  }

  handleConnection(socket: Socket) {
    const claims = socket.data.claims as (TokenClaims & { exp?: number }) | undefined;
    if (!claims) return socket.disconnect(true);
    void socket.join([userRoom(claims.sub), nameRoom(claims.userName)]);
    // A socket lives no longer than its token: at expiry the browser must sign in again.
    if (claims.exp) {
      const timer = setTimeout(() => {
        socket.emit('session-revoked-event', { reason: 'expired', sessionId: claims.sid });
        socket.disconnect(true);
      }, Math.min(Math.max(0, claims.exp * 1000 - Date.now()), 2 ** 31 - 1));
      timer.unref();
      socket.once('disconnect', () => clearTimeout(timer));
    }
  }

  private subscribe() {
    const codec = JSONCodec<RealtimeEnvelope>();
    const subject = subjects().realtimeAll();
    this.sub = this.nc.subscribe(subject);
    const prefixLen = subject.length - 1;
    void (async () => {
      for await (const msg of this.sub!) {
        try {
          const userId = msg.subject.slice(prefixLen);
          const envelope = codec.decode(msg.data);
          if (!REALTIME_EVENT_NAMES.includes(envelope.event)) continue;
          this.server.to(userRoom(userId)).emit(envelope.event, envelope.data);
          if (envelope.event === 'session-revoked-event') {
            const sessionId = (envelope.data as { sessionId?: string }).sessionId;
            for (const s of await this.server.in(userRoom(userId)).fetchSockets()) {
              const c = s.data.claims as TokenClaims | undefined;
              if (!sessionId || c?.sid === sessionId) s.disconnect(true);
            }
          }
        } catch (e) {
          this.logger.warn(`dropped a malformed realtime message on ${msg.subject}: ${(e as Error).message}`);
        }
      }
    })();
  }

  onApplicationShutdown() {
    this.sub?.unsubscribe();
  }
}
