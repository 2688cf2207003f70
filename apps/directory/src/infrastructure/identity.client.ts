import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { identity } from '@app/contracts';
import { NATS_CONNECTION, SERVICE_CONFIG, ServiceRequester, type ServiceConfig } from '@app/nest-kit';

const R = identity.IDENTITY_RPC;

/** identity.cmd.registerAccount as the directory sends it (a fixed account id: a retry finds the account). */
export type RegisterAccountCall = identity.RegisterAccountRequest & { accountId: string };

/**
 * The directory's calls to identity (request/reply over NATS, the caller's context in the
 * headers, the acting user signed for each subject as the gateway does): registering an account
 * for "create user", changing a user name, duplicate checks. Identity's domain errors come back
 * as the same DomainError (e.g. 409 'User Name Taken' on `userName`).
 */
@Injectable()
export class IdentityClient implements OnModuleInit, OnApplicationShutdown {
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

  /** Hashes two secrets (argon2id): under a burst of creates it may take longer than a lookup. */
  registerAccount(req: RegisterAccountCall): Promise<identity.RegisterAccountReply> {
    return this.requester.call(R.registerAccount, req, 3 * ServiceRequester.DEFAULT_TIMEOUT_MS);
  }

  changeUserName(req: identity.ChangeUserNameRequest): Promise<identity.ChangeUserNameReply> {
    return this.requester.call(R.changeUserName, req);
  }

  exists(field: identity.ExistsRequest['field'], value: string): Promise<identity.ExistsReply> {
    return this.requester.call(R.exists, { field, value });
  }
}
