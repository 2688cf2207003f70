import { DomainError } from './errors';

/** How long a caller should wait before trying again while the database is away (seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** Socket-level failures of a connection to Postgres (node's error codes). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * Postgres SQLSTATEs meaning "the server cannot serve you right now": 57P01 admin shutdown,
 * 57P02 crash shutdown, 57P03 cannot connect now (starting up, shutting down, in recovery),
 * 53300 too many connections, and class 08 (connection exception).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres and pool failures that carry no code. */
const MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|the database system is (starting up|shutting down|in recovery|not yet accepting connections)|Client was closed and is not queryable|terminating connection due to administrator command/i;

/**
 * True when an error (or one it wraps: `cause`, an AggregateError's `errors`, MikroORM's
 * DriverException which copies the driver's `code`) says the database is unreachable, restarting
 * or shutting down: an outage the caller should retry, not a bug.
 */
export function isDatabaseOutage(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseOutage(x, depth + 1))) return true;
  return isDatabaseOutage(e.cause, depth + 1);
}

/** The `unavailable` answer (503 with Retry-After at the gateway) for a database outage. */
export function databaseUnavailable(): DomainError {
  return new DomainError('unavailable', 'The database is not available; please try again shortly', {
    code: 'database_unavailable',
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
  });
}
