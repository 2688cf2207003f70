import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { HTTP, type CloudEvent } from 'cloudevents';
import { jetstream, jetstreamManager, StorageType, type JetStreamManager } from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import type { Pool } from 'pg';
import { Subjects } from '@app/contracts';
import { createTestDatabase, eventually, testNatsPrefix, testNatsUrl, type TestDatabase } from '@app/testing';
import { JetStreamRelay, PostgresEventStore } from '../src';
import { readAllCommitted, silentLogger, testPool } from './support';

let db: TestDatabase;
let pool: Pool;
let nc: NatsConnection;
let jsm: JetStreamManager;
const streams: string[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  db = await createTestDatabase('relay');
  pool = testPool(db.url, 6);
  nc = await connect({ servers: testNatsUrl() });
  jsm = await jetstreamManager(nc);
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const name of streams) await jsm.streams.delete(name).catch(() => undefined);
  await nc.close();
  await pool.end();
  await db.drop();
});

function isolatedSubjects(label: string): Subjects {
  const subjects = new Subjects(testNatsPrefix(label));
  streams.push(subjects.eventStream);
  return subjects;
}

async function freshStore(schema: string): Promise<PostgresEventStore> {
  const store = new PostgresEventStore(pool, { schema, logger: silentLogger });
  await store.ensureSchema();
  return store;
}


type StoredMessage = { subject: string; msgId: string | undefined; contentType: string | undefined; body: string };

async function streamMessages(subjects: Subjects): Promise<StoredMessage[]> {
  const total = (await jsm.streams.info(subjects.eventStream)).state.messages;
  if (total === 0) return [];
  const consumer = await jetstream(nc).consumers.get(subjects.eventStream);
  const messages: StoredMessage[] = [];
  const batch = await consumer.fetch({ max_messages: total, expires: 10_000 });
  for await (const m of batch) {
    messages.push({
      subject: m.subject,
      msgId: m.headers?.get('Nats-Msg-Id'),
      contentType: m.headers?.get('Content-Type'),
      body: m.string(),
    });
    if (messages.length === total) break;
  }
  return messages;
}

function parseCloudEvent(message: StoredMessage): CloudEvent<unknown> {
  // HTTP.toEvent validates the event against the CloudEvents 1.0 spec.
  return HTTP.toEvent({ headers: { 'content-type': message.contentType ?? '' }, body: message.body }) as CloudEvent<unknown>;
}

async function relayCheckpoint(store: PostgresEventStore): Promise<string | null> {
  const { rows } = await pool.query(`SELECT global_position::text AS p FROM ${store.checkpointsTable} WHERE name = 'relay:jetstream'`);
  return rows[0]?.p ?? null;
}

