/**
 * `npm start` without a NATS server: scripts/lib/infra.mjs starts nats-server with the
 * deployment's configuration (one user per app, subject permissions) and every app connects as
 * its own user. The whole system (the built apps under dist/, as `npm start` runs them) must
 * then work end to end (sign-in through the gateway, identity's events reaching notifications'
 * durable consumer, realtime) without a single permission violation in the server's log.
 * Needs `npm run build` first.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import request from 'supertest';
import { createTestDatabase, eventually, type TestDatabase } from '@app/testing';
import { ROOT, freePort } from './deploy-nats';

type Infra = {
  ensureNats(
    url: string,
    dir: string,
    log?: (m: string) => void,
    opts?: { accounts?: boolean },
  ): Promise<{ embedded: boolean; urlFor(app: string): string; stop(): Promise<void> }>;
};
type System = {
  startApps(
    env: Record<string, string>,
    opts: { quiet?: boolean; onLine?: (app: string, line: string) => void; envFor?: (app: string) => Record<string, string> },
  ): { children: Map<string, { once(e: string, f: () => void): void }>; stop(): Promise<void> };
  waitHealthy(baseUrl: string, seconds: number, isAlive: () => boolean): Promise<void>;
};

const ADMIN = { email: 'admin@nats-accounts.test', password: 'Correct-Horse-Battery-9', mobile: '+12025550177' };

let dir: string;
let db: TestDatabase | undefined;
let nats: Awaited<ReturnType<Infra['ensureNats']>> | undefined;
let apps: ReturnType<System['startApps']> | undefined;
const lines: string[] = [];

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist', 'apps', 'gateway', 'src', 'main.js'))) throw new Error('dist/ is missing: run npm run build');
  const { ensureNats } = (await import('../../scripts/lib/infra.mjs' as string)) as Infra;
  const { startApps, waitHealthy } = (await import('../../scripts/lib/system.mjs' as string)) as System;
  dir = mkdtempSync(join(tmpdir(), 'start-nats-'));
  const natsPort = await freePort();
  nats = await ensureNats(`nats://127.0.0.1:${natsPort}`, join(dir, 'nats'), () => {}, { accounts: true });
  db = await createTestDatabase('natsacc');
  const port = await freePort();
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: db.url,
    NATS_PREFIX: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ACTOR_SIGNING_KEY: randomBytes(32).toString('hex'),
    UPLOAD_DIR: join(dir, 'uploads'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_USERNAME: 'masteradmin',
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_MOBILE: ADMIN.mobile,
  };
  const migrate = spawnSync(process.execPath, [join(ROOT, 'dist', 'scripts', 'migrate.js')], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (migrate.status !== 0) throw new Error(`migrate failed: ${migrate.stdout}\n${migrate.stderr}`);
  apps = startApps(env, {
    quiet: true,
    onLine: (app, line) => lines.push(`${app}| ${line}`),
    envFor: (app) => ({ NATS_URL: nats!.urlFor(app) }),
  });
  let alive = true;
  for (const child of apps.children.values()) child.once('exit', () => (alive = false));
  try {
    await waitHealthy(`http://127.0.0.1:${port}`, 120, () => alive);
  } catch (e) {
    throw new Error(`${(e as Error).message}\n${lines.slice(-40).join('\n')}`);
  }
  baseUrl = `http://127.0.0.1:${port}`;
}, 180_000);
let baseUrl = '';

afterAll(async () => {
  await apps?.stop();
  await nats?.stop();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

it('starts nats-server with the deployment configuration and gives each app its own user', async () => {
  expect(nats!.embedded).toBe(true);
  expect(nats!.urlFor('directory')).toMatch(/^nats:\/\/directory:n[0-9a-f]+@127\.0\.0\.1:\d+$/);
  const passwords = join(dir, 'nats', 'passwords.json');
  expect(statSync(passwords).mode & 0o077).toBe(0);
  expect(Object.keys(JSON.parse(readFileSync(passwords, 'utf8'))).sort()).toEqual(
    ['credentialing', 'directory', 'gateway', 'identity', 'integrator', 'messaging', 'notifications', 'practices'],
  );
  // Without a user, nothing connects.
  await expect(connect({ servers: new URL(nats!.urlFor('gateway')).host, timeout: 2000 })).rejects.toThrow(/Authorization/i);
});

it('the whole system works with per-app users: sign-in, events to notifications, no permission violation', async () => {
  const step1 = await request(baseUrl).post('/api/v1/users/signIn').send({ usernameOrEmail: ADMIN.email, password: ADMIN.password }).expect(200);
  const outbox = await request(baseUrl).get('/api/dev/outbox').query({ to: ADMIN.mobile }).expect(200);
  const code = /\b(\d{6})\b/.exec(outbox.body[0].body)?.[1];
  const step2 = await request(baseUrl)
    .post('/api/v1/users/verify2FaForLogin')
    .send({ email: ADMIN.email, _2faCode: code, _2faToken: step1.body.twoFactorAuthToken });
  // The reply body in the failure message: an intermittent 401 here was seen once in CI.
  expect({ status: step2.status, body: step2.body, sms: outbox.body[0].body }).toMatchObject({ status: 200 });
  const auth = { Authorization: `Bearer ${step2.body.token}` };
  // gateway -> identity with a signed actor, the reply on the gateway's own inbox.
  await request(baseUrl).post('/api/v1/users/isSignedIn').set(auth).expect(200);
  // identity's events -> stream EVENTS -> notifications' durable consumer -> its read model.
  await eventually(
    async () => {
      const res = await request(baseUrl).post('/api/v1/users/getNotifications').set(auth).send({ filter: 0 }).expect(200);
      expect(res.body.notifications.length).toBeGreaterThan(0);
    },
    { timeoutMs: 20_000, intervalMs: 250 },
  );
  const log = readFileSync(join(dir, 'nats', 'nats-server.log'), 'utf8');
  expect(log).toMatch(/Server is ready/);
  expect(log.split('\n').filter((l) => /violation/i.test(l))).toEqual([]);
}, 60_000);
