import { createHash, createHmac } from 'node:crypto';
import request from 'supertest';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { eventually } from '@app/testing';
import { startTestSystem, type TestSystem } from '../support/system';
import { STRONG_PASSWORD, db, lastCode, lastMessage, registerAccount, signIn, snapshotCounts, type TestAccount } from '../support/identity';

let sys: TestSystem;
let pg: Awaited<ReturnType<typeof db>>;
let jane: TestAccount;

const IDENTIFIER_HASH_KEY = 'identifier-hash-key-of-the-sign-in-tests-0123456789';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36';

beforeAll(async () => {
  sys = await startTestSystem({ label: 'idsignin', contexts: ['identity'], env: { IDENTIFIER_HASH_KEY } });
  pg = await db(sys);
  jane = await registerAccount(sys, { userName: 'JaneDoe', email: 'Jane.Doe@clinic.test', mobile: '(202) 555-1234', firstName: 'Jane', lastName: 'Doe', displayName: 'Dr Jane' });
});
afterAll(async () => {
  await pg?.end();
  await sys?.stop();
});

const post = (path: string) => request(sys.baseUrl).post(path);

describe('sign-in with a second factor', () => {
  it('takes email or user name and password, sends a code by SMS and answers the masked phone', async () => {
    const res = await post('/api/v1/users/signIn').send({ usernameOrEmail: 'janedoe', password: STRONG_PASSWORD }).expect(200);
    expect(res.body).toEqual({ success: true, twoFactorAuthToken: expect.any(String), usernameOrEmail: 'janedoe', phone: '(***) ***-1234' });
    expect(JSON.stringify(res.body)).not.toContain('2025551234');
    const sms = await lastMessage(sys, '+12025551234');
    expect(sms).toMatchObject({ channel: 'sms', to: '+12025551234', subject: null });
    expect(sms.body).toMatch(/\b\d{6}\b/);
    // The code and the token are stored hashed only.
    const { rows } = await pg.query('SELECT token_hash, secret_hash FROM identity.one_time_secrets');
    expect(rows[0].secret_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0].token_hash).not.toBe(res.body.twoFactorAuthToken);
  });

  it('opens a session with the right code: token and the signed-in user of the spec', async () => {
    const step1 = await post('/api/v1/users/signIn').set('User-Agent', CHROME).set('X-Forwarded-For', '198.51.100.7').send({ usernameOrEmail: 'JANE.DOE@clinic.test', password: STRONG_PASSWORD }).expect(200);
    const code = await lastCode(sys, '+12025551234');
    const res = await post('/api/v1/users/verify2FaForLogin')
      .set('User-Agent', CHROME)
      .set('X-Forwarded-For', '198.51.100.7')
      .send({ email: 'JANE.DOE@clinic.test', _2faCode: code, _2faToken: step1.body.twoFactorAuthToken })
      .expect(200);
    expect(res.body).toEqual({
      success: true,
      isSignedIn: true,
      token: expect.stringMatching(/^ey/),
      usr: {
        _id: jane.userId,
        userName: 'JaneDoe',
        displayName: 'Dr Jane',
        firstName: 'Jane',
        lastName: 'Doe',
        npi: null,
        email: 'Jane.Doe@clinic.test',
        mobile: '+12025551234',
        avatarImageUrl: '',
        loggedInAs: 'provider',
        isAdmin: false,
        isProvider: true,
        isMasterAdmin: false,
        isAuditor: false,
        notificationsCount: 0,
      },
    });
    // The token expires with the session (JWT_TTL, 8 h by default).
    const claims = JSON.parse(Buffer.from(res.body.token.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBeGreaterThan(8 * 3600 - 10);
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(8 * 3600);
    const session = await pg.query('SELECT ip, browser, os, expires_at FROM identity.sessions WHERE id = $1', [claims.sid]);
    expect(session.rows[0]).toMatchObject({ ip: '198.51.100.7', browser: 'Chrome 120', os: 'Windows 10' });

    // The same code cannot be used twice.
    const again = await post('/api/v1/users/verify2FaForLogin').send({ email: 'JANE.DOE@clinic.test', _2faCode: code, _2faToken: step1.body.twoFactorAuthToken });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ success: false, isSignedIn: false, message: 'Incorrect Code' });

    // isSignedIn restores the session.
    const me = await post('/api/v1/users/isSignedIn').set('Authorization', `Bearer ${res.body.token}`).expect(200);
    expect(me.body).toEqual({ success: true, isSignedIn: true, usr: res.body.usr });
  });

  it('answers a wrong code with 401 Incorrect Code', async () => {
    const step1 = await post('/api/v1/users/signIn').send({ usernameOrEmail: jane.email, password: STRONG_PASSWORD }).expect(200);
    const code = await lastCode(sys, '+12025551234');
    const wrong = code === '000000' ? '000001' : '000000';
    const res = await post('/api/v1/users/verify2FaForLogin').send({ email: jane.email, _2faCode: wrong, _2faToken: step1.body.twoFactorAuthToken }).expect(401);
    expect(res.body).toMatchObject({ success: false, isSignedIn: false, message: 'Incorrect Code', code: 'invalid_code' });
    // A token of another sign-in, or a mismatching identifier, is refused the same way.
    const other = await post('/api/v1/users/verify2FaForLogin').send({ email: 'someone@else.test', _2faCode: code, _2faToken: step1.body.twoFactorAuthToken });
    expect(other.status).toBe(401);
    expect(other.body.message).toBe('Incorrect Code');
    await post('/api/v1/users/verify2FaForLogin').send({ email: jane.email, _2faCode: code, _2faToken: step1.body.twoFactorAuthToken }).expect(200);
  });

  it("sends a new code for 'Send new code', after which only the new one works", async () => {
    const step1 = await post('/api/v1/users/signIn').send({ usernameOrEmail: jane.email, password: STRONG_PASSWORD }).expect(200);
    const first = await lastCode(sys, '+12025551234');
    // At most once per 30 seconds: move the last send back in time instead of waiting.
    const early = await post('/api/v1/users/resend2FaCode').send({ usernameOrEmail: jane.email, _2FaToken: step1.body.twoFactorAuthToken });
    expect(early.status).toBe(429);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(30);
    await pg.query(
      `UPDATE identity.events SET data = jsonb_set(data, '{issuedAt}', to_jsonb((now() - interval '31 seconds')::text))
        WHERE type = 'SignInCodeIssued' AND data->>'challengeId' = (SELECT id::text FROM identity.one_time_secrets WHERE purpose = 'sign-in' ORDER BY created_at DESC LIMIT 1)`,
    );
    const resent = await post('/api/v1/users/resend2FaCode').send({ usernameOrEmail: jane.email, _2FaToken: step1.body.twoFactorAuthToken }).expect(200);
    expect(resent.body).toEqual({ success: true, phone: '(***) ***-1234' });
    const second = await lastCode(sys, '+12025551234');
    if (second !== first) {
      const old = await post('/api/v1/users/verify2FaForLogin').send({ email: jane.email, _2faCode: first, _2faToken: step1.body.twoFactorAuthToken });
      expect(old.status).toBe(401);
    }
    await post('/api/v1/users/verify2FaForLogin').send({ email: jane.email, _2faCode: second, _2faToken: step1.body.twoFactorAuthToken }).expect(200);
  });

  it('accepts form-data and urlencoded bodies as well as JSON', async () => {
    const form = await post('/api/v1/users/signIn').field('usernameOrEmail', 'JaneDoe').field('password', STRONG_PASSWORD).expect(200);
    expect(form.body.success).toBe(true);
    const url = await post('/api/v1/users/signIn').type('form').send(`usernameOrEmail=JaneDoe&password=${STRONG_PASSWORD}`).expect(200);
    expect(url.body.phone).toBe('(***) ***-1234');
  });

  it('opens the session with the right code while the accounts read model has not caught up yet', async () => {
    // A brand-new account (the master admin right after start-up) on a busy database: step 2
    // must decide from the account's events, not from a read model still behind.
    const lag = await registerAccount(sys, { userName: 'LagBehind', email: 'lag.behind@clinic.test', mobile: '(202) 555-7766', firstName: 'Lag', lastName: 'Behind', displayName: 'Lag B' });
    const step1 = await post('/api/v1/users/signIn').send({ usernameOrEmail: 'Lag.Behind@clinic.test', password: STRONG_PASSWORD }).expect(200);
    const code = await lastCode(sys, '+12025557766');
    let gone: { rows: { row: unknown }[] } = { rows: [] };
    await eventually(async () => {
      gone = await pg.query('DELETE FROM identity.accounts WHERE id = $1 RETURNING row_to_json(accounts.*) AS row', [lag.userId]);
      expect(gone.rows).toHaveLength(1);
    });
    try {
      const res = await post('/api/v1/users/verify2FaForLogin').send({ email: 'lag.behind@clinic.test', _2faCode: code, _2faToken: step1.body.twoFactorAuthToken });
      expect({ status: res.status, body: res.body }).toMatchObject({ status: 200, body: { success: true, isSignedIn: true } });
      expect(res.body.usr).toMatchObject({ _id: lag.userId, userName: 'LagBehind', email: 'lag.behind@clinic.test', mobile: '+12025557766', isProvider: true, isAdmin: false });
    } finally {
      await pg.query('INSERT INTO identity.accounts SELECT * FROM json_populate_record(NULL::identity.accounts, $1)', [gone.rows[0].row]);
    }
    // A wrong identifier for the challenge is still refused.
    const again = await post('/api/v1/users/signIn').send({ usernameOrEmail: 'LagBehind', password: STRONG_PASSWORD }).expect(200);
    const code2 = await lastCode(sys, '+12025557766');
    await post('/api/v1/users/verify2FaForLogin').send({ email: 'jane.doe@clinic.test', _2faCode: code2, _2faToken: again.body.twoFactorAuthToken }).expect(401);
  });

  it('signs in the master admin (codes to ADMIN_MOBILE)', async () => {
    const { MasterAdminBootstrap } = await import('../../apps/gateway/src/bootstrap/master-admin.bootstrap');
    await sys.gateway.get(MasterAdminBootstrap).done;
    const { usr } = await signIn(sys, { email: 'admin@example.test', mobile: '+12025550100', password: 'Correct-Horse-Battery-9' }, { identifier: 'masteradmin' });
    expect(usr).toMatchObject({ userName: 'masteradmin', isMasterAdmin: true, isAdmin: true, loggedInAs: 'admin', mobile: '+12025550100' });
  });
});

