/**
 * Profiles and users through the gateway: every call of the spec's "Profiles and
 * users" table, who may call it, the §5 rules (400 naming the field), create-user as one
 * retry-safe request (failing its second step for real, with a trigger), the user-name change
 * through identity, the users grid, uploads (re-encoded, hostile files refused), the
 * integration events.
 */
import type { Client } from 'pg';
import sharp from 'sharp';
import request from 'supertest';
import { withNpiCheckDigit } from '@app/validation';
import { type ApiTestSystem, type PublishedEvent, startApiSystem } from '../support/api-system';
import type { TestSystem } from '../support/system';
import { filesUnder } from '../support/upload-dir';
import { STRONG_PASSWORD, lastMessage, registerAccount, signIn, type TestAccount } from '../support/identity';
import { MASTER_ADMIN as ADMIN, bearer, ok, until as eventually } from '../support/http';

const MAX_UPLOAD = 400_000;
let sys: TestSystem;
let pg: Client;
let admin: string;
let provider: TestAccount;
let providerToken: string;
let published: PublishedEvent[];
let started: ApiTestSystem | undefined;

const api = () => request(sys.baseUrl);

let n = 0;
function newUser(over: Record<string, unknown> = {}) {
  n++;
  return {
    firstName: 'Maria',
    lastName: `Lopez${n}`,
    displayName: `Maria Lopez ${n}`,
    userName: `mlopez${n}x`,
    streetAddress: '500 Congress Avenue',
    suite: '2B',
    city: 'Austin',
    state: 'tx',
    zip: '78701',
    email: `maria${n}@clinic.test`,
    mobile: `(202) 555-${String(3000 + n).padStart(4, '0')}`,
    phone: `512-555-${String(1000 + n).padStart(4, '0')}`,
    website: 'clinic.example.com',
    profileDescription: 'Line one\nLine two',
    ...over,
  };
}

beforeAll(async () => {
  started = await startApiSystem({
    label: 'profiles',
    contexts: ['identity', 'directory', 'practices'],
    env: { UPLOAD_MAX_BYTES: String(MAX_UPLOAD), RPC_TIMEOUT_MS: '60000' },
    events: 'directory',
  });
  ({ sys, pg, published, adminToken: admin } = started);
  provider = await registerAccount(sys, { roles: { isAdmin: false, isProvider: true, isAuditor: false } });
  ({ token: providerToken } = await signIn(sys, provider));
}, 120_000);

afterAll(async () => {
  await started?.stop();
});

describe('every account has a profile', () => {
  it("the directory gives a registered account a profile with identity's email, mobile and user name", async () => {
    const res = await eventually(async () => {
      const r = await api().get('/api/users/getProviderProfile').query({ providerId: provider.userId }).set(bearer(admin));
      return r.status === 200 && r;
    });
    expect(res.body.user).toMatchObject({ _id: provider.userId, userName: provider.userName, email: provider.email, mobile: provider.mobile, isProvider: true, practices: [] });
  });

  it('the master admin has one too, flagged as such', async () => {
    const res = await api().post('/api/v1/users/getUsers').set(bearer(admin)).send({ filters: { name: { filterType: 'contains', value: 'masteradmin' } } });
    expect(res.status).toBe(200);
  });
});

