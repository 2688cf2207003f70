/**
 * Domain errors: plain classes with no framework and no HTTP in them, so the domain folders
 * (`apps/<service>/src/domain`) can throw them while importing nothing from Nest, MikroORM or
 * NATS. A service's RPC layer sends the `kind` (and message, field, code, retry delay) over
 * NATS; the gateway alone turns a kind into an HTTP status (apps/gateway/src/http).
 */

/** What went wrong, as the caller should understand it. */
export const DOMAIN_ERROR_KINDS = ['validation', 'unauthorized', 'forbidden', 'not_found', 'conflict', 'rate_limited', 'unavailable'] as const;
export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

export function isDomainErrorKind(x: unknown): x is DomainErrorKind {
  return typeof x === 'string' && (DOMAIN_ERROR_KINDS as readonly string[]).includes(x);
}

export type DomainErrorDetails = {
  /** The input field at fault (a 400 names it). */
  field?: string;
  /** A stable machine-readable reason; defaults to the kind. */
  code?: string;
  /** For `rate_limited`: when the caller may try again. */
  retryAfterSeconds?: number;
};

export class DomainError extends Error {
  readonly field?: string;
  readonly code: string;
  readonly retryAfterSeconds?: number;
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = new.target.name;
    if (details.field) this.field = details.field;
    this.code = details.code ?? kind;
    if (details.retryAfterSeconds) this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

export class ValidationFailed extends DomainError {
  constructor(field: string | undefined, message: string) {
    super('validation', message, { field });
  }
}
export class Unauthorized extends DomainError {
  constructor(message = 'Unauthorized', code = 'unauthorized') {
    super('unauthorized', message, { code });
  }
}
export class Forbidden extends DomainError {
  constructor(message = 'Forbidden', code = 'forbidden') {
    super('forbidden', message, { code });
  }
}
export class NotFound extends DomainError {
  constructor(message = 'Not found') {
    super('not_found', message);
  }
}
export class Conflict extends DomainError {
  constructor(message: string, field?: string) {
    super('conflict', message, { field });
  }
}
export class TooManyRequests extends DomainError {
  constructor(message: string, retryAfterSeconds: number) {
    super('rate_limited', message, { retryAfterSeconds });
  }
}
export class ServiceUnavailable extends DomainError {
  constructor(message = 'Service unavailable') {
    super('unavailable', message);
  }
}

/**
 * An error as it travels in an RPC reply: `{ kind, message, field?, code?, retryAfterSeconds? }`.
 * `kind` is a DomainErrorKind, or `internal` for an unexpected failure (its details stay in the
 * service's log).
 */
export type ErrorWire = { kind: DomainErrorKind | 'internal'; message: string; field?: string; code?: string; retryAfterSeconds?: number };

export const INTERNAL_ERROR_WIRE: ErrorWire = Object.freeze({ kind: 'internal', message: 'Internal server error', code: 'internal' });

export function errorToWire(e: DomainError): ErrorWire {
  return {
    kind: e.kind,
    message: e.message,
    ...(e.field ? { field: e.field } : {}),
    code: e.code,
    ...(e.retryAfterSeconds ? { retryAfterSeconds: e.retryAfterSeconds } : {}),
  };
}

export function isErrorWire(x: unknown): x is ErrorWire {
  if (typeof x !== 'object' || x === null) return false;
  const w = x as ErrorWire;
  return (isDomainErrorKind(w.kind) || w.kind === 'internal') && typeof w.message === 'string';
}

/** The DomainError an RPC reply describes; undefined for `internal` (not a domain outcome). */
export function errorFromWire(w: ErrorWire): DomainError | undefined {
  if (!isDomainErrorKind(w.kind)) return undefined;
  return new DomainError(w.kind, w.message, {
    field: typeof w.field === 'string' ? w.field : undefined,
    code: typeof w.code === 'string' ? w.code : undefined,
    retryAfterSeconds: typeof w.retryAfterSeconds === 'number' ? w.retryAfterSeconds : undefined,
  });
}
