/**
 * The shared rules (libs/validation) through the gateway: each refusal is a 400 naming the field
 * and changes nothing (a future issue date, a date before 1900, an expiry 16 years after issue,
 * a state that does not exist, a DEA number failing its check digit, a work history starting in
 * the future, an NPI failing its Luhn check wherever an NPI is typed, a one-letter signature);
 * DEA schedules stored in DEA's order. And the invitation: a provider without a password gets a
 * one-time link that sets it (once), naming the practice that asks; a provider with a password
 * is asked to sign in and their password is unchanged.
 */
import { Client } from 'pg';
import request from 'supertest';
import { withDeaCheckDigit, withNpiCheckDigit } from '@app/validation';
import { lastMessage, registerAccount, signIn, type TestAccount, uniqueMobile } from '../support/identity';
import { startTestSystem, type TestSystem } from '../support/system';
import { MASTER_ADMIN as ADMIN, bearer, ok, until } from '../support/http';

let sys: TestSystem;
let pg: Client;
let admin: string;
let credentialer: TestAccount;
let credentialerToken: string;
let provider: { userId: string; email: string; mobile: string };

const api = () => request(sys.baseUrl);
const today = () => new Date().toISOString().slice(0, 10);
const yearsFrom = (day: string, years: number) => `${Number(day.slice(0, 4)) + years}${day.slice(4)}`;
const file = (id: string) => `/api/v1/credentialing/files/${id}`;
const NEW_PASSWORD = 'Harbour-Lantern-77';
const PRACTICE = 'Hudson Valley Cardiology';

const licence = (over: Record<string, unknown> = {}) => ({ kind: 'stateLicense', state: 'NY', number: 'L-204518', licenseType: 'MD', status: 'Active', issuedOn: '2016-03-01', expiresOn: '2028-03-01', ...over });
const dea = (over: Record<string, unknown> = {}) => ({ kind: 'dea', number: 'AB1234563', schedules: '2,3', state: 'NY', issuedOn: '2024-02-01', expiresOn: '2027-02-01', ...over });

async function expectError(res: request.Response, status: number, field?: string) {
  expect([res.status, res.body.success, field ? res.body.field : undefined]).toEqual([status, false, field]);
}

beforeAll(async () => {
  sys = await startTestSystem({ label: 'credentialing-rules', contexts: ['identity', 'directory', 'practices', 'credentialing'] });
  pg = new Client({ connectionString: sys.db.url });
  await pg.connect();
  await until(async () => (await pg.query('SELECT 1 FROM identity.accounts WHERE is_master_admin')).rowCount === 1, 30_000);
  ({ token: admin } = await signIn(sys, ADMIN));
  credentialer = await registerAccount(sys, { mobile: uniqueMobile('+1303555') });
  credentialerToken = (await signIn(sys, credentialer)).token;
  // A provider the master admin creates: an account without a password of its own.
  const email = `ana${Date.now().toString(36)}@hudson.test`;
  const mobile = uniqueMobile('+1303556');
  const created = await api()
    .post('/api/v1/users/addUser')
    .set(bearer(admin))
    .send({ npi: withNpiCheckDigit('167957672'), firstName: 'Ana', lastName: 'Okafor', email, mobile, mailingAddressStreet: '1 State Street', mailingAddressCity: 'Albany', mailingAddressState: 'NY', mailingAddressZip: '12207', phone: '518-555-0100' })
    .expect(ok);
  provider = { userId: created.body.user._id, email, mobile };
  await until(async () => (await pg.query('SELECT 1 FROM practices.practice_people WHERE id = ANY($1)', [[credentialer.userId, provider.userId]])).rowCount === 2, 30_000);
  const practice = await api()
    .put('/api/users/addPractice')
    .set(bearer(admin))
    .send({
      npi: withNpiCheckDigit('198765432'),
      practiceName: PRACTICE,
      displayName: 'Hudson Cardiology',
      userName: `hudson${Date.now().toString(36).slice(-5)}`,
      streetAddress: '100 State Street',
      city: 'Albany',
      state: 'NY',
      zip: '12207',
      email: `office${Date.now().toString(36)}@hudson.test`,
      phone: '(518) 555-0100',
      practiceOwners: [
        { id: credentialer.userId, fullName: 'Owner', accessType: 'Practice Owner' },
        { id: provider.userId, fullName: 'Provider', accessType: 'Provider' },
      ],
    });
  if (![200, 404].includes(practice.status)) throw new Error(`addPractice answered ${practice.status}: ${JSON.stringify(practice.body)}`);
  await until(async () => (await pg.query('SELECT 1 FROM credentialing.credentialing_memberships')).rowCount === 2, 30_000);
  await until(async () => (await pg.query('SELECT 1 FROM credentialing.credentialing_profiles WHERE id = $1 AND is_provider', [provider.userId])).rowCount === 1, 30_000);
  await api().put('/api/v1/credentialing/files').set(bearer(credentialerToken)).send({ providerId: provider.userId }).expect(ok);
}, 240_000);