describe('create user (addUser2, addUser): one request, retry-safe', () => {
  it('creates the account and the profile, and emails the invitation to set a password', async () => {
    const body = newUser({ npi: withNpiCheckDigit('123456780'), credentials: 'MD', specialty: 'Family Medicine' });
    const res = await api().post('/api/v1/users/addUser2').set(bearer(admin)).send(body).expect(ok);
    expect(res.body).toMatchObject({
      success: true,
      created: true,
      user: {
        userName: body.userName,
        email: body.email,
        mobile: expect.stringMatching(/^\+1202555/),
        phone: expect.stringMatching(/^\+1512555/),
        displayName: body.displayName,
        credentials: 'MD',
        specialty: 'Family Medicine',
        website: 'https://clinic.example.com',
        mailingAddress: { streetAddress1: '500 Congress Avenue', suite: '2B', city: 'Austin', state: 'TX', zip: '78701' },
        isProvider: true,
        isAdmin: false,
      },
    });
    const mail = await lastMessage(sys, body.email);
    expect(mail.body).toContain('Set/Reset Password HERE');
    const temp = /temporary password there to choose your password: (\S+)/.exec(mail.body)?.[1];
    expect(temp).toBeTruthy();
    await api()
      .post('/api/v1/users/resetPassword')
      .send({ email: body.email, tempPassword: temp, newPassword: STRONG_PASSWORD, confirmNewPassword: STRONG_PASSWORD })
      .expect(200);
    const { usr } = await signIn(sys, { email: body.email, mobile: res.body.user.mobile, password: STRONG_PASSWORD });
    expect(usr._id).toBe(res.body.user._id);
  });

  it('a retried request (same request id, same payload) answers the same user and makes no second account', async () => {
    const body = newUser({ requestId: `retry-${n}-body-id` });
    const first = await api().post('/api/v1/users/addUser2').set(bearer(admin)).send(body).expect(ok);
    const again = await api().post('/api/v1/users/addUser2').set(bearer(admin)).send(body).expect(ok);
    expect(again.body.user._id).toBe(first.body.user._id);
    expect(again.body.created).toBe(false);
    const { rows } = await pg.query('SELECT count(*)::int AS n FROM identity.accounts WHERE email_lower = $1', [body.email]);
    expect(rows[0].n).toBe(1);
  });

  it('an Idempotency-Key header marks a retry the same way; the same key with another payload is a 409', async () => {
    const key = `idem-${n}-${Date.now()}`;
    const body = newUser();
    const first = await api().post('/api/v1/users/addUser2').set(bearer(admin)).set('Idempotency-Key', key).send(body).expect(ok);
    const again = await api().post('/api/v1/users/addUser2').set(bearer(admin)).set('Idempotency-Key', key).send(body).expect(ok);
    expect([again.body.created, again.body.user._id]).toEqual([false, first.body.user._id]);
    const other = await api().post('/api/v1/users/addUser2').set(bearer(admin)).set('Idempotency-Key', key).send(newUser());
    expect([other.status, other.body]).toEqual([409, expect.objectContaining({ success: false, field: 'requestId' })]);
    const changed = await api().post('/api/v1/users/addUser2').set(bearer(admin)).set('Idempotency-Key', key).send({ ...body, phone: '512-555-9999' });
    expect(changed.status).toBe(409);
  });

  it('a different person with an email in use is a 409 on email, never the first person answered again', async () => {
    const first = newUser();
    await api().post('/api/v1/users/addUser2').set(bearer(admin)).send(first).expect(ok);
    const second = newUser({ email: first.email });
    const res = await api().post('/api/v1/users/addUser2').set(bearer(admin)).send(second);
    expect([res.status, res.body]).toEqual([409, expect.objectContaining({ success: false, field: 'email', message: 'Email already in use' })]);
    // Without a key, even the very same payload is a new request: its user name and email are taken by then.
    const same = await api().post('/api/v1/users/addUser2').set(bearer(admin)).send(first);
    expect(same.status).toBe(409);
    const addUser = await api()
      .post('/api/v1/users/addUser')
      .set(bearer(admin))
      .send({ npi: withNpiCheckDigit('176543210'), firstName: 'Other', lastName: 'Person', mailingAddressStreet: '12 Peachtree Street', mailingAddressCity: 'Atlanta', mailingAddressState: 'GA', mailingAddressZip: '30303', email: first.email, mobile: '202-555-0466', phone: '404-555-0101' });
    expect([addUser.status, addUser.body]).toEqual([409, expect.objectContaining({ field: 'email', message: 'Email already in use' })]);
    expect((await pg.query('SELECT count(*)::int AS n FROM directory.profiles WHERE email = $1', [first.email])).rows[0].n).toBe(1);
  });

  it('50 parallel creates with one email and 50 user names: exactly one 200, the rest 409 on email', async () => {
    const email = `race${Date.now()}@clinic.test`;
    const bodies = Array.from({ length: 50 }, (_, i) => newUser({ email, userName: `race${Date.now().toString(36)}${i}x`, mobile: `(202) 555-${String(5000 + i).padStart(4, '0')}` }));
    const answers = await Promise.all(bodies.map((b) => api().post('/api/v1/users/addUser2').set(bearer(admin)).send(b)));
    const statuses = answers.map((a) => a.status);
    expect([statuses.filter((s) => s === 200).length, answers.filter((a) => a.status !== 409).map((a) => [a.status, a.body.message])]).toEqual([1, [[200, undefined]]]);
    expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.body.field])).toEqual(Array.from({ length: 49 }, () => [409, 'email']));
    expect((await pg.query('SELECT count(*)::int AS n FROM identity.accounts WHERE email_lower = $1', [email])).rows[0].n).toBe(1);
    await eventually(async () => (await pg.query('SELECT count(*)::int AS n FROM directory.profiles WHERE email = $1', [email])).rows[0].n === 1);
  }, 120_000);

  it('a failure in identity (step 2) leaves nothing anyone sees, and the retry completes', async () => {
    const body = newUser({ requestId: `step2-${n}-retry` });
    await pg.query(`CREATE OR REPLACE FUNCTION identity.fail_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.value = '${body.email}' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$`);
    await pg.query('CREATE TRIGGER fail_once BEFORE INSERT ON identity.claims FOR EACH ROW EXECUTE FUNCTION identity.fail_once()');
    try {
      const failed = await api().post('/api/v1/users/addUser2').set(bearer(admin)).send(body);
      expect(failed.status).toBeGreaterThanOrEqual(500);
    } finally {
      await pg.query('DROP TRIGGER fail_once ON identity.claims');
    }
    expect((await pg.query('SELECT 1 FROM identity.accounts WHERE email_lower = $1', [body.email])).rowCount).toBe(0);
    expect((await pg.query('SELECT 1 FROM directory.profiles WHERE email = $1', [body.email])).rowCount).toBe(0);
    const retried = await api().post('/api/v1/users/addUser2').set(bearer(admin)).send(body).expect(ok);
    expect(retried.body.user.email).toBe(body.email);
    expect((await pg.query('SELECT 1 FROM identity.accounts WHERE email_lower = $1', [body.email])).rowCount).toBe(1);
  });

  it('a failure recording the profile (step 3) is completed from the draft, and a retry answers the one user', async () => {
    const body = newUser({ credentials: 'DO', requestId: `step3-${n}-retry` });
    await pg.query(`CREATE OR REPLACE FUNCTION directory.fail_created() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.type = 'ProfileCreated' AND NEW.data->'account'->>'email' = '${body.email}' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$`);
    await pg.query('CREATE TRIGGER fail_created BEFORE INSERT ON directory.events FOR EACH ROW EXECUTE FUNCTION directory.fail_created()');
    try {
      const failed = await api().post('/api/v1/users/addUser2').set(bearer(admin)).send(body);
      expect(failed.status).toBeGreaterThanOrEqual(500);
      expect((await pg.query('SELECT 1 FROM directory.profiles WHERE email = $1', [body.email])).rowCount).toBe(0);
    } finally {
      await pg.query('DROP TRIGGER fail_created ON directory.events');
    }
    const retried = await api().post('/api/v1/users/addUser2').set(bearer(admin)).send(body).expect(ok);
    expect(retried.body.user).toMatchObject({ email: body.email, credentials: 'DO', mailingAddress: { city: 'Austin' } });
    expect((await pg.query('SELECT count(*)::int AS n FROM identity.accounts WHERE email_lower = $1', [body.email])).rows[0].n).toBe(1);
    await eventually(async () => (await pg.query('SELECT count(*)::int AS n FROM directory.profiles WHERE email = $1', [body.email])).rows[0].n === 1);
  });

  it('addUser takes the provider create payload and suggests the user name', async () => {
    const res = await api()
      .post('/api/v1/users/addUser')
      .set(bearer(admin))
      .send({
        npi: withNpiCheckDigit('198765432'),
        firstName: 'Samuel',
        lastName: 'Okafor',
        mailingAddressOrgName: 'Okafor Family Practice',
        mailingAddressStreet: '12 Peachtree Street',
        mailingAddressCity: 'Atlanta',
        mailingAddressState: 'GA',
        mailingAddressZip: '30303',
        email: 'sam.okafor@clinic.test',
        mobile: '202-555-0177',
        phone: '404-555-0100',
      })
      .expect(200);
    expect(res.body.user).toMatchObject({ userName: 'sokafor', displayName: 'Samuel Okafor', organization: 'Okafor Family Practice', isProvider: true });
    const next = await api().get('/api/v1/users/getUsername').query({ firstName: 'Sara', lastName: 'Okafor' }).set(bearer(admin)).expect(200);
    expect(next.body).toEqual({ userName: 'sokafor2' });
  });

  it('refuses what breaks a §5 rule with a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ displayName: 'A' }, 'displayName', 'Invalid Display Name'],
      [{ userName: 'has space' }, 'userName', 'Invalid User Name'],
      [{ email: 'nope' }, 'email', 'Invalid Email'],
      [{ mobile: '555' }, 'mobile', 'Invalid Mobile #'],
      [{ phone: '12' }, 'phone', 'Invalid Phone #'],
      [{ streetAddress: '1 St' }, 'streetAddress', 'Invalid Street'],
      [{ city: 'A' }, 'city', 'Invalid City'],
      [{ state: 'Texas' }, 'state', 'Invalid State'],
      [{ zip: '123' }, 'zip', 'Invalid Zip'],
      [{ firstName: 'Al', npi: undefined }, 'firstName', 'Invalid First Name'],
      [{ npi: '1234567890' }, 'npi', 'Invalid NPI'],
      [{ website: 'javascript:alert(1)' }, 'website', 'Invalid Website'],
      [{ avatarImageUrl: 'https://evil.example/x.png' }, 'avatarImageUrl', 'Invalid image'],
    ];
    for (const [over, field, message] of cases) {
      const res = await api().post('/api/v1/users/addUser2').set(bearer(admin)).send(newUser(over));
      expect([res.status, res.body]).toEqual([400, expect.objectContaining({ success: false, field, message })]);
    }
  });

  it("a person's NPI is unique among profiles: a second one is 409 'NPI already in use' on npi; a refused or deleted one frees it", async () => {
    const npi = withNpiCheckDigit('155500001');
    const first = await api().post('/api/v1/users/addUser2').set(bearer(admin)).send(newUser({ npi })).expect(ok);
    const second = await api().post('/api/v1/users/addUser2').set(bearer(admin)).send(newUser({ npi }));
    expect([second.status, second.body]).toEqual([409, expect.objectContaining({ success: false, field: 'npi', message: 'NPI already in use' })]);
    const viaAddUser = await api()
      .post('/api/v1/users/addUser')
      .set(bearer(admin))
      .send({ npi, firstName: 'Other', lastName: 'Doctor', mailingAddressStreet: '12 Peachtree Street', mailingAddressCity: 'Atlanta', mailingAddressState: 'GA', mailingAddressZip: '30303', email: `other${Date.now()}@clinic.test`, mobile: '202-555-0488', phone: '404-555-0102' });
    expect([viaAddUser.status, viaAddUser.body.field, viaAddUser.body.message]).toEqual([409, 'npi', 'NPI already in use']);
    // A request identity refuses (email in use) holds no NPI afterwards.
    const npi2 = withNpiCheckDigit('155500002');
    const refused = await api().post('/api/v1/users/addUser2').set(bearer(admin)).send(newUser({ npi: npi2, email: provider.email }));
    expect([refused.status, refused.body.field]).toEqual([409, 'email']);
    await api().post('/api/v1/users/addUser2').set(bearer(admin)).send(newUser({ npi: npi2 })).expect(ok);
    // A deleted profile frees its NPI.
    await api().post('/api/v1/users/deleteUser').set(bearer(admin)).send({ userId: first.body.user._id }).expect(ok);
    await api().post('/api/v1/users/addUser2').set(bearer(admin)).send(newUser({ npi })).expect(ok);
  });

  it('50 parallel creates with one NPI: exactly one 200, the rest 409 on npi', async () => {
    const npi = withNpiCheckDigit('155500003');
    const stamp = Date.now().toString(36);
    const bodies = Array.from({ length: 50 }, (_, i) =>
      newUser({ npi, email: `npirace${stamp}${i}@clinic.test`, userName: `npirace${stamp}${i}x`, mobile: `(202) 555-${String(6000 + i).padStart(4, '0')}` }),
    );
    const answers = await Promise.all(bodies.map((b) => api().post('/api/v1/users/addUser2').set(bearer(admin)).send(b)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.body.field])).toEqual(Array.from({ length: 49 }, () => [409, 'npi']));
    await eventually(async () => (await pg.query('SELECT count(*)::int AS n FROM directory.profiles WHERE npi = $1', [npi])).rows[0].n === 1);
    // Only the winner has an account: the others were refused before identity was asked.
    expect((await pg.query(`SELECT count(*)::int AS n FROM identity.accounts WHERE email_lower LIKE $1`, [`npirace${stamp}%`])).rows[0].n).toBe(1);
  }, 120_000);

  it("answers 409 naming the field for identity's duplicates", async () => {
    const dup = await api().post('/api/v1/users/addUser2').set(bearer(admin)).send(newUser({ userName: provider.userName }));
    expect([dup.status, dup.body]).toEqual([409, expect.objectContaining({ field: 'userName', message: 'User Name Taken' })]);
    const email = await api().post('/api/v1/users/addUser2').set(bearer(admin)).send(newUser({ email: provider.email, requestId: 'retry-key-0001' }));
    expect([email.status, email.body]).toEqual([409, expect.objectContaining({ field: 'email', message: 'Email already in use' })]);
  });
});

