/**
 * One NATS connection per process: a service's RPC transport (Nest's NATS server), its events,
 * JetStream relay and consumers, and the gateway's RPC client and realtime subscription all share
 * the app's one connection. Counted by the server itself (its monitoring endpoint, /connz), on a
 * nats-server of this test's own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { NATS_CONNECTION } from '@app/nest-kit';
import { eventually } from '@app/testing';
import { GATEWAY_NATS } from '../../apps/gateway/src/infra.providers';
import { RpcClient } from '../../apps/gateway/src/rpc/rpc-client.service';
import { startTestSystem, type TestSystem } from '../support/system';
import { freePort, natsServerBinary } from './deploy-nats';

type Connz = { connections: Array<{ cid: number; name?: string; subscriptions_list?: string[] }> };

let dir: string;
let server: ChildProcess;
let monitorUrl: string;
let sys: TestSystem | undefined;

async function connections(): Promise<Connz['connections']> {
  const res = await fetch(`${monitorUrl}/connz?subs=1&limit=1000`);
  return ((await res.json()) as Connz).connections ?? [];
}

/** Open client connections by connection name (every app names its one connection after itself). */
async function byName(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const c of await connections()) if (c.name) counts[c.name] = (counts[c.name] ?? 0) + 1;
  return counts;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'one-conn-'));
  const port = await freePort();
  const monitorPort = await freePort();
  server = spawn(natsServerBinary(), ['-a', '127.0.0.1', '-p', String(port), '-m', String(monitorPort), '-js', '-sd', dir], { stdio: 'ignore' });
  monitorUrl = `http://127.0.0.1:${monitorPort}`;
  await eventually(async () => expect((await fetch(`${monitorUrl}/healthz?js-enabled-only=true`)).ok).toBe(true), { timeoutMs: 15_000, intervalMs: 100 });
  sys = await startTestSystem({ label: 'oneconn', contexts: ['identity', 'notifications'], env: { NATS_URL: `nats://127.0.0.1:${port}` } });
}, 60_000);

afterAll(async () => {
  await sys?.stop().catch(() => undefined);
  server?.kill('SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('each app holds exactly one connection, which carries its RPC as well as its events', async () => {
  // gateway -> identity request/reply, and identity's relay and notifications' consumer at work.
  await request(sys!.baseUrl).get('/api/v1/users/exists/username/nobody').expect(200, { isDuplicate: false });
  await eventually(async () => expect((await request(sys!.baseUrl).get('/api/v1/users/exists/username/masteradmin')).body).toEqual({ isDuplicate: true }));

  expect(await byName()).toEqual({ gateway: 1, identity: 1, notifications: 1 });

  // The RPC subscriptions (Nest's transport) sit on the same connection as the app's own ones.
  const conns = await connections();
  const identity = conns.find((c) => c.name === 'identity')!;
  expect(identity.subscriptions_list).toEqual(expect.arrayContaining([`${sys!.prefix}.identity.qry.health`]));
  const gateway = conns.find((c) => c.name === 'gateway')!;
  expect(gateway.subscriptions_list).toEqual(expect.arrayContaining([`${sys!.prefix}.realtime.user.*`]));

  // And in the process: the transport's connection is the app's connection object.
  for (const app of sys!.services.values()) expect(app.unwrap()).toBe(app.get(NATS_CONNECTION, { strict: false }));
  expect(sys!.gateway.get(RpcClient).connection).toBe(sys!.gateway.get(GATEWAY_NATS));
});

it('shutting the apps down closes each connection once, cleanly', async () => {
  const running = sys!;
  sys = undefined;
  await running.stop();
  await eventually(async () => expect(await byName()).toEqual({}), { timeoutMs: 10_000, intervalMs: 100 });
});
