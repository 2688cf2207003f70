/**
 * The credentialing committee through the gateway: the master admin designates Committee members
 * and the Medical Director (identity; credentialing learns them from AccountRolesChanged), files
 * are routed clean or flagged on submission, the Medical Director approves clean files one by one
 * or in a batch (a flagged file refuses the batch, named), flagged files go to a meeting (quorum,
 * attendance, the four outcomes reaching the provider as every decision does) and the meeting's
 * minutes are a PDF for the committee and the master admin only. Files are given as events up to
 * Verification (every open item closed), then submitted through the API.
 */
import { Client } from 'pg';
import request from 'supertest';
import { addMonths } from '../../apps/credentialing/src/domain/calendar';
import type { CredentialingEvent } from '../../apps/credentialing/src/domain/credentialing-file.events';
import { givenFile, reviewedFile } from '../support/credentialing-files';
import { notificationWithHeading, pdfTextAt } from '../support/credentialing-notices';
import { registerAccount, signIn, type TestAccount, uniqueMobile } from '../support/identity';
import { startTestSystem, type TestSystem } from '../support/system';
import { MASTER_ADMIN as ADMIN, bearer, ok, until } from '../support/http';

let sys: TestSystem;
let pg: Client;
let admin: string;
const people: Record<string, TestAccount> = {};
const tokens: Record<string, string> = {};

const api = () => request(sys.baseUrl);
const today = () => new Date().toISOString().slice(0, 10);
const mdy = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
const file = (id: string) => `/api/v1/credentialing/files/${id}`;
const C = '/api/v1/credentialing/committee';
const PROVIDERS = { clean1: ['Cara', 'Clean'], clean2: ['Cody', 'Clean'], flagApprove: ['Fay', 'Flag'], flagConditions: ['Finn', 'Flag'], flagDeny: ['Flo', 'Flag'], flagDefer: ['Fred', 'Flag'] } as const;
type ProviderKey = keyof typeof PROVIDERS;

async function expectError(res: request.Response, status: number, field?: string) {
  expect([res.status, res.body.success, field ? res.body.field : undefined]).toEqual([status, false, field]);
}

/** A file with every open item closed, in Verification (not yet submitted); `unfavourable`: the attestation declares disciplinary actions. */
function readyFile(providerId: string, unfavourable: boolean): CredentialingEvent[] {
  const events = reviewedFile(providerId).slice(0, -1);
  return events.map((e) =>
    e.type === 'AttestationSigned' && unfavourable
      ? { ...e, data: { ...e.data, attestation: { ...e.data.attestation, limitationsOrDisciplinaryActions: true, explanation: 'Proctored for six months in 2019' } } }
      : e,
  );
}

const notification = (token: string, heading: string) => notificationWithHeading(sys, token, heading);
const pdfOf = (token: string, url: string) => pdfTextAt(sys, token, url);

const grant = (userId: string, role: 'committeeMember' | 'medicalDirector', granted = true, token = admin) =>
  api().post('/api/v1/users/grantCommitteeRole').set(bearer(token)).send({ userId, role, granted });

beforeAll(async () => {
  sys = await startTestSystem({ label: 'cred-committee', contexts: ['identity', 'directory', 'practices', 'notifications', 'credentialing'] });
  pg = new Client({ connectionString: sys.db.url });
  await pg.connect();
  await until(async () => (await pg.query('SELECT 1 FROM identity.accounts WHERE is_master_admin')).rowCount === 1, 90_000);
  ({ token: admin } = await signIn(sys, ADMIN));
  const mobile = () => uniqueMobile('+1303556');
  const staffRoles = { isAdmin: false, isProvider: false, isAuditor: false };
  for (const [key, [firstName, lastName]] of [
    ['md', ['Mia', 'Director']],
    ['m1', ['Max', 'Member']],
    ['m2', ['Meg', 'Member']],
    ['m3', ['Mo', 'Revoked']],
    ['stranger', ['Sam', 'Stranger']],
  ] as const) {
    people[key] = await registerAccount(sys, { mobile: mobile(), firstName, lastName, roles: staffRoles });
  }
  for (const [key, [firstName, lastName]] of Object.entries(PROVIDERS)) people[key] = await registerAccount(sys, { mobile: mobile(), firstName, lastName });
  for (const [key, a] of Object.entries(people)) tokens[key] = (await signIn(sys, a)).token;
  const providerIds = Object.keys(PROVIDERS).map((k) => people[k].userId);
  await until(async () => (await pg.query('SELECT 1 FROM credentialing.credentialing_profiles WHERE id = ANY($1) AND is_provider', [providerIds])).rowCount === providerIds.length, 90_000);
  for (const key of Object.keys(PROVIDERS) as ProviderKey[]) await givenFile(sys.db.url, people[key].userId, readyFile(people[key].userId, key.startsWith('flag')));
}, 400_000);

