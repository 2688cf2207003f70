/**
 * The one RPC client (ServiceRequester) through the outages the fault drill makes, on a NATS
 * server of this test's own (started here on a free port, killed with SIGKILL and started again):
 * - no instance listens: NATS answers "no responders" at once; the call asks again for a short
 *   while and is answered by an instance that starts within it, else it is a 503 long before its
 *   timeout;
 * - the connection drops while a call waits for its reply: a 503 at once, not at the timeout;
 * - after NATS is back, calls are answered again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect as tcpConnect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type Msg, type NatsConnection } from '@nats-io/transport-node';
import { z } from 'zod';
import { defineRpc, rpcSubject } from '@app/contracts';
import { NATS_RECONNECT_OPTIONS, ServiceRequester, subjects } from '@app/nest-kit';
import { eventually } from '@app/testing';

const NATS_BIN = ['/usr/sbin/nats-server', '/usr/local/bin/nats-server', '/usr/bin/nats-server'].find((p) => existsSync(p)) ?? 'nats-server';
const Echo = defineRpc({ context: 'practices', kind: 'qry', name: 'echoOutage', request: z.object({ n: z.number() }), reply: z.object({ n: z.number() }) });
const TIMEOUT_MS = 20_000;
const config = { NODE_ENV: 'test', ACTOR_SIGNING_KEY: 'b'.repeat(64), NATS_URL: '' };

type Packet = { pattern: string; data: { n: number }; id: string };

let port: number;
let dir: string;
let server: ChildProcess | null = null;
let callerNc: NatsConnection;
let requester: ServiceRequester;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = s.address() as { port: number };
      s.close(() => resolve(p));
    });
  });
}

function listening(p: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = tcpConnect({ host: '127.0.0.1', port: p });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

async function startServer(): Promise<void> {
  server = spawn(NATS_BIN, ['-a', '127.0.0.1', '-p', String(port), '-sd', dir], { stdio: 'ignore' });
  await eventually(async () => expect(await listening(port)).toBe(true), { timeoutMs: 15_000 });
}

async function killServer(): Promise<void> {
  const s = server!;
  s.kill('SIGKILL');
  if (s.exitCode === null && !s.signalCode) await new Promise((r) => s.once('exit', r));
}

/** A service instance: its own connection, answering Echo with n + 1 (or holding the requests when `hold`). */
async function instance(hold?: Array<{ packet: Packet; msg: Msg }>): Promise<NatsConnection> {
  const nc = await connect({ servers: `127.0.0.1:${port}`, ...NATS_RECONNECT_OPTIONS });
  nc.subscribe(rpcSubject(subjects(), Echo), {
    queue: 'practices',
    callback: (_err, msg) => {
      const packet = msg.json<Packet>();
      if (hold) hold.push({ packet, msg });
      else msg.respond(JSON.stringify({ id: packet.id, response: { n: packet.data.n + 1 }, isDisposed: true }));
    },
  });
  await nc.flush();
  return nc;
}

beforeAll(async () => {
  port = await freePort();
  dir = mkdtempSync(join(tmpdir(), 'rpc-outage-'));
  await startServer();
  callerNc = await connect({ servers: `127.0.0.1:${port}`, ...NATS_RECONNECT_OPTIONS });
  requester = new ServiceRequester({ ...config, NATS_URL: `nats://127.0.0.1:${port}` }, callerNc, TIMEOUT_MS);
  await requester.connect();
});

afterAll(async () => {
  await requester?.close();
  await callerNc?.close();
  server?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

it('with no instance listening, is a 503 naming the service well before its timeout', async () => {
  const startedAt = Date.now();
  await expect(requester.call(Echo, { n: 1 })).rejects.toMatchObject({ kind: 'unavailable', message: 'no practices service is running' });
  expect(Date.now() - startedAt).toBeLessThan(TIMEOUT_MS / 2);
});

it('is answered by an instance that starts while the call is asking again', async () => {
  const patient = new ServiceRequester({ ...config, NATS_URL: `nats://127.0.0.1:${port}` }, callerNc, TIMEOUT_MS, { noRespondersWaitMs: TIMEOUT_MS });
  let nc: NatsConnection | undefined;
  try {
    const call = patient.call(Echo, { n: 41 });
    // The first ask found nobody (the call is still waiting); now an instance comes.
    nc = await instance();
    await expect(call).resolves.toEqual({ n: 42 });
  } finally {
    await patient.close();
    await nc?.close();
  }
});

it('fails a call waiting for its reply at once when the connection drops, and answers again once NATS is back', async () => {
  const held: Array<{ packet: Packet; msg: Msg }> = [];
  const holding = await instance(held);
  let answering: NatsConnection | undefined;
  try {
    const waiting = requester.call(Echo, { n: 1 });
    await eventually(async () => expect(held).toHaveLength(1));
    const droppedAt = Date.now();
    await killServer();
    await expect(waiting).rejects.toMatchObject({ kind: 'unavailable' });
    expect(Date.now() - droppedAt).toBeLessThan(TIMEOUT_MS / 2);
    await holding.close();
    await startServer();
    answering = await instance();
    // Whatever moment each side reconnects: answered, well within the timeout.
    const startedAt = Date.now();
    await eventually(async () => expect(await requester.call(Echo, { n: 6 })).toEqual({ n: 7 }), { timeoutMs: TIMEOUT_MS });
    expect(Date.now() - startedAt).toBeLessThan(TIMEOUT_MS);
  } finally {
    await holding.close().catch(() => undefined);
    await answering?.close();
  }
});