describe('who may do what', () => {
  it('a provider may not list users, create them or delete them (403)', async () => {
    await api().post('/api/v1/users/getUsers').set(bearer(providerToken)).send({}).expect(403);
    await api().post('/api/v1/users/addUser2').set(bearer(providerToken)).send(newUser()).expect(403);
    await api().post('/api/v1/users/deleteUser').set(bearer(providerToken)).send({ userId: provider.userId }).expect(403);
  });

  it("a provider may edit their own profile, not another's (403); the master admin anyone's", async () => {
    const other = await registerAccount(sys);
    await eventually(async () => (await api().get('/api/users/getProviderProfile').query({ providerId: other.userId }).set(bearer(admin))).status === 200);
    const edit = (userId: string, over: Record<string, unknown> = {}) => ({
      userId,
      displayName: 'Dr Edited',
      userName: over.userName ?? undefined,
      streetAddress: '77 Elm Street',
      city: 'Boston',
      state: 'MA',
      zip: '02110',
      phone: '617-555-0123',
      ...over,
    });
    await api().post('/api/users/updateUserProfile').set(bearer(providerToken)).send(edit(other.userId, { userName: other.userName })).expect(403);
    const own = await api().post('/api/users/updateUserProfile').set(bearer(providerToken)).send(edit(provider.userId, { userName: provider.userName })).expect(200);
    expect(own.body.usr).toMatchObject({ displayName: 'Dr Edited', mailingAddress: { city: 'Boston', state: 'MA', zip: '02110' }, phone: '+16175550123' });
    const byAdmin = await api().post('/api/users/updateUserProfile').set(bearer(admin)).send(edit(other.userId, { userName: other.userName, displayName: 'Set By Admin' })).expect(200);
    expect(byAdmin.body.usr).toMatchObject({ _id: other.userId, displayName: 'Set By Admin' });
    await api().post('/api/v1/users/updateProfile').set(bearer(providerToken)).send({ ...edit('', { userName: provider.userName }), street: '77 Elm Street', usernameOrEmail: other.email }).expect((r) => expect([r.status, r.body]).toEqual([403, expect.anything()]));
    const missing = await api().post('/api/users/updateUserProfile').set(bearer(providerToken)).send({ ...edit(provider.userId, { userName: provider.userName }), zip: '12' });
    expect([missing.status, missing.body.field]).toEqual([400, 'zip']);
  });

  it("a user-name change goes through identity: 'User Name Taken', then recorded and usable to sign in", async () => {
    const base = { street: '77 Elm Street', city: 'Boston', state: 'MA', zip: '02110', phone: '617-555-0123', displayName: 'Dr Edited' };
    const taken = await api().post('/api/v1/users/updateProfile').set(bearer(providerToken)).send({ ...base, userName: 'MasterAdmin' });
    expect([taken.status, taken.body]).toEqual([409, expect.objectContaining({ field: 'userName', message: 'User Name Taken' })]);
    const renamed = `renamed${Date.now().toString(36).slice(-5)}`;
    const ok = await api().post('/api/v1/users/updateProfile').set(bearer(providerToken)).send({ ...base, userName: renamed }).expect(200);
    expect(ok.body.usr.userName).toBe(renamed);
    expect((await api().get(`/api/v1/users/exists/username/${renamed}`).expect(200)).body).toEqual({ isDuplicate: true });
    expect((await api().get(`/api/v1/users/exists/username/${provider.userName}`).expect(200)).body).toEqual({ isDuplicate: false });
    provider.userName = renamed;
  });
});

