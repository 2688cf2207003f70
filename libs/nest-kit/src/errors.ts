/**
 * The errors services throw are the plain domain errors of `@app/errors` (no HTTP status in
 * them), re-exported here for the code outside the domain folders. The RPC filter (./rpc.ts)
 * sends them as `{ kind, message, field?, code?, retryAfterSeconds? }`; the gateway maps the
 * kind to an HTTP status (apps/gateway/src/http/http-exception.filter.ts) and answers
 * `{ success: false, message, field?, code? }`.
 */
export {
  Conflict,
  DOMAIN_ERROR_KINDS,
  DomainError,
  Forbidden,
  INTERNAL_ERROR_WIRE,
  NotFound,
  ServiceUnavailable,
  TooManyRequests,
  Unauthorized,
  ValidationFailed,
  errorFromWire,
  errorToWire,
  isDomainErrorKind,
  isErrorWire,
  type DomainErrorDetails,
  type DomainErrorKind,
  type ErrorWire,
} from '@app/errors';
