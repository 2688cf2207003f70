import { Logger } from '@nestjs/common';
import { createInbox, headers as natsHeaders, type Msg, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { rpcSubject, type RpcContract, type RpcReplyOf, type RpcRequestOf } from '@app/contracts';
import { ServiceUnavailable, errorFromWire, isErrorWire, type ErrorWire } from './errors';
import { natsConnectionOptions } from './nats-url';
import { actorSigningKey, contextToHeaders, currentContext } from './request-context';
import { subjects } from './rpc';

/**
 * What a caller may set beside the connection: how an unexpected ('internal') error reply is
 * thrown, and how long a call keeps asking while no instance of the service listens
 * (`noRespondersWaitMs`, default NO_RESPONDERS_WAIT_MS, never past the call's own deadline).
 */
export type ServiceRequesterOptions = { internalError?: (wire: ErrorWire) => Error; noRespondersWaitMs?: number };

/**
 * While no instance of a service listens (one restarting after a crash), a call asks again for
 * this long before it is a 503: NATS answers "no responders" at once, so nothing received the
 * request and asking again is safe for commands too. Short: a client waits at most this long
 * for a service that is down, then gets its 503 with Retry-After.
 */
export const NO_RESPONDERS_WAIT_MS = 2_000;
/** The pauses between those asks: 50 ms doubling, at most this. */
const NO_RESPONDERS_MAX_PAUSE_MS = 400;

/** Nest's NATS reply packet (what the services' transport, SharedConnectionNatsServer, answers). */
type ReplyPacket = { id?: string; err?: unknown; response?: unknown; isDisposed?: boolean };

type Waiting = {
  service: string;
  resolve: (reply: unknown) => void;
  reject: (err: Error) => void;
  /** The call's deadline. */
  timer: NodeJS.Timeout;
  /** The token of its latest ask (the reply subject's last token). */
  token: string;
  /** Which connection of the process's (counted by disconnects) its latest ask went out on. */
  link: number;
  /** Sends it (again) under a new token. */
  publish: () => void;
  /** After a "no responders" status: the pause before asking again (ms), or null: it is a 503 now. */
  again: () => number | null;
  /** A pause before asking again is under way. */
  pausing?: NodeJS.Timeout;
};

/**
 * The one RPC client: the gateway's and every service's requests to a service (request/reply
 * over NATS on the process's one connection, the caller's context in the headers, the acting
 * user signed for each subject). The other service's domain errors come back as the same
 * DomainError; no answer is a 503.
 *
 * A request is Nest's NATS packet (`{pattern, data, id}`, which the services' Nest transport
 * reads) published with a reply subject under one inbox subscription of this requester's
 * (`_INBOX.<user>.<token>.*`): a reply settles its waiting call from a map. Nest's own client
 * (ClientNats) subscribed to a new inbox for every request and unsubscribed after it (two more
 * protocol messages, a change to the server's subject tree, a subscription object on each side)
 * and ran each call through an rxjs pipeline; at 500 chat messages per second that was several
 * per cent of the gateway's CPU and of the NATS server's.
 *
 * Never a hang for what is known to be lost: a "no responders" status (no instance listens) is
 * asked again for a short while (NO_RESPONDERS_WAIT_MS: an instance coming back within it
 * answers), then a 503; a call whose request went out on a connection that has since dropped
 * (its reply would come back on that connection's subscription, which the server forgot) is a
 * 503 at once, not after its whole timeout; a call made while the connection is down waits for
 * the reconnect (the client would drop what it buffered) for as long as a "no responders" is
 * asked again, then is a 503.
 */
export class ServiceRequester {
  static readonly DEFAULT_TIMEOUT_MS = 10_000;
  private readonly logger = new Logger('ServiceRequester');
  private readonly signingKey: string;
  private readonly prefix: string;
  private sub: Subscription | null = null;
  private readonly waiting = new Map<string, Waiting>();
  private sequence = 0;
  /** Disconnects seen on the connection: a call sent before the latest one gets no reply. */
  private link = 0;
  private watching = false;
  /**
   * Between a disconnect and the reconnect: what the client would buffer now, it drops when it
   * reconnects (nats.js resets its outbound buffer on each attempt), so calls wait here instead.
   */
  private down = false;
  private readonly held = new Set<Waiting>();

  constructor(
    config: { NODE_ENV: string; ACTOR_SIGNING_KEY?: string; NATS_URL: string },
    /** The process's one NATS connection; the app drains it on shutdown. */
    readonly connection: NatsConnection,
    private readonly timeoutMs = ServiceRequester.DEFAULT_TIMEOUT_MS,
    private readonly options: ServiceRequesterOptions = {},
  ) {
    this.signingKey = actorSigningKey({ NODE_ENV: config.NODE_ENV, ACTOR_SIGNING_KEY: config.ACTOR_SIGNING_KEY });
    // Replies come back under the connection's inbox prefix (`_INBOX.<user>`, what its NATS user may subscribe to).
    this.prefix = createInbox(natsConnectionOptions(config.NATS_URL).inboxPrefix);
    this.watch();
  }

  /** Subscribes to the replies' inbox (done on the first call otherwise). */
  async connect(): Promise<void> {
    this.subscribe();
  }

  /** Stops taking replies: the calls still waiting fail with a 503. */
  async close(): Promise<void> {
    const sub = this.sub;
    this.sub = null;
    try {
      sub?.unsubscribe();
    } catch {
      // the connection is closed already
    }
    this.failAll((service) => new ServiceUnavailable(`${service} is not available: the request was cut short by a shutdown`));
  }

  /**
   * Calls one RPC of another service from its contract (libs/contracts, `defineRpc`): the data is
   * what the contract's request takes, the answer its reply type. `timeoutMs` overrides the
   * default wait for this call; the contract's context names the other side in the 503 messages.
   */
  call<C extends RpcContract>(contract: C, data: RpcRequestOf<C>, timeoutMs?: number): Promise<RpcReplyOf<C>> {
    return this.send(contract.context, rpcSubject(subjects(), contract), data, timeoutMs) as Promise<RpcReplyOf<C>>;
  }

  private send(service: string, subject: string, data: unknown, timeoutMs = this.timeoutMs): Promise<unknown> {
    const h = natsHeaders();
    for (const [k, v] of Object.entries(contextToHeaders(currentContext(), { key: this.signingKey, subject }))) h.set(k, v);
    const startedAt = Date.now();
    const askFor = Math.min(timeoutMs, this.options.noRespondersWaitMs ?? NO_RESPONDERS_WAIT_MS);
    let pause = 25;
    return new Promise<unknown>((resolve, reject) => {
      const call: Waiting = {
        service,
        resolve,
        reject,
        token: '',
        link: this.link,
        timer: setTimeout(() => {
          if (this.waiting.get(call.token) !== call && !this.held.has(call)) return;
          this.waiting.delete(call.token);
          this.held.delete(call);
          clearTimeout(call.pausing);
          reject(new ServiceUnavailable(`${service} did not answer in time`));
        }, timeoutMs),
        again: () => {
          pause = Math.min(pause * 2, NO_RESPONDERS_MAX_PAUSE_MS);
          return Date.now() - startedAt + pause <= askFor ? pause : null;
        },
        publish: () => {
          this.waiting.delete(call.token);
          if (this.down) {
            // No connection: sent once it is back, a 503 if it is not back within the short wait.
            this.held.add(call);
            const left = askFor - (Date.now() - startedAt);
            call.pausing = setTimeout(() => {
              if (!this.held.delete(call)) return;
              this.settle(call);
              reject(new ServiceUnavailable(`${service} is not available: no connection to NATS`));
            }, Math.max(0, left));
            return;
          }
          // Each ask has its own token: a late status of an earlier one finds nothing waiting.
          call.token = (this.sequence++).toString(36);
          call.link = this.link;
          this.waiting.set(call.token, call);
          try {
            this.watch();
            this.subscribe();
            this.connection.publish(subject, JSON.stringify({ pattern: subject, data, id: call.token }), { reply: `${this.prefix}.${call.token}`, headers: h });
          } catch (err) {
            this.take(call.token)?.reject(this.unavailable(service, subject, err));
          }
        },
      };
      call.publish();
    });
  }

  /**
   * Follows the connection's disconnects: the calls sent before one will get no reply (the
   * reply subscription the server held for them is gone), so they are 503s now. Calls sent
   * while disconnected are buffered by the client and go out once it reconnects.
   */
  private watch(): void {
    if (this.watching || typeof this.connection?.status !== 'function') return;
    this.watching = true;
    void (async () => {
      for await (const s of this.connection.status()) {
        if (s.type === 'disconnect') {
          this.down = true;
          const lost = this.link++;
          for (const [token, entry] of [...this.waiting]) {
            if (entry.link > lost || entry.pausing) continue;
            this.take(token)?.reject(new ServiceUnavailable(`${entry.service} is not available: the connection to NATS dropped before the reply came`));
          }
        } else if (s.type === 'reconnect') {
          this.down = false;
          const held = [...this.held];
          this.held.clear();
          for (const call of held) {
            clearTimeout(call.pausing);
            call.pausing = undefined;
            call.publish();
          }
        }
      }
    })().catch(() => undefined);
  }

  private subscribe(): void {
    if (this.sub && !this.sub.isClosed()) return;
    const sub = this.connection.subscribe(`${this.prefix}.*`, { callback: (err, msg) => this.onReply(err, msg) });
    this.sub = sub;
    // The connection closed (or the server refused the subscription): no reply will come.
    void sub.closed.then(() => {
      if (this.sub === sub) {
        this.sub = null;
        this.failAll((service) => this.unavailable(service, '(replies)', 'the NATS connection closed before the reply arrived'));
      }
    });
  }

  private onReply(err: Error | null, msg: Msg): void {
    if (err) {
      this.failAll((service) => this.unavailable(service, '(replies)', err));
      return;
    }
    const token = msg.subject.slice(this.prefix.length + 1);
    const waiting = this.waiting.get(token);
    if (!waiting || waiting.pausing) return; // late: it timed out already, or is asked again
    if (msg.data.length === 0 && (msg.headers?.code ?? 0) === 503) {
      // No responders: nothing received the request. Ask again shortly (an instance may be
      // starting), within the call's deadline; past the short wait, a 503.
      const pause = waiting.again();
      if (pause !== null) {
        waiting.pausing = setTimeout(() => {
          waiting.pausing = undefined;
          if (this.waiting.get(waiting.token) === waiting) waiting.publish();
        }, pause);
        return;
      }
      this.take(token)!.reject(new ServiceUnavailable(`no ${waiting.service} service is running`));
      return;
    }
    const entry = this.take(token)!;
    if (msg.data.length === 0) {
      entry.reject(this.unavailable(entry.service, msg.subject, `status ${msg.headers?.code ?? 0}`));
      return;
    }
    let packet: ReplyPacket;
    try {
      packet = msg.json<ReplyPacket>();
    } catch (parseError) {
      entry.reject(this.unavailable(entry.service, msg.subject, parseError));
      return;
    }
    if (packet.err !== undefined && packet.err !== null) entry.reject(this.fromErrorReply(entry.service, msg.subject, packet.err));
    else entry.resolve(packet.response);
  }

  /** The domain error the other service answered, its 'internal' as the caller wants it, anything else a 503. */
  private fromErrorReply(service: string, subject: string, err: unknown): Error {
    if (isErrorWire(err)) {
      const domain = errorFromWire(err);
      if (domain) return domain;
      return this.options.internalError?.(err) ?? new ServiceUnavailable(`${service} failed to answer`);
    }
    return this.unavailable(service, subject, err);
  }

  private unavailable(service: string, subject: string, err: unknown): Error {
    const message = err instanceof Error ? err.message : typeof err === 'string' ? err : JSON.stringify(err);
    if (/no responders|no subscribers|503/i.test(message)) return new ServiceUnavailable(`no ${service} service is running`);
    this.logger.warn(`${subject} failed: ${message}`);
    return new ServiceUnavailable(`${service} is not available`);
  }

  /** The call waiting for `token`, no longer waiting (its timer stopped); undefined when none is. */
  private take(token: string): Waiting | undefined {
    const entry = this.waiting.get(token);
    if (!entry) return undefined;
    this.waiting.delete(token);
    this.settle(entry);
    return entry;
  }

  /** The call is over: its deadline stops and it asks no more. */
  private settle(entry: Waiting): void {
    clearTimeout(entry.timer);
    clearTimeout(entry.pausing);
  }

  private failAll(error: (service: string) => Error): void {
    const entries = [...this.waiting.values(), ...this.held];
    this.waiting.clear();
    this.held.clear();
    for (const entry of entries) {
      this.settle(entry);
      entry.reject(error(entry.service));
    }
  }
}