afterAll(async () => {
  await pg?.end();
  await sys?.stop();
});

describe('roles: the master admin designates the committee', () => {
  it('only the master admin grants (403), with a known role (400 naming it); a grant and a revocation are learned by credentialing', async () => {
    await expectError(await grant(people.m1.userId, 'committeeMember', true, tokens.stranger), 403);
    await expectError(await api().post('/api/v1/users/grantCommitteeRole').set(bearer(admin)).send({ userId: people.m1.userId, role: 'chair', granted: true }), 400, 'role');
    await grant(people.md.userId, 'medicalDirector').expect(ok);
    for (const key of ['m1', 'm2', 'm3']) await grant(people[key].userId, 'committeeMember').expect(ok);
    await grant(people.m3.userId, 'committeeMember', false).expect(ok);
    const roles = await until(async () => {
      const res = await api().get(`${C}/roles`).set(bearer(admin)).expect(ok);
      const names = (res.body.members as { name: string }[]).map((m) => m.name);
      return names.length === 3 && !names.includes('Mo Revoked') ? res.body : undefined;
    }, 60_000);
    expect(roles.members).toEqual([
      { userId: people.m1.userId, name: 'Max Member', committeeMember: true, medicalDirector: false },
      { userId: people.m2.userId, name: 'Meg Member', committeeMember: true, medicalDirector: false },
      { userId: people.md.userId, name: 'Mia Director', committeeMember: false, medicalDirector: true },
    ]);
    expect((await api().get(`${C}/roles`).set(bearer(tokens.md)).expect(ok)).body.me).toEqual({ committeeMember: false, medicalDirector: true, masterAdmin: false });
    expect((await api().get(`${C}/roles`).set(bearer(tokens.stranger)).expect(ok)).body).toEqual({ success: true, members: [], me: { committeeMember: false, medicalDirector: false, masterAdmin: false } });
  });

  it('the revoked member and anyone undesignated are refused the committee (403)', async () => {
    await expectError(await api().get(`${C}/queue`).set(bearer(tokens.m3)), 403);
    await expectError(await api().get(`${C}/queue`).set(bearer(tokens.stranger)), 403);
    await expectError(await api().get(`${C}/queue`).set(bearer(tokens.clean1)), 403);
  });
});

describe('routing on submission', () => {
  it('a file without flags is clean, a file with an unfavourable attestation answer is flagged; the file shows its flags at the top', async () => {
    for (const key of Object.keys(PROVIDERS)) {
      const res = await api().post(`${file(people[key].userId)}/submit`).set(bearer(admin)).expect(ok);
      expect(res.body.file.status).toBe('Committee Review');
    }
    const flagged = await api().get(file(people.flagApprove.userId)).set(bearer(admin)).expect(ok);
    expect(flagged.body.file.committee).toEqual({
      route: 'flagged',
      flags: [{ code: 'unfavourable-attestation', message: 'Unfavourable attestation answer: limitations of privileges or disciplinary actions', item: { kind: 'attestation' } }],
      outcomes: [],
    });
    expect((await api().get(file(people.clean1.userId)).set(bearer(admin)).expect(ok)).body.file.committee).toEqual({ route: 'clean', flags: [], outcomes: [] });
    const queue = (await api().get(`${C}/queue`).set(bearer(tokens.md)).expect(ok)).body;
    expect(queue.clean.map((e: { provider: string }) => e.provider).sort()).toEqual(['Clean, Cara', 'Clean, Cody']);
    expect(queue.flagged.map((e: { provider: string }) => e.provider).sort()).toEqual(['Flag, Fay', 'Flag, Finn', 'Flag, Flo', 'Flag, Fred']);
    // A committee member sees the file they decide; a stranger does not.
    expect((await api().get(file(people.flagApprove.userId)).set(bearer(tokens.m1)).expect(ok)).body.file.committee.route).toBe('flagged');
    await expectError(await api().get(file(people.flagApprove.userId)).set(bearer(tokens.stranger)), 403);
  });
});

