/** How a call failed: the server answered with an error, the network failed, or the answer was not JSON. */
export type ApiErrorKind = 'http' | 'network' | 'parse';

type ApiErrorInit = {
  kind: ApiErrorKind;
  message: string;
  /** HTTP status; null when no answer arrived. */
  status: number | null;
  /** The form field the server named, when it named one. */
  field?: string;
  /** The server's machine-readable reason (`invalid_code`, `invalid_credentials`, …), when given. */
  code?: string;
  /** The parsed error body, when there was one. */
  body?: unknown;
  cause?: unknown;
};

/**
 * A failed API call. For 'http' errors `message` is the server's `message` (or `msg`) from
 * its `{ success: false, message, field? }` body.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly field?: string;
  readonly code?: string;
  readonly body?: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.field = init.field;
    this.code = init.code;
    this.body = init.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True for an error answer from the server with this status. */
export function hasStatus(error: unknown, status: number): boolean {
  return isApiError(error) && error.kind === 'http' && error.status === status;
}

/** The server's message of an error answer, or null for network and parse failures. */
export function serverMessage(error: unknown): string | null {
  return isApiError(error) && error.kind === 'http' && error.message ? error.message : null;
}
