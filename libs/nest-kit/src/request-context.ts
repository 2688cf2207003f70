import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** Who is acting and from where; travels gateway -> NATS headers -> service -> event metadata. */
export type Actor = { userId: string; sessionId?: string; roles?: string[] };
export type RequestMeta = { ip?: string; userAgent?: string };
export type RequestContext = { correlationId: string; causationId?: string; actor?: Actor; request?: RequestMeta };

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

export function correlationId(): string {
  return storage.getStore()?.correlationId ?? randomUUID();
}

/** NATS header names used for the context. */
export const CONTEXT_HEADERS = {
  correlationId: 'x-correlation-id',
  actor: 'x-actor',
  request: 'x-request-meta',
} as const;

export function contextToHeaders(ctx: RequestContext | undefined): Record<string, string> {
  const out: Record<string, string> = { [CONTEXT_HEADERS.correlationId]: ctx?.correlationId ?? randomUUID() };
  if (ctx?.actor) out[CONTEXT_HEADERS.actor] = JSON.stringify(ctx.actor);
  if (ctx?.request) out[CONTEXT_HEADERS.request] = JSON.stringify(ctx.request);
  return out;
}

function parseJson<T>(raw: string | undefined): T | undefined {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export function contextFromHeaders(get: (name: string) => string | undefined): RequestContext {
  return {
    correlationId: get(CONTEXT_HEADERS.correlationId) || randomUUID(),
    actor: parseJson<Actor>(get(CONTEXT_HEADERS.actor)),
    request: parseJson<RequestMeta>(get(CONTEXT_HEADERS.request)),
  };
}
