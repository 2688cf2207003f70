import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import request from 'supertest';
import { identity } from '@app/contracts';
import { testNatsUrl } from '@app/testing';
import { startTestSystem, type TestSystem } from '../support/system';
import { lastCode } from '../support/identity';

/**
 * First run without ADMIN_PASSWORD: identity generates the master admin's password and writes
 * it to a file only its owner can read. It never travels over NATS and is never printed.
 */
let sys: TestSystem;
let dir: string;
let spy: NatsConnection;
let sub: Subscription;
const wire: string[] = [];
const printed: string[] = [];
let reply: identity.EnsureMasterAdminReply;
/** What crossed NATS and the console up to the end of the bootstrap (before any sign-in sends the password, as sign-ins do). */
let bootWire: string[] = [];
let bootPrinted: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'master-admin-'));
  // Everything that crosses NATS while the system starts, and everything written to the console.
  spy = await connect({ servers: testNatsUrl() });
  sub = spy.subscribe('>');
  void (async () => {
    for await (const m of sub) wire.push(new TextDecoder().decode(m.data));
  })();
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      printed.push(String(chunk));
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    });
  }
  sys = await startTestSystem({
    label: 'idadmin',
    contexts: ['identity'],
    env: { ADMIN_PASSWORD: '', ADMIN_PASSWORD_FILE: join(dir, 'secrets', 'master-admin-password'), LOG_LEVEL: 'info' },
  });
  const { MasterAdminBootstrap } = await import('../../apps/gateway/src/bootstrap/master-admin.bootstrap');
  reply = await sys.gateway.get(MasterAdminBootstrap).done;
  await spy.flush();
  await new Promise((r) => setTimeout(r, 200));
  bootWire = wire.slice();
  bootPrinted = printed.slice();
});
afterAll(async () => {
  jest.restoreAllMocks();
  sub?.unsubscribe();
  await spy?.close();
  await sys?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('generated master admin password', () => {
  it('was written to a file of mode 0600 whose path the reply names, and it signs in', async () => {
    const file = join(dir, 'secrets', 'master-admin-password');
    expect(reply).toEqual({ created: true, userId: expect.any(String), userName: 'masteradmin', passwordFile: file });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = readFileSync(file, 'utf8').trim();
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    const step1 = await request(sys.baseUrl).post('/api/v1/users/signIn').send({ usernameOrEmail: 'admin@example.test', password }).expect(200);
    const code = await lastCode(sys, '+12025550100');
    await request(sys.baseUrl)
      .post('/api/v1/users/verify2FaForLogin')
      .send({ email: 'admin@example.test', _2faCode: code, _2faToken: step1.body.twoFactorAuthToken })
      .expect(200);
  });

  it('was in no NATS message (request or reply) and printed nowhere; the path was', async () => {
    const password = readFileSync(reply.passwordFile!, 'utf8').trim();
    // The spy saw the bootstrap's request and reply.
    expect(bootWire.some((m) => m.includes('ensureMasterAdmin'))).toBe(true);
    expect(bootWire.some((m) => m.includes(reply.passwordFile!))).toBe(true);
    expect(bootWire.filter((m) => m.includes(password))).toEqual([]);
    expect(bootPrinted.filter((m) => m.includes(password))).toEqual([]);
    expect(bootPrinted.some((m) => m.includes(reply.passwordFile!))).toBe(true);
  });

  it('is generated once: asking again creates nothing and names no file', async () => {
    const before = readFileSync(reply.passwordFile!, 'utf8');
    const { RpcClient } = await import('../../apps/gateway/src/rpc/rpc-client.service');
    const again = await sys.gateway.get(RpcClient).call(identity.IDENTITY_RPC.ensureMasterAdmin, { email: 'admin@example.test', userName: 'masteradmin' });
    expect(again).toEqual({ created: false, userId: reply.userId, userName: 'masteradmin' });
    expect(readFileSync(reply.passwordFile!, 'utf8')).toBe(before);
  });
});
