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
import { AppError, type AppErrorBody } from './errors';
import { contextFromHeaders, runWithContext } from './request-context';

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
  if (!parsed.success) throw zodToAppError(parsed.error);
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
  throw new AppError(400, message, field, 'validation');
}

export function zodToAppError(error: ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : undefined;
  const message = issue ? (field && !issue.message.includes(field) ? `${field}: ${issue.message}` : issue.message) : 'Invalid input';
  return new AppError(400, message, field, 'validation');
}

/** Runs every RPC handler inside the request context carried by the NATS headers. */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'rpc') return next.handle();
    const nats = ctx.switchToRpc().getContext<NatsContext>();
    const headers = nats?.getHeaders?.();
    const requestContext = contextFromHeaders((name) => headers?.get?.(name) || undefined);
    return new Observable((subscriber) =>
      runWithContext(requestContext, () => next.handle().subscribe(subscriber)),
    );
  }
}

/** Turns any error thrown by a handler into an AppErrorBody the gateway understands. */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('Rpc');
  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    let body: AppErrorBody;
    if (exception instanceof AppError) body = exception.toBody();
    else if (exception instanceof ZodError) body = zodToAppError(exception).toBody();
    else {
      this.logger.error(exception instanceof Error ? exception.stack ?? exception.message : String(exception));
      body = { statusCode: 500, message: 'Internal server error', code: 'internal' };
    }
    return throwError(() => body);
  }
}
