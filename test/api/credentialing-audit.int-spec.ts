/**
 * The audit through the gateway: the turnaround report, the NCQA file audit sample (its
 * checklists, CSV and ZIP of packets) and the credentialing packet: one PDF of the file's current cycle with the
 * provider's identity, every credential, every verification with its source, method, result, date
 * and verifier's name, the attestation, the decision with its reasons and the history; served to
 * the provider, their staff and the master admin (403 for others, 401 without a token, 404 for a
 * file that does not exist).
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { parse } from 'csv-parse/sync';
import { pdfText } from '@app/testing';
import type { CredentialingEvent } from '../../apps/credentialing/src/domain/credentialing-file.events';
import { givenFile, reviewedFile } from '../support/credentialing-files';
import { registerAccount, signIn, type TestAccount, uniqueMobile } from '../support/identity';
import { startTestSystem, type TestSystem } from '../support/system';
import { MASTER_ADMIN as ADMIN, bearer, ok, until } from '../support/http';

let sys: TestSystem;
let pg: Client;
let admin: string;
let provider: TestAccount;
let credentialer: TestAccount;
const others: TestAccount[] = [];
const tokens: Record<'provider' | 'credentialer' | 'stranger', string> = {} as never;

const api = () => request(sys.baseUrl);
const packetUrl = (id: string) => `/api/v1/credentialing/files/${id}/packet`;

/** The PDF's text, its pages joined, white space folded. */
async function packetText(token: string, providerId: string): Promise<string> {
  const res = await api()
    .get(packetUrl(providerId))
    .set(bearer(token))
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    })
    .expect(200);
  expect(res.headers['content-type']).toMatch(/^application\/pdf/);
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="credentialing-packet-/);
  return (await pdfText(res.body as Buffer)).join(' ').replace(/\s+/g, ' ');
}