describe('the three exists checks', () => {
  it('answer isDuplicate for user names and emails without case, mobiles in any format; too long is a 400', async () => {
    const q = (path: string) => api().get(`/api/v1/users/exists/${path}`);
    expect((await q(`username/${provider.userName.toUpperCase()}`).expect(200)).body).toEqual({ isDuplicate: true });
    expect((await q('username/nobody-here').expect(200)).body).toEqual({ isDuplicate: false });
    expect((await q(`email/${encodeURIComponent(provider.email.toUpperCase())}`).expect(200)).body).toEqual({ isDuplicate: true });
    expect((await q('email/nobody%40example.test').expect(200)).body).toEqual({ isDuplicate: false });
    expect((await q(`mobile/${encodeURIComponent('(202) 555-0100')}`).expect(200)).body).toEqual({ isDuplicate: true });
    expect((await q('mobile/%2B12025559999').expect(200)).body).toEqual({ isDuplicate: false });
    expect((await q(`username/${'x'.repeat(400)}`)).status).toBe(400);
  });
});

describe('the users grid (getUsers)', () => {
  it('pages, filters by name and ZIP, sorts; a bad field is a 400 naming it', async () => {
    for (const [first, last, zip] of [
      ['Zoe', 'Ångström', '73301'],
      ['Yan', 'Angstrom', '73344'],
      ['Xia', 'Berg', '10001'],
    ])
      await api()
        .post('/api/v1/users/addUser2')
        .set(bearer(admin))
        .send(newUser({ firstName: first, lastName: last, zip, displayName: `${first} ${last}`, userName: `${first}${last}`.normalize('NFKD').replace(/[^a-z]/gi, '').slice(0, 20) }))
        .expect(ok);
    const res = await api()
      .post('/api/v1/users/getUsers')
      .set(bearer(admin))
      .send({ skip: 0, limit: 10, filters: JSON.stringify({ name: { filterType: 'contains', value: 'angstr' }, primaryPracticeAddress: { filterType: 'contains', value: '733' } }), sorting: JSON.stringify({ name: -1 }) })
      .expect(200);
    expect(res.body.count).toBe(2);
    expect(res.body.users.map((u: { lastName: string }) => u.lastName)).toEqual(['Ångström', 'Angstrom']);
    const all = await api().post('/api/v1/users/getUsers').set(bearer(admin)).send({}).expect(200);
    expect(all.body.users).toHaveLength(10);
    expect(all.body.count).toBeGreaterThan(10);
    const bad = await api().post('/api/v1/users/getUsers').set(bearer(admin)).send({ filters: { password: { filterType: 'contains', value: 'x' } } });
    expect([bad.status, bad.body.field]).toEqual([400, 'filters.password']);
  });
});

