/**
 * Credentialing through the gateway: every route of /api/v1/credentialing with bad
 * input (400 naming the field), a stranger's token (403), unknown ids (404) and conflicts (409);
 * the roles (the provider, a practice's Credentialer, the master admin); the automatic NPPES
 * check against sample registry rows in the directory's mirror (match, licence missing,
 * deactivated NPI); evidence uploads; the whole cycle to approval and the 36-month due date; the
 * files grid; and the integration events (ids, kinds, statuses and dates only).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { EXCLUSION_SOURCE_UNAVAILABLE } from '../../apps/credentialing/src/domain/open-items';
import { importLeie } from '../../apps/credentialing/src/import-exclusions/leie-importer';
import { leieSampleLines, writeLeieFile } from '../../apps/credentialing/src/import-exclusions/sample-leie';
import { lastMessage, registerAccount, signIn, STRONG_PASSWORD, type TestAccount, uniqueMobile } from '../support/identity';
import { startTestSystem, type TestSystem } from '../support/system';
import { MASTER_ADMIN as ADMIN, bearer, ok, until } from '../support/http';

let sys: TestSystem;
let pg: Client;
let fixed: typeof import('../../apps/directory/src/registry/sample-registry').FIXED_SAMPLE_ROWS;
let admin: string;
const tokens: Record<'owner' | 'credentialer' | 'member' | 'stranger' | 'provider', string> = {} as never;
let provider: { userId: string; email: string; mobile: string; password: string };
let other: TestAccount;
const published: { subject: string; data: Record<string, unknown> }[] = [];

const api = () => request(sys.baseUrl);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const file = (id: string) => `/api/v1/credentialing/files/${id}`;

const licence = (over: Record<string, unknown> = {}) => ({
  kind: 'stateLicense',
  state: 'NY',
  number: 'Z999999',
  licenseType: 'MD',
  status: 'Active',
  issuedOn: '2015-06-01',
  expiresOn: '2030-06-01',
  ...over,
});
const malpractice = { kind: 'malpractice', carrier: 'MedPro', policyNumber: 'P-77', perClaimCoverage: '1000000', aggregateCoverage: 3000000, issuedOn: daysAgo(100), expiresOn: '2030-01-01' };
const education = { kind: 'education', institution: 'Albany Medical College', degree: 'MD', issuedOn: '2010-05-20' };
const work = { kind: 'workHistory', employer: 'Albany Clinic', startedOn: '2012-07-01' };
const attestation = {
  unableToPerformEssentialFunctions: false,
  illegalDrugUse: false,
  lossOfLicenseOrFelony: false,
  limitationsOrDisciplinaryActions: false,
  currentMalpracticeCoverage: true,
  signature: 'José Müller-Åström',
  signedOn: today(),
};

async function expectError(res: request.Response, status: number, field?: string) {
  expect([res.status, res.body.success, field ? res.body.field : undefined]).toEqual([status, false, field]);
}

/** Verifies a credential manually with a PDF as evidence. */
function verify(token: string, credentialId: string, fields: Record<string, string> = {}) {
  const req = api().post(`/api/v1/credentialing/credentials/${credentialId}/verifications`).set(bearer(token));
  const all = { source: 'State board', result: 'Verified', verifiedOn: today(), note: 'Looked up on the board site', ...fields };
  for (const [k, v] of Object.entries(all)) req.field(k, v);
  return req.attach('evidence', PDF, { filename: 'board.pdf', contentType: 'application/pdf' });
}

