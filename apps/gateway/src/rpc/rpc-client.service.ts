import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ClientProxy, ClientProxyFactory, NatsRecordBuilder, Transport } from '@nestjs/microservices';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import type { BoundedContext } from '@app/contracts';
import { AppError, ServiceUnavailable, contextToHeaders, currentContext, natsConnectionOptions, subjects } from '@app/nest-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/** Request/reply to the domain services over NATS, carrying the request context in headers. */
@Injectable()
export class RpcClient implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('RpcClient');
  private readonly client: ClientProxy;
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    this.client = ClientProxyFactory.create({
      transport: Transport.NATS,
      options: { ...natsConnectionOptions(config.NATS_URL), name: 'gateway-rpc', maxReconnectAttempts: -1 },
    });
  }
  async onModuleInit() {
    await this.client.connect();
  }
  async onApplicationShutdown() {
    await this.client.close();
  }

  query<T>(context: BoundedContext, name: string, data: unknown = {}, timeoutMs?: number): Promise<T> {
    return this.send<T>(subjects().qry(context, name), data, timeoutMs);
  }
  command<T>(context: BoundedContext, name: string, data: unknown = {}, timeoutMs?: number): Promise<T> {
    return this.send<T>(subjects().cmd(context, name), data, timeoutMs);
  }

  private async send<T>(subject: string, data: unknown, timeoutMs = this.config.RPC_TIMEOUT_MS): Promise<T> {
    const h = natsHeaders();
    for (const [k, v] of Object.entries(contextToHeaders(currentContext()))) h.set(k, v);
    const record = new NatsRecordBuilder(data).setHeaders(h).build();
    try {
      return await firstValueFrom(this.client.send<T>(subject, record).pipe(timeout(timeoutMs)));
    } catch (err) {
      if (AppError.isBody(err)) throw AppError.fromBody(err);
      if (err instanceof TimeoutError) throw new ServiceUnavailable(`${subject.split('.').slice(-3, -2)[0] ?? 'service'} did not answer in time`);
      const message = err instanceof Error ? err.message : JSON.stringify(err);
      if (/no responders|no subscribers|503/i.test(message)) throw new ServiceUnavailable(`no ${subject.split('.').slice(-3, -2)[0]} service is running`);
      this.logger.error(`RPC ${subject} failed: ${message}`);
      throw new ServiceUnavailable();
    }
  }
}