describe('uploads', () => {
  const png = () => sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#3366cc' } }).withMetadata({ exif: { IFD0: { Copyright: 'GPS secret' } } }).png().toBuffer();

  it('uploadImg re-encodes an image (metadata stripped, at most 2048 px) and serves it with its type and nosniff', async () => {
    const res = await api().post('/api/users/uploadImg').set(bearer(providerToken)).attach('file', await png(), 'photo.png').expect(200);
    expect(res.body).toMatchObject({ success: true, fileUrl: expect.stringMatching(/^\/api\/files\/[a-f0-9]{32}\.png$/) });
    const file = await api().get(res.body.fileUrl).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(file.body as Buffer).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([2048, 1024, undefined]);
    expect((file.body as Buffer).toString('latin1')).not.toContain('GPS secret');
    await api().get('/api/files/..%2F..%2Fpackage.json').expect(404);
  });

  it('refuses a .png that is really a script, a zero-byte file (400) and an oversized one (413)', async () => {
    const script = await api().post('/api/users/uploadImg').set(bearer(providerToken)).attach('file', Buffer.from('#!/bin/sh\nrm -rf /\n'), { filename: 'evil.png', contentType: 'image/png' });
    expect([script.status, script.body.field]).toEqual([400, 'file']);
    const empty = await api().post('/api/users/uploadImg').set(bearer(providerToken)).attach('file', Buffer.alloc(0), { filename: 'empty.png', contentType: 'image/png' });
    expect([empty.status, empty.body]).toEqual([400, expect.objectContaining({ field: 'file', message: 'file is empty' })]);
    const big = Buffer.concat([await png(), Buffer.alloc(MAX_UPLOAD)]);
    expect((await api().post('/api/users/uploadImg').set(bearer(providerToken)).attach('file', big, 'big.png')).status).toBe(413);
    await api().post('/api/users/uploadImg').attach('file', await png(), 'anon.png').expect(401);
  });

  it("updateUserAvatar / updateAvatar / updateBanner change the profile's images; another's is 403", async () => {
    const small = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa0000' } }).jpeg().toBuffer();
    const own = await api().post('/api/users/updateUserAvatar').set(bearer(providerToken)).field('userId', provider.userId).attach('file', small, 'me.jpg').expect(200);
    expect(own.body).toMatchObject({ success: true, fileUrl: expect.stringMatching(/\.jpg$/), usr: { avatarImageUrl: own.body.fileUrl } });
    const banner = await api().post('/api/v1/users/updateBanner').set(bearer(providerToken)).attach('file', small, 'banner.jpg').expect(200);
    expect(banner.body.usr.bannerImageUrl).toMatch(/^\/api\/files\//);
    const before = filesUnder(sys.env.UPLOAD_DIR);
    await api().post('/api/users/updateUserBanner').set(bearer(providerToken)).field('userId', '00000000-0000-4000-8000-000000000000').attach('file', small, 'x.jpg').expect(403);
    const adminId = (await pg.query('SELECT id FROM directory.profiles WHERE is_master_admin LIMIT 1')).rows[0].id;
    await api().post('/api/users/updateUserAvatar').set(bearer(providerToken)).field('userId', adminId).attach('file', small, 'x.jpg').expect(403);
    await api().post('/api/v1/users/updateBanner').set(bearer(providerToken)).field('usernameOrEmail', ADMIN.email).attach('file', small, 'x.jpg').expect(403);
    // A refused upload stores nothing.
    expect(filesUnder(sys.env.UPLOAD_DIR)).toEqual(before);
    const avatar = await api().get('/api/users/getUserAvatar').query({ userName: provider.userName }).set(bearer(admin)).expect(200);
    expect(avatar.body).toEqual({ avatar: own.body.fileUrl });
  });
});

describe('searches, practices, deletion, events', () => {
  it('searchUsers by name or NPI, searchUsersByNpi for the registered ones, getProviderPractices empty', async () => {
    const found = await api().get('/api/users/searchUsers').query({ searchTerm: 'okafor' }).set(bearer(providerToken)).expect(200);
    expect(found.body.users[0]).toEqual(expect.objectContaining({ userName: 'sokafor', lastName: 'Okafor', npi: withNpiCheckDigit('198765432'), avatarImageUrl: null }));
    const byNpi = await api()
      .get('/api/users/searchUsersByNpi')
      .query({ ids: `${withNpiCheckDigit('198765432')},${withNpiCheckDigit('111111111')}` })
      .set(bearer(providerToken))
      .expect(200);
    expect(byNpi.body.users.map((u: { userName: string }) => u.userName)).toEqual(['sokafor']);
    expect((await api().get('/api/users/searchUsersByNpi').query({ ids: 'x' }).set(bearer(providerToken))).status).toBe(400);
    expect((await api().get('/api/users/getProviderPractices').query({ practiceIds: '' }).set(bearer(providerToken)).expect(200)).body).toEqual({ practices: [] });
    await api().get('/api/users/getProviderProfile').query({ providerId: 'nope' }).set(bearer(admin)).expect(400);
  });

  it('deleteUser removes a profile (admins; never the master admin)', async () => {
    const created = await api().post('/api/v1/users/addUser2').set(bearer(admin)).send(newUser()).expect(ok);
    await api().post('/api/v1/users/deleteUser').set(bearer(admin)).send({ userId: created.body.user._id }).expect(200);
    await api().get('/api/users/getProviderProfile').query({ providerId: created.body.user._id }).set(bearer(admin)).expect(404);
    const self = (await pg.query("SELECT id FROM directory.profiles WHERE is_master_admin LIMIT 1")).rows[0].id;
    await api().post('/api/v1/users/deleteUser').set(bearer(admin)).send({ userId: self }).expect(403);
  });

  it('publishes events.directory.Profile* without drafts or secrets', async () => {
    await eventually(async () => published.some((p) => p.subject.endsWith('ProfileDeleted')));
    const types = new Set(published.map((p) => p.subject.split('.').pop()));
    expect([...types]).toEqual(expect.arrayContaining(['ProfileCreated', 'ProfileUpdated', 'ProfileImageChanged', 'ProfileAccountChanged', 'ProfileDeleted']));
    expect(types.has('ProfileDrafted')).toBe(false);
    const text = JSON.stringify(published);
    expect(text).not.toMatch(/password|temporary|hash/i);
    const created = published.find((p) => p.subject.endsWith('ProfileCreated'))!;
    expect(created.data).toMatchObject({ specversion: '1.0', type: 'directory.ProfileCreated.v1', data: { profileId: expect.any(String), userName: expect.any(String) } });
  });
});