describe('wrong credentials', () => {
  it('answer 401 Incorrect Log In Credentials, the same for an unknown user and a wrong password', async () => {
    const unknown = await post('/api/v1/users/signIn').set('X-Forwarded-For', '203.0.113.1').send({ usernameOrEmail: 'nobody@clinic.test', password: STRONG_PASSWORD });
    const wrong = await post('/api/v1/users/signIn').set('X-Forwarded-For', '203.0.113.1').send({ usernameOrEmail: jane.email, password: 'Wrong-Password-1' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual({ success: false, message: 'Incorrect Log In Credentials', code: 'invalid_credentials' });
    expect(wrong.body).toEqual(unknown.body);
  });

  it('take comparable time for unknown users and wrong passwords (a dummy argon2 check)', async () => {
    const time = async (usernameOrEmail: string) => {
      const t = process.hrtime.bigint();
      await post('/api/v1/users/signIn').set('X-Forwarded-For', '203.0.113.2').send({ usernameOrEmail, password: 'Wrong-Password-2' }).expect(401);
      return Number(process.hrtime.bigint() - t) / 1e6;
    };
    const unknown: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < 3; i++) {
      unknown.push(await time(`ghost${i}@clinic.test`));
      known.push(await time('JaneDoe'));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1];
    // Both do an argon2 verification (tens of ms); neither is a quick "no such user".
    expect(median(unknown)).toBeGreaterThan(median(known) / 3);
  });

  it('are recorded as failed sign-ins without the password, unknown identifiers in their own stream', async () => {
    const { rows } = await pg.query(`SELECT stream_id, data FROM identity.events WHERE type = 'SignInFailed' ORDER BY global_position`);
    expect(rows.some((r) => r.stream_id === `signin-failures-${jane.userId}` && r.data.reason === 'wrong-password')).toBe(true);
    expect(rows.some((r) => /^signin-failures-unknown-[0-9a-f]{64}$/.test(r.stream_id) && r.data.reason === 'unknown-account')).toBe(true);
    expect(JSON.stringify(rows)).not.toMatch(/Wrong-Password|nobody@clinic/);
  });

  it('store and show typed identifiers only as an HMAC with the server key, never a plain hash anyone could recompute', async () => {
    const typed = 'My-Password-In-The-Wrong-Box';
    for (let i = 0; i < 6; i++) await post('/api/v1/users/signIn').set('X-Forwarded-For', '203.0.113.9').send({ usernameOrEmail: typed, password: 'Wrong-Password-3' });
    const keyed = createHmac('sha256', IDENTIFIER_HASH_KEY).update(typed.toLowerCase()).digest('hex');
    const plain = createHash('sha256').update(typed.toLowerCase()).digest('hex');
    // The stream of failures for an unknown identifier, and its SignInFailed events.
    const { rows: events } = await pg.query(`SELECT stream_id, data FROM identity.events WHERE stream_id = $1`, [`signin-failures-unknown-${keyed}`]);
    expect(events).toHaveLength(5); // the sixth was refused by the delay before any check
    expect(events[0].data.identifierHash).toBe(keyed);
    // The rate-limit keys.
    const { rows: limits } = await pg.query(`SELECT key FROM identity.rate_limits WHERE key LIKE '%' || $1 || '%'`, [keyed]);
    expect(limits.map((r) => r.key).sort()).toEqual([`signin-all:${keyed}`, `signin:${keyed}:203.0.113.9`]);
    // The security log the auditors read.
    await eventually(async () => {
      const { rows } = await pg.query(`SELECT details FROM identity.security_log WHERE type = 'SignInFailed' AND details->>'identifierHash' = $1`, [keyed]);
      expect(rows).toHaveLength(5);
    });
    const everything = JSON.stringify([
      (await pg.query('SELECT stream_id, data FROM identity.events')).rows,
      (await pg.query('SELECT key FROM identity.rate_limits')).rows,
      (await pg.query('SELECT details FROM identity.security_log')).rows,
      (await pg.query('SELECT * FROM identity.throttle_log')).rows,
    ]);
    expect(everything).not.toContain(plain);
    expect(everything.toLowerCase()).not.toContain(typed.toLowerCase());
  });
});

describe('bad input is refused with 400 naming the field, and nothing is stored', () => {
  const cases: Array<[string, string, Record<string, unknown>, string]> = [
    ['signIn without password', '/api/v1/users/signIn', { usernameOrEmail: 'JaneDoe' }, 'password'],
    ['signIn without anything', '/api/v1/users/signIn', {}, 'usernameOrEmail'],
    ['signIn with a number', '/api/v1/users/signIn', { usernameOrEmail: 12345, password: 'x' }, 'usernameOrEmail'],
    ['signIn with an object', '/api/v1/users/signIn', { usernameOrEmail: { $ne: null }, password: 'x' }, 'usernameOrEmail'],
    ['signIn with an array', '/api/v1/users/signIn', { usernameOrEmail: ['a', 'b'], password: 'x' }, 'usernameOrEmail'],
    ['a 6-letter code', '/api/v1/users/verify2FaForLogin', { email: 'JaneDoe', _2faCode: 'abcdef', _2faToken: 't' }, '_2faCode'],
    ['a 5-digit code', '/api/v1/users/verify2FaForLogin', { email: 'JaneDoe', _2faCode: '12345', _2faToken: 't' }, '_2faCode'],
    ['verify without token', '/api/v1/users/verify2FaForLogin', { email: 'JaneDoe', _2faCode: '123456' }, '_2faToken'],
    ['resend without token', '/api/v1/users/resend2FaCode', { usernameOrEmail: 'JaneDoe' }, '_2FaToken'],
    ['a script as email', '/api/v1/users/sendTempPassword', { email: '<script>alert(1)</script>' }, 'email'],
    ['SQL as email', '/api/v1/users/sendTempPassword', { email: "x' OR '1'='1" }, 'email'],
    ['reset with a short password', '/api/v1/users/resetPassword', { email: jane?.email ?? 'a@b.io', tempPassword: 'x', newPassword: 'short', confirmNewPassword: 'short' }, 'newPassword'],
  ];

  it.each(cases)('%s', async (_name, path, body, field) => {
    const before = await snapshotCounts(pg);
    const res = await post(path).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field });
    expect(typeof res.body.message).toBe('string');
    expect(await snapshotCounts(pg)).toEqual(before);
  });

  it('uses the spec messages', async () => {
    const code = await post('/api/v1/users/verify2FaForLogin').send({ email: 'JaneDoe', _2faCode: '12x456', _2faToken: 't' }).expect(400);
    expect(code.body.message).toBe('Incorrect Code');
    const pw = await post('/api/v1/users/resetPassword').send({ email: 'a@b.io', tempPassword: 'x', newPassword: 'has space 123', confirmNewPassword: 'has space 123' }).expect(400);
    expect(pw.body).toMatchObject({ message: 'Invalid password', field: 'newPassword' });
    const mismatch = await post('/api/v1/users/resetPassword').send({ email: 'a@b.io', tempPassword: 'x', newPassword: 'Lantern-Quarry-43', confirmNewPassword: 'Lantern-Quarry-44' }).expect(400);
    expect(mismatch.body).toMatchObject({ message: 'Password Does Not Match', field: 'confirmNewPassword' });
    const common = await post('/api/v1/users/resetPassword').send({ email: 'a@b.io', tempPassword: 'x', newPassword: 'password123', confirmNewPassword: 'password123' }).expect(400);
    expect(common.body).toMatchObject({ field: 'newPassword', message: expect.stringMatching(/too common/) });
    const missing = await post('/api/v1/users/signIn').send({ password: 'x' }).expect(400);
    expect(missing.body).toEqual({ success: false, message: 'usernameOrEmail is required', field: 'usernameOrEmail', code: 'validation' });
  });

  it('refuses a 10 MB string with 413, in JSON and in form-data', async () => {
    const before = await snapshotCounts(pg);
    const big = 'x'.repeat(10 * 1024 * 1024);
    const json = await post('/api/v1/users/signIn').send({ usernameOrEmail: big, password: 'x' });
    expect(json.status).toBe(413);
    expect(json.body).toEqual({ success: false, message: 'Request body too large' });
    const form = await post('/api/v1/users/signIn').field('usernameOrEmail', big).field('password', 'x');
    expect(form.status).toBe(413);
    expect(await snapshotCounts(pg)).toEqual(before);
  });

  it('refuses long values under the body limit with 400', async () => {
    const res = await post('/api/v1/users/signIn').send({ usernameOrEmail: 'x'.repeat(5000), password: 'x' }).expect(400);
    expect(res.body).toMatchObject({ field: 'usernameOrEmail', message: 'usernameOrEmail is too long' });
  });

  it('treats SQL and script fragments as plain (wrong) credentials', async () => {
    for (const usernameOrEmail of ["admin' --", "' OR 1=1; DROP TABLE identity.accounts; --", '<img src=x onerror=alert(1)>']) {
      const res = await post('/api/v1/users/signIn').set('X-Forwarded-For', '203.0.113.9').send({ usernameOrEmail, password: "' OR '1'='1" });
      expect(res.status).toBe(401);
    }
    expect(await pg.count('accounts')).toBeGreaterThan(0);
  });
});

