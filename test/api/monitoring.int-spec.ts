/**
 * Continuous monitoring through the gateway and the running services: the exclusion
 * list search (staff only, bad input 400 naming the field, 401/403), the screening after an LEIE
 * import (an NPI match Excluded, a name-and-state Possible match), the Danger notification to the
 * practice's Credentialer, the file flagged in the grid, the resolution of a possible match with
 * evidence, a supplement's reinstatement clearing it; the daily expirables run with an injected
 * clock across thresholds, run twice (nothing new the second time), a renewal stopping reminders;
 * an expired credential showing the file 'Expired'; an NPI deactivated by an NPPES import alerting.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Pool } from 'pg';
import request from 'supertest';
import { PostgresEventStore } from '@app/event-store';
import { withNpiCheckDigit } from '@app/validation';
import { importLeie } from '../../apps/credentialing/src/import-exclusions/leie-importer';
import { leieCsvLine } from '../../apps/credentialing/src/import-exclusions/leie-record';
import { leieSampleLines, writeLeieFile } from '../../apps/credentialing/src/import-exclusions/sample-leie';
import { ExpirablesRun } from '../../apps/credentialing/src/monitor-expirables/expirables-run';
import { MonitoringAlerts } from '../../apps/credentialing/src/monitoring-alerts/monitoring-alerts';
import { addDays } from '../../apps/credentialing/src/domain/calendar';
import { EXCLUSION_SOURCE_UNAVAILABLE } from '../../apps/credentialing/src/domain/open-items';
import { lastMessage, registerAccount, signIn, STRONG_PASSWORD, uniqueMobile } from '../support/identity';
import { startTestSystem, type TestSystem } from '../support/system';
import { MASTER_ADMIN as ADMIN, bearer, ok, until } from '../support/http';

let sys: TestSystem;
let pg: Client;
let pool: Pool;
let dir: string;
let admin: string;
const tokens: Record<'owner' | 'credentialer' | 'member' | 'stranger', string> = {} as never;
const people: Record<'excluded' | 'lookalike' | 'cleared', { userId: string; npi: string; token: string }> = {} as never;

const api = () => request(sys.baseUrl);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const today = () => new Date().toISOString().slice(0, 10);
const file = (id: string) => `/api/v1/credentialing/files/${id}`;
const stamp = Date.now().toString(36).slice(-5);
const NAMES = {
  excluded: { first: 'Quintessa', last: `Vandermolen${stamp}` },
  lookalike: { first: 'Bartholomew', last: `Okonkwo${stamp}` },
  cleared: { first: 'Evangelina', last: `Marchetti${stamp}` },
};

async function expectError(res: request.Response, status: number, field?: string) {
  expect([res.status, res.body.success, field ? res.body.field : undefined]).toEqual([status, false, field]);
}

async function createProvider(key: keyof typeof NAMES, npi: string) {
  const email = `${key}${stamp}@clinic.test`;
  const mobile = uniqueMobile('+1303556');
  const created = await api()
    .post('/api/v1/users/addUser')
    .set(bearer(admin))
    .send({ npi, firstName: NAMES[key].first, lastName: NAMES[key].last, email, mobile, mailingAddressStreet: '1 State Street', mailingAddressCity: 'Albany', mailingAddressState: 'NY', mailingAddressZip: '12207', phone: '518-555-0100' })
    .expect(ok);
  const tempPassword = /temporary password there to choose your password: (\S+)/.exec((await lastMessage(sys, email)).body)![1];
  await api().post('/api/v1/users/resetPassword').send({ email, tempPassword, newPassword: STRONG_PASSWORD, confirmNewPassword: STRONG_PASSWORD }).expect(ok);
  const userId = created.body.user._id as string;
  people[key] = { userId, npi, token: (await signIn(sys, { email, mobile, password: STRONG_PASSWORD })).token };
}

type Note = { heading: string; body: string; alertLevel: string; category: string; status: string; providerId?: string; doneAt?: string };
const notificationsOf = async (token: string) => (await api().post('/api/v1/users/getNotifications').set(bearer(token)).send({ filter: 0 }).expect(ok)).body.notifications as Note[];
const fileOf = async (id: string) => (await api().get(file(id)).set(bearer(admin)).expect(ok)).body.file;
const gridRow = async (filters: Record<string, unknown>) => (await api().post('/api/v1/credentialing/getFiles').set(bearer(admin)).send({ skip: 0, limit: 50, filters, sorting: {} }).expect(ok)).body;

beforeAll(async () => {
  sys = await startTestSystem({ label: 'monitoring', contexts: ['identity', 'directory', 'practices', 'notifications', 'credentialing'], env: { MONITORING_TICK_MS: '500', REGISTRY_WATCH_MS: '500' } });
  pg = new Client({ connectionString: sys.db.url });
  await pg.connect();
  pool = new Pool({ connectionString: sys.db.url, max: 3, options: '-c search_path=credentialing,public' });
  dir = mkdtempSync(join(tmpdir(), 'monitoring-'));
  await until(async () => (await pg.query('SELECT 1 FROM identity.accounts WHERE is_master_admin')).rowCount === 1, 30_000);
  ({ token: admin } = await signIn(sys, ADMIN));
  const mobile = () => uniqueMobile('+1303555');
  const accounts = {
    owner: await registerAccount(sys, { mobile: mobile() }),
    credentialer: await registerAccount(sys, { mobile: mobile() }),
    member: await registerAccount(sys, { mobile: mobile() }),
    stranger: await registerAccount(sys, { mobile: mobile() }),
  };
  for (const [k, a] of Object.entries(accounts)) tokens[k as keyof typeof tokens] = (await signIn(sys, a)).token;
  await createProvider('excluded', withNpiCheckDigit(`1${String(Date.now()).slice(-8)}`));
  await createProvider('lookalike', withNpiCheckDigit(`1${String(Date.now() + 7).slice(-8)}`));
  await createProvider('cleared', withNpiCheckDigit(`1${String(Date.now() + 13).slice(-8)}`));
  const members = [...Object.values(accounts).map((a) => a.userId), people.excluded.userId, people.lookalike.userId, people.cleared.userId];
  await until(async () => (await pg.query('SELECT 1 FROM practices.practice_people WHERE id = ANY($1)', [members])).rowCount === 7, 30_000);
  const practice = await api()
    .put('/api/users/addPractice')
    .set(bearer(admin))
    .send({
      npi: '1679576722',
      practiceName: 'Hudson Valley Medicine',
      displayName: 'Hudson Valley',
      userName: `hudson${stamp}`,
      streetAddress: '100 State Street',
      city: 'Albany',
      state: 'NY',
      zip: '12207',
      email: `office${stamp}@hudson.test`,
      phone: '(518) 555-0100',
      practiceOwners: [
        { id: accounts.owner.userId, fullName: 'Owner', accessType: 'Practice Owner' },
        { id: accounts.credentialer.userId, fullName: 'Credentialer', accessType: 'Credentialer' },
        { id: accounts.member.userId, fullName: 'Member', accessType: 'Member' },
        { id: people.excluded.userId, fullName: 'Provider', accessType: 'Provider' },
        { id: people.lookalike.userId, fullName: 'Provider', accessType: 'Provider' },
        { id: people.cleared.userId, fullName: 'Provider', accessType: 'Provider' },
      ],
    });
  expect([200, 404]).toContain(practice.status);
  await until(async () => (await pg.query('SELECT 1 FROM credentialing.credentialing_memberships')).rowCount === 6, 30_000);
  const providerIds = [people.excluded.userId, people.lookalike.userId, people.cleared.userId];
  await until(async () => (await pg.query(`SELECT 1 FROM credentialing.credentialing_profiles WHERE id = ANY($1) AND state = 'NY'`, [providerIds])).rowCount === 3, 30_000);
  for (const p of Object.values(people)) await api().put('/api/v1/credentialing/files').set(bearer(admin)).send({ providerId: p.userId }).expect(ok);
}, 240_000);

afterAll(async () => {
  await pool?.end();
  await pg?.end();
  await sys?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the exclusion list (GET /api/v1/exclusions/search)', () => {
  it("before any LEIE import nothing is screened: no 'Verified' OIG LEIE record, the open item says the source is unavailable", async () => {
    // The service has looked for new files to screen by now (it does on its first round).
    await until(async () => (await pg.query(`SELECT 1 FROM credentialing.monitoring_runs WHERE name = 'expirables'`)).rowCount === 1, 30_000);
    const f = await fileOf(people.excluded.userId);
    expect(f.verifications.filter((v: { source: string }) => v.source === 'OIG LEIE')).toEqual([]);
    expect(f.openItems.map((i: { message: string }) => i.message)).toContain(EXCLUSION_SOURCE_UNAVAILABLE);
    expect((await pg.query(`SELECT 1 FROM credentialing.exclusion_screenings WHERE recorded_on IS NOT NULL`)).rowCount).toBe(0);
  });

  it('imports a full LEIE file; the running service screens its rows: an NPI match Excluded, a name-and-state match Possible', async () => {
    const full = join(dir, 'UPDATED.csv');
    await writeLeieFile(full, [
      ...leieSampleLines(200, [], 3),
      // The first provider's NPI under another name.
      leieCsvLine({ LASTNAME: 'SOMEONE', FIRSTNAME: 'ELSE', NPI: people.excluded.npi, STATE: 'FL', EXCLTYPE: '1128b4', EXCLDATE: '20250115' }),
      // The third provider's NPI (a listing OIG later corrects: cleared with evidence).
      leieCsvLine({ LASTNAME: 'ANOTHER', FIRSTNAME: 'PERSON', NPI: people.cleared.npi, STATE: 'TX', EXCLTYPE: '1128a1', EXCLDATE: '20250301' }),
      // The second provider's name and state, no NPI; and the same name in another state (no match).
      leieCsvLine({ LASTNAME: NAMES.lookalike.last.toUpperCase(), FIRSTNAME: NAMES.lookalike.first.toUpperCase(), NPI: '0000000000', STATE: 'NY', EXCLTYPE: '1128a1', EXCLDATE: '20240610' }),
      leieCsvLine({ LASTNAME: NAMES.lookalike.last.toUpperCase(), FIRSTNAME: NAMES.lookalike.first.toUpperCase(), NPI: '0000000000', STATE: 'CA', EXCLTYPE: '1128a1', EXCLDATE: '20230101' }),
      leieCsvLine({ BUSNAME: `ACME SOBER HOMES ${stamp.toUpperCase()}`, GENERAL: 'OTHER BUSINESS', NPI: '0000000000', STATE: 'NY', EXCLTYPE: '1128a1', EXCLDATE: '20200319' }),
    ]);
    const report = await importLeie({ databaseUrl: sys.db.url, schema: 'credentialing', file: full });
    expect(report).toMatchObject({ rowsRejected: 0, rowsRead: 205 });
    await until(async () => (await pg.query(`SELECT 1 FROM credentialing.leie_imports WHERE id = $1 AND screened_at IS NOT NULL`, [report.importId])).rowCount === 1, 30_000);

    const excluded = await until(async () => {
      const f = await fileOf(people.excluded.userId);
      return f.monitoring?.exclusion === 'Excluded' ? f : undefined;
    }, 30_000);
    const leie = excluded.verifications.filter((v: { source: string }) => v.source === 'OIG LEIE');
    expect(leie.at(-1)).toMatchObject({ method: 'automatic', result: 'Discrepancy', evidence: { kind: 'snapshot', source: 'OIG LEIE' } });
    expect(leie.at(-1).evidence.snapshot.matches[0]).toMatchObject({ kind: 'Excluded', row: { npi: people.excluded.npi, lastName: 'SOMEONE', exclType: '1128b4', exclDate: '2025-01-15' } });
    expect(excluded.openItems.map((i: { message: string }) => i.message)).toContain('Exclusion screening (OIG LEIE): verification result Discrepancy');
    const lookalike = await until(async () => {
      const f = await fileOf(people.lookalike.userId);
      return f.monitoring?.exclusion === 'Possible match' ? f : undefined;
    }, 30_000);
    expect(lookalike.provider.npi).toBe(people.lookalike.npi);
  }, 120_000);

  it('raises a Danger notification (category Credentialing) to the practice Credentialer and the master admin; never to the member', async () => {
    const mine = await until(async () => {
      const list = await notificationsOf(tokens.credentialer);
      // Each excluded provider has a notification of its own: wait for this one's (another's may come first).
      return list.some((n) => n.heading === 'Provider on the OIG exclusion list' && n.body.includes(NAMES.excluded.last)) && list.some((n) => n.heading === 'Possible OIG exclusion match')
        ? list
        : undefined;
    }, 60_000);
    const excluded = mine.find((n) => n.heading === 'Provider on the OIG exclusion list' && n.body.includes(NAMES.excluded.last));
    // It opens the provider's file.
    expect(excluded).toMatchObject({ alertLevel: 'Danger', category: 'Credentialing', providerId: people.excluded.userId });
    await until(async () => (await notificationsOf(admin)).some((n) => n.heading === 'Provider on the OIG exclusion list'), 30_000);
    expect((await notificationsOf(tokens.member)).some((n) => n.category === 'Credentialing')).toBe(false);
  }, 120_000);

  it("flags the files in the grid (filter exclusionFound 'Exclusion found')", async () => {
    const flagged = await gridRow({ exclusionFound: { filterType: 'exactMatch', value: 'Exclusion found' } });
    const ids = flagged.files.map((f: { providerId: string }) => f.providerId);
    expect(ids).toEqual(expect.arrayContaining([people.excluded.userId, people.lookalike.userId]));
    expect(flagged.files.find((f: { providerId: string }) => f.providerId === people.excluded.userId)).toMatchObject({ exclusion: 'Excluded' });
  });

  it('searches by NPI, by "Last, First" and by business name for staff; 400 naming searchTerm; 401; 403 for members, strangers and providers', async () => {
    const search = (token: string | null, term?: string) => {
      const r = api().get('/api/v1/exclusions/search').query(term === undefined ? {} : { searchTerm: term });
      return token ? r.set(bearer(token)) : r;
    };
    const byNpi = await search(tokens.credentialer, people.excluded.npi).expect(ok);
    expect(byNpi.body).toMatchObject({ count: 1, exclusions: [{ npi: people.excluded.npi, lastName: 'SOMEONE', exclDate: '2025-01-15', reinDate: null }], mirror: { file: 'UPDATED.csv' } });
    const byName = await search(admin, `${NAMES.lookalike.last}, ${NAMES.lookalike.first.slice(0, 4)}`).expect(ok);
    expect(byName.body.exclusions.map((e: { state: string }) => e.state).sort()).toEqual(['CA', 'NY']);
    const byBusiness = await search(tokens.owner, `sober homes ${stamp}`).expect(ok);
    expect(byBusiness.body.exclusions).toEqual([expect.objectContaining({ busName: `ACME SOBER HOMES ${stamp.toUpperCase()}`, lastName: null })]);
    await expectError(await search(admin), 400, 'searchTerm');
    await expectError(await search(admin, 'x'), 400, 'searchTerm');
    await search(null, 'smith').expect(401);
    await expectError(await search(tokens.member, 'smith'), 403);
    await expectError(await search(tokens.stranger, 'smith'), 403);
    await expectError(await search(people.excluded.token, 'smith'), 403);
    // What the web's menu asks: staff may search, members, strangers and providers may not; 401 signed out.
    const access = async (token: string) => (await api().get('/api/v1/exclusions/access').set(bearer(token)).expect(ok)).body;
    expect(await access(tokens.credentialer)).toEqual({ searchExclusions: true });
    expect(await access(tokens.owner)).toEqual({ searchExclusions: true });
    expect(await access(admin)).toEqual({ searchExclusions: true });
    expect(await access(tokens.member)).toEqual({ searchExclusions: false });
    expect(await access(people.excluded.token)).toEqual({ searchExclusions: false });
    await api().get('/api/v1/exclusions/access').expect(401);
  });
});

describe('resolving a possible match (POST .../exclusion-matches/{matchId}/resolve)', () => {
  const resolve = (token: string, providerId: string, matchId: string, fields: Record<string, string>, withEvidence = true) => {
    const r = api().post(`${file(providerId)}/exclusion-matches/${matchId}/resolve`).set(bearer(token));
    for (const [k, v] of Object.entries(fields)) r.field(k, v);
    return withEvidence ? r.attach('evidence', PDF, { filename: 'license-photo.pdf', contentType: 'application/pdf' }) : r;
  };

  it('refuses bad input, strangers, members and the provider; the Credentialer resolves it Not the same person with evidence', async () => {
    const id = people.lookalike.userId;
    const { matches } = (await api().get(`${file(id)}/exclusion-matches`).set(bearer(tokens.credentialer)).expect(ok)).body;
    expect(matches).toEqual([expect.objectContaining({ kind: 'Possible match', status: 'Open', row: expect.objectContaining({ state: 'NY' }) })]);
    const matchId = matches[0].matchId as string;
    await expectError(await api().get(`${file(id)}/exclusion-matches`).set(bearer(tokens.stranger)), 403);
    await expectError(await resolve(tokens.credentialer, id, matchId, { resolution: 'Maybe', note: 'x' }), 400, 'resolution');
    await expectError(await resolve(tokens.credentialer, id, matchId, { resolution: 'Not the same person', note: '' }), 400, 'note');
    await expectError(await resolve(tokens.credentialer, id, 'nope', { resolution: 'Not the same person', note: 'x' }), 400, 'matchId');
    await expectError(await resolve(tokens.credentialer, id, matchId, { resolution: 'Not the same person', note: 'x' }, false), 400, 'evidence');
    await expectError(await resolve(tokens.stranger, id, matchId, { resolution: 'Not the same person', note: 'x' }), 403);
    await expectError(await resolve(tokens.member, id, matchId, { resolution: 'Not the same person', note: 'x' }), 403);
    await expectError(await resolve(people.lookalike.token, id, matchId, { resolution: 'Not the same person', note: 'x' }), 403);
    await expectError(await resolve(tokens.credentialer, id, 'a'.repeat(32), { resolution: 'Not the same person', note: 'x' }), 404);
    const done = await resolve(tokens.credentialer, id, matchId, { resolution: 'Not the same person', note: 'Different date of birth on the licence' }).expect(ok);
    expect(done.body.matches[0]).toMatchObject({ status: 'Not the same person', note: 'Different date of birth on the licence', evidence: { kind: 'document', fileName: 'license-photo.pdf' } });
    const f = await fileOf(id);
    expect(f.monitoring.exclusion).toBeNull();
    expect(f.verifications.at(-1)).toMatchObject({ source: 'OIG LEIE', method: 'manual', result: 'Verified', evidence: { kind: 'document' } });
    expect(f.openItems.map((i: { message: string }) => i.message).filter((m: string) => m.startsWith('Exclusion'))).toEqual([]);
  });

  it("a supplement's reinstatement clears the Excluded finding; re-importing it changes nothing", async () => {
    const sup = join(dir, 'supplement.csv');
    await writeLeieFile(sup, [leieCsvLine({ LASTNAME: 'SOMEONE', FIRSTNAME: 'ELSE', NPI: people.excluded.npi, STATE: 'FL', EXCLTYPE: '1128b4', EXCLDATE: '20250115', REINDATE: '20261101' })]);
    const report = await importLeie({ databaseUrl: sys.db.url, schema: 'credentialing', file: sup, supplement: true });
    expect(report).toMatchObject({ removed: 1, added: 0 });
    await until(async () => ((await fileOf(people.excluded.userId)).monitoring.exclusion === null ? true : undefined), 30_000);
    const again = await importLeie({ databaseUrl: sys.db.url, schema: 'credentialing', file: sup, supplement: true });
    expect(again).toMatchObject({ removed: 0, added: 0 });
  }, 60_000);
});

describe('clearing an NPI exclusion (master admin with evidence, a second person confirms)', () => {
  const url = (providerId: string, matchId: string, tail: string) => `${file(providerId)}/exclusion-matches/${matchId}/${tail}`;
  const withFields = (r: request.Test, fields: Record<string, string>) => {
    for (const [k, v] of Object.entries(fields)) r.field(k, v);
    return r;
  };
  const resolve = (token: string, providerId: string, matchId: string) =>
    withFields(api().post(url(providerId, matchId, 'resolve')).set(bearer(token)), { resolution: 'Not the same person', note: 'Not our provider' }).attach('evidence', PDF, {
      filename: 'dob.pdf',
      contentType: 'application/pdf',
    });
  const ask = (token: string, providerId: string, matchId: string, fields: Record<string, string>, withEvidence = true) => {
    const r = withFields(api().post(url(providerId, matchId, 'clearance')).set(bearer(token)), fields);
    return withEvidence ? r.attach('evidence', PDF, { filename: 'oig-corrected-listing.pdf', contentType: 'application/pdf' }) : r;
  };
  const decide = (token: string, providerId: string, matchId: string, body: Record<string, string>) => api().post(url(providerId, matchId, 'clearance/decision')).set(bearer(token)).send(body);
  const npiMatch = async (providerId: string) => {
    const { matches } = (await api().get(`${file(providerId)}/exclusion-matches`).set(bearer(admin)).expect(ok)).body;
    return matches.find((m: { kind: string }) => m.kind === 'Excluded');
  };
  const reason = { reason: 'Corrected listing', note: 'OIG corrected the listing: the NPI belonged to another person (letter attached)' };

  it('staff cannot dismiss an NPI match (403), the master admin cannot resolve it as a possible match (409); bad input 400 naming the field', async () => {
    const id = people.cleared.userId;
    const match = await npiMatch(id);
    expect(match).toMatchObject({ kind: 'Excluded', status: 'Open', clearance: null, row: expect.objectContaining({ npi: people.cleared.npi }) });
    await expectError(await resolve(tokens.credentialer, id, match.matchId), 403);
    await expectError(await resolve(tokens.owner, id, match.matchId), 403);
    await expectError(await resolve(admin, id, match.matchId), 409, 'matchId');
    await expectError(await ask(tokens.credentialer, id, match.matchId, reason), 403);
    await expectError(await ask(tokens.owner, id, match.matchId, reason), 403);
    await expectError(await ask(people.cleared.token, id, match.matchId, reason), 403);
    await expectError(await ask(admin, id, match.matchId, reason, false), 400, 'evidence');
    await expectError(await ask(admin, id, match.matchId, { ...reason, reason: 'He said so' }), 400, 'reason');
    await expectError(await ask(admin, id, match.matchId, { ...reason, note: ' ' }), 400, 'note');
    // A possible match is not cleared this way.
    const possible = (await api().get(`${file(people.lookalike.userId)}/exclusion-matches`).set(bearer(admin)).expect(ok)).body.matches[0];
    await expectError(await ask(admin, people.lookalike.userId, possible.matchId, reason), 409, 'matchId');
    // Nothing changed.
    expect(await npiMatch(id)).toMatchObject({ status: 'Open', clearance: null });
    expect((await fileOf(id)).monitoring.exclusion).toBe('Excluded');
  });

  it('the clearance waits for a second person: the one who asked cannot confirm (409), members and strangers 403; the file stays Excluded', async () => {
    const id = people.cleared.userId;
    const { matchId } = await npiMatch(id);
    const asked = await ask(admin, id, matchId, reason).expect(ok);
    const pending = asked.body.matches.find((m: { matchId: string }) => m.matchId === matchId);
    expect(pending).toMatchObject({
      status: 'Open',
      clearance: { status: 'Pending', reason: 'Corrected listing', note: reason.note, requestedBy: expect.any(String), evidence: { kind: 'document', fileName: 'oig-corrected-listing.pdf' } },
    });
    expect((await fileOf(id)).monitoring.exclusion).toBe('Excluded');
    await expectError(await ask(admin, id, matchId, reason), 409, 'matchId');
    await expectError(await decide(admin, id, matchId, { decision: 'Confirm' }), 409, 'matchId');
    await expectError(await decide(tokens.member, id, matchId, { decision: 'Confirm' }), 403);
    await expectError(await decide(tokens.stranger, id, matchId, { decision: 'Confirm' }), 403);
    await expectError(await decide(people.cleared.token, id, matchId, { decision: 'Confirm' }), 403);
    await expectError(await decide(tokens.credentialer, id, matchId, { decision: 'Approve' }), 400, 'decision');
    await expectError(await decide(tokens.credentialer, id, matchId, { decision: 'Reject' }), 400, 'note');
    expect(await npiMatch(id)).toMatchObject({ status: 'Open', clearance: { status: 'Pending' } });
    // The clearance's evidence: the file's people see it, a stranger does not.
    const evidence = pending.clearance.evidence.fileUrl as string;
    await api().get(evidence).set(bearer(tokens.credentialer)).expect(200);
    await api().get(evidence).expect(401);
    await expectError(await api().get(evidence).set(bearer(tokens.stranger)), 403);
  });

  it("the practice's Credentialer confirms: the match is Cleared with evidence, the file no longer Excluded, every step an event with who and when", async () => {
    const id = people.cleared.userId;
    const { matchId } = await npiMatch(id);
    const confirmed = await decide(tokens.credentialer, id, matchId, { decision: 'Confirm', note: 'Checked the OIG letter' }).expect(ok);
    const match = confirmed.body.matches.find((m: { matchId: string }) => m.matchId === matchId);
    expect(match).toMatchObject({ status: 'Cleared with evidence', resolvedBy: expect.any(String), clearance: { status: 'Confirmed', decisionNote: 'Checked the OIG letter' } });
    expect(match.resolvedBy).not.toBe(match.clearance.requestedBy);
    // Who asked, decided and resolved, by name: never a raw id, never "you".
    const aName = expect.not.stringMatching(/^(Former user|[0-9a-f-]{36})$/);
    expect(match).toMatchObject({ resolvedByName: aName, clearance: { requestedByName: aName, decidedByName: match.resolvedByName } });
    expect(match.clearance.requestedByName).not.toBe(match.clearance.decidedByName);
    const f = await fileOf(id);
    expect(f.monitoring.exclusion).toBeNull();
    expect(f.verifications.at(-1)).toMatchObject({ source: 'OIG LEIE', method: 'manual', result: 'Verified', evidence: { kind: 'document', fileName: 'oig-corrected-listing.pdf' } });
    const { rows } = await pg.query(
      `SELECT type, data->>'by' AS by, data->>'at' AS at FROM credentialing.events WHERE stream_id = $1 AND type LIKE 'Exclusion%' AND type <> 'ExclusionScreened' ORDER BY global_position`,
      [`credentialing-${id}`],
    );
    expect(rows.map((r) => [r.type, r.by])).toEqual([
      ['ExclusionClearanceRequested', match.clearance.requestedBy],
      ['ExclusionClearanceDecided', match.resolvedBy],
      ['ExclusionMatchResolved', match.resolvedBy],
    ]);
    for (const r of rows) expect(Date.parse(r.at)).not.toBeNaN();
    // A later screening keeps it cleared (the row is still on the list until OIG's next file).
    await api().post(`${file(id)}/checks`).set(bearer(admin));
    expect(await npiMatch(id)).toMatchObject({ status: 'Cleared with evidence' });
    expect((await fileOf(id)).monitoring.exclusion).toBeNull();
    await expectError(await decide(admin, id, matchId, { decision: 'Confirm' }), 409, 'matchId');
  });

  it('a resolved match marks its Danger notification done (and read); the notification names the file it opens', async () => {
    const doneFor = (list: Note[], last: string) => list.find((n) => n.alertLevel === 'Danger' && n.body.includes(last));
    const cleared = await until(async () => {
      const n = doneFor(await notificationsOf(tokens.credentialer), NAMES.cleared.last);
      return n?.doneAt ? n : undefined;
    }, 60_000);
    expect(cleared).toMatchObject({ heading: 'Provider on the OIG exclusion list', status: 'Read', providerId: people.cleared.userId });
    await until(async () => (doneFor(await notificationsOf(admin), NAMES.cleared.last)?.doneAt ? true : undefined), 60_000);
    // The possible match resolved by staff earlier: done too.
    await until(async () => (doneFor(await notificationsOf(tokens.credentialer), NAMES.lookalike.last)?.doneAt ? true : undefined), 60_000);
    // The one still standing is not.
    const standing = doneFor(await notificationsOf(tokens.credentialer), NAMES.excluded.last);
    expect(standing).toMatchObject({ providerId: people.excluded.userId });
    expect(standing?.doneAt).toBeUndefined();
  }, 150_000);
});

describe('credential documents and evidence (GET /api/files/{name})', () => {
  it('serve only a signed-in caller who may see the file: 401 without a token, 403 for a stranger, a member or another provider; 200 for the provider and staff', async () => {
    const id = people.lookalike.userId;
    const req = api().post(`${file(id)}/credentials`).set(bearer(tokens.credentialer));
    for (const [k, v] of Object.entries({ kind: 'stateLicense', state: 'NY', number: 'D77', licenseType: 'MD', status: 'Active', issuedOn: '2016-01-01', expiresOn: '2031-01-01' })) req.field(k, v);
    const added = await req.attach('file', PDF, { filename: 'licence.pdf', contentType: 'application/pdf' }).expect(ok);
    const doc = added.body.file.credentials.find((c: { number: string }) => c.number === 'D77').documents[0] as string;
    const evidence = (await api().get(`${file(id)}/exclusion-matches`).set(bearer(admin)).expect(ok)).body.matches[0].evidence.fileUrl as string;
    for (const url of [doc, evidence]) {
      await expectError(await api().get(url), 401);
      await expectError(await api().get(url).set('Authorization', 'Bearer not-a-token'), 401);
      for (const token of [tokens.stranger, tokens.member, people.excluded.token]) await expectError(await api().get(url).set(bearer(token)), 403);
      for (const token of [people.lookalike.token, tokens.credentialer, tokens.owner, admin]) {
        const res = await api().get(url).set(bearer(token)).buffer(true).expect(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.headers['content-type']).toMatch(/application\/pdf/);
      }
    }
  });
});

describe('expirables (the daily run with an injected clock)', () => {
  it('reminds once per threshold (a second run the same day sends nothing), stops after a renewal; an expired credential shows Expired', async () => {
    const id = people.excluded.userId;
    const start = today();
    const expires = addDays(start, 95);
    const added = await api()
      .post(`${file(id)}/credentials`)
      .set(bearer(admin))
      .send({ kind: 'malpractice', carrier: 'MedPro', policyNumber: 'P-1', perClaimCoverage: 1000000, aggregateCoverage: 3000000, issuedOn: addDays(start, -200), expiresOn: expires })
      .expect(ok);
    const credentialId = added.body.file.credentials[0].credentialId as string;
    await until(async () => (await pg.query('SELECT 1 FROM credentialing.credentialing_expirables WHERE credential_id = $1', [credentialId])).rowCount === 1, 30_000);
    const store = new PostgresEventStore(pool, { schema: 'credentialing' });
    const alerts = new MonitoringAlerts(pool, store);
    const runOn = (day: string) => new ExpirablesRun(pool, alerts, () => new Date(`${day}T12:00:00Z`)).run();
    const mine = (r: Awaited<ReturnType<typeof runOn>>) => r.credentialReminders;
    // 95 days before: nothing reached below 120 yet? 95 <= 120: the 120-day reminder.
    for (const [daysBefore, threshold] of [
      [95, 120],
      [90, 90],
      [60, 60],
      [30, 30],
    ] as const) {
      const day = addDays(expires, -daysBefore);
      const first = await runOn(day);
      expect(mine(first)).toBeGreaterThanOrEqual(1);
      const sent = await pg.query(`SELECT threshold FROM credentialing.monitoring_reminders WHERE subject_id = $1 AND sent_on = $2`, [credentialId, day]);
      expect(sent.rows).toEqual([{ threshold }]);
      expect(mine(await runOn(day))).toBe(0);
    }
    await until(async () => (await notificationsOf(people.excluded.token)).some((n) => n.heading === 'A malpractice insurance expires in 30 days'), 60_000);
    const credentialer = await until(async () => {
      const list = await notificationsOf(tokens.credentialer);
      return list.filter((n) => n.category === 'Credentialing' && /malpractice/.test(n.heading)).length >= 4 ? list : undefined;
    }, 60_000);
    expect(credentialer.find((n) => n.heading === 'A malpractice insurance expires in 30 days')).toMatchObject({ alertLevel: 'Warning' });
    // Renewed: a new expiry a year on; the day's run has nothing for it.
    await api()
      .put(`${file(id)}/credentials/${credentialId}`)
      .set(bearer(admin))
      .send({ kind: 'malpractice', carrier: 'MedPro', policyNumber: 'P-1', perClaimCoverage: 1000000, aggregateCoverage: 3000000, issuedOn: addDays(start, -200), expiresOn: addDays(expires, 365) })
      .expect(ok);
    await until(async () => (await pg.query('SELECT 1 FROM credentialing.credentialing_expirables WHERE credential_id = $1 AND expires_on > $2', [credentialId, expires])).rowCount === 1, 30_000);
    const after = await pg.query(`SELECT count(*)::int AS n FROM credentialing.monitoring_reminders WHERE subject_id = $1`, [credentialId]);
    await runOn(addDays(expires, 0));
    expect((await pg.query(`SELECT count(*)::int AS n FROM credentialing.monitoring_reminders WHERE subject_id = $1`, [credentialId])).rows[0].n).toBe(after.rows[0].n);
    // An expired licence (no newer one of its kind): the file is Expired in the grid and in its view.
    await api()
      .post(`${file(id)}/credentials`)
      .set(bearer(admin))
      .send({ kind: 'stateLicense', state: 'NY', number: 'Q123', licenseType: 'MD', status: 'Active', issuedOn: '2015-01-01', expiresOn: addDays(start, -3) })
      .expect(ok);
    const row = await until(async () => {
      const r = await gridRow({ monitoring: { filterType: 'exactMatch', value: 'Expired' } });
      return r.files.find((f: { providerId: string }) => f.providerId === id);
    }, 30_000);
    expect(row.monitoring).toBe('Expired');
    expect((await fileOf(id)).monitoring.status).toBe('Expired');
  }, 180_000);
});

describe('an NPI deactivated in a new NPPES import', () => {
  it("raises a Danger alert to the provider's staff and the provider (credentialing learns it from the directory's event)", async () => {
    const sample = await import('../../apps/directory/src/registry/sample-registry');
    const { importNppes } = await import('../../apps/directory/src/registry/nppes-importer');
    const email = `dee${stamp}@clinic.test`;
    const created = await api()
      .post('/api/v1/users/addUser')
      .set(bearer(admin))
      .send({ npi: sample.FIXED_SAMPLE_ROWS.deactivated.npi, firstName: 'Dee', lastName: `Activated${stamp}`, email, mobile: uniqueMobile('+1518557'), mailingAddressStreet: '1 State Street', mailingAddressCity: 'Albany', mailingAddressState: 'NY', mailingAddressZip: '12207', phone: '518-555-0100' })
      .expect(ok);
    const id = created.body.user._id as string;
    await until(async () => (await api().put('/api/v1/credentialing/files').set(bearer(admin)).send({ providerId: id })).status === 200, 30_000);
    const published: Record<string, unknown>[] = [];
    const sub = sys.nc.subscribe(`${sys.prefix}.events.directory.RegistryNpiDeactivated`);
    void (async () => {
      for await (const m of sub) published.push(m.json());
    })();
    const nppesDir = mkdtempSync(join(tmpdir(), 'monitoring-nppes-'));
    try {
      const files = await sample.generateSampleRegistry({ dir: nppesDir, individuals: 20, organizations: 2, seed: 5 });
      await importNppes({ databaseUrl: sys.db.url, schema: 'directory', file: files.dataFile, endpointsFile: files.endpointsFile });
    } finally {
      rmSync(nppesDir, { recursive: true, force: true });
    }
    await until(async () => (await notificationsOf(admin)).some((n) => n.heading === 'NPI deactivated' && n.body.includes(`Activated${stamp}`)), 60_000);
    const event = published.find((e) => (e as { data: { npi: string } }).data.npi === sample.FIXED_SAMPLE_ROWS.deactivated.npi) as { data: Record<string, unknown> };
    expect(event.data).toMatchObject({ npi: sample.FIXED_SAMPLE_ROWS.deactivated.npi, profileIds: [id], deactivationDate: '2020-06-15' });
    sub.unsubscribe();
  }, 120_000);
});
