import { ClientNats, ServerNats, type NatsOptions } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';

/**
 * One NATS connection per process. Nest's NATS transport (the services' server, the gateway's
 * client) would open a connection of its own next to the one the process already holds for its
 * events, JetStream and realtime pushes; these two use that one instead. It belongs to the app
 * (DomainServiceModule's NATS_CONNECTION, the gateway's GATEWAY_NATS), which drains it last, on
 * shutdown: closing the transport only stops it using the connection.
 *
 * The connection carries the app's user, password and inbox prefix (natsConnectionOptions), so
 * replies still come back on `_INBOX.<user>.…`.
 */
export type NatsTransportOptions = Required<NatsOptions>['options'];
type SharedConnection = () => NatsConnection | Promise<NatsConnection>;

/** Nest's NATS server (message patterns, queue group) on the process's connection. */
export class SharedConnectionNatsServer extends ServerNats {
  private connection: SharedConnection | undefined;

  constructor(options: NatsTransportOptions, connection?: SharedConnection) {
    super(options);
    this.connection = connection;
  }

  /** Where the connection comes from, when it exists only once the app is created. */
  useConnection(connection: SharedConnection): void {
    this.connection = connection;
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

/** Nest's NATS client proxy (request/reply with `send`) on the process's connection. */
export class SharedConnectionNatsClient extends ClientNats {
  constructor(
    options: NatsTransportOptions,
    private readonly connection: SharedConnection,
  ) {
    super(options);
  }

  override async createClient(): Promise<NatsConnection> {
    return this.connection();
  }

  /** Fails the requests still waiting for a reply and lets go of the connection, without closing it. */
  override async close(): Promise<void> {
    this.handleClose();
    this.statusEventEmitter.removeAllListeners();
    this.natsClient = null;
    this.connectionPromise = null;
  }
}
