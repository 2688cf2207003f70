import request from 'supertest';
import { startTestSystem, type TestSystem } from '../support/system';
import { STRONG_PASSWORD, db, lastCode, lastMessage, registerAccount, signIn, snapshotCounts } from '../support/identity';

/** The Login Credentials dialogs: reauthenticate, change email, password and mobile (API host /api). */
let sys: TestSystem;
let pg: Awaited<ReturnType<typeof db>>;

beforeAll(async () => {
  sys = await startTestSystem({ label: 'idaccount', contexts: ['identity'] });
  pg = await db(sys);
});
afterAll(async () => {
  await pg?.end();
  await sys?.stop();
});

const api = () => request(sys.baseUrl);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function fresh(over: Parameters<typeof registerAccount>[1] = {}) {
  const account = await registerAccount(sys, over);
  const { token } = await signIn(sys, account);
  return { account, token };
}

describe('reauthenticate', () => {
  it('accepts the right password for the caller and refuses a wrong one with 401 Invalid Password', async () => {
    const { account, token } = await fresh();
    await api().post('/api/users/reauthenticate').set(bearer(token)).send({ email: account.email, password: STRONG_PASSWORD }).expect(200, { success: true });
    const wrong = await api().post('/api/users/reauthenticate').set(bearer(token)).send({ email: account.email, password: 'Not-The-Password-1' }).expect(401);
    expect(wrong.body).toMatchObject({ success: false, message: 'Invalid Password' });
    // The session is still fine after a wrong password.
    await api().post('/api/v1/users/isSignedIn').set(bearer(token)).expect(200);
  });

  it("acts only on the caller's own account: another email is 403", async () => {
    const { token } = await fresh();
    const other = await registerAccount(sys);
    const res = await api().post('/api/users/reauthenticate').set(bearer(token)).send({ email: other.email, password: STRONG_PASSWORD }).expect(403);
    expect(res.body.success).toBe(false);
  });

  it('needs a bearer token', async () => {
    await api().post('/api/users/reauthenticate').send({ email: 'a@b.io', password: 'x' }).expect(401);
  });
});

describe('change email', () => {
  it('needs a reauthentication, sends the code to the NEW email, changes it and logs out everywhere', async () => {
    const { account, token } = await fresh();
    const second = await signIn(sys, account); // another session of the same user
    const newEmail = `New.${account.email}`;

    const noReauth = await api().get('/api/users/sendEmailVerificationCode').query({ email: account.email, newEmail }).set(bearer(token)).expect(403);
    expect(noReauth.body.code).toBe('reauthentication_required');

    await api().post('/api/users/reauthenticate').set(bearer(token)).send({ email: account.email, password: STRONG_PASSWORD }).expect(200);
    await api().get('/api/users/sendEmailVerificationCode').query({ email: account.email, newEmail }).set(bearer(token)).expect(200, { success: true });
    const mail = await lastMessage(sys, newEmail);
    expect(mail.to).toBe(newEmail.toLowerCase());
    const code = await lastCode(sys, newEmail);

    // A wrong code: 401 Invalid Code; the email stays.
    const wrong = await api()
      .post('/api/users/verifyEmailVerificationCode')
      .set(bearer(token))
      .send({ email: account.email, newEmail, code: code === '111111' ? '222222' : '111111' })
      .expect(401);
    expect(wrong.body).toMatchObject({ success: false, message: 'Invalid Code' });

    await api().post('/api/users/verifyEmailVerificationCode').set(bearer(token)).send({ email: account.email, newEmail, code }).expect(200, { success: true });
    // Both sessions were revoked: the old tokens answer 401.
    await api().post('/api/v1/users/isSignedIn').set(bearer(token)).expect(401);
    await api().post('/api/v1/users/isSignedIn').set(bearer(second.token)).expect(401);
    // The old address is told; the new one signs in.
    expect((await lastMessage(sys, account.email)).subject).toMatch(/email was changed/);
    const { usr } = await signIn(sys, { ...account, email: newEmail });
    expect(usr.email).toBe(newEmail);
    await api().post('/api/v1/users/signIn').send({ usernameOrEmail: account.email, password: STRONG_PASSWORD }).expect(401);
    const taken = await api().get(`/api/v1/users/exists/email/${encodeURIComponent(account.email)}`).expect(200);
    expect(taken.body.isDuplicate).toBe(false);
  });

  it('refuses an email already in use with 409, and a malformed one with 400', async () => {
    const { account, token } = await fresh();
    const other = await registerAccount(sys);
    await api().post('/api/users/reauthenticate').set(bearer(token)).send({ email: account.email, password: STRONG_PASSWORD }).expect(200);
    const dup = await api().get('/api/users/sendEmailVerificationCode').query({ email: account.email, newEmail: other.email.toUpperCase() }).set(bearer(token)).expect(409);
    expect(dup.body).toMatchObject({ success: false, message: 'Account with this email already exists', field: 'newEmail' });
    const before = await snapshotCounts(pg);
    const bad = await api().get('/api/users/sendEmailVerificationCode').query({ email: account.email, newEmail: 'not an email' }).set(bearer(token)).expect(400);
    expect(bad.body).toMatchObject({ success: false, message: 'Invalid email', field: 'newEmail' });
    const missing = await api().get('/api/users/sendEmailVerificationCode').query({ email: account.email }).set(bearer(token)).expect(400);
    expect(missing.body).toMatchObject({ field: 'newEmail', message: 'newEmail is required' });
    const sql = await api().get('/api/users/sendEmailVerificationCode').query({ email: account.email, newEmail: "a@b.io'; DELETE FROM identity.accounts; --" }).set(bearer(token)).expect(400);
    expect(sql.body.field).toBe('newEmail');
    expect(await snapshotCounts(pg)).toEqual(before);
  });
});

