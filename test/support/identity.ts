/**
 * Helpers for the identity API tests: register accounts over NATS, read codes from the
 * development outbox, sign in through the two steps, count stored rows.
 */
import { Client } from 'pg';
import request from 'supertest';
import { identity } from '@app/contracts';
import type { TestSystem } from './system';

export const STRONG_PASSWORD = 'Lantern-Quarry-42';

export type TestAccount = { userId: string; userName: string; email: string; mobile?: string; password: string };

let counter = 0;

/** identity.cmd.registerAccount through the gateway's RPC client (no HTTP route on purpose). */
export async function registerAccount(sys: TestSystem, over: Partial<identity.RegisterAccountRequest> = {}): Promise<TestAccount> {
  const { RpcClient } = await import('../../apps/gateway/src/rpc/rpc-client.service');
  const n = `${Date.now().toString(36).slice(-4)}${++counter}`;
  const req: identity.RegisterAccountRequest = {
    userName: `user${n}`,
    email: `user${n}@clinic.test`,
    mobile: `+1202555${String(1000 + (counter % 9000)).padStart(4, '0')}`,
    password: STRONG_PASSWORD,
    displayName: `User ${n}`,
    firstName: 'Test',
    lastName: `User${n}`,
    roles: { isAdmin: false, isProvider: true, isAuditor: false },
    ...over,
  };
  const reply = await sys.gateway.get(RpcClient).call(identity.IDENTITY_RPC.registerAccount, req);
  return { userId: reply.userId, userName: req.userName, email: req.email, mobile: req.mobile, password: req.password ?? '' };
}

/** The newest message of the development outbox for a recipient. */
export async function lastMessage(sys: TestSystem, to: string): Promise<identity.DevOutboxMessage> {
  const res = await request(sys.baseUrl).get('/api/dev/outbox').query({ to }).expect(200);
  if (!res.body.length) throw new Error(`no message for ${to}`);
  return res.body[0];
}

/** The 6-digit code of the newest message for a recipient. */
export async function lastCode(sys: TestSystem, to: string): Promise<string> {
  const m = await lastMessage(sys, to);
  const code = /\b(\d{6})\b/.exec(m.body)?.[1];
  if (!code) throw new Error(`no code in ${m.body}`);
  return code;
}

/** Both sign-in steps; returns the token and the user. */
export async function signIn(
  sys: TestSystem,
  account: { email: string; mobile?: string; password: string },
  opts: { identifier?: string; ip?: string; userAgent?: string } = {},
): Promise<{ token: string; usr: identity.SignedInUser }> {
  const identifier = opts.identifier ?? account.email;
  const headers: Record<string, string> = {};
  if (opts.ip) headers['X-Forwarded-For'] = opts.ip;
  if (opts.userAgent) headers['User-Agent'] = opts.userAgent;
  const step1 = await request(sys.baseUrl).post('/api/v1/users/signIn').set(headers).send({ usernameOrEmail: identifier, password: account.password });
  if (step1.status !== 200) throw new Error(`signIn answered ${step1.status}: ${JSON.stringify(step1.body)}`);
  const code = await lastCode(sys, account.mobile ?? account.email);
  const step2 = await request(sys.baseUrl)
    .post('/api/v1/users/verify2FaForLogin')
    .set(headers)
    .send({ email: identifier, _2faCode: code, _2faToken: step1.body.twoFactorAuthToken });
  if (step2.status !== 200) throw new Error(`verify2FaForLogin answered ${step2.status}: ${JSON.stringify(step2.body)}`);
  return { token: step2.body.token, usr: step2.body.usr };
}

/** A connection to the test database (schema identity). */
export async function db(sys: TestSystem): Promise<Client & { count(table: string): Promise<number> }> {
  const c = new Client({ connectionString: sys.db.url });
  await c.connect();
  return Object.assign(c, {
    async count(table: string) {
      const { rows } = await c.query(`SELECT count(*)::int AS n FROM identity.${table}`);
      return rows[0].n as number;
    },
  });
}

/** Counts of every table a rejected request must leave alone. */
export async function snapshotCounts(c: Awaited<ReturnType<typeof db>>) {
  return {
    events: await c.count('events'),
    secrets: await c.count('one_time_secrets'),
    outbox: await c.count('dev_outbox'),
    credentials: (await c.query('SELECT string_agg(password_hash, \',\' ORDER BY account_id) AS h FROM identity.credentials')).rows[0].h as string,
  };
}

let adminTokens = new WeakMap<TestSystem, string>();
/** GET /api/health (detailed: signed-in administrators only) as the bootstrapped master admin. */
export async function detailedHealth(sys: TestSystem): Promise<request.Response> {
  let token = adminTokens.get(sys);
  if (!token) {
    const { MASTER_ADMIN } = await import('./http');
    token = (await signIn(sys, MASTER_ADMIN)).token;
    adminTokens.set(sys, token);
  }
  return request(sys.baseUrl).get('/api/health').set('Authorization', `Bearer ${token}`);
}
/** Forget cached admin tokens (a test that ends sessions). */
export function forgetAdminTokens(): void {
  adminTokens = new WeakMap();
}

let mobileSerial = Math.floor(Math.random() * 4000);
/** A mobile number no other call of this test file got (a serial after `prefix`, e.g. '+1303555'): random ones could meet. */
export function uniqueMobile(prefix = '+1303555'): string {
  mobileSerial = (mobileSerial + 1) % 9000;
  return `${prefix}${String(1000 + mobileSerial)}`;
}
