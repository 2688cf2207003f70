import { Client } from 'pg';
import request from 'supertest';
import { eventually } from '@app/testing';
import { startTestSystem, type TestSystem } from '../support/system';
import { registerAccount, signIn, type TestAccount } from '../support/identity';
import { MASTER_ADMIN as ADMIN, bearer } from '../support/http';

/**
 * 'Request an account' through the gateway: the public request (validated, the same
 * answer whatever the email, limited per client IP), the master admin's notification, and the
 * decision (approve = the admin add-user flow with the temporary password emailed; decline =
 * a neutral email), refused to anyone else.
 */
let sys: TestSystem;
let pg: Client;
let admin: string;
let provider: TestAccount;
let providerToken: string;

const api = () => request(sys.baseUrl);
let n = 0;
/** A fresh request body; each test sends from its own client IP (the per-IP limit is 5 an hour). */
function asked(over: Record<string, unknown> = {}) {
  n++;
  return {
    name: `Jane Doe${n}`,
    email: `jane.doe${n}@request.test`,
    mobile: `(202) 555-${String(7000 + n).padStart(4, '0')}`,
    npi: '',
    practice: 'Doe Family Clinic',
    ...over,
  };
}
const ask = (body: Record<string, unknown>, ip: string) => api().post('/api/users/requestAccount').set('X-Forwarded-For', ip).send(body);
const outbox = async (to: string) => (await api().get('/api/dev/outbox').query({ to }).expect(200)).body as { subject: string; body: string }[];

/** The pending request of an email, as the master admin lists it. */
async function pendingOf(email: string): Promise<{ requestId: string; suggestedUserName: string }> {
  return eventually(async () => {
    const res = await api().get('/api/users/accountRequests').set(bearer(admin)).expect(200);
    const found = res.body.requests.find((r: { email: string }) => r.email === email.toLowerCase());
    expect(found).toBeDefined();
    return found;
  });
}

beforeAll(async () => {
  sys = await startTestSystem({ label: 'accreq', contexts: ['identity', 'directory', 'notifications'], env: { RPC_TIMEOUT_MS: '60000' } });
  pg = new Client({ connectionString: sys.db.url });
  await pg.connect();
  await eventually(async () => expect((await pg.query('SELECT 1 FROM identity.accounts WHERE is_master_admin')).rowCount).toBe(1), { timeoutMs: 30_000 });
  ({ token: admin } = await signIn(sys, ADMIN));
  provider = await registerAccount(sys, { roles: { isAdmin: true, isProvider: true, isAuditor: false } });
  ({ token: providerToken } = await signIn(sys, provider));
}, 120_000);

afterAll(async () => {
  await pg?.end();
  await sys?.stop();
});

