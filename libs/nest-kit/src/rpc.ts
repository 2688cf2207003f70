import {
  ArgumentsHost,
  CallHandler,
  CanActivate,
  Catch,
  ExecutionContext,
  Injectable,
  Logger,
  NestInterceptor,
  RpcExceptionFilter,
} from '@nestjs/common';
import { MessagePattern, NatsContext } from '@nestjs/microservices';
import { Observable, throwError } from 'rxjs';
import { ZodError, type ZodType, type z } from 'zod';
import { Subjects, rpcSubject, type RpcContract, type RpcPayloadOf, type RpcReplyOf } from '@app/contracts';
import { DomainError, INTERNAL_ERROR_WIRE, NotFound, Unauthorized, errorToWire, type ErrorWire } from './errors';
import { databaseUnavailable, isDatabaseOutage } from './database-outage';
import { CONTEXT_HEADERS, contextFromHeaders, runWithContext, verifyActorHeaders } from './request-context';

/** Subjects for the prefix this process runs under (NATS_PREFIX, read when first used). */
let cached: Subjects | undefined;
export function subjects(): Subjects {
  if (!cached || cached.prefix !== (process.env.NATS_PREFIX ?? '')) cached = new Subjects(process.env.NATS_PREFIX ?? '');
  return cached;
}

/** What an `@Rpc(contract)` method may be: it takes the parsed request and answers the contract's reply. */
export type RpcHandler<C extends RpcContract> = (payload: RpcPayloadOf<C>, ...rest: never[]) => RpcReplyOf<C> | Promise<RpcReplyOf<C>>;

/** Whether a handler's reply is checked against its contract: in test and development, not in production. */
export function checksRpcReplies(env: string | undefined = process.env.NODE_ENV): boolean {
  return env !== 'production';
}

/**
 * Marks a request/reply handler of a domain service from its contract (libs/contracts,
 * `defineRpc`): it listens on `<context>.cmd.<name>` or `<context>.qry.<name>` (with NATS_PREFIX
 * as it is when the class is loaded), receives the request parsed with the contract's schema (a
 * bad one is a 400 naming the field) and, outside production, its reply is checked against the
 * contract's reply schema: a mismatch is logged and answered as an internal error, so tests catch
 * a reply that drifted from its contract. The reply itself goes out as the handler made it.
 */
export function Rpc<C extends RpcContract>(contract: C) {
  const subject = rpcSubject(subjects(), contract);
  const parse = contract.messages === 'user' ? parseFields : parsePayload;
  const checkReply = checksRpcReplies();
  return <F extends RpcHandler<C>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<F>): TypedPropertyDescriptor<F> => {
    const handler = descriptor.value as unknown as (...args: unknown[]) => unknown;
    const wrapped = function (this: unknown, payload: unknown, ...rest: unknown[]) {
      const reply = handler.call(this, parse(contract.request, payload ?? {}), ...rest);
      return checkReply ? Promise.resolve(reply).then((r) => checkedReply(contract, subject, r)) : reply;
    };
    for (const k of Reflect.getMetadataKeys(handler)) Reflect.defineMetadata(k, Reflect.getMetadata(k, handler), wrapped);
    Object.defineProperty(wrapped, 'name', { value: handler.name });
    const replaced: TypedPropertyDescriptor<F> = { ...descriptor, value: wrapped as unknown as F };
    return (MessagePattern(subject)(target, key, replaced) as TypedPropertyDescriptor<F> | undefined) ?? replaced;
  };
}

/** The reply when it matches its contract; else an internal error naming the subject and the first field at fault (no values). */
export function checkedReply<T>(contract: RpcContract, subject: string, reply: T): T {
  const checked = contract.reply.safeParse(reply);
  if (checked.success) return reply;
  const issue = checked.error.issues[0];
  const at = issue?.path.length ? issue.path.join('.') : '(the reply)';
  throw new Error(`${subject}: the reply does not match its contract at ${at}: ${issue?.message ?? 'invalid'}`);
}

