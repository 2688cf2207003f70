import {
  type BeforeApplicationShutdown,
  Controller,
  DynamicModule,
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  type Provider,
  type Type,
} from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, ModuleRef } from '@nestjs/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { MikroORM } from '@mikro-orm/postgresql';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Pool } from 'pg';
import { healthRpc, type BoundedContext, type ServiceHealthReply } from '@app/contracts';
import {
  JetStreamRelay,
  KurrentEventStore,
  PostgresEventStore,
  ProjectionRunner,
  type EventLog,
  type EventStore,
  type KurrentClientLike,
  type Projection,
  type ProjectionStatus,
  type RecordedEvent,
} from '@app/event-store';
import { assertEventStoreConfig, loadConfig, natsReplicas, serviceConfigSchema, type ServiceConfig } from './config';
import { ormOptions, pgSessionLimits, type MigrationDef } from './database';
import { NATS_RECONNECT_OPTIONS, natsConnectionOptions } from './nats-url';
import { coalesceNatsWrites } from './nats-writes';
import { actorSigningKey } from './request-context';
import { Rpc, RpcContextInterceptor, RpcErrorFilter, subjects } from './rpc';

export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
export const PG_POOL = Symbol('PG_POOL');
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
export const SERVICE_CONTEXT = Symbol('SERVICE_CONTEXT');
/**
 * The service's event store as its EVENT_STORE picks it (libs/event-store/README.md,
 * "KurrentDB"): the `PostgresEventStore` provider itself (postgres, the default) or a
 * `KurrentEventStore` (kurrentdb). Writers and claim lookups take this one.
 */
export const EVENT_STORE = Symbol('EVENT_STORE');

/** Makes the KurrentDB client of a service from KURRENTDB_URL (default: the real `KurrentDBClient`). */
export type KurrentClientFactory = (connectionString: string) => KurrentClientLike | Promise<KurrentClientLike>;
const kurrentClientFactories = new Map<BoundedContext, KurrentClientFactory>();

/**
 * The KurrentDB client factory of a service booted in this process (bootstrapDomainService's
 * `kurrentClient`; the integration specs pass the in-process fake). Without one, the service
 * connects to KURRENTDB_URL with the real client.
 */
export function useKurrentClientFactory(context: BoundedContext, factory: KurrentClientFactory | undefined): void {
  if (factory) kurrentClientFactories.set(context, factory);
  else kurrentClientFactories.delete(context);
}

/** How often the readers of a KurrentDB log look for other processes' appends (no NOTIFY there; this process's own appends wake them at once). */
export const KURRENTDB_POLL_INTERVAL_MS = 200;

export type IntegrationMapper = (event: RecordedEvent) => { type: string; data: unknown } | null;

export type DomainServiceDef = {
  context: BoundedContext;
  entities: unknown[];
  migrations: MigrationDef[];
  projections: Type<Projection>[];
  /** Which stored events leave the service, and in what shape (never with secrets). */
  integrationEvents: IntegrationMapper;
};

/**
 * How often at most the projections start a batch while appends keep coming (reads wait for
 * them: kept short). A batch's cost is mostly per batch, not per event (its transaction and
 * statements, each planned): at 500 chat messages a second, 25 ms instead of 10 halved
 * Postgres' CPU per message (0.93-0.99 ms -> 0.41-0.53).
 */
export const PROJECTION_BATCH_INTERVAL_MS = 25;
/** How often at most the relay publishes a batch to JetStream (other services' consumers follow it). */
export const RELAY_BATCH_INTERVAL_MS = 50;

