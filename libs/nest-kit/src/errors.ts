/**
 * Errors that cross the NATS boundary and become HTTP answers. A domain service throws an
 * AppError; the RPC filter sends `{ statusCode, message, field?, code? }`; the gateway maps it
 * back to an HTTP status with the JSON body `{ success: false, message, field? }`.
 */
export type AppErrorBody = { statusCode: number; message: string; field?: string; code?: string; retryAfterSeconds?: number };

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    readonly code?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
  toBody(): AppErrorBody {
    return {
      statusCode: this.statusCode,
      message: this.message,
      ...(this.field ? { field: this.field } : {}),
      ...(this.code ? { code: this.code } : {}),
      ...(this.retryAfterSeconds ? { retryAfterSeconds: this.retryAfterSeconds } : {}),
    };
  }
  static isBody(x: unknown): x is AppErrorBody {
    return (
      typeof x === 'object' &&
      x !== null &&
      typeof (x as AppErrorBody).statusCode === 'number' &&
      typeof (x as AppErrorBody).message === 'string'
    );
  }
  static fromBody(b: AppErrorBody): AppError {
    return new AppError(b.statusCode, b.message, b.field, b.code, b.retryAfterSeconds);
  }
}

export class ValidationFailed extends AppError {
  constructor(field: string, message: string) {
    super(400, message, field, 'validation');
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Unauthorized', code = 'unauthorized') {
    super(401, message, undefined, code);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'Forbidden') {
    super(403, message, undefined, 'forbidden');
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found') {
    super(404, message, undefined, 'not_found');
  }
}
export class Conflict extends AppError {
  constructor(message: string, field?: string) {
    super(409, message, field, 'conflict');
  }
}
export class TooManyRequests extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, undefined, 'rate_limited', retryAfterSeconds);
  }
}
export class ServiceUnavailable extends AppError {
  constructor(message = 'Service unavailable') {
    super(503, message, undefined, 'unavailable');
  }
}
