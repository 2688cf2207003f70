import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import type { RpcContract, RpcReplyOf, RpcRequestOf } from '@app/contracts';
import { NATS_CONNECTION, SERVICE_CONFIG, ServiceRequester, type ServiceConfig } from '@app/nest-kit';

/** Credentialing's requests to other services (the directory's registry; see ServiceRequester). */
@Injectable()
export class ServiceClient implements OnModuleInit, OnApplicationShutdown {
  private readonly requester: ServiceRequester;

  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig, @Inject(NATS_CONNECTION) nc: NatsConnection) {
    this.requester = new ServiceRequester(config, nc);
  }

  async onModuleInit() {
    await this.requester.connect();
  }
  async onApplicationShutdown() {
    await this.requester.close();
  }

  call<C extends RpcContract>(contract: C, data: RpcRequestOf<C>): Promise<RpcReplyOf<C>> {
    return this.requester.call(contract, data);
  }
}
