import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { AppError } from '@app/nest-kit';

export type ErrorBody = { success: false; message: string; field?: string; code?: string };

/** Every failure answers with a proper status and `{ success: false, message }`. */
export function toErrorResponse(exception: unknown, logger?: Logger): { status: number; body: ErrorBody; retryAfter?: number } {
  if (exception instanceof AppError) {
    return {
      status: exception.statusCode,
      body: { success: false, message: exception.message, ...(exception.field ? { field: exception.field } : {}), ...(exception.code ? { code: exception.code } : {}) },
      retryAfter: exception.retryAfterSeconds,
    };
  }
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
    res.status(status).json(body);
  }
}
