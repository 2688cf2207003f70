import { Client, type ClientConfig } from 'pg';
import { backoffDelay, errorMessage, quoteIdent, type EventStoreLogger } from '../support/support';

/**
 * LISTENs on one channel over a dedicated connection (not borrowed from the pool) and calls
 * `onNotify` for every notification, except those whose payload is `ignorePayload` (signals
 * the caller already had in-process). Reconnects with backoff when the connection drops, and
 * calls `onNotify` after reconnecting, since notifications may have been missed meanwhile.
 */
export class PgListener {
  private client: Client | null = null;
  private closed = false;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly config: ClientConfig,
    private readonly channel: string,
    /** Given the notification's payload (nothing after a reconnect). */
    private readonly onNotify: (payload?: string) => void,
    private readonly logger: EventStoreLogger,
    private readonly ignorePayload?: string,
  ) {}

  async open(): Promise<void> {
    await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client(this.config);
    client.on('notification', (msg) => {
      if (msg.channel === this.channel && (this.ignorePayload === undefined || msg.payload !== this.ignorePayload)) this.onNotify(msg.payload);
    });
    client.on('error', (err) => this.dropped(client, err));
    client.on('end', () => this.dropped(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdent(this.channel)}`);
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.attempt = 0;
  }

  private dropped(client: Client, err: Error): void {
    if (this.closed || this.client !== client) return;
    this.client = null;
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    this.logger.warn(`LISTEN ${this.channel}: connection lost (${err.message}); reconnecting`);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    const delay = backoffDelay(++this.attempt, 100, 10_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().then(
        () => this.onNotify(),
        (err) => {
          this.logger.warn(`LISTEN ${this.channel}: reconnect failed (${errorMessage(err)})`);
          this.scheduleReconnect();
        },
      );
    }, delay);
  }
}
