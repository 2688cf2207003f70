import request from 'supertest';
import { eventually } from '@app/testing';
import { startTestSystem, type TestSystem } from '../support/system';
import { STRONG_PASSWORD, db, lastCode, registerAccount, signIn } from '../support/identity';

/**
 * Throttling and brute force. The delays are shortened for the test (seconds instead of
 * minutes); the thresholds are the production ones unless named here.
 */
let sys: TestSystem;
let pg: Awaited<ReturnType<typeof db>>;

beforeAll(async () => {
  sys = await startTestSystem({
    label: 'idbrute',
    contexts: ['identity'],
    env: {
      THROTTLE_SIGNIN_DELAY_SECONDS: '1',
      THROTTLE_ACCOUNT_FAILURES: '12',
      THROTTLE_ACCOUNT_LOCK_SECONDS: '2',
      THROTTLE_IP_ATTEMPTS: '30',
      THROTTLE_ACCOUNT_SENDS: '3',
      THROTTLE_ACCOUNT_CODE_FAILURES: '7',
    },
  });
  pg = await db(sys);
});
afterAll(async () => {
  await pg?.end();
  await sys?.stop();
});

/**
 * The throttles' clock is Postgres's now() over the rows of identity.rate_limits: rather than
 * waiting a delay out in real time, the test moves every throttle timestamp back by `seconds`,
 * as if that much time had passed.
 */
const passTime = (seconds: number) =>
  pg.query(
    `UPDATE identity.rate_limits SET window_started_at = window_started_at - make_interval(secs => $1),
       last_failure_at = last_failure_at - make_interval(secs => $1), blocked_until = blocked_until - make_interval(secs => $1)`,
    [seconds],
  );
const signInFrom = (ip: string, usernameOrEmail: string, password: string) =>
  request(sys.baseUrl).post('/api/v1/users/signIn').set('X-Forwarded-For', ip).send({ usernameOrEmail, password });

describe('second factor brute force', () => {
  it('kills the challenge after five wrong codes: the 6th try fails even with the right code, and sign-in starts again', async () => {
    const account = await registerAccount(sys);
    const step1 = await signInFrom('10.1.0.1', account.email, STRONG_PASSWORD).expect(200);
    const code = await lastCode(sys, account.mobile!);
    const wrong = code === '999999' ? '999998' : '999999';
    const verify = (c: string) =>
      request(sys.baseUrl)
        .post('/api/v1/users/verify2FaForLogin')
        .set('X-Forwarded-For', '10.1.0.1')
        .send({ email: account.email, _2faCode: c, _2faToken: step1.body.twoFactorAuthToken });
    for (let i = 1; i <= 5; i++) {
      const res = await verify(wrong).expect(401);
      expect(res.body).toMatchObject({ message: 'Incorrect Code', code: i < 5 ? 'invalid_code' : 'challenge_closed' });
    }
    const sixth = await verify(code).expect(401);
    expect(sixth.body).toMatchObject({ success: false, isSignedIn: false, message: 'Incorrect Code', code: 'challenge_closed' });
    // 'Send new code' does not revive it either.
    await request(sys.baseUrl).post('/api/v1/users/resend2FaCode').send({ usernameOrEmail: account.email, _2FaToken: step1.body.twoFactorAuthToken }).expect(401);
    const { rows } = await pg.query(
      `SELECT data FROM identity.events WHERE type = 'SignInCodeRejected' AND stream_id = $1 ORDER BY stream_version`,
      [`account-${account.userId}`],
    );
    expect(rows.map((r) => r.data.failures)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[4].data.challengeDead).toBe(true);
    // Signing in again works.
    await signIn(sys, account, { ip: '10.1.0.1' });
  });
});

describe('second factor brute force across challenges', () => {
  const wrongFor = (code: string) => (code === '999999' ? '999998' : '999999');
  async function challenge(account: { email: string; mobile?: string }, ip = '10.1.1.1') {
    const step1 = await signInFrom(ip, account.email, STRONG_PASSWORD).expect(200);
    const code = await lastCode(sys, account.mobile!);
    const verify = (c: string) =>
      request(sys.baseUrl).post('/api/v1/users/verify2FaForLogin').set('X-Forwarded-For', ip).send({ email: account.email, _2faCode: c, _2faToken: step1.body.twoFactorAuthToken });
    return { code, wrong: wrongFor(code), verify };
  }

  it("locks the code checks of an account for a while after too many wrong codes, whatever the challenge: 'Incorrect Code' plus when to retry", async () => {
    const account = await registerAccount(sys);
    const first = await challenge(account);
    for (let i = 0; i < 5; i++) await first.verify(first.wrong).expect(401); // challenge dead, 5 wrong codes so far
    const second = await challenge(account);
    await second.verify(second.wrong).expect(401); // 6
    const locking = await second.verify(second.wrong).expect(429); // the 7th starts the lock
    expect(locking.body).toMatchObject({ success: false, isSignedIn: false, message: 'Incorrect Code. Try again in 2 seconds', code: 'rate_limited' });
    expect(locking.headers['retry-after']).toBe('2');
    // Even the right code waits, with the same kind of message.
    const locked = await second.verify(second.code).expect(429);
    expect(locked.body).toMatchObject({ success: false, isSignedIn: false, message: expect.stringMatching(/^Incorrect Code\. Try again in [12] seconds?$/) });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(2);
    await passTime(retryAfter);
    await signIn(sys, account);
  });

  it('forgets the wrong codes on a successful sign-in: a few typos spread over sign-ins never lock the owner out', async () => {
    const account = await registerAccount(sys);
    // 4 typos per sign-in, 4 sign-ins: 16 wrong codes in all, more than twice the lock threshold (7).
    for (let round = 0; round < 4; round++) {
      const c = await challenge(account, '10.1.2.1');
      for (let i = 0; i < 4; i++) {
        const res = await c.verify(c.wrong).expect(401);
        expect(res.body).toMatchObject({ message: 'Incorrect Code', code: 'invalid_code' });
      }
      const ok = await c.verify(c.code).expect(200);
      expect(ok.body).toMatchObject({ success: true, isSignedIn: true });
    }
    const { rows } = await pg.query(`SELECT failures FROM identity.rate_limits WHERE key = $1`, [`codes:${account.userId}`]);
    expect(rows).toEqual([{ failures: 0 }]);
  });
});