/** The relay in its own process (test/relay-child.ts), on this Node binary, TypeScript compiled by swc on the fly. */
function spawnRelay(env: Record<string, string>) {
  const child = spawn(process.execPath, ['-r', path.join(__dirname, 'register-ts.js'), path.join(__dirname, 'relay-child.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

describe('JetStreamRelay', () => {
  it('creates the stream (file storage, 2 minute duplicate window), or adds its subject to an existing one', async () => {
    const store = await freshStore('relay_streams');
    const fresh = isolatedSubjects('relay_new');
    const relay = new JetStreamRelay({ store, nc, subjects: fresh, context: 'identity', source: '/identity', logger: silentLogger });
    await relay.ensureStream();
    await relay.ensureStream();
    const created = await jsm.streams.info(fresh.eventStream);
    expect(created.config.subjects).toEqual([fresh.allEvents()]);
    expect(created.config.storage).toBe(StorageType.File);
    expect(created.config.duplicate_window).toBe(nanos(120_000));

    const existing = isolatedSubjects('relay_old');
    await jsm.streams.add({ name: existing.eventStream, subjects: [`${existing.prefix}.legacy.>`], storage: StorageType.Memory });
    const joining = new JetStreamRelay({ store, nc, subjects: existing, context: 'identity', source: '/identity', logger: silentLogger });
    await joining.ensureStream();
    await joining.ensureStream();
    const updated = await jsm.streams.info(existing.eventStream);
    expect(updated.config.subjects).toEqual([`${existing.prefix}.legacy.>`, existing.allEvents()]);
  });

  it('publishes every event exactly once as CloudEvents, across a SIGKILL of the relay process mid-batch', async () => {
    const N = 3000;
    const store = await freshStore('relay_crash');
    for (let i = 0; i < N; i += 10) {
      await store.append(
        `account-${(i / 10) % 50}`,
        Array.from({ length: 10 }, (_, k) => ({
          type: k % 2 ? 'AccountRenamed' : 'AccountRegistered',
          data: { n: i + k },
          metadata: { correlationId: `corr-${i}`, causationId: `cause-${i + k}` },
        })),
      );
    }
    const events = await readAllCommitted(store);
    expect(events).toHaveLength(N);
    const subjects = isolatedSubjects('relay_crash');
    const env = {
      DATABASE_URL: db.url,
      NATS_URL: testNatsUrl(),
      NATS_PREFIX: subjects.prefix,
      SCHEMA: 'relay_crash',
      CONTEXT: 'identity',
      BATCH_SIZE: '100',
    };

    // First run: stalls after 1,250 PubAcks (one ack never resolves), in the middle of its 13th batch, and is killed there.
    const first = spawnRelay({ ...env, STALL_AFTER: '1250' });
    await eventually(() => expect(first.stdout()).toContain('stalled'), { timeoutMs: 60_000 }).catch((err: Error) => {
      throw new Error(`${err.message}\nchild stderr:\n${first.stderr()}`);
    });
    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // The 13th batch went out pipelined (all 100 publishes sent, acks outstanding): the stream
    // holds the 1,250 acked ones and may hold the rest of that batch too.
    const stored = (await jsm.streams.info(subjects.eventStream)).state.messages;
    expect(stored).toBeGreaterThanOrEqual(1250);
    expect(stored).toBeLessThanOrEqual(1300);
    // 12 batches of 100 were checkpointed; the events of the 13th are published but not checkpointed
    // (the checkpoint never passes an event whose ack did not arrive).
    expect(await relayCheckpoint(store)).toBe(events[1199].globalPosition);

    // Second run: finishes; the re-published events are dropped by the server (same Nats-Msg-Id).
    const second = spawnRelay(env);
    await eventually(async () => expect(await relayCheckpoint(store)).toBe(events[N - 1].globalPosition), {
      timeoutMs: 60_000,
    }).catch((err: Error) => {
      throw new Error(`${err.message}\nchild stderr:\n${second.stderr()}`);
    });
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });

    expect((await jsm.streams.info(subjects.eventStream)).state.messages).toBe(N);
    const messages = await streamMessages(subjects);
    expect(messages.map((m) => m.msgId)).toEqual(events.map((e) => e.id));
    messages.forEach((message, i) => {
      const event = events[i];
      const ce = parseCloudEvent(message);
      expect(message.subject).toBe(subjects.event('identity', event.type));
      expect(ce.id).toBe(message.msgId);
      expect(ce).toMatchObject({
        specversion: '1.0',
        id: event.id,
        source: '/identity',
        type: `identity.${event.type}.v1`,
        subject: event.streamId,
        time: event.recordedAt.toISOString(),
        datacontenttype: 'application/json',
        data: event.data,
        correlationid: event.metadata.correlationId,
        causationid: event.metadata.causationId,
      });
    });
  });

  it('publishes the mapped payload only, skips events mapped to null, and lets the server drop re-publications', async () => {
    const store = await freshStore('relay_map');
    const subjects = isolatedSubjects('relay_map');
    const relay = new JetStreamRelay({
      store,
      nc,
      subjects,
      context: 'identity',
      source: '/identity',
      logger: silentLogger,
      pollIntervalMs: 5000, // only LISTEN/NOTIFY makes the background relay quick
      map: (e) => {
        const data = e.data as { userName?: string; passwordHash?: string };
        if (e.type === 'AccountRegistered') return { type: 'AccountRegistered', data: { userName: data.userName } };
        if (e.type === 'AccountRenamed') return { type: 'AccountRenamed', data: { userName: data.userName }, version: 2 };
        return null; // PasswordChanged and anything else stay inside the service
      },
    });
    await store.append('account-1', [
      { type: 'AccountRegistered', data: { userName: 'ada', passwordHash: 'argon2id$secret' } },
      { type: 'PasswordChanged', data: { passwordHash: 'argon2id$secret2' } },
      { type: 'AccountRenamed', data: { userName: 'ada2', passwordHash: 'argon2id$secret3' } },
    ]);
    await relay.catchUp();
    const events = await readAllCommitted(store);
    expect(await relayCheckpoint(store)).toBe(events[2].globalPosition);

    const messages = await streamMessages(subjects);
    expect(messages.map((m) => m.subject)).toEqual([
      subjects.event('identity', 'AccountRegistered'),
      subjects.event('identity', 'AccountRenamed'),
    ]);
    for (const m of messages) expect(m.body).not.toMatch(/passwordHash|secret/);
    expect(messages.map(parseCloudEvent).map((ce) => [ce.type, ce.data])).toEqual([
      ['identity.AccountRegistered.v1', { userName: 'ada' }],
      ['identity.AccountRenamed.v2', { userName: 'ada2' }],
    ]);

    // Forget the checkpoint: everything is published again, and JetStream drops every duplicate.
    await pool.query(`DELETE FROM ${store.checkpointsTable} WHERE name = 'relay:jetstream'`);
    await relay.catchUp();
    expect((await jsm.streams.info(subjects.eventStream)).state.messages).toBe(2);

    // In the background, an append is published without waiting for the poll.
    await relay.start();
    try {
      const id = randomUUID();
      await store.append('account-2', [{ id, type: 'AccountRegistered', data: { userName: 'grace' } }]);
      await eventually(async () => expect((await streamMessages(subjects)).map((m) => m.msgId)).toContain(id), { timeoutMs: 3000 });
    } finally {
      await relay.stop();
    }
  });
});
