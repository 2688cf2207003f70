import { Logger } from '@nestjs/common';
import { NatsRecordBuilder } from '@nestjs/microservices';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { rpcSubject, type RpcContract, type RpcReplyOf, type RpcRequestOf } from '@app/contracts';
import { ServiceUnavailable, errorFromWire, isErrorWire, type ErrorWire } from './errors';
import { natsConnectionOptions } from './nats-url';
import { actorSigningKey, contextToHeaders, currentContext } from './request-context';
import { subjects } from './rpc';
import { SharedConnectionNatsClient } from './shared-nats';

/** What a caller may set beside the connection: how an unexpected ('internal') error reply is thrown. */
export type ServiceRequesterOptions = { internalError?: (wire: ErrorWire) => Error };

/**
 * The one RPC client: the gateway's and every service's requests to a service (request/reply
 * over NATS on the process's one connection, the caller's context in the headers, the acting
 * user signed for each subject). The other service's domain errors come back as the same
 * DomainError; no answer is a 503.
 */
export class ServiceRequester {
  static readonly DEFAULT_TIMEOUT_MS = 10_000;
  private readonly logger = new Logger('ServiceRequester');
  readonly client: SharedConnectionNatsClient;
  private readonly signingKey: string;

  constructor(
    config: { NODE_ENV: string; ACTOR_SIGNING_KEY?: string; NATS_URL: string },
    nc: NatsConnection,
    private readonly timeoutMs = ServiceRequester.DEFAULT_TIMEOUT_MS,
    private readonly options: ServiceRequesterOptions = {},
  ) {
    this.signingKey = actorSigningKey({ NODE_ENV: config.NODE_ENV, ACTOR_SIGNING_KEY: config.ACTOR_SIGNING_KEY });
    // On the service's one NATS connection (replies on its own inbox prefix); the app drains it on shutdown.
    this.client = new SharedConnectionNatsClient({ inboxPrefix: natsConnectionOptions(config.NATS_URL).inboxPrefix }, () => nc);
  }

  connect(): Promise<unknown> {
    return this.client.connect();
  }
  close(): Promise<unknown> {
    return this.client.close();
  }

  /**
   * Calls one RPC of another service from its contract (libs/contracts, `defineRpc`): the data is
   * what the contract's request takes, the answer its reply type. `timeoutMs` overrides the
   * default wait for this call; the contract's context names the other side in the 503 messages.
   */
  call<C extends RpcContract>(contract: C, data: RpcRequestOf<C>, timeoutMs?: number): Promise<RpcReplyOf<C>> {
    return this.send<RpcReplyOf<C>>(contract.context, rpcSubject(subjects(), contract), data, timeoutMs);
  }

  private async send<T>(service: string, subject: string, data: unknown, timeoutMs = this.timeoutMs): Promise<T> {
    const h = natsHeaders();
    for (const [k, v] of Object.entries(contextToHeaders(currentContext(), { key: this.signingKey, subject }))) h.set(k, v);
    const record = new NatsRecordBuilder(data).setHeaders(h).build();
    try {
      return await firstValueFrom(this.client.send<T>(subject, record).pipe(timeout(timeoutMs)));
    } catch (err) {
      if (isErrorWire(err)) {
        const domain = errorFromWire(err);
        if (domain) throw domain;
        throw this.options.internalError?.(err) ?? new ServiceUnavailable(`${service} failed to answer`);
      }
      if (err instanceof TimeoutError) throw new ServiceUnavailable(`${service} did not answer in time`);
      const message = err instanceof Error ? err.message : JSON.stringify(err);
      if (/no responders|no subscribers|503/i.test(message)) throw new ServiceUnavailable(`no ${service} service is running`);
      this.logger.warn(`${subject} failed: ${message}`);
      throw new ServiceUnavailable(`${service} is not available`);
    }
  }
}
