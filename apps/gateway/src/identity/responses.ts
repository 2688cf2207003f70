import type { Response } from 'express';
import { DomainError } from '@app/nest-kit';
import { HttpFailure, failureResponse } from '../http/http-exception.filter';

/**
 * Runs a call; a DomainError (or HttpFailure) becomes its status (and Retry-After) with the usual failure body
 * plus `extra` fields some web dialogs read (e.g. `msg`, `isSignedIn: false`).
 */
export async function withFailureFields<T>(res: Response, extra: (e: DomainError | HttpFailure) => Record<string, unknown>, fn: () => Promise<T>): Promise<T | Record<string, unknown>> {
  try {
    return await fn();
  } catch (e) {
    if (!(e instanceof DomainError || e instanceof HttpFailure)) throw e;
    const { status, body, retryAfter } = failureResponse(e);
    res.status(status);
    if (retryAfter) res.setHeader('Retry-After', String(retryAfter));
    return { ...body, ...extra(e) };
  }
}

/** The request body, whatever its encoding (JSON, urlencoded, multipart): an object or {}. */
export function bodyOf(body: unknown): unknown {
  return body === undefined || body === null ? {} : body;
}