afterAll(async () => {
  await pg?.end();
  await sys?.stop();
});

describe('credentials that cannot be wrong (POST .../credentials)', () => {
  it('400 naming the field, nothing stored: future issue date, 1899, 16-year expiry, expiry before issue, ZZ, DEA check digit, future work history', async () => {
    const url = `${file(provider.userId)}/credentials`;
    const send = (body: Record<string, unknown>) => api().post(url).set(bearer(credentialerToken)).send(body);
    const nextYear = yearsFrom(today(), 1);
    await expectError(await send(licence({ issuedOn: nextYear, expiresOn: yearsFrom(nextYear, 2) })), 400, 'issuedOn');
    await expectError(await send(licence({ issuedOn: '1899-12-31' })), 400, 'issuedOn');
    await expectError(await send(licence({ issuedOn: '2010-01-01', expiresOn: '2026-01-01' })), 400, 'expiresOn');
    await expectError(await send(licence({ issuedOn: '2020-01-01', expiresOn: '2019-12-31' })), 400, 'expiresOn');
    await expectError(await send(licence({ state: 'ZZ' })), 400, 'state');
    await expectError(await send(dea({ number: 'AB1234567' })), 400, 'number');
    await expectError(await send(dea({ number: 'ZB1234563' })), 400, 'number');
    await expectError(await send({ kind: 'workHistory', employer: 'Albany Clinic', startedOn: yearsFrom(today(), 1) }), 400, 'startedOn');
    await expectError(await send({ kind: 'workHistory', employer: 'Albany Clinic', startedOn: '2015-07-01', endedOn: '2015-06-30' }), 400, 'endedOn');
    const refused = await send(licence({ state: 'ZZ' }));
    expect(refused.body.message).toBe('state: a US state, DC or territory (two-letter code)');
    const unchanged = await api().get(file(provider.userId)).set(bearer(credentialerToken)).expect(ok);
    expect(unchanged.body.file.credentials).toEqual([]);
  });

  it('accepts the same credentials made right: 15 years exactly, a territory, a valid DEA number with its schedules in DEA order', async () => {
    const url = `${file(provider.userId)}/credentials`;
    await api().post(url).set(bearer(credentialerToken)).send(licence({ state: 'pr', issuedOn: '2011-04-01', expiresOn: '2026-04-01' })).expect(ok);
    const added = await api()
      .post(url)
      .set(bearer(credentialerToken))
      .send(dea({ number: withDeaCheckDigit('BK452918'), schedules: '5,3N,2N,4,3,2' }))
      .expect(ok);
    const stored = added.body.file.credentials.find((c: { kind: string }) => c.kind === 'dea');
    expect(stored).toMatchObject({ number: withDeaCheckDigit('BK452918'), schedules: ['2', '2N', '3', '3N', '4', '5'] });
    expect(added.body.file.credentials.find((c: { kind: string }) => c.kind === 'stateLicense')).toMatchObject({ state: 'PR' });
  });
});

describe('an NPI failing its Luhn check is refused wherever an NPI is typed', () => {
  const badNpi = '1679576723';
  it('the registry lookup, a new user, a new practice, the practice providers query: 400 naming npi', async () => {
    await expectError(await api().get('/api/npi/searchNppes').query({ npi: badNpi }).set(bearer(admin)), 400, 'npi');
    await expectError(
      await api()
        .post('/api/v1/users/addUser')
        .set(bearer(admin))
        .send({ npi: badNpi, firstName: 'Ben', lastName: 'Adler', email: `ben${Date.now().toString(36)}@hudson.test`, mobile: '+13035550142', mailingAddressStreet: '1 State Street', mailingAddressCity: 'Albany', mailingAddressState: 'NY', mailingAddressZip: '12207', phone: '518-555-0100' }),
      400,
      'npi',
    );
    await expectError(
      await api()
        .put('/api/users/addPractice')
        .set(bearer(admin))
        .send({ npi: badNpi, practiceName: 'Bad NPI Practice', displayName: 'Bad NPI', userName: 'badnpi1', streetAddress: '100 State Street', city: 'Albany', state: 'NY', zip: '12207', email: 'bad@npi.test', phone: '(518) 555-0100', practiceOwners: [{ id: credentialer.userId, fullName: 'Owner', accessType: 'Practice Owner' }] }),
      400,
      'npi',
    );
    await expectError(await api().get('/api/users/getPracticeProviders').query({ npi: badNpi }).set(bearer(admin)), 400, 'npi');
  });

  it('a state that does not exist is refused on a practice too', async () => {
    await expectError(
      await api()
        .put('/api/users/addPractice')
        .set(bearer(admin))
        .send({ npi: withNpiCheckDigit('145678901'), practiceName: 'Nowhere Practice', displayName: 'Nowhere', userName: 'nowhere1', streetAddress: '100 State Street', city: 'Albany', state: 'ZZ', zip: '12207', email: 'no@where.test', phone: '(518) 555-0100', practiceOwners: [{ id: credentialer.userId, fullName: 'Owner', accessType: 'Practice Owner' }] }),
      400,
      'state',
    );
  });
});

