/**
 * The acting user travels from the gateway to the services in NATS headers, signed by the
 * gateway (HMAC-SHA256 with ACTOR_SIGNING_KEY). A client on the services' NATS connection that
 * sends a command or query with a forged, unsigned, re-used or stale actor is refused with 401;
 * the gateway's own requests keep working.
 */
import { randomUUID } from 'node:crypto';
import { headers as natsHeaders } from '@nats-io/transport-node';
import request from 'supertest';
import { registerAccount, signIn, type TestAccount } from '../support/identity';
import { startTestSystem, type TestSystem } from '../support/system';

let sys: TestSystem;
let jane: TestAccount;
let token: string;
let actor: { userId: string; sessionId: string; roles: string[] };

type NestReply = { err?: { kind: string; message: string; code?: string }; response?: unknown };

/** A request as Nest's NATS client sends it, from a plain client of the services' account. */
async function rpc(name: string, kind: 'cmd' | 'qry', headers: Record<string, string>, data: unknown = {}): Promise<NestReply> {
  const subject = `${sys.prefix}.identity.${kind}.${name}`;
  const h = natsHeaders();
  for (const [k, v] of Object.entries(headers)) h.set(k, v);
  const reply = await sys.nc.request(subject, JSON.stringify({ pattern: subject, data, id: randomUUID() }), { timeout: 5000, headers: h });
  return reply.json<NestReply>();
}

async function signedHeaders(subjectName: string, kind: 'cmd' | 'qry', key: string, over: { now?: number; actor?: object } = {}) {
  const { contextToHeaders } = await import('@app/nest-kit');
  return contextToHeaders(
    { correlationId: randomUUID(), actor: { ...actor, ...over.actor } as never, request: { ip: '127.0.0.1' } },
    { key, subject: `${sys.prefix}.identity.${kind}.${subjectName}`, now: over.now },
  );
}

beforeAll(async () => {
  sys = await startTestSystem({ contexts: ['identity'], label: 'actorsig' });
  jane = await registerAccount(sys);
  ({ token } = await signIn(sys, jane));
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string; sid: string; roles?: string[] };
  actor = { userId: claims.sub, sessionId: claims.sid, roles: claims.roles ?? [] };
}, 120_000);
afterAll(() => sys?.stop());

it('the gateway path works: its requests carry a signed actor', async () => {
  const res = await request(sys.baseUrl).post('/api/v1/users/isSignedIn').set('Authorization', `Bearer ${token}`).expect(200);
  expect(res.body).toMatchObject({ success: true, isSignedIn: true, usr: { _id: jane.userId } });
});

it('a correctly signed request from another client with the shared key is answered (control)', async () => {
  const reply = await rpc('signedInUser', 'qry', await signedHeaders('signedInUser', 'qry', sys.env.ACTOR_SIGNING_KEY));
  expect(reply.err).toBeUndefined();
  expect(reply.response).toMatchObject({ _id: jane.userId });
});

it('refuses a query with a forged, unsigned x-actor', async () => {
  const reply = await rpc('signedInUser', 'qry', { 'x-correlation-id': randomUUID(), 'x-actor': JSON.stringify(actor) });
  expect(reply.err).toMatchObject({ kind: 'unauthorized', code: 'actor_signature' });
  expect(reply.response).toBeUndefined();
});

it('refuses a command with an actor signed with another key', async () => {
  const headers = await signedHeaders('sendPasswordVerificationCode', 'cmd', 'f'.repeat(64));
  const reply = await rpc('sendPasswordVerificationCode', 'cmd', headers, { email: jane.email });
  expect(reply.err).toMatchObject({ kind: 'unauthorized', code: 'actor_signature' });
});

it('refuses a signed actor that was altered, replayed on another subject, or is stale', async () => {
  const key = sys.env.ACTOR_SIGNING_KEY;
  const good = await signedHeaders('signedInUser', 'qry', key);
  const altered = { ...good, 'x-actor': JSON.stringify({ ...actor, roles: ['admin'] }) };
  expect((await rpc('signedInUser', 'qry', altered)).err).toMatchObject({ kind: 'unauthorized', code: 'actor_signature' });
  expect((await rpc('logout', 'cmd', good)).err).toMatchObject({ kind: 'unauthorized', code: 'actor_signature' });
  const stale = await signedHeaders('signedInUser', 'qry', key, { now: Date.now() - 61_000 });
  expect((await rpc('signedInUser', 'qry', stale)).err).toMatchObject({ kind: 'unauthorized', code: 'actor_signature' });
  // The session was not touched by any of the refused messages.
  await request(sys.baseUrl).post('/api/v1/users/isSignedIn').set('Authorization', `Bearer ${token}`).expect(200);
});

it('still answers messages without an actor (public commands)', async () => {
  const reply = await rpc('exists', 'qry', { 'x-correlation-id': randomUUID() }, { field: 'email', value: jane.email });
  expect(reply).toMatchObject({ response: { isDuplicate: true } });
  expect(reply.err).toBeUndefined();
});
