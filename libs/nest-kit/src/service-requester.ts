import { Logger } from '@nestjs/common';
import { createInbox, headers as natsHeaders, type Msg, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { rpcSubject, type RpcContract, type RpcReplyOf, type RpcRequestOf } from '@app/contracts';
import { ServiceUnavailable, errorFromWire, isErrorWire, type ErrorWire } from './errors';
import { natsConnectionOptions } from './nats-url';
import { actorSigningKey, contextToHeaders, currentContext } from './request-context';
import { subjects } from './rpc';

/** What a caller may set beside the connection: how an unexpected ('internal') error reply is thrown. */
export type ServiceRequesterOptions = { internalError?: (wire: ErrorWire) => Error };

/** Nest's NATS reply packet (what the services' transport, SharedConnectionNatsServer, answers). */
type ReplyPacket = { id?: string; err?: unknown; response?: unknown; isDisposed?: boolean };

type Waiting = { service: string; resolve: (reply: unknown) => void; reject: (err: Error) => void; timer: NodeJS.Timeout };

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
 */
export class ServiceRequester {
  static readonly DEFAULT_TIMEOUT_MS = 10_000;
  private readonly logger = new Logger('ServiceRequester');
  private readonly signingKey: string;
  private readonly prefix: string;
  private sub: Subscription | null = null;
  private readonly waiting = new Map<string, Waiting>();
  private sequence = 0;

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
    const token = (this.sequence++).toString(36);
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.waiting.delete(token)) reject(new ServiceUnavailable(`${service} did not answer in time`));
      }, timeoutMs);
      this.waiting.set(token, { service, resolve, reject, timer });
      try {
        this.subscribe();
        this.connection.publish(subject, JSON.stringify({ pattern: subject, data, id: token }), { reply: `${this.prefix}.${token}`, headers: h });
      } catch (err) {
        this.take(token)?.reject(this.unavailable(service, subject, err));
      }
    });
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
    const entry = this.take(msg.subject.slice(this.prefix.length + 1));
    if (!entry) return; // late: it timed out already
    if (msg.data.length === 0) {
      // A status, not a reply: 503 when no service subscribes to the subject.
      const status = msg.headers?.code ?? 0;
      entry.reject(status === 503 ? new ServiceUnavailable(`no ${entry.service} service is running`) : this.unavailable(entry.service, msg.subject, `status ${status}`));
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
    clearTimeout(entry.timer);
    return entry;
  }

  private failAll(error: (service: string) => Error): void {
    const entries = [...this.waiting.values()];
    this.waiting.clear();
    for (const entry of entries) {
      clearTimeout(entry.timer);
      entry.reject(error(entry.service));
    }
  }
}
