import request from 'supertest';
import { eventually } from '@app/testing';
import { startTestSystem, type TestSystem } from '../support/system';
import { STRONG_PASSWORD, db, registerAccount } from '../support/identity';

/**
 * A right password sends a text message every time: sign-in codes are limited per account
 * (SMS pumping), and refused attempts are written to the security log, one entry per limit,
 * account, IP and window whatever their number. Numbers lowered for the test.
 */
let sys: TestSystem;
let pg: Awaited<ReturnType<typeof db>>;

beforeAll(async () => {
  sys = await startTestSystem({
    label: 'idsms',
    contexts: ['identity'],
    env: { THROTTLE_SIGNIN_CODES: '3', THROTTLE_SIGNIN_CODES_WINDOW_SECONDS: '120', THROTTLE_LOG_WINDOW_SECONDS: '4' },
  });
  pg = await db(sys);
});
afterAll(async () => {
  await pg?.end();
  await sys?.stop();
});

const signInFrom = (ip: string, usernameOrEmail: string, password = STRONG_PASSWORD) =>
  request(sys.baseUrl).post('/api/v1/users/signIn').set('X-Forwarded-For', ip).send({ usernameOrEmail, password });
const textsTo = async (mobile: string) =>
  (await pg.query(`SELECT count(*)::int AS n FROM identity.dev_outbox WHERE channel = 'sms' AND to_address = $1`, [mobile])).rows[0].n as number;

describe('sign-in codes per account', () => {
  it('sends at most THROTTLE_SIGNIN_CODES codes per window, then answers 429 with Retry-After and sends nothing, from any IP', async () => {
    const account = await registerAccount(sys);
    for (let i = 0; i < 3; i++) await signInFrom(`10.20.0.${i + 1}`, account.email).expect(200);
    expect(await textsTo(account.mobile!)).toBe(3);
    const limited = await signInFrom('10.20.0.9', account.userName).expect(429);
    expect(limited.body).toMatchObject({ success: false, code: 'rate_limited', message: 'Too many sign-in codes sent. Try again in 2 minutes' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(100);
    expect(retryAfter).toBeLessThanOrEqual(120);
    expect(await textsTo(account.mobile!)).toBe(3);
    // A wrong password is still just a wrong password (nobody learns anything new), and other accounts are not affected.
    await signInFrom('10.20.0.9', account.email, 'Wrong-Password-1').expect(401);
    const other = await registerAccount(sys);
    await signInFrom('10.20.0.9', other.email).expect(200);
  });

  it('writes throttled attempts to the security log aggregated per account, IP and window, with their count', async () => {
    const account = await registerAccount(sys);
    for (let i = 0; i < 3; i++) await signInFrom('10.21.0.1', account.email).expect(200);
    const flood = 12;
    const floodStarted = Date.now();
    for (let i = 0; i < flood; i++) await signInFrom('10.21.0.1', account.email).expect(429);
    // The 4 s windows the flood touched: usually one or two; more only on a very slow machine.
    const windowsTouched = Math.floor(Date.now() / 4000) - Math.floor(floodStarted / 4000) + 1;
    await signInFrom('10.21.0.2', account.email).expect(429);

    const entries = await eventually(
      async () => {
        const { rows } = await pg.query(
          `SELECT ip, details FROM identity.security_log WHERE type = 'AttemptsThrottled' AND account_id = $1 ORDER BY seq`,
          [account.userId],
        );
        const total = (ip: string) => rows.filter((r) => r.ip === ip).reduce((n, r) => n + r.details.count, 0);
        expect(total('10.21.0.1')).toBe(flood);
        expect(total('10.21.0.2')).toBe(1);
        return rows;
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    // A dozen refusals are one entry per IP and window they fell in, never one per request.
    const fromFirst = entries.filter((r) => r.ip === '10.21.0.1');
    expect(fromFirst.length).toBeLessThanOrEqual(Math.min(windowsTouched, flood - 1));
    for (const e of entries) {
      expect(e.details).toMatchObject({ limit: 'sign-in-codes', windowSeconds: 4, identifierHash: null });
      expect(Date.parse(e.details.windowStartedAt) % 4000).toBe(0);
    }
    const windows = fromFirst.map((r) => r.details.windowStartedAt);
    expect(new Set(windows).size).toBe(windows.length);
    // The rows that counted them are gone once logged.
    expect((await pg.query(`SELECT count(*)::int AS n FROM identity.throttle_log WHERE account_id = $1`, [account.userId])).rows[0].n).toBe(0);
  });

  it('logs refused password checks of unknown identifiers under the keyed identifier hash only', async () => {
    const ip = '10.22.0.1';
    for (let i = 0; i < 5; i++) await signInFrom(ip, 'nobody-here@clinic.test', `Wrong-Password-${i}`).expect(401);
    for (let i = 0; i < 3; i++) await signInFrom(ip, 'nobody-here@clinic.test', `Wrong-Password-x${i}`).expect(429);
    const rows = await eventually(
      async () => {
        const { rows } = await pg.query(`SELECT account_id, details FROM identity.security_log WHERE type = 'AttemptsThrottled' AND ip = $1`, [ip]);
        expect(rows.reduce((n, r) => n + r.details.count, 0)).toBe(3);
        return rows;
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    expect(rows[0]).toMatchObject({ account_id: null, details: { limit: 'password-delay', identifierHash: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    expect(JSON.stringify(rows)).not.toMatch(/nobody-here|Wrong-Password/);
  });
});