/**
 * `@UseGuards(DevelopmentOnly)` on an `@Rpc` handler: with NODE_ENV=production the call does not
 * exist, whatever its payload (404 before the request is parsed); elsewhere it runs.
 */
@Injectable()
export class DevelopmentOnly implements CanActivate {
  canActivate(): boolean {
    if (process.env.NODE_ENV === 'production') throw new NotFound();
    return true;
  }
}

/** Parses an RPC payload with a zod schema; a failure is a 400 naming the first bad field. */
export function parsePayload<S extends ZodType>(schema: S, payload: unknown): z.infer<S> {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw zodToDomainError(parsed.error);
  return parsed.data;
}

/**
 * Parses a request (HTTP body or query, or an RPC payload) with a zod schema whose messages are
 * meant for the user (the spec's wording): a failure is a 400 with that message and `field`
 * naming the field, e.g. `{ message: 'Invalid email', field: 'newEmail' }`.
 */
export function parseFields<S extends ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : undefined;
  return throwValidation(issue?.message ?? 'Invalid input', field);
}

function throwValidation(message: string, field: string | undefined): never {
  throw new DomainError('validation', message, { field });
}

export function zodToDomainError(error: ZodError): DomainError {
  const issue = error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : undefined;
  const message = issue ? (field && !issue.message.includes(field) ? `${field}: ${issue.message}` : issue.message) : 'Invalid input';
  return new DomainError('validation', message, { field });
}

/**
 * Runs every RPC handler inside the request context carried by the NATS headers. An acting
 * user is believed only with the gateway's signature (HMAC-SHA256 with ACTOR_SIGNING_KEY over
 * subject, correlation id, timestamp, actor and request meta, at most a minute old): a message
 * with an unsigned, badly signed, stale or altered actor is answered 401 and logged.
 */
export class RpcContextInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Rpc');
  /** `signingKey`: the service's actorSigningKey, from its configuration (as ServiceRequester's). */
  constructor(private readonly signingKey: string) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'rpc') return next.handle();
    const nats = ctx.switchToRpc().getContext<NatsContext>();
    const headers = nats?.getHeaders?.();
    const get = (name: string): string | undefined => headers?.get?.(name) || undefined;
    const subject = nats?.getSubject?.() ?? '';
    const check = verifyActorHeaders(get, { key: this.signingKey, subject });
    if (!check.ok) {
      this.logger.warn(
        `refused ${subject}: ${check.reason} actor header (correlation id ${JSON.stringify(get(CONTEXT_HEADERS.correlationId)?.slice(0, 100) ?? null)})`,
      );
      return throwError(() => new Unauthorized('Not signed in or session expired', 'actor_signature'));
    }
    const requestContext = contextFromHeaders(get);
    return new Observable((subscriber) =>
      runWithContext(requestContext, () => next.handle().subscribe(subscriber)),
    );
  }
}

/**
 * Turns any error thrown by a handler into the ErrorWire the gateway understands:
 * `{ kind, message, field?, code?, retryAfterSeconds? }` (the gateway maps the kind to HTTP).
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('Rpc');
  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    let body: ErrorWire;
    if (exception instanceof DomainError) body = errorToWire(exception);
    else if (exception instanceof ZodError) body = errorToWire(zodToDomainError(exception));
    else if (isDatabaseOutage(exception)) {
      // Postgres down, restarting or shutting down: the caller retries (503 with Retry-After).
      this.logger.warn(`database unavailable: ${exception instanceof Error ? exception.message : String(exception)}`);
      body = errorToWire(databaseUnavailable());
    } else {
      this.logger.error(exception instanceof Error ? exception.stack ?? exception.message : String(exception));
      body = { ...INTERNAL_ERROR_WIRE };
    }
    return throwError(() => body);
  }
}

/**
 * Checks a request with a zod schema as parseFields does (400 naming the field) but hands back the
 * input itself, typed as the schema's input: for a caller that validates before passing the
 * request on unchanged, so the service parses the original once more with the same contract.
 */
export function checkFields<S extends ZodType>(schema: S, input: unknown): z.input<S> {
  parseFields(schema, input);
  return input as z.input<S>;
}
