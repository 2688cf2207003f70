import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError, type DomainErrorKind } from '@app/nest-kit';
import { FHIR_JSON, isFhirPath, operationOutcomeOf } from '../fhir/operation-outcome';

export type ErrorBody = { success: false; message: string; field?: string; code?: string };

/**
 * The one place a domain error kind becomes an HTTP status. The services know nothing of HTTP:
 * they throw plain DomainErrors (`@app/errors`) whose kind crosses NATS.
 */
export const HTTP_STATUS_OF_KIND: Readonly<Record<DomainErrorKind, number>> = Object.freeze({
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
});

/**
 * A failure the gateway itself decides at the HTTP level, not a domain outcome: a body too
 * large (413), or a service that failed unexpectedly (500).
 */
export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpFailure';
  }
}

/** `Retry-After` of a 503 whose service named no delay (a service not answering, a scanner away). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/**
 * The status and `{ success: false, message, field?, code? }` of a DomainError or HttpFailure;
 * a 429 and every 503 come with the seconds for `Retry-After`.
 */
export function failureResponse(e: DomainError | HttpFailure): { status: number; body: ErrorBody; retryAfter?: number } {
  const body: ErrorBody = { success: false, message: e.message, ...(e.field ? { field: e.field } : {}), ...(e.code ? { code: e.code } : {}) };
  if (e instanceof HttpFailure) return { status: e.status, body };
  const retryAfter = e.retryAfterSeconds ?? (e.kind === 'unavailable' ? UNAVAILABLE_RETRY_AFTER_SECONDS : undefined);
  return { status: HTTP_STATUS_OF_KIND[e.kind] ?? 500, body, ...(retryAfter ? { retryAfter } : {}) };
}

/** Every failure answers with a proper status and `{ success: false, message }`. */
export function toErrorResponse(exception: unknown, logger?: Logger): { status: number; body: ErrorBody; retryAfter?: number } {
  if (exception instanceof DomainError || exception instanceof HttpFailure) return failureResponse(exception);
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const res = exception.getResponse();
    let message = typeof res === 'string' ? res : ((res as { message?: string | string[] }).message ?? exception.message);
    if (Array.isArray(message)) message = message.join('; ');
    if (status === 404) message = 'Not found';
    return { status, body: { success: false, message: String(message) } };
  }
  const multer = exception as { name?: string; code?: string; message?: string };
  if (multer?.name === 'MulterError') {
    // multipart/form-data limits: a too-large file or field value is 413, anything else 400.
    const tooLarge = multer.code === 'LIMIT_FILE_SIZE' || multer.code === 'LIMIT_FIELD_VALUE';
    return { status: tooLarge ? 413 : 400, body: { success: false, message: tooLarge ? 'Request body too large' : (multer.message ?? 'Bad request') } };
  }
  const e = exception as { status?: number; statusCode?: number; type?: string; message?: string };
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // body-parser and multer errors: too large, malformed JSON, too many files...
    const message =
      status === 413 || e.type === 'entity.too.large' ? 'Request body too large' : e.type === 'entity.parse.failed' ? 'Malformed request body' : (e.message ?? 'Bad request');
    return { status, body: { success: false, message } };
  }
  logger?.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  return { status: 500, body: { success: false, message: 'Internal server error' } };
}

@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Http');
  catch(exception: unknown, host: ArgumentsHost) {
    if (host.getType() !== 'http') throw exception;
    const res = host.switchToHttp().getResponse<Response>();
    const { status, body, retryAfter } = toErrorResponse(exception, this.logger);
    if (retryAfter) res.setHeader('Retry-After', String(retryAfter));
    // The FHIR API answers FHIR: an OperationOutcome with the same status.
    if (isFhirPath(host.switchToHttp().getRequest<Request>().path)) return void res.status(status).type(FHIR_JSON).send(JSON.stringify(operationOutcomeOf(status, body)));
    res.status(status).json(body);
  }
}
