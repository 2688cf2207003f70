/**
 * NATS write coalescing (libs/nest-kit/src/nats-writes.ts, on in every app) against a real
 * nats-server of this test's own: what the client hands over in one turn goes out in one write
 * at the turn's end, and nothing is lost or held back by that. The scenarios a lost or late
 * write would stall: a request after a burst (its PUB behind many frames, some past the 64 KiB
 * threshold), a lone publish with no later write to carry it, `flush()` (a PING behind a burst),
 * JetStream publishes larger than the threshold awaiting their PubAcks, `drain()` right after a
 * burst, and requests across a server restart (the frames of the old transport, the SUBs and
 * CONNECT of the new one).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { NodeTransport } from '@nats-io/transport-node/lib/node_transport';
import { coalesceNatsWrites } from '@app/nest-kit';
import { eventually } from '@app/testing';
import { freePort, natsServerBinary } from './deploy-nats';

let dir: string;
let port: number;
let server: ChildProcess | undefined;
const open: NatsConnection[] = [];

function startServer(): ChildProcess {
  const child = spawn(natsServerBinary(), ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], { stdio: 'ignore' });
  return child;
}

async function client(name: string): Promise<NatsConnection> {
  const nc = await connect({ servers: `nats://127.0.0.1:${port}`, name, maxReconnectAttempts: -1, reconnectTimeWait: 100 });
  open.push(nc);
  return nc;
}

/** A payload whose first 4 bytes are its sequence number. */
function payload(seq: number, size: number): Uint8Array {
  const data = new Uint8Array(Math.max(4, size));
  new DataView(data.buffer).setUint32(0, seq);
  data.fill(seq % 251, 4);
  return data;
}
const seqOf = (data: Uint8Array) => new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(0);
/** The sequence numbers of what `nc` receives on `subject`, once the server has its subscription. */
async function collect(nc: NatsConnection, subject: string): Promise<number[]> {
  const got: number[] = [];
  nc.subscribe(subject, { callback: (_err, msg) => void got.push(seqOf(msg.data)) });
  await nc.flush();
  return got;
}
/** Sizes of a burst: mostly small, every 50th past the 64 KiB threshold on its own. */
const sizeAt = (i: number) => (i % 50 === 49 ? 100 * 1024 + i : 16 + (i % 300));

beforeAll(async () => {
  coalesceNatsWrites({ force: true });
  dir = mkdtempSync(join(tmpdir(), 'nats-coalesce-'));
  port = await freePort();
  server = startServer();
  await eventually(async () => (await client('probe')).close(), { timeoutMs: 15_000, intervalMs: 100 });
});

afterAll(async () => {
  await Promise.all(open.map((nc) => nc.close().catch(() => undefined)));
  server?.kill('SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('is installed on the transport every connection uses', () => {
  expect(NodeTransport.prototype.send.toString()).toContain('PENDING');
});

it('a burst then a request: every message arrives once, in order and intact, and the request is answered', async () => {
  const publisher = await client('publisher');
  const receiver = await client('receiver');
  const got: number[] = [];
  let corrupt = 0;
  receiver.subscribe('burst', {
    callback: (_err, msg) => {
      const seq = seqOf(msg.data);
      if (msg.data.length !== Math.max(4, sizeAt(seq)) || msg.data[msg.data.length - 1] !== seq % 251) corrupt++;
      got.push(seq);
    },
  });
  receiver.subscribe('svc', { callback: (_err, msg) => void msg.respond(msg.data) });
  await receiver.flush();

  const N = 1_000;
  for (let i = 0; i < N; i++) {
    publisher.publish('burst', payload(i, sizeAt(i)));
    // Each microtask run hands the client's buffer to the transport: several frames per turn.
    if (i % 3 === 0) await Promise.resolve();
  }
  const reply = await publisher.request('svc', payload(7, 8), { timeout: 30_000 });
  expect(seqOf(reply.data)).toBe(7);
  await eventually(() => expect(got).toHaveLength(N), { timeoutMs: 60_000 });
  expect(got).toEqual(Array.from({ length: N }, (_, i) => i));
  expect(corrupt).toBe(0);
});

it('a lone publish with no later write goes out, and flush() after a burst completes', async () => {
  const publisher = await client('lone');
  const got = await collect(await client('lone-receiver'), 'lone');
  // Nothing else is written by this connection after this publish (no request, no flush).
  publisher.publish('lone', payload(1, 10));
  await eventually(() => expect(got).toEqual([1]), { timeoutMs: 30_000 });

  for (let i = 2; i < 500; i++) publisher.publish('lone', payload(i, sizeAt(i)));
  await publisher.flush();
  await eventually(() => expect(got).toHaveLength(499), { timeoutMs: 60_000 });
});

it('JetStream publishes past the 64 KiB threshold, concurrent with small ones, all get their PubAck', async () => {
  const nc = await client('js');
  const jsm = await jetstreamManager(nc);
  await jsm.streams.add({ name: 'COALESCE', subjects: ['coalesce.>'] });
  const js = jetstream(nc);
  const acks = await Promise.all(Array.from({ length: 200 }, (_, i) => js.publish(`coalesce.${i % 3}`, payload(i, i % 10 === 0 ? 200 * 1024 : 64), { msgID: `m${i}` })));
  expect(acks.map((a) => a.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  expect(acks.every((a) => !a.duplicate)).toBe(true);
  expect((await jsm.streams.info('COALESCE')).state.messages).toBe(200);
});

it('drain() right after a burst delivers the whole burst', async () => {
  const publisher = await client('drainer');
  const got = await collect(await client('drain-receiver'), 'drained');
  for (let i = 0; i < 300; i++) publisher.publish('drained', payload(i, sizeAt(i)));
  await publisher.drain();
  await eventually(() => expect(got).toEqual(Array.from({ length: 300 }, (_, i) => i)), { timeoutMs: 60_000 });
});

it('requests are answered again after the server restarts (frames of the dropped transport, SUBs and CONNECT of the new one)', async () => {
  const requester = await client('requester');
  const responder = await client('responder');
  responder.subscribe('echo', { callback: (_err, msg) => void msg.respond(msg.data) });
  await responder.flush();
  expect(seqOf((await requester.request('echo', payload(1, 8), { timeout: 30_000 })).data)).toBe(1);

  // Writes handed over while the server goes away, and a restart on the same port.
  for (let i = 0; i < 100; i++) requester.publish('nobody', payload(i, sizeAt(i)));
  const stopped = server!;
  stopped.kill('SIGTERM');
  await once(stopped, 'exit');
  for (let i = 0; i < 100; i++) requester.publish('nobody', payload(i, sizeAt(i)));
  server = startServer();

  await eventually(
    async () => {
      const reply = await requester.request('echo', payload(2, 8), { timeout: 2_000 });
      expect(seqOf(reply.data)).toBe(2);
    },
    { timeoutMs: 60_000, intervalMs: 200 },
  );
  // And a burst with a request behind it on the new connection.
  const got = await collect(responder, 'after');
  for (let i = 0; i < 300; i++) requester.publish('after', payload(i, sizeAt(i)));
  expect(seqOf((await requester.request('echo', payload(3, 8), { timeout: 30_000 })).data)).toBe(3);
  await eventually(() => expect(got).toEqual(Array.from({ length: 300 }, (_, i) => i)), { timeoutMs: 60_000 });
});