/** Starts the projections and the JetStream relay with the app, stops them with it. */
@Injectable()
export class EventPipeline implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('EventPipeline');
  runner!: ProjectionRunner;
  private relay!: JetStreamRelay;
  /**
   * The log the projections and the relay read: the Postgres store, or the KurrentDB store
   * (EVENT_STORE=kurrentdb), whose events they read through its own positions while their
   * checkpoints stay in the service's Postgres.
   */
  readonly log: EventLog;
  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly orm: MikroORM,
    private readonly store: PostgresEventStore,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(SERVICE_CONTEXT) private readonly def: DomainServiceDef,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {
    this.log = events === store ? store : (events as EventStore & EventLog);
  }

  /** True when the events live elsewhere than the Postgres store (KurrentDB). */
  private get external(): boolean {
    return this.log !== this.store;
  }

  async onApplicationBootstrap() {
    const projections = this.def.projections.map((p) => this.moduleRef.get(p, { strict: false }));
    const external = this.external ? { log: this.log, pollIntervalMs: KURRENTDB_POLL_INTERVAL_MS } : {};
    // Under a steady stream of commands (chat messages), a batch every few milliseconds rather
    // than one per append: each batch costs a transaction and about ten statements whatever its
    // size. An append after a pause is still projected and relayed at once.
    this.runner = new ProjectionRunner({ store: this.store, orm: this.orm, projections, minBatchIntervalMs: PROJECTION_BATCH_INTERVAL_MS, ...external });
    this.relay = new JetStreamRelay({
      store: this.store,
      ...external,
      minBatchIntervalMs: RELAY_BATCH_INTERVAL_MS,
      pool: this.pool,
      nc: this.nc,
      subjects: subjects(),
      context: this.def.context,
      source: `/${this.def.context}`,
      replicas: natsReplicas(),
      map: this.def.integrationEvents,
    });
    // The startup guard: checkpoints past the store (restored or wrong database) stop the service here.
    if (this.external) await this.store.assertCheckpointsNotAheadOf(this.log, 'the KurrentDB log');
    else await this.store.assertCheckpointsNotAhead();
    await this.runner.start();
    await this.relay.start();
    this.logger.log(`projections (${projections.map((p) => p.name).join(', ') || 'none'}) and relay started`);
  }

  /**
   * Read-your-writes, bounded: resolves true once the named projections (default: every one)
   * have processed the given position, false when `timeoutMs` (default 5000: a busy database can
   * hold projections back for seconds; the gateway's RPC timeout is 10 s) ran out first.
   * Never throws: the command has committed whatever the read models do; a caller that reads
   * back says so in its reply when this is false.
   */
  async projected(
    globalPositions: string[] | undefined,
    options: { projections?: string[]; timeoutMs?: number } = {},
  ): Promise<boolean> {
    const last = globalPositions?.[globalPositions.length - 1];
    if (!last) return true;
    try {
      await this.runner.waitUntilProjected(last, { timeoutMs: options.timeoutMs ?? 5000, projections: options.projections });
      return true;
    } catch (err) {
      this.logger.warn(`read models lag behind: ${(err as Error).message}`);
      return false;
    }
  }

  /** Before any module shuts down: the ORM and the pool must outlive the last batch. */
  async beforeApplicationShutdown() {
    await this.relay?.stop();
    await this.runner?.stop();
  }

  async onApplicationShutdown() {
    await this.relay?.stop();
    await this.runner?.stop();
    await this.nc.drain().catch(() => undefined);
    await this.pool.end().catch(() => undefined);
    if (this.events instanceof KurrentEventStore) await this.events.close().catch(() => undefined);
  }
}

/** A read model or the relay as the health check reports it: events behind the store's head, and state. */
export type PipelineHealth = {
  name: string;
  state: 'running' | 'failed' | 'rebuilding';
  lag: number;
  failure?: ProjectionStatus['failure'];
};

@Injectable()
export class ServiceHealth {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(SERVICE_CONTEXT) private readonly def: DomainServiceDef,
    private readonly pipeline: EventPipeline,
    private readonly store: PostgresEventStore,
  ) {}

  /**
   * `up` or `down` (database, NATS); `degraded` when a projection is stuck on an event
   * (`projections[].state === 'failed'`, naming the event and the error): the service answers,
   * but what that read model shows is getting old.
   */
  async check(): Promise<ServiceHealthReply> {
    let database = true;
    try {
      await this.pool.query('SELECT 1');
    } catch {
      database = false;
    }
    const nats = !this.nc.isClosed();
    let projections: PipelineHealth[] = [];
    let relay: PipelineHealth | undefined;
    if (database) {
      try {
        projections = (await this.pipeline.runner?.status()) ?? [];
        relay = { name: RELAY_CHECKPOINT, state: 'running', lag: await this.pipeline.log.countAfter(await this.store.readCheckpoint(RELAY_CHECKPOINT)) };
      } catch {
        database = false;
      }
    }
    const failed = projections.some((p) => p.state === 'failed');
    const status = !database || !nats ? 'down' : failed ? 'degraded' : 'up';
    return {
      context: this.def.context,
      status,
      database,
      nats,
      projections: projections.map(({ name, state, lag, failure }) => ({ name, state, lag, ...(failure ? { failure } : {}) })),
      ...(relay ? { relay } : {}),
      uptimeSeconds: Math.round(process.uptime()),
    };
  }
}

