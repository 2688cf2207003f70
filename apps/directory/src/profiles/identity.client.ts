import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { NatsRecordBuilder } from '@nestjs/microservices';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import type { identity } from '@app/contracts';
import {
  NATS_CONNECTION,
  SERVICE_CONFIG,
  SharedConnectionNatsClient,
  ServiceUnavailable,
  actorSigningKey,
  contextToHeaders,
  currentContext,
  errorFromWire,
  isErrorWire,
  natsConnectionOptions,
  subjects,
  type ServiceConfig,
} from '@app/nest-kit';

/** identity.cmd.registerAccount as the directory sends it (a fixed account id: a retry finds the account). */
export type RegisterAccountCall = identity.RegisterAccountRequest & { accountId: string; invite?: boolean };

/**
 * The directory's calls to identity (request/reply over NATS, the caller's context in the
 * headers, the acting user signed for each subject as the gateway does): registering an account
 * for "create user", changing a user name, duplicate checks. Identity's domain errors come back
 * as the same DomainError (e.g. 409 'User Name Taken' on `userName`).
 */
@Injectable()
export class IdentityClient implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('IdentityClient');
  private readonly client: SharedConnectionNatsClient;
  private readonly signingKey: string;
  private readonly timeoutMs = 10_000;

  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig, @Inject(NATS_CONNECTION) nc: NatsConnection) {
    this.signingKey = actorSigningKey({ NODE_ENV: config.NODE_ENV, ACTOR_SIGNING_KEY: config.ACTOR_SIGNING_KEY });
    // On the service's one NATS connection (replies on its own inbox prefix); the app drains it on shutdown.
    this.client = new SharedConnectionNatsClient({ inboxPrefix: natsConnectionOptions(config.NATS_URL).inboxPrefix }, () => nc);
  }

  async onModuleInit() {
    await this.client.connect();
  }
  async onApplicationShutdown() {
    await this.client.close();
  }

  /** Hashes two secrets (argon2id): under a burst of creates it may take longer than a lookup. */
  registerAccount(req: RegisterAccountCall): Promise<identity.RegisterAccountReply> {
    return this.send(subjects().cmd('identity', 'registerAccount'), req, 3 * this.timeoutMs);
  }

  changeUserName(req: { accountId: string; userName: string }): Promise<{ success: true; userName: string }> {
    return this.send(subjects().cmd('identity', 'changeUserName'), req);
  }

  exists(field: 'userName' | 'email' | 'mobile', value: string): Promise<identity.ExistsReply> {
    return this.send(subjects().qry('identity', 'exists'), { field, value });
  }

  private async send<T>(subject: string, data: unknown, timeoutMs = this.timeoutMs): Promise<T> {
    const h = natsHeaders();
    for (const [k, v] of Object.entries(contextToHeaders(currentContext(), { key: this.signingKey, subject }))) h.set(k, v);
    const record = new NatsRecordBuilder(data).setHeaders(h).build();
    try {
      return await firstValueFrom(this.client.send<T>(subject, record).pipe(timeout(timeoutMs)));
    } catch (err) {
      if (isErrorWire(err)) {
        const domain = errorFromWire(err);
        if (domain) throw domain;
        throw new ServiceUnavailable('identity failed to answer');
      }
      if (err instanceof TimeoutError) throw new ServiceUnavailable('identity did not answer in time');
      this.logger.warn(`${subject} failed: ${err instanceof Error ? err.message : JSON.stringify(err)}`);
      throw new ServiceUnavailable('identity is not available');
    }
  }
}
