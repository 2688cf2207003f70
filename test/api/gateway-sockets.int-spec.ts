import type { NestExpressApplication } from '@nestjs/platform-express';
import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { io, type Socket } from 'socket.io-client';
import { startTestSystem, type TestSystem } from '../support/system';
import { registerAccount, signIn } from '../support/identity';

/**
 * Sockets die with their session even when the revocation push is lost: the session is checked
 * again on every client message and every SOCKET_RECHECK_MS. Only HS256 tokens, only allowed
 * origins. The main gateway re-checks every hour; a second one every 300 ms.
 */
let sys: TestSystem;
let fast: NestExpressApplication;
let fastUrl: string;
// Over a second: the re-checks are then spread over the interval in slices (recheckSchedule).
const RECHECK_MS = 2500;

beforeAll(async () => {
  sys = await startTestSystem({ label: 'gwsock', contexts: ['identity'], env: { ALLOWED_ORIGINS: 'https://app.example.test', SOCKET_RECHECK_MS: '3600000' } });
  const { loadGatewayConfig } = await import('../../apps/gateway/src/config');
  const { createGatewayApp } = await import('../../apps/gateway/src/create-app');
  fast = await createGatewayApp(loadGatewayConfig({ ...process.env, SOCKET_RECHECK_MS: String(RECHECK_MS) }));
  await fast.listen(0, '127.0.0.1');
  fastUrl = `http://127.0.0.1:${(fast.getHttpServer().address() as { port: number }).port}`;
});
afterAll(async () => {
  await fast?.close();
  await sys?.stop();
});

function connect(base: string, token: string | undefined, headers: Record<string, string> = {}): Promise<Socket | Error> {
  return new Promise((resolve) => {
    const socket = io(base, { path: '/socket.io', transports: ['websocket'], auth: token ? { token } : {}, extraHeaders: headers, reconnection: false, timeout: 5000 });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (e) => {
      socket.close();
      resolve(e);
    });
  });
}

/** Stops identity from pushing `session-revoked-event`, as if the NATS message were lost. */
async function dropRevocationPushes() {
  const { SessionRevocations } = await import('../../apps/identity/src/sessions/session-revocations');
  return jest.spyOn(sys.services.get('identity')!.get(SessionRevocations), 'publishFor').mockImplementation(() => undefined);
}

const closed = (socket: Socket) =>
  new Promise<{ reason: string; revoked: unknown }>((resolve) => {
    let revoked: unknown;
    socket.once('session-revoked-event', (e) => (revoked = e));
    socket.once('disconnect', (reason) => resolve({ reason, revoked }));
  });

describe('a socket whose session ends without the revocation push', () => {
  afterEach(() => jest.restoreAllMocks());

  it('is closed within the re-check interval', async () => {
    const account = await registerAccount(sys);
    const { token } = await signIn(sys, account);
    const socket = (await connect(fastUrl, token)) as Socket;
    expect(socket).not.toBeInstanceOf(Error);
    const push = await dropRevocationPushes();
    const ended = closed(socket);
    await request(sys.baseUrl).post('/api/v1/users/logout').set('Authorization', `Bearer ${token}`).expect(200);
    const loggedOutAt = Date.now();
    expect(push).toHaveBeenCalled();
    await expect(ended).resolves.toMatchObject({ reason: 'io server disconnect', revoked: { reason: 'revoked' } });
    // One interval, plus slack for a loaded machine: far below the default interval (60 s).
    expect(Date.now() - loggedOutAt).toBeLessThan(RECHECK_MS + 10_000);
  });

  it('is closed at its next client message, long before the next re-check', async () => {
    const account = await registerAccount(sys);
    const { token } = await signIn(sys, account);
    const socket = (await connect(sys.baseUrl, token)) as Socket;
    expect(socket).not.toBeInstanceOf(Error);
    await dropRevocationPushes();
    await request(sys.baseUrl).post('/api/v1/users/logout').set('Authorization', `Bearer ${token}`).expect(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(socket.connected).toBe(true); // no push, no re-check yet
    const ended = closed(socket);
    socket.emit('typing', { chatId: 'x' });
    await expect(ended).resolves.toMatchObject({ reason: 'io server disconnect', revoked: { reason: 'revoked' } });
  });
});

describe('socket handshake', () => {
  it('refuses a browser from another origin, and lets in the gateway’s own origin and the configured ones', async () => {
    const account = await registerAccount(sys);
    const { token } = await signIn(sys, account);
    const evil = await connect(sys.baseUrl, token, { Origin: 'https://evil.example' });
    expect(evil).toBeInstanceOf(Error);
    expect((evil as Error).message).toBe('origin not allowed');
    for (const origin of [sys.baseUrl, 'https://app.example.test']) {
      const ok = await connect(sys.baseUrl, token, { Origin: origin });
      expect(ok).not.toBeInstanceOf(Error);
      (ok as Socket).close();
    }
  });

  it('refuses a token of a live session signed with another algorithm, on the socket and on REST', async () => {
    const account = await registerAccount(sys);
    const { token } = await signIn(sys, account);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    const secret = sys.env.JWT_SECRET;
    const hs512 = new JwtService({ secret }).sign(claims, { algorithm: 'HS512' });
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${token.split('.')[1]}.`;
    for (const forged of [hs512, none]) {
      expect(await connect(sys.baseUrl, forged)).toBeInstanceOf(Error);
      await request(sys.baseUrl).post('/api/v1/users/isSignedIn').set('Authorization', `Bearer ${forged}`).expect(401);
    }
    // The genuine HS256 token of the same session works on both.
    const ok = await connect(sys.baseUrl, token);
    expect(ok).not.toBeInstanceOf(Error);
    (ok as Socket).close();
    await request(sys.baseUrl).post('/api/v1/users/isSignedIn').set('Authorization', `Bearer ${token}`).expect(200);
  });
});
