import {
  ArgumentsHost,
  CallHandler,
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
import { Subjects, type BoundedContext } from '@app/contracts';
import { DomainError, INTERNAL_ERROR_WIRE, Unauthorized, errorToWire, type ErrorWire } from './errors';
import { databaseUnavailable, isDatabaseOutage } from './database-outage';
import { CONTEXT_HEADERS, actorSigningKey, contextFromHeaders, runWithContext, verifyActorHeaders } from './request-context';

/** Subjects for the prefix this process runs under (NATS_PREFIX, read when first used). */
let cached: Subjects | undefined;
export function subjects(): Subjects {
  if (!cached || cached.prefix !== (process.env.NATS_PREFIX ?? '')) cached = new Subjects(process.env.NATS_PREFIX ?? '');
  return cached;
}

/**
 * Marks a request/reply handler of a domain service: `<context>.cmd.<name>` or
 * `<context>.qry.<name>`. The subject carries NATS_PREFIX as it is when the class is loaded.
 */
export function Rpc(context: BoundedContext, kind: 'cmd' | 'qry', name: string): MethodDecorator {
  const s = subjects();
  return MessagePattern(kind === 'cmd' ? s.cmd(context, name) : s.qry(context, name));
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
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Rpc');
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'rpc') return next.handle();
    const nats = ctx.switchToRpc().getContext<NatsContext>();
    const headers = nats?.getHeaders?.();
    const get = (name: string): string | undefined => headers?.get?.(name) || undefined;
    const subject = nats?.getSubject?.() ?? '';
    const check = verifyActorHeaders(get, { key: actorSigningKey(), subject });
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
