import { JetStreamApiError, type ApiError } from '@nats-io/jetstream';
import { createInbox, type Msg, type MsgHdrs, type NatsConnection, type Subscription } from '@nats-io/transport-node';

/** Called once per publish: null when its PubAck arrived, else why not. */
export type PubAckCallback = (error: Error | null) => void;

type Pending = { callback: PubAckCallback; deadline: number };

/**
 * JetStream publishes whose PubAcks come back on one inbox subscription of their own.
 *
 * A JetStream publish is a core NATS publish with a reply subject, answered by the stream's
 * PubAck (or an API error, or a no-responders status when no stream takes the subject); this is
 * what `JetStreamClient.publish` does, without its per-message costs: a request object in the
 * connection's mux, a timer, and two Error objects created up front so that a timeout would have
 * a stack trace (capturing those stacks was a third of the relay's CPU time). Here a publish is
 * one entry in a map, the acks are handled in the subscription's callback as they are read (a
 * whole socket read of acks settles before the publisher resumes, so it refills its window in
 * one write), and one timer fails the publishes whose ack did not arrive in `timeoutMs`.
 */
export class PubAckInbox {
  private readonly prefix: string;
  private sub: Subscription | null = null;
  /** In publish order, hence in deadline order (one timeout for all). */
  private readonly pending = new Map<string, Pending>();
  private sequence = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly nc: NatsConnection,
    private readonly timeoutMs: number,
  ) {
    // The connection's inbox prefix (`_INBOX.<user>` under the deployment's permissions).
    const inboxPrefix = (nc as unknown as { options?: { inboxPrefix?: string } }).options?.inboxPrefix;
    this.prefix = createInbox(inboxPrefix);
  }

  /** Publishes `data` to `subject`; `callback` runs once, with its PubAck's outcome. */
  publish(subject: string, data: Uint8Array, headers: MsgHdrs, callback: PubAckCallback): void {
    const token = (this.sequence++).toString(36);
    this.pending.set(token, { callback, deadline: Date.now() + this.timeoutMs });
    try {
      this.subscribe();
      this.nc.publish(subject, data, { reply: `${this.prefix}.${token}`, headers });
    } catch (err) {
      this.pending.delete(token);
      callback(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    this.timer ??= setTimeout(() => this.expire(), this.timeoutMs);
  }

  /** Unsubscribes; publishes still waiting fail. */
  close(): void {
    const sub = this.sub;
    this.sub = null;
    sub?.unsubscribe();
    this.failAll(new Error('the PubAck inbox was closed'));
  }

  private subscribe(): void {
    if (this.sub && !this.sub.isClosed()) return;
    const sub = this.nc.subscribe(`${this.prefix}.*`, { callback: (err, msg) => this.onAck(err, msg) });
    this.sub = sub;
    // The connection closed (or the server refused the subscription): no ack will come.
    void sub.closed.then((err) => {
      if (this.sub === sub) this.failAll(err instanceof Error ? err : new Error('the NATS connection closed before the PubAck arrived'));
    });
  }

  private onAck(err: Error | null, msg: Msg): void {
    if (err) {
      this.failAll(err);
      return;
    }
    const token = msg.subject.slice(this.prefix.length + 1);
    const entry = this.pending.get(token);
    if (!entry) return; // late: it timed out already
    this.pending.delete(token);
    entry.callback(pubAckError(msg));
  }

  /** Fails every publish past its deadline (they are in deadline order), then waits for the next one's. */
  private expire(): void {
    this.timer = null;
    const now = Date.now();
    for (const [token, entry] of this.pending) {
      if (entry.deadline > now) {
        this.timer = setTimeout(() => this.expire(), entry.deadline - now);
        return;
      }
      this.pending.delete(token);
      entry.callback(new Error(`no PubAck within ${this.timeoutMs} ms (timeout)`));
    }
  }

  private failAll(error: Error): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const entries = [...this.pending.values()];
    this.pending.clear();
    for (const entry of entries) entry.callback(error);
  }
}

/** Null for a PubAck from a stream; else the error the answer carries. */
export function pubAckError(msg: Pick<Msg, 'data' | 'headers' | 'json'>): Error | null {
  if (msg.data.length === 0) {
    const status = msg.headers?.code ?? 0;
    if (status === 503) return new Error('no responders: no JetStream stream takes this subject');
    return new Error(`no PubAck (status ${status}${msg.headers?.description ? ` ${msg.headers.description}` : ''})`);
  }
  let ack: { stream?: string; error?: ApiError };
  try {
    ack = msg.json();
  } catch {
    return new Error('invalid PubAck (not JSON)');
  }
  if (ack.error) return new JetStreamApiError(ack.error);
  if (!ack.stream) return new Error('invalid PubAck (no stream)');
  return null;
}
