import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { eventually } from '@app/testing';
import { startTestSystem, type TestSystem } from '../support/system';
import { lastMessage, registerAccount, signIn } from '../support/identity';

/**
 * The gateway's session cache (apps/gateway/src/auth/session-cache.ts): a signed-in call does not
 * ask identity once the session is known live; a logout or revocation is refused from the very
 * next request on every gateway instance (identity's revocation push); a lost push is bounded by
 * SESSION_CACHE_MS. Identity and one gateway in this process; two more gateways as their own
 * processes (the built app, as `npm start` runs it: passport's strategies are per process).
 */
jest.setTimeout(180_000);

let sys: TestSystem;
let secondUrl: string;
let shortUrl: string;
const SHORT_CACHE_MS = 600;
const children: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Another gateway process on the same NATS prefix, database and secrets. */
async function gatewayProcess(env: Record<string, string> = {}): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(__dirname, '..', '..', 'dist', 'apps', 'gateway', 'src', 'main.js')], {
    env: { ...process.env, ...sys.env, LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: 'ignore',
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  // Up when its guard answers (401 without a token).
  await eventually(() => request(url).get('/api/users/securityEvents').expect(401), { timeoutMs: 60_000, intervalMs: 200 });
  return url;
}

beforeAll(async () => {
  sys = await startTestSystem({ label: 'gwsess', contexts: ['identity'] });
  [secondUrl, shortUrl] = await Promise.all([gatewayProcess(), gatewayProcess({ SESSION_CACHE_MS: String(SHORT_CACHE_MS) })]);
});
afterAll(async () => {
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
  await sys?.stop();
});
afterEach(() => jest.restoreAllMocks());

/** Counts identity's answers to `sessionLive` (the round trip the cache saves). */
async function countSessionChecks() {
  const { SessionLiveHandler } = await import('../../apps/identity/src/queries/session-live.handler');
  return jest.spyOn(sys.services.get('identity')!.get(SessionLiveHandler), 'execute');
}

const call = (base: string, token: string) => request(base).get('/api/users/securityEvents').set('Authorization', `Bearer ${token}`);

describe('the session cache', () => {
  it('asks identity once per session, then answers signed-in calls itself', async () => {
    const account = await registerAccount(sys);
    const { token } = await signIn(sys, account);
    const checks = await countSessionChecks();
    await Promise.all([call(sys.baseUrl, token).expect(200), call(sys.baseUrl, token).expect(200)]);
    expect(checks).toHaveBeenCalledTimes(1); // concurrent calls of one session share one question
    for (let i = 0; i < 5; i++) await call(sys.baseUrl, token).expect(200);
    expect(checks).toHaveBeenCalledTimes(1);
    await call(secondUrl, token).expect(200); // each gateway keeps its own
    expect(checks).toHaveBeenCalledTimes(2);
  });

  it('refuses a logged-out session on the very next request, on every gateway', async () => {
    const account = await registerAccount(sys);
    const { token } = await signIn(sys, account);
    await call(sys.baseUrl, token).expect(200);
    await call(secondUrl, token).expect(200);
    const checks = await countSessionChecks();
    await call(secondUrl, token).expect(200);
    expect(checks).not.toHaveBeenCalled(); // both gateways answer from their cache now
    await request(sys.baseUrl).post('/api/v1/users/logout').set('Authorization', `Bearer ${token}`).expect(200);
    await call(secondUrl, token).expect(401);
    await call(sys.baseUrl, token).expect(401);
    // Refused by the push itself, without asking identity.
    expect(checks).not.toHaveBeenCalled();
  });

  it('refuses sessions revoked by a password reset on the very next request, on every gateway', async () => {
    const account = await registerAccount(sys);
    const [a, b] = [await signIn(sys, account), await signIn(sys, account)];
    for (const base of [sys.baseUrl, secondUrl]) for (const s of [a, b]) await call(base, s.token).expect(200);
    // The reset of a forgotten password ends every session of the account (SessionsRevoked).
    await request(sys.baseUrl).post('/api/v1/users/sendTempPassword').send({ email: account.email }).expect(200);
    const temp = /temporary password is (\S+)/.exec((await lastMessage(sys, account.email)).body)![1];
    await request(sys.baseUrl)
      .post('/api/v1/users/resetPassword')
      .send({ email: account.email, tempPassword: temp, newPassword: 'Granite-Orchard-77', confirmNewPassword: 'Granite-Orchard-77' })
      .expect(200);
    for (const base of [secondUrl, sys.baseUrl]) for (const s of [a, b]) await call(base, s.token).expect(401);
  });

  it('notices a revocation whose push was lost within SESSION_CACHE_MS', async () => {
    const account = await registerAccount(sys);
    const { token } = await signIn(sys, account);
    await call(shortUrl, token).expect(200);
    const { SessionRevocations } = await import('../../apps/identity/src/sessions/session-revocations');
    const push = jest.spyOn(sys.services.get('identity')!.get(SessionRevocations), 'publishFor').mockImplementation(() => undefined);
    await request(sys.baseUrl).post('/api/v1/users/logout').set('Authorization', `Bearer ${token}`).expect(200);
    expect(push).toHaveBeenCalled();
    const loggedOutAt = Date.now();
    // The cache's lifetime, plus slack for a loaded machine: far below the default lifetime (30 s).
    await eventually(() => call(shortUrl, token).expect(401), { timeoutMs: SHORT_CACHE_MS + 10_000 });
    expect(Date.now() - loggedOutAt).toBeLessThan(SHORT_CACHE_MS + 10_000);
  });
});
