import type { Response } from 'express';
import { AppError } from '@app/nest-kit';

/**
 * Runs a call; an AppError becomes its status (and Retry-After) with the usual failure body
 * plus `extra` fields some web dialogs read (e.g. `msg`, `isSignedIn: false`).
 */
export async function withFailureFields<T>(res: Response, extra: (e: AppError) => Record<string, unknown>, fn: () => Promise<T>): Promise<T | Record<string, unknown>> {
  try {
    return await fn();
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    res.status(e.statusCode);
    if (e.retryAfterSeconds) res.setHeader('Retry-After', String(e.retryAfterSeconds));
    return {
      success: false,
      message: e.message,
      ...(e.field ? { field: e.field } : {}),
      ...(e.code ? { code: e.code } : {}),
      ...extra(e),
    };
  }
}

/** The request body, whatever its encoding (JSON, urlencoded, multipart): an object or {}. */
export function bodyOf(body: unknown): unknown {
  return body === undefined || body === null ? {} : body;
}