describe('change password', () => {
  it('sends the code to the account email; the new password works, old tokens answer 401', async () => {
    const { account, token } = await fresh();
    await api().get('/api/users/sendPasswordVerificationCode').query({ email: account.email }).set(bearer(token)).expect(200, { success: true });
    const code = await lastCode(sys, account.email);
    const before = await snapshotCounts(pg);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ newPassword: 'short', confirmNewPassword: 'short' }, 'newPassword', 'Invalid Password'],
      [{ newPassword: 'Has Space 1234', confirmNewPassword: 'Has Space 1234' }, 'newPassword', 'Invalid Password'],
      [{ newPassword: 'Willow-Copper-88', confirmNewPassword: 'Willow-Copper-89' }, 'confirmNewPassword', 'Password does not match'],
      [{ newPassword: 'qwertyuiop', confirmNewPassword: 'qwertyuiop' }, 'newPassword', 'This password is too common: choose one that is harder to guess'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await api().post('/api/users/verifyPasswordVerificationCode').set(bearer(token)).send({ email: account.email, code, ...fields }).expect(400);
      expect(res.body).toMatchObject({ success: false, field, message });
    }
    const badCode = await api()
      .post('/api/users/verifyPasswordVerificationCode')
      .set(bearer(token))
      .send({ email: account.email, code: 'abc', newPassword: 'Willow-Copper-88', confirmNewPassword: 'Willow-Copper-88' })
      .expect(400);
    expect(badCode.body).toMatchObject({ field: 'code', message: 'Invalid Code' });
    expect(await snapshotCounts(pg)).toEqual(before);

    await api()
      .post('/api/users/verifyPasswordVerificationCode')
      .set(bearer(token))
      .field('email', account.email)
      .field('code', code)
      .field('newPassword', 'Willow-Copper-88')
      .field('confirmNewPassword', 'Willow-Copper-88')
      .expect(200, { success: true });
    // Token reuse after a password change: 401.
    await api().post('/api/v1/users/isSignedIn').set(bearer(token)).expect(401);
    await api().get('/api/users/sendPasswordVerificationCode').query({ email: account.email }).set(bearer(token)).expect(401);
    await api().post('/api/v1/users/signIn').send({ usernameOrEmail: account.email, password: STRONG_PASSWORD }).expect(401);
    await signIn(sys, { ...account, password: 'Willow-Copper-88' });
  });

  it('uses each code once and stops after five wrong codes', async () => {
    const { account, token } = await fresh();
    await api().get('/api/users/sendPasswordVerificationCode').query({ email: account.email }).set(bearer(token)).expect(200);
    const code = await lastCode(sys, account.email);
    const wrong = code === '123456' ? '654321' : '123456';
    const body = (c: string) => ({ email: account.email, code: c, newPassword: 'Willow-Copper-90', confirmNewPassword: 'Willow-Copper-90' });
    for (let i = 0; i < 5; i++) await api().post('/api/users/verifyPasswordVerificationCode').set(bearer(token)).send(body(wrong)).expect(401);
    const afterFive = await api().post('/api/users/verifyPasswordVerificationCode').set(bearer(token)).send(body(code)).expect(401);
    expect(afterFive.body.message).toBe('Invalid Code');
    await api().post('/api/v1/users/isSignedIn').set(bearer(token)).expect(200);
  });

  it("refuses another user's email with 403", async () => {
    const { token } = await fresh();
    const other = await registerAccount(sys);
    await api().get('/api/users/sendPasswordVerificationCode').query({ email: other.email }).set(bearer(token)).expect(403);
    await api()
      .post('/api/users/verifyPasswordVerificationCode')
      .set(bearer(token))
      .send({ email: other.email, code: '123456', newPassword: 'Willow-Copper-91', confirmNewPassword: 'Willow-Copper-91' })
      .expect(403);
  });
});