beforeAll(async () => {
  sys = await startTestSystem({ label: 'cred-packet', contexts: ['identity', 'directory', 'practices', 'credentialing'] });
  pg = new Client({ connectionString: sys.db.url });
  await pg.connect();
  await until(async () => (await pg.query('SELECT 1 FROM identity.accounts WHERE is_master_admin')).rowCount === 1, 120_000);
  ({ token: admin } = await signIn(sys, ADMIN));
  const mobile = () => uniqueMobile('+1303557');
  provider = await registerAccount(sys, { mobile: mobile(), firstName: 'Paula', lastName: 'Packet' });
  credentialer = await registerAccount(sys, { mobile: mobile(), firstName: 'Vera', lastName: 'Verifier', roles: { isAdmin: false, isProvider: false, isAuditor: false } });
  const stranger = await registerAccount(sys, { mobile: mobile() });
  for (const [firstName, lastName] of [['Otto', 'Other'], ['Olga', 'Other']]) others.push(await registerAccount(sys, { mobile: mobile(), firstName, lastName }));
  const owner = await registerAccount(sys, { mobile: mobile(), roles: { isAdmin: false, isProvider: false, isAuditor: false } });
  for (const [k, a] of Object.entries({ provider, credentialer, stranger })) tokens[k as keyof typeof tokens] = (await signIn(sys, a)).token;
  await until(async () => (await pg.query('SELECT 1 FROM practices.practice_people WHERE id = ANY($1)', [[provider.userId, credentialer.userId, owner.userId, ...others.map((o) => o.userId)]])).rowCount === 5, 120_000);
  const practice = await api()
    .put('/api/users/addPractice')
    .set(bearer(admin))
    .send({
      npi: '1679576722',
      practiceName: 'Hudson Valley Medicine',
      displayName: 'Hudson Valley',
      userName: `hudson${Date.now().toString(36).slice(-5)}`,
      streetAddress: '1 Main Street',
      city: 'Kingston',
      state: 'NY',
      zip: '12401',
      email: `office${Date.now().toString(36)}@hudson.test`,
      phone: '(845) 555-0100',
      practiceOwners: [
        { id: owner.userId, fullName: 'Owner', accessType: 'Practice Owner' },
        { id: credentialer.userId, fullName: 'Credentialer', accessType: 'Credentialer' },
        { id: provider.userId, fullName: 'Provider', accessType: 'Provider' },
        ...others.map((o) => ({ id: o.userId, fullName: 'Other', accessType: 'Provider' })),
      ],
    });
  expect([[200, 404].includes(practice.status), practice.body]).toEqual([true, practice.body]);
  await until(async () => (await pg.query('SELECT 1 FROM credentialing.credentialing_memberships')).rowCount === 5, 120_000);
  await until(async () => (await pg.query('SELECT 1 FROM credentialing.credentialing_profiles WHERE id = $1 AND is_provider', [provider.userId])).rowCount === 1, 120_000);
  await until(async () => (await pg.query('SELECT 1 FROM credentialing.credentialing_profiles WHERE id = $1', [credentialer.userId])).rowCount === 1, 120_000);
  // A file in Committee Review whose verifications the Credentialer recorded; the master admin denies it through the API.
  const events = reviewedFile(provider.userId).map((e): CredentialingEvent => (e.type === 'VerificationRecorded' ? { ...e, data: { ...e.data, by: credentialer.userId } } : e));
  await givenFile(sys.db.url, provider.userId, events);
  await api()
    .post(`/api/v1/credentialing/files/${provider.userId}/decision`)
    .set(bearer(admin))
    .send({ decision: 'Denied', note: 'Malpractice history under review', reasons: ['malpractice-history', 'criteria-not-met'] })
    .expect(ok);
  for (const o of others) {
    await until(async () => (await pg.query('SELECT 1 FROM credentialing.credentialing_profiles WHERE id = $1 AND is_provider', [o.userId])).rowCount === 1, 120_000);
    await givenFile(sys.db.url, o.userId, reviewedFile(o.userId));
    await api().post(`/api/v1/credentialing/files/${o.userId}/decision`).set(bearer(admin)).send({ decision: 'Approved', note: 'Meets the criteria' }).expect(ok);
  }
}, 240_000);

afterAll(async () => {
  await pg?.end();
  await sys?.stop();
});

describe('the credentialing packet', () => {
  it('holds the identity, credentials, verifications with the verifier, attestation, decision with reasons and history', async () => {
    const text = await packetText(admin, provider.userId);
    expect(text).toContain('Credentialing packet');
    expect(text).toContain('Provider: Packet, Paula');
    expect(text).toContain(`Provider id: ${provider.userId}`);
    // Credentials (every kind of the file and its fields).
    for (const s of ['State licence', 'Z123456', 'Malpractice', 'MedPro', 'Education', 'Albany Medical College', 'Work history', 'Albany Clinic']) expect(text).toContain(s);
    // Verifications: source, method, result, verifier's name.
    for (const s of ['Source: State board', 'Source: Malpractice carrier', 'Source: School', 'Source: NPPES', 'Method: manual', 'Method: automatic', 'Result: Verified', 'Verified by: Vera Verifier']) {
      expect(text).toContain(s);
    }
    // The attestation with its answers and signature.
    expect(text).toMatch(/Current malpractice coverage: Yes/);
    expect(text).toMatch(/Illegal drug use: No|Current illegal drug use: No/);
    expect(text).toContain('Signature: Ann Provider');
    expect(text).toContain('Signed by: Paula Packet');
    // The decision with its reasons and explanation, the decision event's fields, the letter.
    expect(text).toContain('Decision: Denied');
    expect(text).toContain('Malpractice history');
    expect(text).toContain('Explanation: Malpractice history under review');
    expect(text).toContain('File decided');
    expect(text).toMatch(/Decision letter: Denied/);
    // The history: every status change with who and why.
    expect(text).toContain('Submitted to the committee');
    expect(text).toMatch(/Master Admin: Committee Review -> Denied \(Committee decision: Denied\)/);
    expect(text).toContain('Vera Verifier: Verified State licence NY Z123456 at State board (manual): Verified');
  });

  it('is served to the provider and their staff, 403 for others, 401 without a token, 404 for no file', async () => {
    expect(await packetText(tokens.provider, provider.userId)).toContain('Packet, Paula');
    expect(await packetText(tokens.credentialer, provider.userId)).toContain('Verified by: Vera Verifier');
    const stranger = await api().get(packetUrl(provider.userId)).set(bearer(tokens.stranger));
    expect([stranger.status, stranger.body.success]).toEqual([403, false]);
    expect((await api().get(packetUrl(provider.userId))).status).toBe(401);
    const unknown = await api().get(packetUrl(randomUUID())).set(bearer(admin));
    expect([unknown.status, unknown.body.success]).toEqual([404, false]);
    const bad = await api().get(packetUrl('not-an-id')).set(bearer(admin));
    expect([bad.status, bad.body.field]).toEqual([400, 'providerId']);
  });
});