describe('requesting an account (public)', () => {
  it('answers 400 naming the field: name, email, mobile (US), npi (check digit), practice', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ email: 'not-an-email' }, 'email'],
      [{ mobile: '+44 20 7946 0958' }, 'mobile'],
      [{ npi: '1234567890' }, 'npi'],
      [{ practice: ' ' }, 'practice'],
    ];
    for (const [over, field] of cases) {
      const res = await ask(asked(over), '10.26.1.1');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, field });
    }
  });

  it("gives the same answer for an email or mobile that has an account; an account's email gets no request, its owner an email", async () => {
    const fresh = asked();
    const a = await ask(fresh, '10.26.2.1').expect(202);
    const b = await ask(asked({ email: provider.email.toUpperCase() }), '10.26.2.1').expect(202);
    const withTakenMobile = asked({ mobile: provider.mobile });
    const c = await ask(withTakenMobile, '10.26.2.1').expect(202);
    expect(b.body).toEqual(a.body);
    expect(c.body).toEqual(a.body);
    expect(a.body).toEqual({ success: true, message: expect.stringContaining('administrator') });
    await pendingOf(fresh.email);
    const rows = await pg.query('SELECT 1 FROM identity.account_requests WHERE email = $1', [provider.email.toLowerCase()]);
    expect(rows.rowCount).toBe(0);
    const toOwner = await outbox(provider.email);
    expect(toOwner[0].subject).toContain('you already have an account');
    // The mobile's account is not revealed to the requester; the approval names it.
    expect((await outbox(withTakenMobile.email))[0].subject).toContain('we received your account request');
    const { requestId } = await pendingOf(withTakenMobile.email);
    const taken = await api().post('/api/users/approveAccountRequest').set(bearer(admin)).send({ requestId }).expect(409);
    expect(taken.body).toMatchObject({ success: false, field: 'mobile' });
  });

  it('does not duplicate a request while one from the same email is pending', async () => {
    const body = asked();
    await ask(body, '10.26.3.1').expect(202);
    await ask({ ...body, email: body.email.toUpperCase(), name: 'Someone Else' }, '10.26.3.2').expect(202);
    const { rows } = await pg.query('SELECT name FROM identity.account_requests WHERE email = $1', [body.email]);
    expect(rows).toEqual([{ name: body.name }]);
  });

  it('is limited per client IP: 429 with Retry-After, other IPs unaffected', async () => {
    for (let i = 0; i < 5; i++) await ask(asked(), '10.26.4.1').expect(202);
    const limited = await ask(asked(), '10.26.4.1').expect(429);
    expect(limited.body).toMatchObject({ success: false, code: 'rate_limited', message: expect.stringMatching(/^Too many account requests.*Try again in/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await ask(asked(), '10.26.4.2').expect(202);
  });
});

describe('the master admin decides', () => {
  it('is notified (name and practice only), approves: the user exists, the temporary password is emailed, the notification shows the outcome', async () => {
    const body = asked({ npi: '' });
    await ask(body, '10.26.5.1').expect(202);
    const { requestId, suggestedUserName } = await pendingOf(body.email);
    expect(suggestedUserName).toBe(body.email.split('@')[0]);

    const adminId = (await pg.query('SELECT id FROM identity.accounts WHERE is_master_admin')).rows[0].id;
    const note = await eventually(async () => {
      const { rows } = await pg.query('SELECT heading, body, category, alert_level, account_request_status FROM notifications.notifications WHERE account_id = $1 AND account_request_id = $2', [
        adminId,
        requestId,
      ]);
      expect(rows).toHaveLength(1);
      return rows[0];
    });
    expect(note).toMatchObject({ heading: 'New account request', category: 'General', alert_level: 'Info', account_request_status: 'pending' });
    expect(note.body).toContain(body.name);
    expect(note.body).not.toContain(body.email);
    const published = await pg.query(`SELECT data FROM identity.events WHERE type = 'AccountRequested' AND stream_id = $1`, [`account-request-${requestId}`]);
    expect(published.rows[0].data.notify).toEqual([adminId]);

    const details = await api().get('/api/users/accountRequest').query({ requestId }).set(bearer(admin)).expect(200);
    expect(details.body.request).toMatchObject({ requestId, name: body.name, email: body.email, mobile: expect.stringMatching(/^\+1202555\d{4}$/), status: 'pending' });

    const approved = await api().post('/api/users/approveAccountRequest').set(bearer(admin)).send({ requestId }).expect(200);
    expect(approved.body).toMatchObject({ success: true, userName: suggestedUserName, userId: expect.any(String) });
    const account = await pg.query('SELECT user_name, email FROM identity.accounts WHERE id = $1', [approved.body.userId]);
    expect(account.rows[0]).toEqual({ user_name: suggestedUserName, email: body.email });
    const mail = await outbox(body.email);
    expect(mail[0].subject).toContain('your account is ready');
    expect(mail[0].body).toMatch(/temporary password/);
    await eventually(async () => {
      const { rows } = await pg.query('SELECT account_request_status FROM notifications.notifications WHERE account_request_id = $1', [requestId]);
      expect(rows[0].account_request_status).toBe('approved');
    });

    // A second decision is a 409.
    await api().post('/api/users/approveAccountRequest').set(bearer(admin)).send({ requestId }).expect(409);
    await api().post('/api/users/declineAccountRequest').set(bearer(admin)).send({ requestId }).expect(409);
  });

  it('takes the user name the admin chose, and answers 409 naming the field when the email was taken meanwhile', async () => {
    const body = asked();
    await ask(body, '10.26.6.1').expect(202);
    const { requestId } = await pendingOf(body.email);
    await api().post('/api/users/approveAccountRequest').set(bearer(admin)).send({ requestId, userName: 'has space' }).expect(400);
    await registerAccount(sys, { email: body.email });
    const taken = await api().post('/api/users/approveAccountRequest').set(bearer(admin)).send({ requestId, userName: `chosen${n}` }).expect(409);
    expect(taken.body).toMatchObject({ success: false, field: 'email' });
  });

  it('declines: the requester gets a short neutral email; a second decision is a 409', async () => {
    const body = asked();
    await ask(body, '10.26.7.1').expect(202);
    const { requestId } = await pendingOf(body.email);
    await api().post('/api/users/declineAccountRequest').set(bearer(admin)).send({ requestId }).expect(200);
    const mail = await outbox(body.email);
    expect(mail[0].body).toContain('was not approved');
    await api().post('/api/users/declineAccountRequest').set(bearer(admin)).send({ requestId }).expect(409);
    await api().post('/api/users/approveAccountRequest').set(bearer(admin)).send({ requestId }).expect(409);
    // Declined, the email may ask again.
    await ask(body, '10.26.7.1').expect(202);
    await eventually(async () => expect((await pg.query(`SELECT 1 FROM identity.account_requests WHERE email = $1 AND status = 'pending'`, [body.email])).rowCount).toBe(1));
  });

  it('is refused to anyone else: 401 signed out, 403 for an admin who is not the master admin, 404 for an unknown request', async () => {
    const body = asked();
    await ask(body, '10.26.8.1').expect(202);
    const { requestId } = await pendingOf(body.email);
    await api().post('/api/users/approveAccountRequest').send({ requestId }).expect(401);
    await api().post('/api/users/approveAccountRequest').set(bearer(providerToken)).send({ requestId }).expect(403);
    await api().post('/api/users/declineAccountRequest').set(bearer(providerToken)).send({ requestId }).expect(403);
    await api().get('/api/users/accountRequest').query({ requestId }).set(bearer(providerToken)).expect(403);
    await api().get('/api/users/accountRequests').set(bearer(providerToken)).expect(403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    await api().post('/api/users/approveAccountRequest').set(bearer(admin)).send({ requestId: unknown }).expect(404);
    await api().post('/api/users/declineAccountRequest').set(bearer(admin)).send({ requestId: unknown }).expect(404);
    await api().post('/api/users/declineAccountRequest').set(bearer(admin)).send({ requestId: 'nope' }).expect(400);
    const still = await pg.query('SELECT status FROM identity.account_requests WHERE id = $1', [requestId]);
    expect(still.rows[0].status).toBe('pending');
  });
});
