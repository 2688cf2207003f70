/**
 * kill -9 of the NATS server while the relay has a window of publishes in flight.
 *
 * The relay publishes pipelined (up to `maxInFlight` PubAcks outstanding) from a Postgres event
 * store to a JetStream stream on a nats-server of this test's own, which is SIGKILLed in the
 * middle of the run and started again on the same port and store directory. What must hold:
 *  - while NATS is down the checkpoint stays behind every event whose ack did not arrive: every
 *    event up to the checkpoint is in the stream when NATS comes back;
 *  - once NATS is back the relay (a new instance, as after a restart) catches up by itself, and
 *    the stream holds every event exactly once (by Nats-Msg-Id; re-publications are dropped by
 *    the duplicate window).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Pool } from 'pg';
import { Subjects } from '@app/contracts';
import { JetStreamRelay, PostgresEventStore, type EventStoreLogger, type RecordedEvent } from '@app/event-store';
import { createTestDatabase, eventually, testNatsPrefix, type TestDatabase } from '@app/testing';
import { freePort, natsServerBinary } from '../nats/deploy-nats';

jest.setTimeout(180_000);

const N = 6_000;
const quiet: EventStoreLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };

let dir: string;
let port: number;
let monitorPort: number;
let server: ChildProcess | null = null;
let db: TestDatabase;
let pool: Pool;
const connections: NatsConnection[] = [];

async function startNats(): Promise<void> {
  server = spawn(natsServerBinary(), ['-a', '127.0.0.1', '-p', String(port), '-m', String(monitorPort), '-js', '-sd', dir], { stdio: 'ignore' });
  await eventually(async () => expect((await fetch(`http://127.0.0.1:${monitorPort}/healthz?js-enabled-only=true`)).ok).toBe(true), {
    timeoutMs: 20_000,
    intervalMs: 100,
  });
}

async function killNats(): Promise<void> {
  const s = server!;
  const exited = new Promise((resolve) => s.once('exit', resolve));
  s.kill('SIGKILL');
  await exited;
  server = null;
}

async function natsClient(): Promise<NatsConnection> {
  const nc = await connect({ servers: `nats://127.0.0.1:${port}`, maxReconnectAttempts: -1, reconnectTimeWait: 100 });
  connections.push(nc);
  return nc;
}

async function storedIds(nc: NatsConnection, subjects: Subjects): Promise<string[]> {
  const jsm = await jetstreamManager(nc);
  const total = (await jsm.streams.info(subjects.eventStream)).state.messages;
  const consumer = await jetstream(nc).consumers.get(subjects.eventStream);
  const ids: string[] = [];
  if (total === 0) return ids;
  for await (const m of await consumer.fetch({ max_messages: total, expires: 10_000 })) {
    ids.push(m.headers?.get('Nats-Msg-Id') ?? '');
    if (ids.length === total) break;
  }
  return ids;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'relay-nats-kill-'));
  port = await freePort();
  monitorPort = await freePort();
  await startNats();
  db = await createTestDatabase('relay_nats_kill');
  pool = new Pool({ connectionString: db.url, max: 6 });
});

afterAll(async () => {
  for (const nc of connections) await nc.close().catch(() => undefined);
  server?.kill('SIGKILL');
  await pool?.end();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('keeps the checkpoint behind unacknowledged publishes and ends with every event exactly once', async () => {
  const store = new PostgresEventStore(pool, { schema: 'chaos_relay', logger: quiet });
  await store.ensureSchema();
  for (let i = 0; i < N; i += 100) {
    await store.append(`account-${i % 37}`, Array.from({ length: 100 }, (_, k) => ({ type: 'AccountRenamed', data: { n: i + k } })));
  }
  const events: RecordedEvent[] = [];
  for (;;) {
    const last = events.at(-1);
    const page = await store.readAll({ after: last ? { transactionId: last.transactionId, globalPosition: last.globalPosition } : null, limit: 5000 });
    if (page.length === 0 && events.length >= N) break;
    events.push(...page);
    if (page.length === 0) await new Promise((r) => setTimeout(r, 20));
  }
  const subjects = new Subjects(testNatsPrefix('chaos_relay'));
  const options = {
    store,
    subjects,
    context: 'identity' as const,
    source: '/identity',
    batchSize: 500,
    maxInFlight: 256,
    publishTimeoutMs: 1000,
    pollIntervalMs: 100,
    retry: { initialDelayMs: 50, maxDelayMs: 500 },
    logger: quiet,
  };
  const observer = await natsClient();
  const first = new JetStreamRelay({ ...options, nc: await natsClient() });
  await first.start();

  // Mid-run: some batches are checkpointed, a window of publishes is in flight.
  const jsm = await jetstreamManager(observer);
  await eventually(async () => expect((await jsm.streams.info(subjects.eventStream)).state.messages).toBeGreaterThan(1_000), {
    timeoutMs: 60_000,
    intervalMs: 5,
  });
  await killNats();
  await new Promise((r) => setTimeout(r, 1_500)); // publishes time out, the relay retries against a dead server
  await first.stop();
  const checkpoint = await store.readCheckpoint('relay:jetstream');
  const upTo = checkpoint ? events.findIndex((e) => e.globalPosition === checkpoint.globalPosition) + 1 : 0;
  expect(upTo).toBeLessThan(N);

  await startNats();
  await eventually(async () => expect(observer.isClosed()).toBe(false), { timeoutMs: 20_000 });
  // Nothing past an unacknowledged publish was checkpointed: everything up to it is stored.
  const before = new Set(await eventually(() => storedIds(observer, subjects), { timeoutMs: 20_000 }));
  const missing = events.slice(0, upTo).filter((e) => !before.has(e.id));
  expect(missing.map((e) => e.globalPosition)).toEqual([]);

  // A new relay (as after a restart) finishes the job; the stream holds each event once.
  const second = new JetStreamRelay({ ...options, nc: await natsClient() });
  await second.start();
  await eventually(async () => expect((await store.readCheckpoint('relay:jetstream'))?.globalPosition).toBe(events[N - 1].globalPosition), {
    timeoutMs: 90_000,
  });
  await second.stop();
  const ids = await storedIds(observer, subjects);
  expect(ids).toHaveLength(N);
  expect(new Set(ids).size).toBe(N);
  expect(new Set(ids)).toEqual(new Set(events.map((e) => e.id)));
});