describe('change mobile', () => {
  it('texts the code to the NEW mobile (Pakistan accepted), changes it, and logs out', async () => {
    const { account, token } = await fresh();
    const noReauth = await api().get('/api/users/send2FAVerificationCode').query({ email: account.email, mobile: '+92 300 1234567' }).set(bearer(token)).expect(403);
    expect(noReauth.body).toMatchObject({ success: false, msg: expect.any(String) });
    await api().post('/api/users/reauthenticate').set(bearer(token)).send({ email: account.email, password: STRONG_PASSWORD }).expect(200);
    const sent = await api().get('/api/users/send2FAVerificationCode').query({ email: account.email, mobile: '+92 300 1234567' }).set(bearer(token)).expect(200);
    expect(sent.body).toEqual({ success: true, msg: 'Verification code sent to mobile # ending in 4567' });
    const code = await lastCode(sys, '+923001234567');
    // The code is for that number only.
    await api().post('/api/users/verifyMobileVerificationCode').set(bearer(token)).send({ email: account.email, mobile: '+923211234567', code }).expect(401);
    // 0092 is +92: the same number (stored E.164).
    await api().post('/api/users/verifyMobileVerificationCode').set(bearer(token)).send({ email: account.email, mobile: '0092 300 1234567', code }).expect(200, { success: true });
    await api().post('/api/v1/users/isSignedIn').set(bearer(token)).expect(401);
    const { usr } = await signIn(sys, { ...account, mobile: '+923001234567' });
    expect(usr.mobile).toBe('+923001234567');
  });

  it('refuses an invalid mobile (400 with msg) and a mobile in use (409)', async () => {
    const { account, token } = await fresh();
    const other = await registerAccount(sys);
    await api().post('/api/users/reauthenticate').set(bearer(token)).send({ email: account.email, password: STRONG_PASSWORD }).expect(200);
    const bad = await api().get('/api/users/send2FAVerificationCode').query({ email: account.email, mobile: '+44 7911 123456' }).set(bearer(token)).expect(400);
    expect(bad.body).toMatchObject({ success: false, field: 'mobile', message: 'Invalid mobile #', msg: 'Invalid mobile #' });
    const dup = await api().get('/api/users/send2FAVerificationCode').query({ email: account.email, mobile: other.mobile }).set(bearer(token)).expect(409);
    expect(dup.body).toMatchObject({ message: 'Account with this mobile # already exists', field: 'mobile', msg: 'Account with this mobile # already exists' });
    const script = await api().post('/api/users/verifyMobileVerificationCode').set(bearer(token)).send({ email: account.email, mobile: '<script>', code: '123456' }).expect(400);
    expect(script.body.field).toBe('mobile');
  });

  it('reads a number as US unless it starts with +92 or 0092: mistyped US numbers and Pakistani landlines are refused', async () => {
    const { account, token } = await fresh();
    await api().post('/api/users/reauthenticate').set(bearer(token)).send({ email: account.email, password: STRONG_PASSWORD }).expect(200);
    const before = await snapshotCounts(pg);
    for (const mobile of ['(555) 123-4567', '212 555 014', '+92 21 1234567', '+92 21 34567890', '0300 1234567', '+1 800 555 1234']) {
      const res = await api().get('/api/users/send2FAVerificationCode').query({ email: account.email, mobile }).set(bearer(token));
      expect({ mobile, status: res.status, body: res.body }).toMatchObject({ mobile, status: 400, body: { field: 'mobile', message: 'Invalid mobile #' } });
    }
    // Nothing was sent to, or stored for, a number it made up.
    expect(await snapshotCounts(pg)).toEqual(before);
    const us = await api().get('/api/users/send2FAVerificationCode').query({ email: account.email, mobile: '(212) 736-5000' }).set(bearer(token)).expect(200);
    expect(us.body.msg).toBe('Verification code sent to mobile # ending in 5000');
    expect((await lastMessage(sys, '+12127365000')).channel).toBe('sms');
  });

  it('applies the same rule at registration', async () => {
    await expect(registerAccount(sys, { mobile: '(555) 123-4567' })).rejects.toMatchObject({ kind: 'validation', field: 'mobile', message: 'Invalid Mobile #' });
    await expect(registerAccount(sys, { mobile: '+92 42 35761234' })).rejects.toMatchObject({ kind: 'validation', field: 'mobile' });
    const pk = await registerAccount(sys, { mobile: '0092 345 6789012' });
    expect((await pg.query('SELECT mobile FROM identity.accounts WHERE id = $1', [pk.userId])).rows[0].mobile).toBe('+923456789012');
  });
});