beforeAll(async () => {
  sys = await startTestSystem({ label: 'credentialing', contexts: ['identity', 'directory', 'practices', 'credentialing'] });
  pg = new Client({ connectionString: sys.db.url });
  await pg.connect();
  const sub = sys.nc.subscribe(`${sys.prefix}.events.credentialing.>`);
  void (async () => {
    for await (const m of sub) published.push({ subject: m.subject, data: m.json() });
  })();
  // A small sample registry in the directory's mirror (the fixed rows: a person, a deactivated NPI).
  const sample = await import('../../apps/directory/src/registry/sample-registry');
  const { importNppes } = await import('../../apps/directory/src/registry/nppes-importer');
  fixed = sample.FIXED_SAMPLE_ROWS;
  const dir = mkdtempSync(join(tmpdir(), 'cred-nppes-'));
  try {
    const files = await sample.generateSampleRegistry({ dir, individuals: 40, organizations: 5, seed: 7 });
    await importNppes({ databaseUrl: sys.db.url, schema: 'directory', file: files.dataFile, endpointsFile: files.endpointsFile });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await until(async () => (await pg.query('SELECT 1 FROM identity.accounts WHERE is_master_admin')).rowCount === 1, 30_000);
  ({ token: admin } = await signIn(sys, ADMIN));
  const mobile = () => uniqueMobile('+1303555');
  const accounts = {
    owner: await registerAccount(sys, { mobile: mobile() }),
    credentialer: await registerAccount(sys, { mobile: mobile() }),
    member: await registerAccount(sys, { mobile: mobile() }),
    stranger: await registerAccount(sys, { mobile: mobile() }),
  };
  other = await registerAccount(sys, { mobile: mobile(), roles: { isAdmin: false, isProvider: true, isAuditor: false } });
  for (const [k, a] of Object.entries(accounts)) tokens[k as keyof typeof tokens] = (await signIn(sys, a)).token;
  // The provider of the registry's fixed person row, created by the master admin (invited by email).
  const providerMobile = mobile();
  const email = `jose${Date.now().toString(36)}@clinic.test`;
  const created = await api()
    .post('/api/v1/users/addUser')
    .set(bearer(admin))
    .send({ npi: fixed.person.npi, firstName: 'José', lastName: 'Müller-Åström', email, mobile: providerMobile, mailingAddressStreet: '1 State Street', mailingAddressCity: 'Albany', mailingAddressState: 'NY', mailingAddressZip: '12207', phone: '518-555-0100' })
    .expect(ok);
  const tempPassword = /temporary password there to choose your password: (\S+)/.exec((await lastMessage(sys, email)).body)![1];
  await api().post('/api/v1/users/resetPassword').send({ email, tempPassword, newPassword: STRONG_PASSWORD, confirmNewPassword: STRONG_PASSWORD }).expect(ok);
  provider = { userId: created.body.user._id, email, mobile: providerMobile, password: STRONG_PASSWORD };
  tokens.provider = (await signIn(sys, provider)).token;
  // One practice: its owner, a Credentialer, a Member and the provider.
  await until(async () => (await pg.query('SELECT 1 FROM practices.practice_people WHERE id = ANY($1)', [[...Object.values(accounts).map((a) => a.userId), provider.userId]])).rowCount === 5, 30_000);
  // (Its reply may come before the practices' read model under load: what counts is the events below.)
  const practice = await api()
    .put('/api/users/addPractice')
    .set(bearer(admin))
    .send({
      npi: '1679576722',
      practiceName: 'Capital Region Medicine',
      displayName: 'Capital Region',
      userName: `capital${Date.now().toString(36).slice(-5)}`,
      streetAddress: '100 State Street',
      city: 'Albany',
      state: 'NY',
      zip: '12207',
      email: `office${Date.now().toString(36)}@capital.test`,
      phone: '(518) 555-0100',
      practiceOwners: [
        { id: accounts.owner.userId, fullName: 'Owner', accessType: 'Practice Owner' },
        { id: accounts.credentialer.userId, fullName: 'Credentialer', accessType: 'Credentialer' },
        { id: accounts.member.userId, fullName: 'Member', accessType: 'Member' },
        { id: provider.userId, fullName: 'Provider', accessType: 'Provider' },
      ],
    });
  expect([200, 404]).toContain(practice.status);
  // Credentialing learns the profiles and the memberships from the events (never their tables).
  await until(async () => (await pg.query('SELECT 1 FROM credentialing.credentialing_memberships')).rowCount === 4, 30_000);
  await until(async () => (await pg.query('SELECT 1 FROM credentialing.credentialing_profiles WHERE id = $1 AND npi = $2 AND is_provider', [provider.userId, fixed.person.npi])).rowCount === 1, 30_000);
}, 240_000);

afterAll(async () => {
  await pg?.end();
  await sys?.stop();
});

describe('starting a file (PUT /api/v1/credentialing/files)', () => {
  it('refuses bad input, strangers, members, the provider, and unknown providers', async () => {
    await expectError(await api().put('/api/v1/credentialing/files').set(bearer(admin)).send({ providerId: 'nope' }), 400, 'providerId');
    await expectError(await api().put('/api/v1/credentialing/files').set(bearer(tokens.stranger)).send({ providerId: provider.userId }), 403);
    await expectError(await api().put('/api/v1/credentialing/files').set(bearer(tokens.member)).send({ providerId: provider.userId }), 403);
    await expectError(await api().put('/api/v1/credentialing/files').set(bearer(tokens.provider)).send({ providerId: provider.userId }), 403);
    await expectError(await api().put('/api/v1/credentialing/files').set(bearer(admin)).send({ providerId: randomUUID() }), 404);
    await api().put('/api/v1/credentialing/files').send({ providerId: provider.userId }).expect(401);
  });

  it("the practice's Credentialer starts the provider's file; a second open cycle is a 409", async () => {
    const res = await api().put('/api/v1/credentialing/files').set(bearer(tokens.credentialer)).send({ providerId: provider.userId }).expect(ok);
    expect(res.body.file).toMatchObject({
      providerId: provider.userId,
      provider: { name: 'Müller-Åström, José', npi: fixed.person.npi },
      cycle: 1,
      status: 'Not Started',
      credentials: [],
      recredentialingDueOn: null,
      can: { edit: true, verify: true, attest: false, submit: true, decide: false },
    });
    expect(res.body.file.openItems.map((i: { code: string }) => i.code)).toContain('missing-state-license');
    expect(res.body.file.history[0]).toMatchObject({ from: null, to: 'Not Started', why: 'Initial credentialing' });
    await expectError(await api().put('/api/v1/credentialing/files').set(bearer(admin)).send({ providerId: provider.userId }), 409);
  });
});

describe('the file (GET /api/v1/credentialing/files/{providerId})', () => {
  it('the provider sees their own file with their actions; strangers and members 403; unknown 404; bad id 400', async () => {
    const own = await api().get(file(provider.userId)).set(bearer(tokens.provider)).expect(ok);
    expect(own.body.file.can).toMatchObject({ edit: true, verify: false, attest: true, submit: false, decide: false });
    await expectError(await api().get(file(provider.userId)).set(bearer(tokens.stranger)), 403);
    await expectError(await api().get(file(provider.userId)).set(bearer(tokens.member)), 403);
    await expectError(await api().get(file(randomUUID())).set(bearer(admin)), 404);
    await expectError(await api().get(file(other.userId)).set(bearer(admin)), 404);
    await expectError(await api().get(file('x')).set(bearer(admin)), 400, 'providerId');
  });
});

describe('credentials (POST/PUT/DELETE .../credentials)', () => {
  it('400 naming the field for a bad kind, a missing field, a bad date, a bad number, a file of another type', async () => {
    const url = `${file(provider.userId)}/credentials`;
    await expectError(await api().post(url).set(bearer(tokens.provider)).send({ kind: 'passport' }), 400, 'kind');
    await expectError(await api().post(url).set(bearer(tokens.provider)).send(licence({ number: '' })), 400, 'number');
    await expectError(await api().post(url).set(bearer(tokens.provider)).send(licence({ expiresOn: '06/01/2030' })), 400, 'expiresOn');
    await expectError(await api().post(url).set(bearer(tokens.provider)).send(licence({ state: 'New York' })), 400, 'state');
    await expectError(await api().post(url).set(bearer(tokens.provider)).send({ ...malpractice, perClaimCoverage: 'lots' }), 400, 'perClaimCoverage');
    const wrongType = await api().post(url).set(bearer(tokens.provider)).field('kind', 'education').field('institution', 'X U').field('degree', 'MD').field('issuedOn', '2010-01-01').attach('file', Buffer.from('plain text'), { filename: 'a.pdf', contentType: 'application/pdf' });
    await expectError(wrongType, 400, 'file');
  });

  it('the provider adds a licence with a PDF; strangers 403; unknown ids 404; update and delete', async () => {
    const url = `${file(provider.userId)}/credentials`;
    const req = api().post(url).set(bearer(tokens.provider));
    for (const [k, v] of Object.entries(licence())) req.field(k, v);
    const added = await req.attach('file', PDF, { filename: 'licence.pdf', contentType: 'application/pdf' }).expect(ok);
    expect(added.body.file.status).toBe('Application');
    const c = added.body.file.credentials[0];
    expect(c).toMatchObject({ kind: 'stateLicense', state: 'NY', number: 'Z999999', issuedOn: '2015-06-01', expiresOn: '2030-06-01' });
    expect(c.documents[0]).toMatch(/^\/api\/files\/[a-f0-9]+\.pdf$/);
    // A credential's document: only for those who may see the file (401 signed out, 403 a stranger).
    await api().get(c.documents[0]).set(bearer(tokens.provider)).expect(200).expect('Content-Type', /application\/pdf/).expect('Cache-Control', 'private, no-store');
    await api().get(c.documents[0]).expect(401);
    await expectError(await api().get(c.documents[0]).set(bearer(tokens.stranger)), 403);
    await expectError(await api().post(url).set(bearer(tokens.stranger)).send(licence()), 403);
    await expectError(await api().post(`${file(randomUUID())}/credentials`).set(bearer(admin)).send(licence()), 404);

    const changed = await api().put(`${url}/${c.credentialId}`).set(bearer(tokens.credentialer)).send(licence({ number: 'Z1' })).expect(ok);
    expect(changed.body.file.credentials[0]).toMatchObject({ credentialId: c.credentialId, number: 'Z1', documents: [] });
    await expectError(await api().put(`${url}/${c.credentialId}`).set(bearer(tokens.credentialer)).send(malpractice), 400, 'kind');
    await expectError(await api().put(`${url}/${randomUUID()}`).set(bearer(tokens.credentialer)).send(licence()), 404);
    await expectError(await api().put(`${url}/nope`).set(bearer(tokens.credentialer)).send(licence()), 400, 'credentialId');
    await expectError(await api().delete(`${url}/${c.credentialId}`).set(bearer(tokens.stranger)), 403);
    await api().delete(`${url}/${c.credentialId}`).set(bearer(tokens.provider)).expect(ok);
    await expectError(await api().delete(`${url}/${c.credentialId}`).set(bearer(tokens.provider)), 404);
  });
});

describe('the automatic NPPES check (POST .../checks) against the sample registry rows', () => {
  it('verifies the NPI, the names and each licence; a licence the record lacks is a Discrepancy showing both values', async () => {
    const row = await api().get('/api/v1/npi/searchNppes').query({ npi: fixed.person.npi }).set(bearer(admin)).expect(ok);
    const registryLicences = row.body.providerData.taxonomies.filter((t: { license: string | null }) => t.license);
    expect(registryLicences.length).toBeGreaterThan(0);
    const url = `${file(provider.userId)}/credentials`;
    const real = await api().post(url).set(bearer(tokens.credentialer)).send(licence({ state: registryLicences[0].state, number: registryLicences[0].license })).expect(ok);
    await expectError(await api().post(`${file(provider.userId)}/checks`).set(bearer(tokens.provider)), 403);
    await expectError(await api().post(`${file(provider.userId)}/checks`).set(bearer(tokens.stranger)), 403);
    await expectError(await api().post(`${file(randomUUID())}/checks`).set(bearer(admin)), 404);

    const match = await api().post(`${file(provider.userId)}/checks`).set(bearer(tokens.credentialer)).expect(ok);
    // The exclusion screening follows the NPPES check: the NPPES one is the last of its source.
    const lastOf = (f: { verifications: { source: string; evidence: unknown }[] }, source: string) => f.verifications.filter((v) => v.source === source).at(-1)!;
    const nppes = lastOf(match.body.file, 'NPPES');
    expect(nppes).toMatchObject({ credentialId: null, source: 'NPPES', method: 'automatic', result: 'Verified', verifiedOn: today(), discrepancies: [] });
    expect(nppes.evidence).toMatchObject({ kind: 'snapshot', source: 'NPPES', snapshot: { npi: fixed.person.npi, deactivated: false } });
    expect(match.body.file.status).toBe('Verification');
    // No LEIE import yet: the screening is not recorded (never 'Verified' without a source) and its open item says why.
    expect(match.body.file.verifications.filter((v: { source: string }) => v.source === 'OIG LEIE')).toEqual([]);
    expect(match.body.file.openItems.map((i: { message: string }) => i.message)).toContain(EXCLUSION_SOURCE_UNAVAILABLE);

    const missing = await api().post(url).set(bearer(tokens.credentialer)).send(licence({ state: 'WY', number: 'NOTLISTED1' })).expect(ok);
    const mismatch = await api().post(`${file(provider.userId)}/checks`).set(bearer(tokens.credentialer)).expect(ok);
    expect(lastOf(mismatch.body.file, 'NPPES')).toMatchObject({
      result: 'Discrepancy',
      discrepancies: [{ field: 'stateLicense WY NOTLISTED1', file: 'WY NOTLISTED1', source: expect.stringContaining(`${registryLicences[0].state} ${registryLicences[0].license}`) }],
    });
    // The open item says exactly what to do; the check's note does not call a discrepancy a match.
    expect(mismatch.body.file.openItems.map((i: { message: string }) => i.message)).toContain(
      "NPPES check: the registry does not list licence WY NOTLISTED1; resolve it with the state board's verification of that licence",
    );
    expect(lastOf(mismatch.body.file, 'NPPES')).toMatchObject({ note: expect.stringMatching(/^Compared with the registry \(.+\): 1 difference$/), resolution: null });
    // (The WY licence stays: its discrepancy is resolved with the state board's verification before submission.)
    expect(missing.body.file.credentials.some((c: { number: string }) => c.number === 'NOTLISTED1')).toBe(true);
    expect(real.body.file.credentials).toHaveLength(1);
  });

  it('a deactivated NPI is a Discrepancy', async () => {
    const created = await api()
      .post('/api/v1/users/addUser')
      .set(bearer(admin))
      .send({ npi: fixed.deactivated.npi, firstName: 'Dee', lastName: 'Activated', email: `dee${Date.now().toString(36)}@clinic.test`, mobile: uniqueMobile('+1518555'), mailingAddressStreet: '1 State Street', mailingAddressCity: 'Albany', mailingAddressState: 'NY', mailingAddressZip: '12207', phone: '518-555-0100' })
      .expect(ok);
    const id = created.body.user._id;
    await until(async () => (await api().put('/api/v1/credentialing/files').set(bearer(admin)).send({ providerId: id })).status === 200, 20_000);
    const res = await api().post(`${file(id)}/checks`).set(bearer(admin)).expect(ok);
    const nppes = res.body.file.verifications.find((v: { source: string }) => v.source === 'NPPES');
    expect(nppes).toMatchObject({ result: 'Discrepancy', discrepancies: expect.arrayContaining([{ field: 'npiStatus', file: 'Active', source: 'Deactivated on 2020-06-15' }]) });
  });
});

describe('verifications, attestation, submission and decision', () => {
  it('a manual verification needs its evidence and a known source; only staff verify', async () => {
    const f = (await api().get(file(provider.userId)).set(bearer(admin)).expect(ok)).body.file;
    const credentialId = f.credentials[0].credentialId;
    const noEvidence = await api().post(`/api/v1/credentialing/credentials/${credentialId}/verifications`).set(bearer(tokens.credentialer)).field('source', 'State board').field('result', 'Verified').field('verifiedOn', today());
    await expectError(noEvidence, 400, 'evidence');
    await expectError(await verify(tokens.credentialer, credentialId, { source: 'Hearsay' }), 400, 'source');
    // The source must fit the credential: a licence is verified at the state board; NPPES is automatic only.
    const wrongSource = await verify(tokens.credentialer, credentialId, { source: 'School' });
    await expectError(wrongSource, 400, 'source');
    expect(wrongSource.body.message).toBe('source: a state licence is verified by State board, not School');
    await expectError(await verify(tokens.credentialer, credentialId, { source: 'NPPES' }), 400, 'source');
    await expectError(await verify(tokens.credentialer, credentialId, { source: 'Malpractice carrier' }), 400, 'source');
    expect((await api().get(file(provider.userId)).set(bearer(admin)).expect(ok)).body.file.verifications).toHaveLength(f.verifications.length);
    await expectError(await verify(tokens.credentialer, credentialId, { result: 'Maybe' }), 400, 'result');
    await expectError(await verify(tokens.credentialer, credentialId, { verifiedOn: '2026-13-01' }), 400, 'verifiedOn');
    await expectError(await verify(tokens.provider, credentialId), 403);
    await expectError(await verify(tokens.stranger, credentialId), 403);
    await expectError(await verify(tokens.credentialer, randomUUID()), 404);
    await expectError(await verify(tokens.credentialer, 'nope'), 400, 'credentialId');
    const res = await verify(tokens.credentialer, credentialId).expect(ok);
    expect(res.body.file.verifications.at(-1)).toMatchObject({ credentialId, source: 'State board', method: 'manual', result: 'Verified', evidence: { kind: 'document', fileName: 'board.pdf' } });
  });

  it('only the provider attests (400 naming a bad field); submit refuses open items naming them (409)', async () => {
    const url = `${file(provider.userId)}/attestation`;
    await expectError(await api().post(url).set(bearer(tokens.credentialer)).send(attestation), 403);
    await expectError(await api().post(url).set(bearer(tokens.stranger)).send(attestation), 403);
    await expectError(await api().post(url).set(bearer(tokens.provider)).send({ ...attestation, signedOn: 'today' }), 400, 'signedOn');
    await expectError(await api().post(url).set(bearer(tokens.provider)).send({ ...attestation, illegalDrugUse: true }), 400, 'explanation');
    await expectError(await api().post(url).set(bearer(tokens.provider)).send({ ...attestation, signature: '' }), 400, 'signature');
    const signed = await api().post(url).set(bearer(tokens.provider)).send(attestation).expect(ok);
    expect(signed.body.file.attestation).toMatchObject({ signature: 'José Müller-Åström', signedOn: today(), signedBy: provider.userId });

    await expectError(await api().post(`${file(provider.userId)}/submit`).set(bearer(tokens.provider)), 403);
    const refused = await api().post(`${file(provider.userId)}/submit`).set(bearer(tokens.credentialer));
    await expectError(refused, 409);
    expect(refused.body.message).toContain('Open items remain');
    expect(refused.body.message).toContain('Current malpractice coverage is required');
    expect(refused.body.message).toContain('Education and training is required');
    await expectError(await api().post(`${file(randomUUID())}/submit`).set(bearer(admin)), 404);
  });

  it('a complete file is submitted and approved by the master admin: due 36 months on; then recredentialing opens cycle 2', async () => {
    const url = `${file(provider.userId)}/credentials`;
    await api().post(`${file(provider.userId)}/application`).set(bearer(tokens.provider)).send({ hasDea: 'x', hasBoardCertification: false }).expect(400);
    await api().post(`${file(provider.userId)}/application`).set(bearer(tokens.provider)).send({ hasDea: false, hasBoardCertification: false }).expect(ok);
    for (const c of [malpractice, education, work]) await api().post(url).set(bearer(tokens.provider)).send(c).expect(ok);
    const f = (await api().get(file(provider.userId)).set(bearer(tokens.credentialer)).expect(ok)).body.file;
    const malpracticeId = f.credentials.find((x: { kind: string }) => x.kind === 'malpractice').credentialId;
    await expectError(await verify(tokens.credentialer, malpracticeId, { source: 'School' }), 400, 'source');
    await verify(tokens.credentialer, malpracticeId, { source: 'Malpractice carrier' }).expect(ok);
    await verify(tokens.credentialer, f.credentials.find((x: { kind: string }) => x.kind === 'education').credentialId, { source: 'School' }).expect(ok);
    // An exclusion list exists now (the provider is not on it): the checks record the screening too.
    const leieDir = mkdtempSync(join(tmpdir(), 'credentialing-leie-'));
    try {
      await writeLeieFile(join(leieDir, 'UPDATED.csv'), leieSampleLines(50, [], 9));
      await importLeie({ databaseUrl: sys.db.url, schema: 'credentialing', file: join(leieDir, 'UPDATED.csv') });
    } finally {
      rmSync(leieDir, { recursive: true, force: true });
    }
    // The registry does not list the WY licence: the check is a Discrepancy that staff resolve with the state board's verification.
    const checked = await api().post(`${file(provider.userId)}/checks`).set(bearer(tokens.credentialer)).expect(ok);
    const nppesItems = (f: { openItems: { message: string }[] }) => f.openItems.filter((i) => i.message.startsWith('NPPES check')).map((i) => i.message);
    expect(nppesItems(checked.body.file)).toEqual(["NPPES check: the registry does not list licence WY NOTLISTED1; resolve it with the state board's verification of that licence"]);
    const resolve = (token: string, note?: string) => {
      const req = api().post(`${file(provider.userId)}/nppes-resolution`).set(bearer(token));
      return note === undefined ? req : req.field('note', note);
    };
    await expectError(await resolve(tokens.credentialer), 400, 'note');
    await expectError(await resolve(tokens.provider, 'x'), 403);
    await expectError(await resolve(tokens.member, 'x'), 403);
    await expectError(await api().post(`${file(randomUUID())}/nppes-resolution`).set(bearer(admin)).field('note', 'x'), 404);
    const noBoard = await resolve(tokens.credentialer, 'The board lists it');
    await expectError(noBoard, 409, 'credentialId');
    expect(noBoard.body.message).toBe('Licence WY NOTLISTED1 has no current Verified state board verification: verify it at the state board first (source State board)');
    const wy = checked.body.file.credentials.find((c: { number: string }) => c.number === 'NOTLISTED1');
    const boardVerified = await verify(tokens.credentialer, wy.credentialId, { source: 'State board', note: 'Wyoming Board of Medicine lookup' }).expect(ok);
    expect(nppesItems(boardVerified.body.file)).toEqual(['NPPES check: the registry does not list licence WY NOTLISTED1; the state board verified it: resolve the discrepancy with a note']);
    const resolved = await api()
      .post(`${file(provider.userId)}/nppes-resolution`)
      .set(bearer(tokens.credentialer))
      .field('note', 'NPPES licence fields are self-reported; the Wyoming board lists the licence as active')
      .attach('evidence', PDF, { filename: 'wyoming.pdf', contentType: 'application/pdf' })
      .expect(ok);
    const check = resolved.body.file.verifications.filter((v: { source: string }) => v.source === 'NPPES').at(-1);
    expect(check.resolution).toMatchObject({
      resolvedBy: checked.body.file.verifications.filter((v: { source: string }) => v.source === 'NPPES').at(-1).verifiedBy,
      note: 'NPPES licence fields are self-reported; the Wyoming board lists the licence as active',
      evidence: { kind: 'document', fileName: 'wyoming.pdf' },
      licences: [{ credentialId: wy.credentialId, verificationId: boardVerified.body.file.verifications.at(-1).verificationId }],
    });
    expect(nppesItems(resolved.body.file)).toEqual([]);
    await expectError(await resolve(tokens.credentialer, 'again'), 409);
    const ready = (await api().get(file(provider.userId)).set(bearer(tokens.credentialer)).expect(ok)).body.file;
    expect(ready.openItems).toEqual([]);
    // Everyone the file mentions is named (the directory's profiles), never an id; every step is in the history.
    const credentialerName = ready.people[check.verifiedBy];
    expect(credentialerName).toMatch(/^Test User\w+$/);
    expect(ready.people[provider.userId]).toBe('José Müller-Åström');
    const history = ready.activity.map((a: { by: string; what: string }) => `${ready.people[a.by]}: ${a.what}`);
    expect(history).toEqual(
      expect.arrayContaining([
        'José Müller-Åström: Signed the attestation',
        `${credentialerName}: Verified State licence WY NOTLISTED1 at State board (manual): Verified`,
        `${credentialerName}: NPPES check (automatic): Discrepancy (State licence WY NOTLISTED1)`,
        `${credentialerName}: Resolved the NPPES discrepancy with the state board's verification of State licence WY NOTLISTED1 and a document`,
        'José Müller-Åström: Added Malpractice insurance MedPro P-77',
      ]),
    );
    for (const a of ready.activity) expect([a.at, ready.people[a.by]]).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), expect.not.stringMatching(/^(Former user|Unknown user)$|^[0-9a-f-]{36}$/)]);

    await expectError(await api().post(`${file(provider.userId)}/decision`).set(bearer(admin)).send({ decision: 'Approved', note: 'x' }), 409);
    const submitted = await api().post(`${file(provider.userId)}/submit`).set(bearer(tokens.credentialer)).expect(ok);
    expect(submitted.body.file).toMatchObject({ status: 'Committee Review', can: { edit: false, submit: false } });
    await expectError(await api().post(`${file(provider.userId)}/submit`).set(bearer(tokens.credentialer)), 409);
    await expectError(await api().post(url).set(bearer(tokens.provider)).send(education), 409);

    await expectError(await api().post(`${file(provider.userId)}/decision`).set(bearer(tokens.credentialer)).send({ decision: 'Approved', note: 'x' }), 403);
    await expectError(await api().post(`${file(provider.userId)}/decision`).set(bearer(admin)).send({ decision: 'Maybe', note: 'x' }), 400, 'decision');
    await expectError(await api().post(`${file(provider.userId)}/decision`).set(bearer(admin)).send({ decision: 'Approved' }), 400, 'note');
    const approved = await api().post(`${file(provider.userId)}/decision`).set(bearer(admin)).send({ decision: 'Approved', note: 'Committee of the month' }).expect(ok);
    const due = new Date();
    due.setUTCFullYear(due.getUTCFullYear() + 3);
    expect(approved.body.file).toMatchObject({ status: 'Approved', decision: { decision: 'Approved', decidedOn: today(), decidedBy: expect.any(String) }, openItems: [] });
    // 36 months on (the same day, or the month's last day when it has none).
    expect(approved.body.file.recredentialingDueOn.slice(0, 7)).toBe(due.toISOString().slice(0, 7));

    const again = await api().put('/api/v1/credentialing/files').set(bearer(tokens.credentialer)).send({ providerId: provider.userId }).expect(ok);
    expect(again.body.file).toMatchObject({ cycle: 2, status: 'Not Started', attestation: null });
    expect(again.body.file.credentials.length).toBe(ready.credentials.length);
    // The approval and its due date stay in force until the new decision; every cycle is listed.
    expect(again.body.file.approvalInForce).toEqual({ cycle: 1, decidedOn: today(), recredentialingDueOn: approved.body.file.recredentialingDueOn });
    expect(again.body.file.cycles).toEqual([
      { cycle: 1, cycleId: approved.body.file.cycleId, status: 'Approved', startedOn: approved.body.file.startedOn, decision: { decision: 'Approved', decidedOn: today(), decidedBy: approved.body.file.decision.decidedBy }, recredentialingDueOn: approved.body.file.recredentialingDueOn },
      { cycle: 2, cycleId: again.body.file.cycleId, status: 'Not Started', startedOn: today(), decision: null, recredentialingDueOn: null },
    ]);
    // Education verified in cycle 1 is not verified again (NCQA); licences, malpractice and the checks are.
    expect(again.body.file.verifications.map((v: { source: string; carriedOverFrom?: number }) => [v.source, v.carriedOverFrom])).toEqual([['School', 1]]);
    const open = again.body.file.openItems.map((i: { message: string }) => i.message);
    expect(open).toContain('Malpractice insurance MedPro P-77: not verified');
    expect(open.some((m: string) => m.startsWith('Education'))).toBe(false);
    expect(again.body.file.people[approved.body.file.decision.decidedBy]).toBeTruthy();
    expect(again.body.file.activity.at(-1)).toMatchObject({ cycle: 2, what: 'Started recredentialing (cycle 2)' });
  });
});

