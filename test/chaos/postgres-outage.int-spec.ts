/**
 * Postgres stopped and started again under a request loop: while the database is
 * down or starting up, every call answers 503 with Retry-After (the error table's `unavailable`),
 * never 500; once it is back, the same calls answer 200 again without restarting any app.
 * The test runs its own Postgres server (test/support/private-postgres.ts), never the shared one.
 */
import request from 'supertest';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import type { TestSystem } from '../support/system';
import { MASTER_ADMIN as ADMIN, bearer, until } from '../support/http';

jest.setTimeout(240_000);

let privatePg: PrivatePostgres;
let sys: TestSystem;
let token: string;
let adminId: string;
const previousTestDb = process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  privatePg = await startPrivatePostgres();
  process.env.TEST_DATABASE_URL = privatePg.url;
  const { startTestSystem } = await import('../support/system');
  const { signIn } = await import('../support/identity');
  sys = await startTestSystem({ label: 'pgoutage', contexts: ['identity', 'directory', 'practices'] });
  const session = await until(() => signIn(sys, ADMIN), 60_000);
  token = session.token;
  adminId = session.usr._id;
}, 180_000);

afterAll(async () => {
  await sys?.stop().catch(() => undefined);
  await privatePg?.destroy();
  if (previousTestDb === undefined) delete process.env.TEST_DATABASE_URL;
  else process.env.TEST_DATABASE_URL = previousTestDb;
});

type Answer = { route: string; status: number; retryAfter?: string; body: unknown; at: 'up' | 'down' | 'back' };

it('answers only 503 with Retry-After or 2xx while Postgres stops and starts, and 200 again once it is back', async () => {
  // Each call goes through the gateway's session check (identity) and then its own service.
  const calls: { route: string; send: () => request.Test }[] = [
    { route: 'getProviderProfile', send: () => request(sys.baseUrl).get('/api/users/getProviderProfile').query({ providerId: adminId }).set(bearer(token)) },
    { route: 'getUsers', send: () => request(sys.baseUrl).post('/api/v1/users/getUsers').set(bearer(token)).send({}) },
    { route: 'allPractices', send: () => request(sys.baseUrl).post('/api/users/allPractices').set(bearer(token)).send({}) },
    { route: 'isSignedIn', send: () => request(sys.baseUrl).post('/api/v1/users/isSignedIn').set(bearer(token)).send({}) },
    { route: 'searchUsers', send: () => request(sys.baseUrl).get('/api/users/searchUsers').query({ searchTerm: 'master' }).set(bearer(token)) },
  ];
  const answers: Answer[] = [];
  let phase: Answer['at'] = 'up';
  let stop = false;
  const worker = async (offset: number) => {
    for (let i = offset; !stop; i++) {
      const call = calls[i % calls.length];
      const at = phase;
      const res = await call.send().timeout(30_000);
      answers.push({ route: call.route, status: res.status, retryAfter: res.headers['retry-after'], body: res.body, at });
    }
  };
  const running = Promise.all([0, 1, 2, 3].map(worker));
  try {
    await until(async () => answers.filter((a) => a.status === 200).length >= 10, 60_000);
    phase = 'down';
    await privatePg.stop();
    await until(async () => answers.filter((a) => a.at === 'down' && a.status === 503).length >= 10, 60_000);
    phase = 'back';
    await privatePg.start();
    // Every route answers 200 again without restarting an app.
    const since = answers.length;
    await until(async () => calls.every((c) => answers.slice(since).some((a) => a.route === c.route && a.status === 200)), 120_000);
  } finally {
    stop = true;
    await running;
  }
  const bad = answers.filter((a) => a.status >= 500 && a.status !== 503);
  expect(bad.map((a) => `${a.route} ${a.at} ${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
  const unavailable = answers.filter((a) => a.status === 503);
  expect(unavailable.length).toBeGreaterThanOrEqual(10);
  expect(unavailable.filter((a) => !(Number(a.retryAfter) > 0)).map((a) => a.route)).toEqual([]);
  // Nothing else either: no 401 (the session outlives the outage), no 4xx.
  expect(answers.filter((a) => ![200, 503].includes(a.status)).map((a) => `${a.route} ${a.at} ${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
});