describe('the Medical Director approves clean files', () => {
  it('only the Medical Director (403 for a member and the master admin); a flagged file in the batch refuses it, named, and nothing is approved', async () => {
    const batch = [people.clean1.userId, people.clean2.userId];
    await expectError(await api().post(`${C}/clean-approvals`).set(bearer(tokens.m1)).send({ providerIds: batch }), 403);
    await expectError(await api().post(`${C}/clean-approvals`).set(bearer(admin)).send({ providerIds: batch }), 403);
    await expectError(await api().post(`${C}/clean-approvals`).set(bearer(tokens.md)).send({ providerIds: [] }), 400, 'providerIds');
    const refused = await api().post(`${C}/clean-approvals`).set(bearer(tokens.md)).send({ providerIds: [...batch, people.flagApprove.userId] });
    await expectError(refused, 409);
    expect(refused.body.message).toContain('Flag, Fay');
    expect(refused.body.message).toContain('Unfavourable attestation answer');
    expect(refused.body.message).not.toContain('Clean, Cara');
    expect((await api().get(file(people.clean1.userId)).set(bearer(admin)).expect(ok)).body.file.status).toBe('Committee Review');
  });

  it('approves a batch: each file Approved with its letter, the provider notified', async () => {
    const res = await api()
      .post(`${C}/clean-approvals`)
      .set(bearer(tokens.md))
      .send({ providerIds: [people.clean1.userId, people.clean2.userId] })
      .expect(ok);
    expect(res.body.approved.map((a: { providerId: string }) => a.providerId)).toEqual([people.clean1.userId, people.clean2.userId]);
    const f = (await api().get(file(people.clean1.userId)).set(bearer(tokens.clean1)).expect(ok)).body.file;
    expect(f).toMatchObject({ status: 'Approved', recredentialingDueOn: addMonths(today(), 36), committee: { outcomes: [{ outcome: 'approve', meetingId: null, by: people.md.userId }] } });
    expect(f.people[people.md.userId]).toBe('Mia Director');
    const n = await notification(tokens.clean2, 'Credentialing approved');
    expect(n.body).toContain('Your credentialing was approved');
    expect(await pdfOf(tokens.clean1, f.notice.letters[0].url)).toContain('Credentialing decision: Approved');
    // Approved already: not in Committee Review any more (409 naming it).
    const again = await api().post(`${C}/clean-approvals`).set(bearer(tokens.md)).send({ providerIds: [people.clean1.userId] });
    await expectError(again, 409);
    expect(again.body.message).toContain('not in Committee Review');
  });
});

