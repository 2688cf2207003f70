import { ServerNats, type NatsOptions } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';

/**
 * One NATS connection per process. Nest's NATS transport (the services' RPC server) would open a
 * connection of its own next to the one the process already holds for its events, JetStream and
 * realtime pushes; it uses that one instead (as ServiceRequester, the RPC client, does). It
 * belongs to the app (DomainServiceModule's NATS_CONNECTION, the gateway's GATEWAY_NATS), which
 * drains it last, on shutdown: closing the transport only stops it using the connection.
 *
 * The connection carries the app's user, password and inbox prefix (natsConnectionOptions), so
 * replies to its requests come back on `_INBOX.<user>.…`.
 */
export type NatsTransportOptions = Required<NatsOptions>['options'];
type SharedConnection = () => NatsConnection | Promise<NatsConnection>;

/** At most this many patterns' routes are remembered (a service subscribes to a few dozen). */
export const MAX_CACHED_ROUTES = 1_000;

/** Nest's NATS server (message patterns, queue group) on the process's connection. */
export class SharedConnectionNatsServer extends ServerNats {
  private connection: SharedConnection | undefined;
  private readonly routes = new Map<string, string>();

  constructor(options: NatsTransportOptions, connection?: SharedConnection) {
    super(options);
    this.connection = connection;
  }

  /** Where the connection comes from, when it exists only once the app is created. */
  useConnection(connection: SharedConnection): void {
    this.connection = connection;
  }

  /**
   * The route of a subscription's pattern, worked out once per pattern. Nest's own tries
   * `JSON.parse` on the pattern of every message first; ours are plain subjects, so that threw
   * (an Error with its stack trace) on every request: about 3 % of a busy service's CPU.
   */
  protected override getRouteFromPattern(pattern: string): string {
    let route = this.routes.get(pattern);
    if (route === undefined) {
      route = super.getRouteFromPattern(pattern);
      if (this.routes.size < MAX_CACHED_ROUTES) this.routes.set(pattern, route);
    }
    return route;
  }

  override async createNatsClient(): Promise<NatsConnection> {
    if (!this.connection) throw new Error('SharedConnectionNatsServer: no connection (call useConnection before listen)');
    return this.connection();
  }

  /** Stops listening: unsubscribes its patterns; replies in flight still go out on the open connection. */
  override async close(): Promise<void> {
    const self = this as unknown as { natsClient: NatsConnection | null; subscriptions: Subscription[] };
    if (!self.natsClient) return;
    for (const sub of self.subscriptions.splice(0)) {
      try {
        sub.unsubscribe();
      } catch {
        // the connection is closed already
      }
    }
    this.statusEventEmitter.removeAllListeners();
    self.natsClient = null;
  }
}