const RELAY_CHECKPOINT = 'relay:jetstream';

function healthController(context: BoundedContext): Type<unknown> {
  @Controller()
  class HealthController {
    constructor(private readonly health: ServiceHealth) {}
    @Rpc(healthRpc(context))
    ping() {
      return this.health.check();
    }
  }
  Object.defineProperty(HealthController, 'name', { value: `${context[0].toUpperCase()}${context.slice(1)}HealthController` });
  return HealthController;
}

/**
 * Everything a domain service needs: validated config, a pg pool and the event store in its
 * own schema, MikroORM read models, a NATS connection, projections and the relay, a health ping.
 */
@Global()
@Module({})
export class DomainServiceModule {
  static forRoot(def: DomainServiceDef): DynamicModule {
    const config = loadConfig(serviceConfigSchema(def.context));
    const providers: Provider[] = [
      { provide: SERVICE_CONFIG, useValue: config },
      { provide: SERVICE_CONTEXT, useValue: def },
      {
        provide: PG_POOL,
        // Unqualified names in the service's SQL resolve to its own schema.
        useFactory: () => {
          const pool = new Pool({
            connectionString: config.DATABASE_URL,
            max: 10,
            options: `-c search_path=${config.DATABASE_SCHEMA},public`,
            // statement_timeout and idle_in_transaction_session_timeout (DATABASE_*_TIMEOUT_MS).
            ...pgSessionLimits(),
          });
          // An idle connection dropped by the server (restart, failover) must not crash the process.
          pool.on('error', (err) => new Logger('pg').warn(`idle connection error: ${err.message}`));
          return pool;
        },
      },
      {
        provide: PostgresEventStore,
        useFactory: (pool: Pool) => new PostgresEventStore(pool, { schema: config.DATABASE_SCHEMA }),
        inject: [PG_POOL],
      },
      {
        provide: EVENT_STORE,
        useFactory: async (postgres: PostgresEventStore): Promise<EventStore> => {
          if (assertEventStoreConfig(config, def.context) === 'postgres') return postgres;
          const url = config.KURRENTDB_URL!;
          const factory = kurrentClientFactories.get(def.context);
          return factory ? new KurrentEventStore(await factory(url)) : KurrentEventStore.connect(url);
        },
        inject: [PostgresEventStore],
      },
      {
        provide: NATS_CONNECTION,
        // The process's one connection: events, JetStream, pushes, and the RPC transport (bootstrap.ts).
        useFactory: () => {
          coalesceNatsWrites();
          return connect({ ...natsConnectionOptions(config.NATS_URL), ...NATS_RECONNECT_OPTIONS, name: def.context });
        },
      },
      ...def.projections,
      EventPipeline,
      ServiceHealth,
      {
        provide: APP_INTERCEPTOR,
        useFactory: () => new RpcContextInterceptor(actorSigningKey({ NODE_ENV: config.NODE_ENV, ACTOR_SIGNING_KEY: config.ACTOR_SIGNING_KEY })),
      },
      { provide: APP_FILTER, useClass: RpcErrorFilter },
    ];
    return {
      module: DomainServiceModule,
      imports: [
        MikroOrmModule.forRoot({
          ...ormOptions(config.DATABASE_URL, {
            schema: config.DATABASE_SCHEMA,
            entities: def.entities as never,
            migrations: def.migrations,
          }),
          registerRequestContext: false,
        } as never),
      ],
      controllers: [healthController(def.context)],
      providers,
      exports: [SERVICE_CONFIG, SERVICE_CONTEXT, PG_POOL, PostgresEventStore, EVENT_STORE, NATS_CONNECTION, EventPipeline, ServiceHealth],
    };
  }
}

export type { ServiceConfig };