describe('logout', () => {
  it('revokes the session: the token answers 401 on its next call, and sockets are told', async () => {
    const { token } = await signIn(sys, jane);
    const sid = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid;
    const pushes: unknown[] = [];
    const sub = sys.nc.subscribe(`${sys.prefix}.realtime.user.${jane.userId}`, { callback: (_e, m) => void pushes.push(m.json()) });
    await post('/api/v1/users/isSignedIn').set('Authorization', `Bearer ${token}`).expect(200);
    await post('/api/v1/users/logout').set('Authorization', `Bearer ${token}`).expect(200, { success: true });
    const after = await post('/api/v1/users/isSignedIn').set('Authorization', `Bearer ${token}`);
    expect(after.status).toBe(401);
    await post('/api/v1/users/logout').set('Authorization', `Bearer ${token}`).expect(401);
    await eventually(() => expect(pushes).toContainEqual({ event: 'session-revoked-event', data: { reason: 'signed-out', sessionId: sid } }));
    sub.unsubscribe();
  });

  it('needs a token', async () => {
    await post('/api/v1/users/logout').expect(401);
    await post('/api/v1/users/isSignedIn').expect(401);
  });
});

describe('temporary password reset (development outbox)', () => {
  it('emails a temporary password; an unknown email answers isEmailInvalid', async () => {
    const unknown = await post('/api/v1/users/sendTempPassword').send({ email: 'nobody@clinic.test' }).expect(200);
    expect(unknown.body).toEqual({ success: false, isEmailInvalid: true });
    const res = await post('/api/v1/users/sendTempPassword').send({ email: 'JANE.DOE@clinic.test' }).expect(200);
    expect(res.body).toEqual({ success: true, isEmailInvalid: false });
    const mail = await lastMessage(sys, 'jane.doe@CLINIC.test');
    expect(mail).toMatchObject({ channel: 'email', to: 'jane.doe@clinic.test', subject: expect.stringMatching(/temporary password/i) });
    const temp = /temporary password is (\S+)/.exec(mail.body)![1];

    const { token } = await signIn(sys, jane);
    // Wrong temporary password: 401, nothing changes.
    const wrong = await post('/api/v1/users/resetPassword').send({ email: jane.email, tempPassword: 'WrongTemp123', newPassword: 'Harbor-Violet-77', confirmNewPassword: 'Harbor-Violet-77' });
    expect(wrong.status).toBe(401);
    await post('/api/v1/users/resetPassword').send({ email: jane.email, tempPassword: temp, newPassword: 'Harbor-Violet-77', confirmNewPassword: 'Harbor-Violet-77' }).expect(200, { success: true });
    // Single use.
    await post('/api/v1/users/resetPassword').send({ email: jane.email, tempPassword: temp, newPassword: 'Harbor-Violet-78', confirmNewPassword: 'Harbor-Violet-78' }).expect(401);
    // The reset ended every session; the new password works, the old one no longer.
    await post('/api/v1/users/isSignedIn').set('Authorization', `Bearer ${token}`).expect(401);
    await post('/api/v1/users/signIn').send({ usernameOrEmail: jane.email, password: STRONG_PASSWORD }).expect(401);
    jane = { ...jane, password: 'Harbor-Violet-77' };
    await signIn(sys, jane);
  });
});

