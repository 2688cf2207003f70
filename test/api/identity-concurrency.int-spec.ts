import request from 'supertest';
import { startTestSystem, type TestSystem } from '../support/system';
import { STRONG_PASSWORD, db, lastCode, registerAccount, signIn } from '../support/identity';

/**
 * Concurrent commands on one account: every answer is a 2xx or a 4xx, never a 500,
 * and the account's rules still hold under the race.
 */
let sys: TestSystem;
let pg: Awaited<ReturnType<typeof db>>;

beforeAll(async () => {
  // The per-account lock after many wrong codes is not what this test is about.
  sys = await startTestSystem({ label: 'idconc', contexts: ['identity'], env: { THROTTLE_ACCOUNT_CODE_FAILURES: '100' } });
  pg = await db(sys);
});
afterAll(async () => {
  await pg?.end();
  await sys?.stop();
});

describe('concurrent commands on one account', () => {
  it('answers 30 parallel wrong codes on one challenge with 401s only, and the challenge dies after exactly five', async () => {
    const account = await registerAccount(sys);
    const step1 = await request(sys.baseUrl).post('/api/v1/users/signIn').send({ usernameOrEmail: account.email, password: STRONG_PASSWORD }).expect(200);
    const code = await lastCode(sys, account.mobile!);
    const wrong = code === '999999' ? '999998' : '999999';
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        request(sys.baseUrl).post('/api/v1/users/verify2FaForLogin').send({ email: account.email, _2faCode: wrong, _2faToken: step1.body.twoFactorAuthToken }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s < 200 || s >= 500)).toEqual([]);
    expect(statuses.every((s) => s === 401)).toBe(true);
    // Exactly five wrong codes were counted on the challenge; the fifth killed it.
    const { rows } = await pg.query(
      `SELECT data FROM identity.events WHERE type = 'SignInCodeRejected' AND stream_id = $1 AND data->>'reason' = 'wrong-code' ORDER BY stream_version`,
      [`account-${account.userId}`],
    );
    expect(rows.map((r) => r.data.failures)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[4].data.challengeDead).toBe(true);
    // The right code no longer opens the dead challenge.
    await request(sys.baseUrl)
      .post('/api/v1/users/verify2FaForLogin')
      .send({ email: account.email, _2faCode: code, _2faToken: step1.body.twoFactorAuthToken })
      .expect(401);
  });

  it('answers 10 parallel correct sign-ins on one account with 200 each', async () => {
    const account = await registerAccount(sys);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => request(sys.baseUrl).post('/api/v1/users/signIn').send({ usernameOrEmail: account.email, password: STRONG_PASSWORD })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const { rows } = await pg.query(`SELECT count(*)::int AS n FROM identity.events WHERE type = 'SignInCodeIssued' AND stream_id = $1`, [
      `account-${account.userId}`,
    ]);
    expect(rows[0].n).toBe(10);
    // And the account still signs in normally afterwards.
    await signIn(sys, account);
  });
});
