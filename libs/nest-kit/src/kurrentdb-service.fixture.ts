/**
 * For integration specs: one domain service booted as it runs (bootstrapDomainService, its Nest
 * module) with EVENT_STORE=kurrentdb and the in-process KurrentDB fake client injected (no
 * KurrentDB server can run here), on a throwaway Postgres database and NATS prefix, with a
 * requester that calls its RPC subjects as the gateway does (the acting user signed).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import { Client } from 'pg';
import type { BoundedContext } from '@app/contracts';
import { createTestDatabase, eventually, testNatsPrefix, testNatsUrl, type TestDatabase } from '@app/testing';
import { FakeKurrentDBClient } from '../../event-store/src/kurrent/fake-kurrentdb-client.fixture';
import type { ServiceStorageDef } from './database';
import type { ServiceRequester } from './service-requester';

export type KurrentServiceUnderTest = {
  app: INestMicroservice;
  fake: FakeKurrentDBClient;
  db: TestDatabase;
  prefix: string;
  /** The test's own NATS connection (the requester's too). */
  nc: NatsConnection;
  pg: Client;
  requester: ServiceRequester;
  /**
   * Publishes another service's integration event on JetStream as its relay does (CloudEvents 1.0
   * JSON on `events.<context>.<name>`, type `<context>.<name>.v1`); `msgId`: its Nats-Msg-Id (default
   * the event id). Answers its stream sequence.
   */
  publishEvent(context: BoundedContext, name: string, eventId: string, data: Record<string, unknown>, msgId?: string): Promise<number>;
  /** Resolves once the service's durable consumer `durable` has acknowledged every message up to stream sequence `seq`. */
  acked(durable: string, seq: number): Promise<void>;
  /** Runs `fn` with `userId` as the acting user (roles as given), as the gateway signs it. */
  runAs<T>(userId: string, fn: () => Promise<T>, roles?: string[]): Promise<T>;
  stop(): Promise<void>;
};

export async function startServiceOnKurrentFake(opts: {
  context: BoundedContext;
  /** Loaded after the environment is set: RPC subjects carry the prefix from the moment their classes load. */
  load: () => Promise<{ module: unknown; storage: Omit<ServiceStorageDef, 'schema'> }>;
}): Promise<KurrentServiceUnderTest> {
  const label = `${opts.context}_kurrent`;
  const db = await createTestDatabase(label);
  const prefix = testNatsPrefix(label);
  Object.assign(process.env, {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: db.url,
    NATS_URL: testNatsUrl(),
    NATS_PREFIX: prefix,
    ACTOR_SIGNING_KEY: randomBytes(32).toString('hex'),
    EVENT_STORE: 'kurrentdb',
    // Never dialled: the fake client stands for the server.
    KURRENTDB_URL: 'kurrentdb://admin:changeit@kurrentdb.invalid:2113?tls=false',
  });
  const kit = await import('./index');
  const { module, storage } = await opts.load();
  const fake = new FakeKurrentDBClient();
  const app = await kit.bootstrapDomainService({ context: opts.context, module: module as never, storage, kurrentClient: () => fake });
  const nc = await connect({ servers: testNatsUrl() });
  const requester = new kit.ServiceRequester({ NODE_ENV: 'test', ACTOR_SIGNING_KEY: process.env.ACTOR_SIGNING_KEY, NATS_URL: testNatsUrl() }, nc);
  await requester.connect();
  const pg = new Client({ connectionString: db.url });
  await pg.connect();
  return {
    app,
    fake,
    db,
    prefix,
    nc,
    pg,
    requester,
    async publishEvent(context, name, eventId, data, msgId = eventId) {
      const h = headers();
      h.set('Content-Type', 'application/cloudevents+json; charset=utf-8');
      const body = { specversion: '1.0', id: eventId, source: `/${context}`, type: `${context}.${name}.v1`, time: new Date().toISOString(), datacontenttype: 'application/json', data };
      return (await jetstream(nc).publish(`${prefix}.events.${context}.${name}`, JSON.stringify(body), { msgID: msgId, headers: h })).seq;
    },
    acked: (durable, seq) =>
      eventually(async () => {
        const info = await (await jetstreamManager(nc)).consumers.info(kit.subjects().eventStream, kit.subjects().durable(durable));
        if (info.ack_floor.stream_seq < seq) throw new Error(`consumer ${durable} acknowledged up to ${info.ack_floor.stream_seq}, not ${seq} yet`);
      }),
    runAs: (userId, fn, roles = []) => kit.runWithContext({ correlationId: randomUUID(), actor: { userId, roles } }, fn),
    async stop() {
      await requester.close().catch(() => undefined);
      await app.close();
      const jsm = await jetstreamManager(nc);
      await jsm.streams.delete(`${prefix.replace(/-/g, '_').toUpperCase()}_EVENTS`).catch(() => undefined);
      await nc.close();
      await pg.end();
      await db.drop();
    },
  };
}

/** The types of the events of one stream in the fake KurrentDB, with their metadata ([] when it does not exist). */
export async function fakeStream(fake: FakeKurrentDBClient, streamId: string): Promise<Array<{ type: string; metadata: Record<string, unknown>; commit: bigint }>> {
  const out: Array<{ type: string; metadata: Record<string, unknown>; commit: bigint }> = [];
  try {
    for await (const e of fake.readStream(streamId)) out.push({ type: e.event!.type, metadata: (e.event!.metadata ?? {}) as Record<string, unknown>, commit: e.event!.position!.commit });
  } catch (err) {
    if ((err as { type?: string }).type !== 'stream-not-found') throw err;
  }
  return out;
}