describe('development outbox', () => {
  it('lists messages newest first and filters by normalised recipient', async () => {
    const all = await request(sys.baseUrl).get('/api/dev/outbox').expect(200);
    expect(all.body.length).toBeGreaterThan(2);
    const times = all.body.map((m: { createdAt: string }) => m.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const byPhone = await request(sys.baseUrl).get('/api/dev/outbox').query({ to: '202-555-1234' }).expect(200);
    expect(byPhone.body.length).toBeGreaterThan(0);
    expect(byPhone.body.every((m: { to: string }) => m.to === '+12025551234')).toBe(true);
  });
});

describe('security events', () => {
  it("lists the caller's own events, newest first, with browser, OS and IP", async () => {
    const { token } = await signIn(sys, jane, { ip: '192.0.2.44', userAgent: CHROME });
    // The security log is a read model: the sign-in shows in it once projected (at once on a quiet machine).
    const res = await eventually(async () => {
      const r = await request(sys.baseUrl).get('/api/users/securityEvents').query({ page: 1, limit: 5 }).set('Authorization', `Bearer ${token}`).expect(200);
      expect(r.body.events[0]?.type).toBe('SignInSucceeded');
      return r;
    });
    expect(res.body).toMatchObject({ success: true, page: 1, limit: 5 });
    expect(res.body.total).toBeGreaterThan(5);
    expect(res.body.events).toHaveLength(5);
    expect(res.body.events[0]).toEqual({ id: expect.any(String), time: expect.any(String), type: 'SignInSucceeded', label: 'Signed in', browser: 'Chrome 120', os: 'Windows 10', ip: '192.0.2.44' });
    expect(res.body.events[1]).toMatchObject({ type: 'SignInCodeIssued', label: 'Sign-in code sent by text message' });
    const page2 = await request(sys.baseUrl).get('/api/users/securityEvents').query({ page: 2, limit: 5 }).set('Authorization', `Bearer ${token}`).expect(200);
    expect(page2.body.events[0].id).not.toBe(res.body.events[0].id);
    const bad = await request(sys.baseUrl).get('/api/users/securityEvents').query({ limit: 'lots' }).set('Authorization', `Bearer ${token}`).expect(400);
    expect(bad.body.field).toBe('limit');
  });

  it('are readable by auditors and the master admin only; the master admin grants the auditor role', async () => {
    const { token: janeToken } = await signIn(sys, jane);
    await request(sys.baseUrl).get('/api/audit/securityEvents').set('Authorization', `Bearer ${janeToken}`).expect(403);

    const admin = await signIn(sys, { email: 'admin@example.test', mobile: '+12025550100', password: 'Correct-Horse-Battery-9' });
    const all = await request(sys.baseUrl).get('/api/audit/securityEvents').query({ userId: jane.userId, type: 'SignInFailed' }).set('Authorization', `Bearer ${admin.token}`).expect(200);
    expect(all.body.events.length).toBeGreaterThan(0);
    expect(all.body.events[0]).toMatchObject({ userId: jane.userId, type: 'SignInFailed', hash: expect.stringMatching(/^[0-9a-f]{64}$/), prevHash: expect.stringMatching(/^[0-9a-f]{64}$/) });

    // Only the master admin grants the role.
    await post('/api/v1/users/grantAuditor').set('Authorization', `Bearer ${janeToken}`).send({ userId: jane.userId, isAuditor: true }).expect(403);
    await post('/api/v1/users/grantAuditor').set('Authorization', `Bearer ${admin.token}`).send({ userId: 'not-a-uuid', isAuditor: true }).expect(400);
    await post('/api/v1/users/grantAuditor').set('Authorization', `Bearer ${admin.token}`).field('userId', jane.userId).field('isAuditor', 'true').expect(200, { success: true });
    await request(sys.baseUrl).get('/api/audit/securityEvents').set('Authorization', `Bearer ${janeToken}`).expect(200);
    const me = await post('/api/v1/users/isSignedIn').set('Authorization', `Bearer ${janeToken}`).expect(200);
    expect(me.body.usr.isAuditor).toBe(true);
  });

  it("lets the master admin alone grant and revoke a user's admin identity, never its own", async () => {
    const { token: janeToken } = await signIn(sys, jane);
    const admin = await signIn(sys, { email: 'admin@example.test', mobile: '+12025550100', password: 'Correct-Horse-Battery-9' });
    const grant = (token: string, body: object) => post('/api/v1/users/grantAdmin').set('Authorization', `Bearer ${token}`).send(body);

    await post('/api/v1/users/grantAdmin').send({ userId: jane.userId, isAdmin: true }).expect(401);
    await grant(janeToken, { userId: jane.userId, isAdmin: true }).expect(403);
    expect((await grant(admin.token, { userId: 'not-a-uuid', isAdmin: true }).expect(400)).body.field).toBe('userId');
    expect((await grant(admin.token, { userId: jane.userId, isAdmin: 'maybe' }).expect(400)).body.field).toBe('isAdmin');
    await grant(admin.token, { userId: '00000000-0000-4000-8000-000000000000', isAdmin: true }).expect(404);
    await grant(admin.token, { userId: admin.usr._id, isAdmin: false }).expect(409);

    await grant(admin.token, { userId: jane.userId, isAdmin: true }).expect(200, { success: true });
    expect((await post('/api/v1/users/isSignedIn').set('Authorization', `Bearer ${janeToken}`).expect(200)).body.usr).toMatchObject({ isAdmin: true, loggedInAs: 'admin' });
    await grant(admin.token, { userId: jane.userId, isAdmin: false }).expect(200, { success: true });
    expect((await post('/api/v1/users/isSignedIn').set('Authorization', `Bearer ${janeToken}`).expect(200)).body.usr.isAdmin).toBe(false);
  });
});

describe('OpenAPI', () => {
  it('documents every identity route with its fields', async () => {
    const res = await request(sys.baseUrl).get('/api/docs-json').expect(200);
    const paths = res.body.paths;
    for (const p of [
      '/api/v1/users/signIn',
      '/api/v1/users/verify2FaForLogin',
      '/api/v1/users/resend2FaCode',
      '/api/v1/users/sendTempPassword',
      '/api/v1/users/resetPassword',
      '/api/v1/users/isSignedIn',
      '/api/v1/users/logout',
      '/api/v1/users/grantAuditor',
      '/api/v1/users/grantAdmin',
      '/api/users/reauthenticate',
      '/api/users/sendEmailVerificationCode',
      '/api/users/verifyEmailVerificationCode',
      '/api/users/sendPasswordVerificationCode',
      '/api/users/verifyPasswordVerificationCode',
      '/api/users/send2FAVerificationCode',
      '/api/users/verifyMobileVerificationCode',
      '/api/users/securityEvents',
      '/api/audit/securityEvents',
      '/api/dev/outbox',
    ]) {
      expect(Object.keys(paths)).toContain(p);
    }
    const signInBody = paths['/api/v1/users/signIn'].post.requestBody.content;
    expect(Object.keys(signInBody)).toEqual(expect.arrayContaining(['application/json', 'multipart/form-data']));
    expect(Object.keys(signInBody['application/json'].schema.properties)).toEqual(['usernameOrEmail', 'password']);
    const params = paths['/api/users/sendEmailVerificationCode'].get.parameters.map((x: { name: string }) => x.name);
    expect(params).toEqual(['email', 'newEmail']);
  });
});

describe('integration events on JetStream', () => {
  it('publish sign-ins, sign-outs, resets and role changes with request metadata, and never a secret', async () => {
    const jsm = await jetstreamManager(sys.nc);
    const stream = `${sys.prefix.toUpperCase()}_EVENTS`;
    const identityEvents = (await pg.query(`SELECT count(*)::int AS n FROM identity.events WHERE type IN
      ('AccountRegistered','SignInSucceeded','SignedOut','SessionsRevoked','PasswordReset','AccountRolesChanged')
      OR (type = 'SignInFailed' AND data->>'accountId' IS NOT NULL)`)).rows[0].n;
    // Unknown identifiers' failures stay inside identity; every other listed event is published once.
    await eventually(async () => expect((await jsm.streams.info(stream)).state.messages).toBe(identityEvents), { timeoutMs: 15_000 });
    await jsm.consumers.add(stream, { durable_name: 'identity-check', ack_policy: AckPolicy.None, deliver_policy: DeliverPolicy.All, filter_subject: `${sys.prefix}.events.identity.>` });
    const consumer = await jetstream(sys.nc).consumers.get(stream, 'identity-check');
    const seen: Array<{ subject: string; data: Record<string, unknown> }> = [];
    const batch = await consumer.fetch({ max_messages: 500, expires: 2000 });
    for await (const m of batch) seen.push({ subject: m.subject, data: m.json<{ data: Record<string, unknown> }>().data });
    const names = new Set(seen.map((s) => s.subject.split('.').pop()));
    for (const n of ['AccountRegistered', 'SignInSucceeded', 'SignInFailed', 'SignedOut', 'SessionsRevoked', 'PasswordChanged', 'AccountRolesChanged']) expect(names).toContain(n);
    expect(names).not.toContain('SignInCodeIssued');
    const signedIn = seen.find((s) => s.subject.endsWith('.SignInSucceeded') && (s.data.requestMetaData as { ip?: string }).ip === '192.0.2.44');
    expect(signedIn?.data).toMatchObject({ accountId: jane.userId, requestMetaData: { browser: 'Chrome 120', os: 'Windows 10', ip: '192.0.2.44' } });

    const secrets = (await request(sys.baseUrl).get('/api/dev/outbox').expect(200)).body.flatMap((m: { body: string }) => m.body.match(/\b(\d{6}|[A-Za-z0-9]{12})\b/g) ?? []);
    const text = JSON.stringify(seen);
    // As a whole token: a six-digit code may by chance be part of a longer number (a phone +12025550100 holds 550100).
    for (const s of secrets) expect(text).not.toMatch(new RegExp(`(?<![0-9A-Za-z])${s}(?![0-9A-Za-z])`));
    expect(text).not.toMatch(/argon2|"password"|passwordHash|"token"|twoFactorAuthToken|Lantern-Quarry|Harbor-Violet/i);
  });
});
