import {
  ACTOR_SIGNATURE_MAX_AGE_MS,
  CONTEXT_HEADERS,
  DEVELOPMENT_ACTOR_SIGNING_KEY,
  actorSigningKey,
  contextFromHeaders,
  contextToHeaders,
  verifyActorHeaders,
  type RequestContext,
} from './request-context';

const KEY = 'k'.repeat(64);
const SUBJECT = 'identity.qry.signedInUser';
const NOW = 1_750_000_000_000;
const ctx: RequestContext = {
  correlationId: 'req-1',
  actor: { userId: 'user-1', sessionId: 'session-1', roles: ['provider'] },
  request: { ip: '203.0.113.7', userAgent: 'Firefox' },
};

function signed(over: Partial<RequestContext> = {}, signing: { key?: string; subject?: string; now?: number } = {}) {
  return contextToHeaders({ ...ctx, ...over }, { key: signing.key ?? KEY, subject: signing.subject ?? SUBJECT, now: signing.now ?? NOW });
}
function check(headers: Record<string, string>, opts: { subject?: string; now?: number; key?: string } = {}) {
  return verifyActorHeaders((n) => headers[n], { key: opts.key ?? KEY, subject: opts.subject ?? SUBJECT, now: opts.now ?? NOW });
}

describe('signed actor headers', () => {
  it('accepts what the gateway signed, and the context reads back unchanged', () => {
    const headers = signed();
    expect(headers[CONTEXT_HEADERS.actorSignature]).toMatch(/^v1=[A-Za-z0-9_-]{43}$/);
    expect(check(headers)).toEqual({ ok: true });
    expect(check(headers, { now: NOW + ACTOR_SIGNATURE_MAX_AGE_MS })).toEqual({ ok: true });
    expect(contextFromHeaders((n) => headers[n])).toEqual(ctx);
  });

  it('accepts a message without an actor (public commands such as sign-in)', () => {
    const headers = contextToHeaders({ correlationId: 'req-2', request: ctx.request }, { key: KEY, subject: SUBJECT, now: NOW });
    expect(headers[CONTEXT_HEADERS.actorSignature]).toBeUndefined();
    expect(check(headers)).toEqual({ ok: true });
  });

  it('refuses an actor without a signature or timestamp', () => {
    const unsigned = contextToHeaders(ctx);
    expect(check(unsigned)).toEqual({ ok: false, reason: 'unsigned' });
    const { [CONTEXT_HEADERS.actorTimestamp]: _ts, ...noTimestamp } = signed();
    expect(check(noTimestamp)).toEqual({ ok: false, reason: 'unsigned' });
  });

  it('refuses a signature made with another key', () => {
    expect(check(signed({}, { key: 'x'.repeat(64) }))).toEqual({ ok: false, reason: 'bad-signature' });
    expect(check(signed({}, { key: DEVELOPMENT_ACTOR_SIGNING_KEY }))).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('refuses a signed header whose actor, request id, request meta or subject was changed', () => {
    const headers = signed();
    expect(check({ ...headers, [CONTEXT_HEADERS.actor]: JSON.stringify({ ...ctx.actor, userId: 'user-2' }) })).toEqual({ ok: false, reason: 'bad-signature' });
    expect(check({ ...headers, [CONTEXT_HEADERS.actor]: JSON.stringify({ ...ctx.actor, roles: ['admin'] }) })).toEqual({ ok: false, reason: 'bad-signature' });
    expect(check({ ...headers, [CONTEXT_HEADERS.correlationId]: 'req-other' })).toEqual({ ok: false, reason: 'bad-signature' });
    expect(check({ ...headers, [CONTEXT_HEADERS.request]: JSON.stringify({ ip: '10.0.0.1' }) })).toEqual({ ok: false, reason: 'bad-signature' });
    expect(check(headers, { subject: 'identity.cmd.sendPasswordVerificationCode' })).toEqual({ ok: false, reason: 'bad-signature' });
    // Moving the timestamp forward to look fresh breaks the signature too.
    expect(check({ ...headers, [CONTEXT_HEADERS.actorTimestamp]: String(NOW + 1) })).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('refuses a signature older (or further ahead) than a minute', () => {
    expect(check(signed(), { now: NOW + ACTOR_SIGNATURE_MAX_AGE_MS + 1 })).toEqual({ ok: false, reason: 'stale' });
    expect(check(signed(), { now: NOW - ACTOR_SIGNATURE_MAX_AGE_MS - 1 })).toEqual({ ok: false, reason: 'stale' });
  });

  it('refuses a malformed timestamp', () => {
    expect(check({ ...signed(), [CONTEXT_HEADERS.actorTimestamp]: '1e12' })).toEqual({ ok: false, reason: 'malformed' });
  });

  it('needs ACTOR_SIGNING_KEY in production and uses the public development key elsewhere', () => {
    expect(actorSigningKey({ ACTOR_SIGNING_KEY: KEY, NODE_ENV: 'production' })).toBe(KEY);
    expect(() => actorSigningKey({ NODE_ENV: 'production' })).toThrow(/ACTOR_SIGNING_KEY/);
    expect(actorSigningKey({ NODE_ENV: 'test' })).toBe(DEVELOPMENT_ACTOR_SIGNING_KEY);
  });
});
