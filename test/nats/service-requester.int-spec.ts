/**
 * The one RPC client (ServiceRequester) on a real NATS server: every call gets its own answer,
 * whatever the order the replies come in; the caller's context and signed actor travel in the
 * headers; a service's domain error comes back as that error; no service, no answer in time and
 * a requester shut down are each a 503 that names the service. The answering side here is a
 * plain NATS client speaking Nest's reply packet (`{id, response}` / `{id, err}`), which the
 * services' transport sends; the API suites run the same client against the real services.
 */
import { randomUUID } from 'node:crypto';
import { connect, type Msg, type NatsConnection } from '@nats-io/transport-node';
import { z } from 'zod';
import { defineRpc, rpcSubject } from '@app/contracts';
import { DomainError, ServiceRequester, runWithContext, subjects, verifyActorHeaders } from '@app/nest-kit';
import { eventually, testNatsPrefix, testNatsUrl } from '@app/testing';

const Double = defineRpc({ context: 'practices', kind: 'qry', name: 'double', request: z.object({ n: z.number() }), reply: z.object({ n: z.number() }) });
const Slow = defineRpc({ context: 'practices', kind: 'cmd', name: 'slow', request: z.object({}), reply: z.object({ ok: z.boolean() }) });
const Nobody = defineRpc({ context: 'credentialing', kind: 'qry', name: 'nobodyHome', request: z.object({}), reply: z.object({}) });

const SIGNING_KEY = 'a'.repeat(64);
const config = { NODE_ENV: 'test', ACTOR_SIGNING_KEY: SIGNING_KEY, NATS_URL: testNatsUrl() };

let previousPrefix: string | undefined;
let callerNc: NatsConnection;
let serviceNc: NatsConnection;
let requester: ServiceRequester;

type Packet = { pattern: string; data: { n?: number }; id: string };

beforeAll(async () => {
  previousPrefix = process.env.NATS_PREFIX;
  process.env.NATS_PREFIX = testNatsPrefix('rpcreq');
  callerNc = await connect({ servers: testNatsUrl() });
  serviceNc = await connect({ servers: testNatsUrl() });
  requester = new ServiceRequester(config, callerNc, 2_000);
  await requester.connect();
});

afterAll(async () => {
  await requester?.close();
  await callerNc?.close();
  await serviceNc?.close();
  if (previousPrefix === undefined) delete process.env.NATS_PREFIX;
  else process.env.NATS_PREFIX = previousPrefix;
});

/** Answers every request on `subject` with what `answer` makes of it, once `ready` is flushed to the server. */
async function serve(subject: string, answer: (packet: Packet, msg: Msg) => void) {
  const sub = serviceNc.subscribe(subject, { callback: (_err, msg) => answer(msg.json<Packet>(), msg) });
  await serviceNc.flush();
  return sub;
}

it('answers each of many concurrent calls with its own reply, whatever order the replies come in', async () => {
  const held: Array<{ packet: Packet; msg: Msg }> = [];
  const sub = await serve(rpcSubject(subjects(), Double), (packet, msg) => held.push({ packet, msg }));
  try {
    const calls = Array.from({ length: 300 }, (_, i) => requester.call(Double, { n: i }));
    await eventually(async () => expect(held).toHaveLength(300));
    // Backwards, so that an answer matched to the oldest waiting call (or by order) would be wrong.
    for (const { packet, msg } of held.reverse()) msg.respond(JSON.stringify({ id: packet.id, response: { n: packet.data.n! * 2 }, isDisposed: true }));
    expect(await Promise.all(calls)).toEqual(Array.from({ length: 300 }, (_, i) => ({ n: i * 2 })));
  } finally {
    sub.unsubscribe();
  }
});