describe('the invitation (POST /api/v1/credentialing/invitations)', () => {
  it('a provider without a password: a one-time link naming the practice, no password in the email; the link sets the password once', async () => {
    const sent = await api().post('/api/v1/credentialing/invitations').set(bearer(credentialerToken)).send({ providerId: provider.userId }).expect(ok);
    expect(sent.body).toMatchObject({ success: true, invitation: 'set-password', sentTo: expect.stringContaining('@hudson.test') });
    const days = (Date.parse(sent.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const mail = await lastMessage(sys, provider.email);
    expect(mail.subject).toContain(`complete your credentialing application for ${PRACTICE}`);
    expect(mail.body).toContain(`${PRACTICE} asks you to complete your credentialing application`);
    expect(mail.body).not.toMatch(/temporary password|account was created/i);
    const token = /[?&]invitation=([A-Za-z0-9_-]+)&next=%2Fprovider%2Fcredentialing/.exec(mail.body)?.[1];
    expect(token).toBeDefined();

    await expectError(await api().post('/api/v1/users/acceptInvitation').send({ token, newPassword: NEW_PASSWORD, confirmNewPassword: 'Other-Lantern-78' }), 400, 'confirmNewPassword');
    const accepted = await api().post('/api/v1/users/acceptInvitation').send({ token, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD }).expect(ok);
    expect(accepted.body).toEqual({ success: true, email: provider.email });
    // Single use: the second time the link is refused and the password stays the first one.
    await expectError(await api().post('/api/v1/users/acceptInvitation').send({ token, newPassword: 'Another-Lantern-78', confirmNewPassword: 'Another-Lantern-78' }), 400, 'token');
    await expectError(await api().post('/api/v1/users/acceptInvitation').send({ token: 'x'.repeat(43), newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD }), 400, 'token');
    const { token: session } = await signIn(sys, { email: provider.email, mobile: provider.mobile, password: NEW_PASSWORD });
    const own = await api().get(file(provider.userId)).set(bearer(session)).expect(ok);
    expect(own.body.file.can.attest).toBe(true);
  });

  it('a provider who has a password: asked to sign in, never told an account was created, the password unchanged', async () => {
    const sent = await api().post('/api/v1/credentialing/invitations').set(bearer(admin)).send({ providerId: provider.userId }).expect(ok);
    expect(sent.body).toMatchObject({ success: true, invitation: 'sign-in', expiresAt: null });
    const mail = await lastMessage(sys, provider.email);
    expect(mail.subject).toContain(`complete your credentialing application for ${PRACTICE}`);
    expect(mail.body).toContain('Sign in with your usual password');
    expect(mail.body).toContain('/provider/credentialing');
    expect(mail.body).not.toMatch(/temporary password|account was created|invitation=/i);
    await signIn(sys, { email: provider.email, mobile: provider.mobile, password: NEW_PASSWORD });
  });

  it('the attestation refuses a one-letter signature (400 naming signature), and takes a full name', async () => {
    const { token } = await signIn(sys, { email: provider.email, mobile: provider.mobile, password: NEW_PASSWORD });
    const attestation = {
      unableToPerformEssentialFunctions: false,
      illegalDrugUse: false,
      lossOfLicenseOrFelony: false,
      limitationsOrDisciplinaryActions: false,
      currentMalpracticeCoverage: true,
      signature: 'A',
      signedOn: today(),
    };
    const url = `${file(provider.userId)}/attestation`;
    await expectError(await api().post(url).set(bearer(token)).send(attestation), 400, 'signature');
    await expectError(await api().post(url).set(bearer(token)).send({ ...attestation, signature: 'A.' }), 400, 'signature');
    await expectError(await api().post(url).set(bearer(token)).send({ ...attestation, signature: 'Ana Okafor', signedOn: yearsFrom(today(), 1) }), 400, 'signedOn');
    const signed = await api().post(url).set(bearer(token)).send({ ...attestation, signature: 'Ana Okafor' }).expect(ok);
    expect(signed.body.file.attestation).toMatchObject({ signature: 'Ana Okafor' });
  });
});
