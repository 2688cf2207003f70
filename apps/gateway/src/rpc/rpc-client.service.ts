import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import type { RpcContract, RpcReplyOf, RpcRequestOf } from '@app/contracts';
import { ServiceRequester } from '@app/nest-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { HttpFailure } from '../http/http-exception.filter';
import { GATEWAY_NATS } from '../infra.providers';

/**
 * Request/reply to the domain services over NATS through the kit's one RPC client
 * (ServiceRequester: the request context in headers, the acting user signed), on the gateway's
 * one NATS connection (GATEWAY_NATS, drained by InfraCloser on shutdown).
 */
@Injectable()
export class RpcClient implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('RpcClient');
  private readonly requester: ServiceRequester;
  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, @Inject(GATEWAY_NATS) nc: NatsConnection) {
    if (!config.ACTOR_SIGNING_KEY) this.logger.warn('ACTOR_SIGNING_KEY is not set: signing actors with the public development key');
    // A service's unexpected error (`internal`) is a 500 whose details stay in that service's log;
    // replies come back on the gateway's own inbox (`_INBOX.gateway.…`), as its NATS user may only subscribe there.
    this.requester = new ServiceRequester(config, nc, config.RPC_TIMEOUT_MS, {
      internalError: (wire) => new HttpFailure(500, wire.message, undefined, wire.code),
    });
  }
  /** The NATS connection its requests go on: the gateway's one. */
  get connection() {
    return this.requester.connection;
  }
  async onModuleInit() {
    await this.requester.connect();
  }
  async onApplicationShutdown() {
    await this.requester.close();
  }

  /** One RPC from its contract (libs/contracts): the request and the reply are typed by it. */
  call<C extends RpcContract>(contract: C, data: RpcRequestOf<C>, timeoutMs?: number): Promise<RpcReplyOf<C>> {
    return this.requester.call(contract, data, timeoutMs);
  }
}
