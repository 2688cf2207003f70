import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { NatsRecordBuilder } from '@nestjs/microservices';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import type { BoundedContext } from '@app/contracts';
import {
  ServiceUnavailable,
  actorSigningKey,
  contextToHeaders,
  currentContext,
  errorFromWire,
  isErrorWire,
  natsConnectionOptions,
  SharedConnectionNatsClient,
  subjects,
} from '@app/nest-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { HttpFailure } from '../http/http-exception.filter';
import { GATEWAY_NATS } from '../infra.providers';

/**
 * Request/reply to the domain services over NATS, carrying the request context in headers, on
 * the gateway's one NATS connection (GATEWAY_NATS, drained by InfraCloser on shutdown).
 */
@Injectable()
export class RpcClient implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('RpcClient');
  readonly client: SharedConnectionNatsClient;
  /** Signs the acting user into every request (the services refuse an unsigned actor). */
  private readonly signingKey: string;
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(GATEWAY_NATS) nc: NatsConnection,
  ) {
    this.signingKey = actorSigningKey({ NODE_ENV: config.NODE_ENV, ACTOR_SIGNING_KEY: config.ACTOR_SIGNING_KEY });
    if (!config.ACTOR_SIGNING_KEY) this.logger.warn('ACTOR_SIGNING_KEY is not set: signing actors with the public development key');
    // Replies come back on the gateway's own inbox (`_INBOX.gateway.…`), as its NATS user may only subscribe there.
    this.client = new SharedConnectionNatsClient({ inboxPrefix: natsConnectionOptions(config.NATS_URL).inboxPrefix }, () => nc);
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
    for (const [k, v] of Object.entries(contextToHeaders(currentContext(), { key: this.signingKey, subject }))) h.set(k, v);
    const record = new NatsRecordBuilder(data).setHeaders(h).build();
    try {
      return await firstValueFrom(this.client.send<T>(subject, record).pipe(timeout(timeoutMs)));
    } catch (err) {
      // A service's error reply: a domain error keeps its kind (the HTTP filter maps it); an
      // unexpected one (`internal`) is a 500 whose details stay in that service's log.
      if (isErrorWire(err)) throw errorFromWire(err) ?? new HttpFailure(500, err.message, undefined, err.code);
      if (err instanceof TimeoutError) throw new ServiceUnavailable(`${subject.split('.').slice(-3, -2)[0] ?? 'service'} did not answer in time`);
      const message = err instanceof Error ? err.message : JSON.stringify(err);
      if (/no responders|no subscribers|503/i.test(message)) throw new ServiceUnavailable(`no ${subject.split('.').slice(-3, -2)[0]} service is running`);
      this.logger.error(`RPC ${subject} failed: ${message}`);
      throw new ServiceUnavailable();
    }
  }
}