it("sends Nest's request packet with the caller's context and its actor signed for the subject", async () => {
  const subject = rpcSubject(subjects(), Double);
  let seen: { packet: Packet; headers: Record<string, string> } | undefined;
  const sub = await serve(subject, (packet, msg) => {
    const headers: Record<string, string> = {};
    for (const k of msg.headers?.keys() ?? []) headers[k.toLowerCase()] = msg.headers!.get(k);
    seen = { packet, headers };
    msg.respond(JSON.stringify({ id: packet.id, response: { n: 1 }, isDisposed: true }));
  });
  try {
    const actor = { userId: randomUUID(), sessionId: randomUUID(), roles: ['provider'] };
    const correlationId = randomUUID();
    await runWithContext({ correlationId, actor }, () => requester.call(Double, { n: 7 }));
    expect(seen!.packet).toEqual({ pattern: subject, data: { n: 7 }, id: expect.any(String) });
    expect(seen!.headers['x-correlation-id']).toBe(correlationId);
    expect(JSON.parse(seen!.headers['x-actor'])).toEqual(actor);
    expect(verifyActorHeaders((name) => seen!.headers[name.toLowerCase()], { key: SIGNING_KEY, subject })).toEqual({ ok: true });
  } finally {
    sub.unsubscribe();
  }
});

it("throws the service's domain error as that error, and an unexpected one as the caller asked", async () => {
  const subject = rpcSubject(subjects(), Double);
  const sub = await serve(subject, (packet, msg) => {
    const err = packet.data.n === 1 ? { kind: 'not_found', message: 'No such practice', code: 'practice_missing' } : { kind: 'internal', message: 'Internal server error', code: 'internal' };
    msg.respond(JSON.stringify({ id: packet.id, err, isDisposed: true }));
  });
  try {
    const notFound = await requester.call(Double, { n: 1 }).catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(DomainError);
    expect(notFound).toMatchObject({ kind: 'not_found', message: 'No such practice', code: 'practice_missing' });
    // Without an internalError option: a 503 naming the service.
    await expect(requester.call(Double, { n: 2 })).rejects.toMatchObject({ kind: 'unavailable', message: 'practices failed to answer' });
    const custom = new ServiceRequester(config, callerNc, 2_000, { internalError: (wire) => new Error(`internal: ${wire.message}`) });
    try {
      await expect(custom.call(Double, { n: 2 })).rejects.toThrow('internal: Internal server error');
    } finally {
      await custom.close();
    }
  } finally {
    sub.unsubscribe();
  }
});

it('is a 503 naming the service when no service listens on the subject', async () => {
  await expect(requester.call(Nobody, {})).rejects.toMatchObject({ kind: 'unavailable', message: 'no credentialing service is running' });
});

it('is a 503 when the answer does not come in time; a late answer is dropped and the next call is answered', async () => {
  const held: Array<{ packet: Packet; msg: Msg }> = [];
  const sub = await serve(rpcSubject(subjects(), Slow), (packet, msg) => held.push({ packet, msg }));
  try {
    await expect(requester.call(Slow, {}, 300)).rejects.toMatchObject({ kind: 'unavailable', message: 'practices did not answer in time' });
    expect(held).toHaveLength(1);
    held[0].msg.respond(JSON.stringify({ id: held[0].packet.id, response: { ok: true }, isDisposed: true }));
    const next = requester.call(Slow, {}, 5_000);
    await eventually(async () => expect(held).toHaveLength(2));
    held[1].msg.respond(JSON.stringify({ id: held[1].packet.id, response: { ok: false }, isDisposed: true }));
    await expect(next).resolves.toEqual({ ok: false });
  } finally {
    sub.unsubscribe();
  }
});

it('fails the calls still waiting when it is closed, and answers again once connected', async () => {
  const own = new ServiceRequester(config, callerNc, 5_000);
  await own.connect();
  const held: Array<{ packet: Packet; msg: Msg }> = [];
  const sub = await serve(rpcSubject(subjects(), Slow), (packet, msg) => held.push({ packet, msg }));
  try {
    const waiting = own.call(Slow, {});
    await eventually(async () => expect(held).toHaveLength(1));
    await own.close();
    await expect(waiting).rejects.toMatchObject({ kind: 'unavailable', message: 'practices is not available: the request was cut short by a shutdown' });
    await own.connect();
    const again = own.call(Slow, {});
    await eventually(async () => expect(held).toHaveLength(2));
    held[1].msg.respond(JSON.stringify({ id: held[1].packet.id, response: { ok: true }, isDisposed: true }));
    await expect(again).resolves.toEqual({ ok: true });
  } finally {
    sub.unsubscribe();
    await own.close();
  }
});