describe('the files grid (POST /api/v1/credentialing/getFiles)', () => {
  it('the master admin sees every file; the Credentialer their practice’s; strangers none; 400 naming a bad filter', async () => {
    const all = await api().post('/api/v1/credentialing/getFiles').set(bearer(admin)).send({ skip: 0, limit: 10, sorting: { provider: 1 } }).expect(ok);
    expect(all.body.count).toBe(2);
    expect(all.body.files.map((f: { provider: string }) => f.provider)).toEqual(['Activated, Dee', 'Müller-Åström, José']);
    const mine = await api().post('/api/v1/credentialing/getFiles').set(bearer(tokens.credentialer)).send({ skip: 0, limit: 10 }).expect(ok);
    // Recredentialing while the approval is in force: the row keeps the due date and says so.
    expect(mine.body).toMatchObject({ count: 1, files: [{ providerId: provider.userId, npi: fixed.person.npi, status: 'Not Started', approvalInForce: true, recredentialingDueOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }] });
    expect(mine.body.files[0]).toMatchObject({ nextExpiry: '2030-01-01', lastChange: expect.any(String) });
    expect((await api().post('/api/v1/credentialing/getFiles').set(bearer(tokens.stranger)).send({}).expect(ok)).body).toEqual({ files: [], count: 0 });
    const byStatus = await api().post('/api/v1/credentialing/getFiles').set(bearer(admin)).send({ filters: { status: { filterType: 'exactMatch', value: 'Not Started' } } }).expect(ok);
    expect(byStatus.body.files.map((f: { provider: string }) => f.provider)).toEqual(['Müller-Åström, José']);
    // The Status filter finds a provider by standing: `Approved` while the approval is in force, recredentialing or not.
    const standing = async (value: string) =>
      (await api().post('/api/v1/credentialing/getFiles').set(bearer(admin)).send({ filters: { standing: { filterType: 'exactMatch', value } } }).expect(ok)).body.files.map((f: { provider: string }) => f.provider);
    expect(await standing('Approved')).toEqual(['Müller-Åström, José']);
    expect(await standing('Not Started')).toEqual([]);
    const dueSoon = await api().post('/api/v1/credentialing/getFiles').set(bearer(admin)).send({ filters: { openItems: { filterType: 'greaterThan', value: '0' } }, sorting: { lastChange: -1 } }).expect(ok);
    expect(dueSoon.body.count).toBe(2);
    await expectError(await api().post('/api/v1/credentialing/getFiles').set(bearer(admin)).send({ filters: { nope: { filterType: 'contains', value: 'x' } } }), 400, 'filters.nope');
  });
});

