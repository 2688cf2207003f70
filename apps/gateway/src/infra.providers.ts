import { Inject, Injectable, Logger, OnApplicationShutdown, type Provider } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Pool } from 'pg';
import { NATS_RECONNECT_OPTIONS, coalesceNatsWrites, natsConnectionOptions, pgSessionLimits } from '@app/nest-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';

export const GATEWAY_NATS = Symbol('GATEWAY_NATS');
export const GATEWAY_PG = Symbol('GATEWAY_PG');

export const infraProviders: Provider[] = [
  {
    provide: GATEWAY_NATS,
    useFactory: (c: GatewayConfig) => {
      coalesceNatsWrites();
      return connect({ ...natsConnectionOptions(c.NATS_URL), ...NATS_RECONNECT_OPTIONS, name: 'gateway' });
    },
    inject: [GATEWAY_CONFIG],
  },
  {
    // Used only to report database health; the gateway holds no domain state.
    provide: GATEWAY_PG,
    useFactory: (c: GatewayConfig) => {
      const pool = new Pool({ connectionString: c.DATABASE_URL, max: 2, connectionTimeoutMillis: 2000, ...pgSessionLimits() });
      pool.on('error', (err) => new Logger('pg').warn(`idle connection error: ${err.message}`));
      return pool;
    },
    inject: [GATEWAY_CONFIG],
  },
];

@Injectable()
export class InfraCloser implements OnApplicationShutdown {
  constructor(
    @Inject(GATEWAY_NATS) private readonly nc: NatsConnection,
    @Inject(GATEWAY_PG) private readonly pg: Pool,
  ) {}
  async onApplicationShutdown() {
    await this.nc.drain().catch(() => undefined);
    await this.pg.end().catch(() => undefined);
  }
}