describe('password brute force', () => {
  it('answers 429 with Retry-After after five wrong passwords; the owner gets in after the delay', async () => {
    const account = await registerAccount(sys);
    const ip = '10.2.0.1';
    for (let i = 0; i < 5; i++) await signInFrom(ip, account.email, `Wrong-Password-${i}`).expect(401);
    const blocked = await signInFrom(ip, account.email, STRONG_PASSWORD).expect(429);
    expect(blocked.body).toMatchObject({ success: false, code: 'rate_limited' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(2);
    // Meanwhile the owner, from their own network, is not locked out.
    await signIn(sys, account, { ip: '10.2.0.99' });
    // After the delay the right password works again from the attacked IP too.
    await passTime(retryAfter);
    const ok = await signInFrom(ip, account.email, STRONG_PASSWORD).expect(200);
    expect(ok.body.success).toBe(true);
  });

  it('doubles the delay with every further wrong password', async () => {
    const account = await registerAccount(sys);
    const ip = '10.3.0.1';
    for (let i = 0; i < 5; i++) await signInFrom(ip, account.userName, `Wrong-Password-${i}`).expect(401);
    await passTime(1);
    await signInFrom(ip, account.userName, 'Wrong-Password-6').expect(401);
    const blocked = await signInFrom(ip, account.userName, STRONG_PASSWORD).expect(429);
    expect(Number(blocked.headers['retry-after'])).toBe(2);
    // Delays are recorded in the security log (no password in it).
    await eventually(async () => {
      const { rows } = await pg.query(`SELECT details FROM identity.security_log WHERE type = 'SignInFailed' AND account_id = $1 ORDER BY seq`, [account.userId]);
      expect(rows.map((r) => r.details.throttled)).toEqual([false, false, false, false, true, true]);
      expect(JSON.stringify(rows)).not.toContain('Wrong-Password');
    });
  });

  it('treats unknown accounts the same way (no enumeration through the throttle)', async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < 5; i++) await signInFrom(ip, 'ghost@clinic.test', `Wrong-Password-${i}`).expect(401);
    const blocked = await signInFrom(ip, 'ghost@clinic.test', STRONG_PASSWORD).expect(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('slows an account attacked from many addresses with a temporary lock, which ends', async () => {
    const account = await registerAccount(sys);
    for (const ip of ['10.5.0.1', '10.5.0.2', '10.5.0.3']) {
      for (let i = 0; i < 4; i++) await signInFrom(ip, account.email, `Wrong-Password-${i}`).expect(401);
    }
    const locked = await signInFrom('10.5.0.200', account.email, STRONG_PASSWORD).expect(429);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(2);
    await passTime(Number(locked.headers['retry-after']));
    await signIn(sys, account, { ip: '10.5.0.200' });
  });

  it('limits attempts per client IP across accounts', async () => {
    const ip = '10.6.0.1';
    let limited: request.Response | undefined;
    for (let i = 0; i < 35 && !limited; i++) {
      const res = await signInFrom(ip, `nobody${i}@clinic.test`, 'Wrong-Password-1');
      if (res.status === 429) limited = res;
      else expect(res.status).toBe(401);
    }
    expect(limited).toBeDefined();
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('message throttling', () => {
  it('limits temporary passwords per account (429 with Retry-After)', async () => {
    const account = await registerAccount(sys);
    for (let i = 0; i < 3; i++) {
      await request(sys.baseUrl).post('/api/v1/users/sendTempPassword').set('X-Forwarded-For', '10.7.0.1').send({ email: account.email }).expect(200);
    }
    const limited = await request(sys.baseUrl).post('/api/v1/users/sendTempPassword').set('X-Forwarded-For', '10.7.0.2').send({ email: account.email }).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