describe('a meeting decides the flagged files', () => {
  let meetingId = '';
  const outcome = (key: ProviderKey, body: object, token = tokens.m1) => api().post(`${C}/meetings/${meetingId}/outcomes/${people[key].userId}`).set(bearer(token)).send(body);

  it('is scheduled with the flagged files on its agenda (each with its flags and a one-page summary); strangers are refused', async () => {
    await expectError(await api().post(`${C}/meetings`).set(bearer(tokens.stranger)).send({ meetsOn: today() }), 403);
    await expectError(await api().post(`${C}/meetings`).set(bearer(tokens.m1)).send({ meetsOn: 'soon' }), 400, 'meetsOn');
    const res = await api().post(`${C}/meetings`).set(bearer(admin)).send({ meetsOn: today() }).expect(ok);
    meetingId = res.body.meeting.meetingId;
    expect(res.body.meeting).toMatchObject({ meetsOn: today(), quorum: 3, present: [], quorumMet: false });
    expect(res.body.meeting.agenda.map((a: { provider: string }) => a.provider).sort()).toEqual(['Flag, Fay', 'Flag, Finn', 'Flag, Flo', 'Flag, Fred']);
    const item = res.body.meeting.agenda[0];
    expect(item.flags.map((f: { code: string }) => f.code)).toEqual(['unfavourable-attestation']);
    expect(item.summary.credentials).toContain('State licence NY Z123456 · Active · expires 2035-06-01');
    expect(item.summary.attestation).toContain('Proctored for six months in 2019');
    expect((await api().get(`${C}/meetings`).set(bearer(tokens.md)).expect(ok)).body.meetings).toEqual([{ meetingId, meetsOn: today(), quorum: 3, present: 0, files: 4, decided: 0, minutes: false }]);
    expect((await api().get(`${C}/queue`).set(bearer(tokens.md)).expect(ok)).body.flagged.every((e: { meetingId: string }) => e.meetingId === meetingId)).toBe(true);
  });

  it('refuses an outcome without quorum (409 saying who is present and who is needed), then records the attendance', async () => {
    await api().put(`${C}/meetings/${meetingId}/attendance`).set(bearer(tokens.m1)).send({ present: [people.md.userId, people.m1.userId] }).expect(ok);
    const refused = await outcome('flagApprove', { outcome: 'approve' });
    await expectError(refused, 409);
    expect(refused.body.message).toBe('No quorum: 2 members present, the meeting needs 3; record the attendance first');
    expect((await api().get(file(people.flagApprove.userId)).set(bearer(admin)).expect(ok)).body.file.status).toBe('Committee Review');
    await expectError(await api().put(`${C}/meetings/${meetingId}/attendance`).set(bearer(tokens.m1)).send({ present: [people.md.userId, people.stranger.userId] }), 400, 'present');
    await expectError(await api().put(`${C}/meetings/${meetingId}/attendance`).set(bearer(admin)).send({ present: [people.md.userId] }), 403);
    const res = await api().put(`${C}/meetings/${meetingId}/attendance`).set(bearer(tokens.m1)).send({ present: [people.md.userId, people.m1.userId, people.m2.userId] }).expect(ok);
    expect(res.body.meeting).toMatchObject({ quorumMet: true, present: expect.arrayContaining([{ userId: people.m2.userId, name: 'Meg Member' }]) });
  });

  it('only designated members record outcomes (403 for the master admin and strangers); each outcome needs its fields (400)', async () => {
    await expectError(await outcome('flagApprove', { outcome: 'approve' }, admin), 403);
    await expectError(await outcome('flagApprove', { outcome: 'approve' }, tokens.stranger), 403);
    await expectError(await outcome('flagConditions', { outcome: 'approve-with-conditions', followUpOn: '2099-01-01' }), 400, 'conditions');
    await expectError(await outcome('flagDeny', { outcome: 'deny', note: 'No' }), 400, 'reasons');
    await expectError(await outcome('flagDefer', { outcome: 'defer' }), 400, 'questions');
    await expectError(await outcome('clean1', { outcome: 'approve' }), 404);
  });

  it('approve: the file Approved, the provider notified with the letter', async () => {
    const res = await outcome('flagApprove', { outcome: 'approve', note: 'Discipline remote and completed' }).expect(ok);
    expect(res.body.meeting.agenda.find((a: { providerId: string }) => a.providerId === people.flagApprove.userId).outcome).toMatchObject({ outcome: 'approve', byName: 'Max Member' });
    const f = (await api().get(file(people.flagApprove.userId)).set(bearer(tokens.flagApprove)).expect(ok)).body.file;
    expect(f).toMatchObject({ status: 'Approved', committee: { outcomes: [{ outcome: 'approve', meetingId }] } });
    expect((await notification(tokens.flagApprove, 'Credentialing approved')).body).toContain('Your credentialing was approved');
    await expectError(await outcome('flagApprove', { outcome: 'approve' }), 409);
  });

  it('approve with conditions: the letter names the conditions and their follow-up date', async () => {
    const followUpOn = addMonths(today(), 6);
    await outcome('flagConditions', { outcome: 'approve-with-conditions', conditions: 'Proctoring of 10 cases', followUpOn }).expect(ok);
    const f = (await api().get(file(people.flagConditions.userId)).set(bearer(tokens.flagConditions)).expect(ok)).body.file;
    expect(f).toMatchObject({ status: 'Approved', committee: { outcomes: [{ outcome: 'approve-with-conditions', conditions: 'Proctoring of 10 cases', followUpOn }] } });
    await notification(tokens.flagConditions, 'Credentialing approved');
    const text = await pdfOf(tokens.flagConditions, f.notice.letters[0].url);
    expect(text).toContain('Credentialing decision: Approved with conditions');
    expect(text).toContain('Conditions of the approval: Proctoring of 10 cases');
    expect(text).toContain(`The committee follows up on these conditions on ${mdy(followUpOn)}`);
  });

  it('deny: reason codes and the explanation reach the provider (notification, letter)', async () => {
    await outcome('flagDeny', { outcome: 'deny', reasons: ['licence-action'], note: 'Discipline not disclosed in time' }).expect(ok);
    const f = (await api().get(file(people.flagDeny.userId)).set(bearer(tokens.flagDeny)).expect(ok)).body.file;
    expect(f).toMatchObject({ status: 'Denied', notice: { reasons: ['licence-action'] } });
    expect((await notification(tokens.flagDeny, 'Credentialing denied')).body).toContain('You may appeal until');
    const text = await pdfOf(tokens.flagDeny, f.notice.letters[0].url);
    expect(text).toContain('Action against a licence');
    expect(text).toContain('Explanation: Discipline not disclosed in time');
  });

  it('defer: the file goes back to staff (Verification) with the questions; staff are told', async () => {
    await outcome('flagDefer', { outcome: 'defer', questions: 'Send the proctoring report of 2019' }).expect(ok);
    const f = (await api().get(file(people.flagDefer.userId)).set(bearer(admin)).expect(ok)).body.file;
    expect(f).toMatchObject({ status: 'Verification', committee: { route: null, outcomes: [{ outcome: 'defer', questions: 'Send the proctoring report of 2019' }] }, can: { submit: true } });
    expect(f.history.at(-1).why).toBe('Committee meeting: deferred to staff: Send the proctoring report of 2019');
    expect((await notification(admin, 'Committee deferred the file')).body).toContain("Fred Flag's file");
  });

  it('minutes: a PDF of who attended and each outcome with its reasons, for the committee and the master admin only', async () => {
    await expectError(await api().post(`${C}/meetings/${meetingId}/minutes`).set(bearer(tokens.stranger)), 403);
    await expectError(await api().get(`${C}/meetings/${meetingId}/minutes`).set(bearer(tokens.m1)), 404);
    const res = await api().post(`${C}/meetings/${meetingId}/minutes`).set(bearer(tokens.m1)).expect(ok);
    expect(res.body.meeting.minutes).toEqual([{ minutesId: expect.any(String), generatedAt: expect.any(String), generatedBy: 'Max Member' }]);
    const text = await pdfOf(tokens.md, `${C}/meetings/${meetingId}/minutes`);
    expect(text).toContain(`Credentialing committee minutes: ${mdy(today())}`);
    expect(text).toContain('Members present (3):');
    for (const name of ['Mia Director', 'Max Member', 'Meg Member']) expect(text).toContain(name);
    expect(text).toContain('Quorum: 3 (met)');
    expect(text).toContain('Flag, Fay');
    expect(text).toContain('Outcome: Approved (recorded by Max Member)');
    expect(text).toContain('Outcome: Approved with conditions');
    expect(text).toContain('Conditions: Proctoring of 10 cases');
    expect(text).toContain('Outcome: Denied');
    expect(text).toContain('Reasons: Action against a licence');
    expect(text).toContain('Note: Discipline not disclosed in time');
    expect(text).toContain('Outcome: Deferred to staff');
    expect(text).toContain('Questions to staff: Send the proctoring report of 2019');
    await pdfOf(admin, `${C}/meetings/${meetingId}/minutes`);
    for (const who of ['stranger', 'flagDeny', 'm3']) await expectError(await api().get(`${C}/meetings/${meetingId}/minutes`).set(bearer(tokens[who])), 403);
    await api().get(`${C}/meetings/${meetingId}/minutes`).expect(401);
  });
});