/** The entries of a ZIP of stored (uncompressed) files, read from their local headers. */
function unzipStored(zip: Buffer): Record<string, Buffer> {
  const out: Record<string, Buffer> = {};
  for (let at = 0; zip.readUInt32LE(at) === 0x04034b50; ) {
    expect(zip.readUInt16LE(at + 8)).toBe(0);
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const start = at + 30 + nameLength + zip.readUInt16LE(at + 28);
    out[zip.toString('utf8', at + 30, at + 30 + nameLength)] = zip.subarray(start, start + size);
    at = start + size;
  }
  return out;
}

const today = () => new Date().toISOString().slice(0, 10);
const monthAgo = () => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
const binary = (r: { on(event: string, listener: (chunk: Buffer) => void): unknown }, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  r.on('data', (c: Buffer) => chunks.push(c));
  r.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('the turnaround report', () => {
  it('counts the decisions and their days for the master admin and the practice staff; 403 for others', async () => {
    const res = await api().get('/api/v1/credentialing/reports/turnaround').set(bearer(admin)).expect(ok);
    // Three files started a minute before the test and decided today: 0 days each way.
    expect(res.body.overall).toEqual({
      decided: 3,
      startToDecision: { count: 3, median: 0, p90: 0 },
      applicationToDecision: { count: 3, median: 0, p90: 0 },
      submissionToDecision: { count: 3, median: 0, p90: 0 },
    });
    expect(res.body.byMonth).toEqual([expect.objectContaining({ month: today().slice(0, 7), decided: 3 })]);
    expect(res.body.byPractice).toEqual([expect.objectContaining({ decided: 3 })]);
    expect(res.body.lettersMissing).toEqual([]);
    expect(res.body.recredentialingDue).toEqual({ overdue: 0, within30: 0, within60: 0, within90: 0, within120: 0 });
    const staff = await api().get('/api/v1/credentialing/reports/turnaround').set(bearer(tokens.credentialer)).expect(ok);
    expect(staff.body.overall.decided).toBe(3);
    const lastYear = await api().get('/api/v1/credentialing/reports/turnaround').query({ from: '2020-01-01', to: '2020-12-31' }).set(bearer(admin)).expect(ok);
    expect(lastYear.body.overall.decided).toBe(0);
    for (const token of [tokens.provider, tokens.stranger]) expect((await api().get('/api/v1/credentialing/reports/turnaround').set(bearer(token))).status).toBe(403);
    expect((await api().get('/api/v1/credentialing/reports/turnaround')).status).toBe(401);
    const bad = await api().get('/api/v1/credentialing/reports/turnaround').query({ from: 'yesterday' }).set(bearer(admin));
    expect([bad.status, bad.body.field]).toEqual([400, 'from']);
  });
});

describe('the NCQA file audit sample', () => {
  it('draws N files of the period with the CR 3 checklist of each; the same seed draws the same sample', async () => {
    const q = { from: monthAgo(), to: today(), size: '2' };
    const res = await api().get('/api/v1/credentialing/audit/sample').query(q).set(bearer(admin)).expect(ok);
    expect([res.body.population, res.body.files.length]).toEqual([3, 2]);
    const again = await api().get('/api/v1/credentialing/audit/sample').query({ ...q, seed: res.body.seed }).set(bearer(admin)).expect(ok);
    expect(again.body.files.map((f: { providerId: string }) => f.providerId)).toEqual(res.body.files.map((f: { providerId: string }) => f.providerId));
    const all = await api().get('/api/v1/credentialing/audit/sample').query({ from: monthAgo(), to: today() }).set(bearer(admin)).expect(ok);
    const paula = (all.body.files as { providerId: string; elements: { element: string; verified: boolean; by: string; withinWindow: boolean; daysBeforeDecision: number }[]; complete: boolean }[]).find((f) => f.providerId === provider.userId)!;
    expect(paula.elements.map((e) => e.element)).toEqual(['State licence', 'Malpractice insurance', 'Education and training', 'NPPES (NPI)', 'Sanctions and exclusions (OIG LEIE)', 'Attestation']);
    expect(paula.elements[0]).toMatchObject({ verified: true, by: 'Vera Verifier', withinWindow: true, daysBeforeDecision: 0 });
    expect(paula.elements[5]).toMatchObject({ verified: true, by: 'Paula Packet', withinWindow: true });
    expect(paula.complete).toBe(true);
    const none = await api().get('/api/v1/credentialing/audit/sample').query({ from: '2020-01-01', to: '2020-12-31' }).set(bearer(admin)).expect(ok);
    expect([none.body.population, none.body.files]).toEqual([0, []]);
    const bad = await api().get('/api/v1/credentialing/audit/sample').query({ ...q, size: '0' }).set(bearer(admin));
    expect([bad.status, bad.body.field]).toEqual([400, 'size']);
    expect((await api().get('/api/v1/credentialing/audit/sample').query(q).set(bearer(tokens.stranger))).status).toBe(403);
  });

  it('exports the sample as CSV and its packets as one ZIP of N PDFs', async () => {
    const q = { from: monthAgo(), to: today(), size: '2', seed: 'audit-2026' };
    const sample = await api().get('/api/v1/credentialing/audit/sample').query(q).set(bearer(admin)).expect(ok);
    const csvRes = await api().get('/api/v1/credentialing/audit/sample/export').query(q).set(bearer(admin)).buffer(true).parse((r, cb) => binary(r, cb)).expect(200);
    const records = parse((csvRes.body as Buffer).toString('utf8')) as string[][];
    expect(records[0].slice(0, 6)).toEqual(['Provider', 'Provider id', 'Cycle', 'Decision', 'Decided on', 'Element']);
    expect(records.length - 1).toBe((sample.body.files as { elements: unknown[] }[]).reduce((n, f) => n + f.elements.length, 0));
    const zipRes = await api().get('/api/v1/credentialing/audit/sample/packets').query(q).set(bearer(admin)).buffer(true).parse((r, cb) => binary(r, cb)).expect(200);
    expect(zipRes.headers['content-type']).toBe('application/zip');
    const entries = unzipStored(zipRes.body as Buffer);
    const names = Object.keys(entries);
    expect(names).toHaveLength(2);
    for (const f of sample.body.files as { providerId: string }[]) expect(names.some((n) => n.includes(f.providerId) && n.endsWith('.pdf'))).toBe(true);
    for (const n of names) expect((await pdfText(Buffer.from(entries[n]))).join(' ')).toContain('Credentialing packet');
    expect((await api().get('/api/v1/credentialing/audit/sample/packets').query(q).set(bearer(tokens.provider))).status).toBe(403);
  });
});