describe('integration events', () => {
  it('events.credentialing.* carry ids, kinds, statuses and dates only', async () => {
    await until(async () => published.some((p) => p.subject.endsWith('.CredentialingDecided')), 20_000);
    const types = new Set(published.map((p) => p.subject.split('.').at(-1)));
    for (const t of ['CredentialingFileStarted', 'CredentialingStatusChanged', 'CredentialRecorded', 'CredentialVerified', 'CredentialingDecided']) expect(types).toContain(t);
    const text = JSON.stringify(published);
    for (const secret of ['Z999999', 'MedPro', 'P-77', 'Committee of the month', '/api/files/']) expect(text).not.toContain(secret);
    // Only the notices for people (monitoring alerts, file notices) name the provider, for the staff they tell.
    const facts = JSON.stringify(published.filter((p) => !/\.(MonitoringAlertRaised|CredentialingNoticeRaised)$/.test(p.subject)));
    expect(facts).not.toContain('José');
    const decided = published.find((p) => p.subject.endsWith('.CredentialingDecided'))!;
    expect(decided.data).toMatchObject({ type: 'credentialing.CredentialingDecided.v1', data: { providerId: provider.userId, decision: 'Approved', decidedOn: today() } });
  });
});

describe('invitations (POST /api/v1/credentialing/invitations)', () => {
  it("the provider's staff invite them; a provider who set a password is asked to sign in, and the password stays", async () => {
    await expectError(await api().post('/api/v1/credentialing/invitations').set(bearer(admin)).send({ providerId: 'x' }), 400, 'providerId');
    await expectError(await api().post('/api/v1/credentialing/invitations').set(bearer(tokens.stranger)).send({ providerId: provider.userId }), 403);
    await expectError(await api().post('/api/v1/credentialing/invitations').set(bearer(tokens.provider)).send({ providerId: provider.userId }), 403);
    await expectError(await api().post('/api/v1/credentialing/invitations').set(bearer(admin)).send({ providerId: randomUUID() }), 404);
    const sent = await api().post('/api/v1/credentialing/invitations').set(bearer(tokens.credentialer)).send({ providerId: provider.userId }).expect(ok);
    expect(sent.body).toMatchObject({ success: true, sentTo: expect.stringContaining('@clinic.test'), invitation: 'sign-in', expiresAt: null });
    const mail = await lastMessage(sys, provider.email);
    expect(mail.subject).toContain('complete your credentialing application for Capital Region Medicine');
    expect(mail.body).not.toMatch(/temporary password|account was created/i);
    await signIn(sys, provider);
  });
});
