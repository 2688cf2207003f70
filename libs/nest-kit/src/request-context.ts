import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

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
  /** Milliseconds since the epoch when the gateway signed the actor. */
  actorTimestamp: 'x-actor-ts',
  /** `v1=<base64url HMAC-SHA256>` over subject, correlation id, timestamp, actor and request meta (see signActor). */
  actorSignature: 'x-actor-sig',
  request: 'x-request-meta',
} as const;

/** How old (or how far in the future) a signed actor may be when a service receives it. */
export const ACTOR_SIGNATURE_MAX_AGE_MS = 60_000;

/**
 * Key used outside production when ACTOR_SIGNING_KEY is not set (an app started alone). It is
 * public, so it protects nothing: `npm start` and the tests generate a real one, and production
 * refuses to start without ACTOR_SIGNING_KEY.
 */
export const DEVELOPMENT_ACTOR_SIGNING_KEY = 'development-only-actor-signing-key:set-ACTOR_SIGNING_KEY';

/**
 * The key shared by the gateway (which signs) and the services (which verify): ACTOR_SIGNING_KEY,
 * else, outside production, the public development key. Throws in production without it.
 */
export function actorSigningKey(env: NodeJS.ProcessEnv = process.env): string {
  const key = env.ACTOR_SIGNING_KEY;
  if (key) return key;
  if (env.NODE_ENV === 'production') throw new Error('ACTOR_SIGNING_KEY is required when NODE_ENV=production');
  return DEVELOPMENT_ACTOR_SIGNING_KEY;
}

/**
 * HMAC-SHA256 of the acting user as the gateway sends it. Bound to the subject (a signed
 * header cannot be replayed on another command), the correlation id and the time, over the
 * exact JSON text of the actor header and of the request metadata header (IP, browser).
 */
export function signActor(
  key: string,
  input: { subject: string; correlationId: string; timestamp: string; actorJson: string; requestJson?: string },
): string {
  const mac = createHmac('sha256', key)
    .update(['actor.v1', input.subject, input.correlationId, input.timestamp, input.actorJson, input.requestJson ?? ''].join('\n'))
    .digest('base64url');
  return `v1=${mac}`;
}

/**
 * Headers carrying the context over NATS. With `signing`, the actor (if any) is signed for the
 * subject it is sent to; services refuse an actor without a valid signature.
 */
export function contextToHeaders(
  ctx: RequestContext | undefined,
  signing?: { key: string; subject: string; now?: number },
): Record<string, string> {
  const correlationId = ctx?.correlationId ?? randomUUID();
  const out: Record<string, string> = { [CONTEXT_HEADERS.correlationId]: correlationId };
  const requestJson = ctx?.request ? JSON.stringify(ctx.request) : undefined;
  if (requestJson) out[CONTEXT_HEADERS.request] = requestJson;
  if (ctx?.actor) {
    const actorJson = JSON.stringify(ctx.actor);
    out[CONTEXT_HEADERS.actor] = actorJson;
    if (signing) {
      const timestamp = String(signing.now ?? Date.now());
      out[CONTEXT_HEADERS.actorTimestamp] = timestamp;
      out[CONTEXT_HEADERS.actorSignature] = signActor(signing.key, { subject: signing.subject, correlationId, timestamp, actorJson, requestJson });
    }
  }
  return out;
}

export type ActorCheck = { ok: true } | { ok: false; reason: 'unsigned' | 'bad-signature' | 'stale' | 'malformed' };

/**
 * Checks the actor of an incoming message: fine when there is none; otherwise it must carry a
 * timestamp within ACTOR_SIGNATURE_MAX_AGE_MS of now and a signature made with `key` over this
 * subject, correlation id, timestamp, actor text and request metadata (compared in constant time).
 */
export function verifyActorHeaders(
  get: (name: string) => string | undefined,
  opts: { key: string; subject: string; now?: number; maxAgeMs?: number },
): ActorCheck {
  const actorJson = get(CONTEXT_HEADERS.actor);
  if (!actorJson) return { ok: true };
  const timestamp = get(CONTEXT_HEADERS.actorTimestamp);
  const signature = get(CONTEXT_HEADERS.actorSignature);
  const correlationId = get(CONTEXT_HEADERS.correlationId);
  if (!timestamp || !signature || !correlationId) return { ok: false, reason: 'unsigned' };
  if (!/^\d{1,16}$/.test(timestamp)) return { ok: false, reason: 'malformed' };
  const requestJson = get(CONTEXT_HEADERS.request);
  const expected = Buffer.from(signActor(opts.key, { subject: opts.subject, correlationId, timestamp, actorJson, requestJson }));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad-signature' };
  if (Math.abs((opts.now ?? Date.now()) - Number(timestamp)) > (opts.maxAgeMs ?? ACTOR_SIGNATURE_MAX_AGE_MS)) return { ok: false, reason: 'stale' };
  if (!parseJson<Actor>(actorJson)) return { ok: false, reason: 'malformed' };
  return { ok: true };
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
