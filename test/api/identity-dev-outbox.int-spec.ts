import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startTestSystem, type TestSystem } from '../support/system';
import { db, registerAccount } from '../support/identity';

/** The development outbox holds codes in clear: it keeps them a day at most. */
let sys: TestSystem;
let pg: Awaited<ReturnType<typeof db>>;

beforeAll(async () => {
  sys = await startTestSystem({ label: 'idoutbox', contexts: ['identity'] });
  pg = await db(sys);
});
afterAll(async () => {
  await pg?.end();
  await sys?.stop();
});

const aged = async (to: string, hours: number) => {
  await pg.query(
    `INSERT INTO identity.dev_outbox (id, channel, to_address, subject, body, created_at) VALUES ($1, 'sms', $2, NULL, 'Your code is 123456', now() - make_interval(hours => $3))`,
    [randomUUID(), to, hours],
  );
};

describe('development outbox', () => {
  it('forgets messages older than a day at housekeeping, keeps the rest', async () => {
    const account = await registerAccount(sys);
    await request(sys.baseUrl).post('/api/v1/users/sendTempPassword').send({ email: account.email }).expect(200);
    await aged('+12025550199', 25);
    await aged('+12025550199', 24 * 7);
    await aged('+12025550198', 23);
    expect(await pg.count('dev_outbox')).toBe(4);

    const { Housekeeping } = await import('../../apps/identity/src/housekeeping');
    await sys.services.get('identity')!.get(Housekeeping).run();

    const { rows } = await pg.query(`SELECT to_address FROM identity.dev_outbox ORDER BY created_at`);
    expect(rows.map((r) => r.to_address)).toEqual(['+12025550198', account.email.toLowerCase()]);
    const listed = await request(sys.baseUrl).get('/api/dev/outbox').query({ to: '+12025550199' }).expect(200);
    expect(listed.body).toEqual([]);
  });
});
