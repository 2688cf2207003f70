/**
 * The provider is told, through the gateway: the decision (approval, denial, the appeal's outcome)
 * reaches the provider as a notification, an email (the development outbox) and a decision letter
 * stored in the file (its PDF text read back); a denial needs reason codes (400); the provider
 * alone appeals (403), within 30 days (409 naming the deadline); correction requests are asked by
 * the provider and answered by staff. Files are given as events in the provider's stream (a file
 * in Committee Review whose open items are all closed), the rest goes through the API.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { addDays, addMonths } from '../../apps/credentialing/src/domain/calendar';
import type { CredentialingEvent } from '../../apps/credentialing/src/domain/credentialing-file.events';
import { givenFile, reviewedFile } from '../support/credentialing-files';
import { notificationWithHeading, pdfTextAt } from '../support/credentialing-notices';
import { lastMessage, registerAccount, signIn, type TestAccount, uniqueMobile } from '../support/identity';
import { startTestSystem, type TestSystem } from '../support/system';
import { MASTER_ADMIN as ADMIN, bearer, ok, until } from '../support/http';

let sys: TestSystem;
let pg: Client;
let admin: string;
let provider: TestAccount;
let approvedProvider: TestAccount;
let lateProvider: TestAccount;
let credentialer: TestAccount;
const tokens: Record<'provider' | 'approvedProvider' | 'lateProvider' | 'credentialer' | 'stranger', string> = {} as never;
const licenceId = randomUUID();

const api = () => request(sys.baseUrl);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const today = () => new Date().toISOString().slice(0, 10);
const mdy = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
const file = (id: string) => `/api/v1/credentialing/files/${id}`;

async function expectError(res: request.Response, status: number, field?: string) {
  expect([res.status, res.body.success, field ? res.body.field : undefined]).toEqual([status, false, field]);
}

const given = (providerId: string, events: CredentialingEvent[]) => givenFile(sys.db.url, providerId, events);

const notification = (token: string, heading: string) => notificationWithHeading(sys, token, heading);

/** The newest email to the address whose subject matches, waited for. */
async function email(to: string, subject: RegExp) {
  return until(async () => {
    const m = await lastMessage(sys, to).catch(() => undefined);
    return m && m.channel === 'email' && subject.test(m.subject ?? '') ? m : undefined;
  }, 60_000);
}

const letterText = (token: string, url: string) => pdfTextAt(sys, token, url);

beforeAll(async () => {
  sys = await startTestSystem({ label: 'cred-notice', contexts: ['identity', 'directory', 'practices', 'notifications', 'credentialing'] });
  pg = new Client({ connectionString: sys.db.url });
  await pg.connect();
  await until(async () => (await pg.query('SELECT 1 FROM identity.accounts WHERE is_master_admin')).rowCount === 1, 30_000);
  ({ token: admin } = await signIn(sys, ADMIN));
  const mobile = () => uniqueMobile('+1303555');
  provider = await registerAccount(sys, { mobile: mobile(), firstName: 'Ann', lastName: 'Provider' });
  approvedProvider = await registerAccount(sys, { mobile: mobile(), firstName: 'Bea', lastName: 'Approved' });
  lateProvider = await registerAccount(sys, { mobile: mobile(), firstName: 'Cal', lastName: 'Late' });
  credentialer = await registerAccount(sys, { mobile: mobile(), roles: { isAdmin: false, isProvider: false, isAuditor: false } });
  const stranger = await registerAccount(sys, { mobile: mobile() });
  const owner = await registerAccount(sys, { mobile: mobile(), roles: { isAdmin: false, isProvider: false, isAuditor: false } });
  for (const [k, a] of Object.entries({ provider, approvedProvider, lateProvider, credentialer, stranger })) tokens[k as keyof typeof tokens] = (await signIn(sys, a)).token;
  // A practice with the provider and its Credentialer (credentialing learns the memberships from the events).
  await until(async () => (await pg.query('SELECT 1 FROM practices.practice_people WHERE id = ANY($1)', [[provider.userId, credentialer.userId, owner.userId]])).rowCount === 3, 30_000);
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
        { id: owner.userId, fullName: 'Owner', accessType: 'Practice Owner' },
        { id: credentialer.userId, fullName: 'Credentialer', accessType: 'Credentialer' },
        { id: provider.userId, fullName: 'Provider', accessType: 'Provider' },
      ],
    });
  expect([200, 404]).toContain(practice.status);
  await until(async () => (await pg.query('SELECT 1 FROM credentialing.credentialing_memberships')).rowCount === 3, 30_000);
  await until(async () => (await pg.query('SELECT 1 FROM credentialing.credentialing_profiles WHERE id = ANY($1) AND is_provider', [[provider.userId, approvedProvider.userId]])).rowCount === 2, 30_000);
  await given(provider.userId, reviewedFile(provider.userId, licenceId));
  await given(approvedProvider.userId, reviewedFile(approvedProvider.userId));
  // A denial decided 31 days ago: its appeal window closed yesterday.
  const late = reviewedFile(lateProvider.userId);
  const { providerId, cycleId } = late[0].data as { providerId: string; cycleId: string };
  const decidedOn = addDays(today(), -31);
  await given(lateProvider.userId, [
    ...late,
    { type: 'FileDecided', data: { providerId, cycleId, decision: 'Denied', note: 'Late', decidedOn, recredentialingDueOn: null, reasons: ['other'], appeal: false, at: `${decidedOn}T12:00:00.000Z`, by: providerId } },
    { type: 'FileStatusChanged', data: { providerId, cycleId, from: 'Committee Review', to: 'Denied', at: `${decidedOn}T12:00:00.000Z`, by: providerId, why: 'Committee decision: Denied' } },
  ]);
}, 240_000);

afterAll(async () => {
  await pg?.end();
  await sys?.stop();
});

describe('an approval reaches the provider', () => {
  it('notification, email and a letter naming the decision, its date and the recredentialing due date', async () => {
    const res = await api().post(`${file(approvedProvider.userId)}/decision`).set(bearer(admin)).send({ decision: 'Approved', note: 'Committee of the month' }).expect(ok);
    const due = addMonths(today(), 36);
    expect(res.body.file).toMatchObject({ status: 'Approved', recredentialingDueOn: due, notice: { reasons: [], appealDeadline: null, letters: [{ decision: 'Approved', decidedOn: today(), appeal: false }] } });
    const n = await notification(tokens.approvedProvider, 'Credentialing approved');
    expect(n.body).toBe(`Your credentialing was approved on ${mdy(today())}. Read the decision letter in your credentialing file.`);
    const mail = await email(approvedProvider.email, /a credentialing decision has been made/);
    expect(mail.body).toContain('Sign in to read the decision letter in your credentialing file');
    expect(mail.body).not.toMatch(/approved|denied/i);
    const text = await letterText(tokens.approvedProvider, res.body.file.notice.letters[0].url);
    expect(text).toContain('Credentialing decision: Approved');
    expect(text).toContain(`Date of decision: ${mdy(today())}`);
    expect(text).toContain(`Recredentialing due date: ${mdy(due)}`);
    expect(text).toContain('Bea Approved');
  });
});

describe('a denial: reason codes, notice, letter', () => {
  it('400 naming reasons without a reason code or with an unknown one; nothing changes', async () => {
    await expectError(await api().post(`${file(provider.userId)}/decision`).set(bearer(admin)).send({ decision: 'Denied', note: 'No' }), 400, 'reasons');
    await expectError(await api().post(`${file(provider.userId)}/decision`).set(bearer(admin)).send({ decision: 'Denied', note: 'No', reasons: ['bad-hair'] }), 400, 'reasons');
    expect((await api().get(file(provider.userId)).set(bearer(admin)).expect(ok)).body.file.status).toBe('Committee Review');
  });

  it('the denial reaches the provider: notification with the appeal deadline, email, letter with the reasons', async () => {
    const res = await api()
      .post(`${file(provider.userId)}/decision`)
      .set(bearer(admin))
      .send({ decision: 'Denied', note: 'Probation by the state board', reasons: ['licence-action', 'malpractice-history'] })
      .expect(ok);
    const deadline = addDays(today(), 30);
    expect(res.body.file).toMatchObject({ status: 'Denied', notice: { reasons: ['licence-action', 'malpractice-history'], appealDeadline: deadline, can: { appeal: false } } });
    const own = await api().get(file(provider.userId)).set(bearer(tokens.provider)).expect(ok);
    expect(own.body.file.notice.can).toMatchObject({ appeal: true, requestCorrection: true, answerCorrection: false });
    const n = await notification(tokens.provider, 'Credentialing denied');
    expect(n.body).toBe(`Your credentialing was denied. Read the decision letter in your credentialing file. You may appeal until ${mdy(deadline)}.`);
    await email(provider.email, /a credentialing decision has been made/);
    const text = await letterText(tokens.provider, res.body.file.notice.letters[0].url);
    expect(text).toContain('Credentialing decision: Denied');
    expect(text).toContain(`Date of decision: ${mdy(today())}`);
    expect(text).toContain('Action against a licence');
    expect(text).toContain('Malpractice claims history');
    expect(text).toContain('Explanation: Probation by the state board');
    expect(text).toContain(`you may request an appeal until ${mdy(deadline)}`);
    // The letter is the file's: staff see it; strangers, no token and unknown letters do not.
    await letterText(tokens.credentialer, res.body.file.notice.letters[0].url);
    await expectError(await api().get(res.body.file.notice.letters[0].url).set(bearer(tokens.stranger)), 403);
    await api().get(res.body.file.notice.letters[0].url).expect(401);
    await expectError(await api().get(`${file(provider.userId)}/letters/${randomUUID()}`).set(bearer(admin)), 404);
    await expectError(await api().get(`${file(provider.userId)}/letters/nope`).set(bearer(admin)), 400, 'letterId');
  });
});

describe('the appeal', () => {
  it('only the provider appeals (403), with a statement (400); the file goes to Appeal; staff are told; a second appeal is 409', async () => {
    const url = `${file(provider.userId)}/appeal`;
    await expectError(await api().post(url).set(bearer(tokens.credentialer)).send({ statement: 'For the provider' }), 403);
    await expectError(await api().post(url).set(bearer(admin)).send({ statement: 'For the provider' }), 403);
    await expectError(await api().post(url).set(bearer(tokens.stranger)).send({ statement: 'Me' }), 403);
    await expectError(await api().post(url).set(bearer(tokens.provider)).send({ statement: '' }), 400, 'statement');
    const res = await api()
      .post(url)
      .set(bearer(tokens.provider))
      .field('statement', 'The probation ended in 2025; the board order is attached.')
      .attach('file', PDF, { filename: 'board-order.pdf', contentType: 'application/pdf' })
      .expect(ok);
    expect(res.body.file).toMatchObject({
      status: 'Appeal',
      notice: { appeal: { status: 'Requested', requestedOn: today(), documents: [{ fileName: 'board-order.pdf', fileUrl: expect.stringMatching(/^\/api\/files\//) }] }, can: { appeal: false, addAppealDocument: true } },
    });
    const more = await api().post(`${url}/documents`).set(bearer(tokens.provider)).attach('file', PDF, { filename: 'letter.pdf', contentType: 'application/pdf' }).expect(ok);
    expect(more.body.file.notice.appeal.documents).toHaveLength(2);
    await expectError(await api().post(url).set(bearer(tokens.provider)).send({ statement: 'Again' }), 409);
    const n = await notification(tokens.credentialer, 'Credentialing appeal requested');
    expect(n.body).toBe('Ann Provider appealed the denial of their credentialing. The file is back before the committee.');
    expect((await api().get(file(provider.userId)).set(bearer(admin)).expect(ok)).body.file.notice.can.decideAppeal).toBe(true);
  });

  it('the master admin approves on appeal: notification, email and a second letter with the due date', async () => {
    const res = await api().post(`${file(provider.userId)}/decision`).set(bearer(admin)).send({ decision: 'Approved', note: 'The probation ended' }).expect(ok);
    const due = addMonths(today(), 36);
    expect(res.body.file).toMatchObject({ status: 'Approved', recredentialingDueOn: due, notice: { appeal: { status: 'Approved', decidedOn: today() } } });
    expect(res.body.file.notice.letters.map((l: { decision: string; appeal: boolean }) => [l.decision, l.appeal])).toEqual([
      ['Denied', false],
      ['Approved', true],
    ]);
    expect(res.body.file.history.at(-1)).toMatchObject({ from: 'Appeal', to: 'Approved', why: 'Committee decision on the appeal: Approved' });
    await notification(tokens.provider, 'Appeal decided: approved');
    await email(provider.email, /a decision on your appeal has been made/);
    const text = await letterText(tokens.provider, res.body.file.notice.letters[1].url);
    expect(text).toContain('Decision on your appeal: Approved');
    expect(text).toContain(`Recredentialing due date: ${mdy(due)}`);
  });

  it('after 30 days the appeal is refused with 409 naming the deadline', async () => {
    const res = await api().post(`${file(lateProvider.userId)}/appeal`).set(bearer(tokens.lateProvider)).send({ statement: 'Too late?' });
    await expectError(res, 409);
    expect(res.body.message).toContain(`closed on ${addDays(today(), -1)}`);
    expect((await api().get(file(lateProvider.userId)).set(bearer(tokens.lateProvider)).expect(ok)).body.file).toMatchObject({ status: 'Denied', notice: { appealDeadline: addDays(today(), -1), can: { appeal: false } } });
  });
});

describe('correction requests', () => {
  it('the provider asks about an item; staff are told, see it open and answer it; the provider is told', async () => {
    const url = `${file(provider.userId)}/corrections`;
    await expectError(await api().post(url).set(bearer(tokens.credentialer)).send({ subject: 'file', note: 'x' }), 403);
    await expectError(await api().post(url).set(bearer(tokens.provider)).send({ subject: 'passport', note: 'x' }), 400, 'subject');
    await expectError(await api().post(url).set(bearer(tokens.provider)).send({ subject: `credential:${randomUUID()}`, note: 'x' }), 400, 'subject');
    await expectError(await api().post(url).set(bearer(tokens.provider)).send({ subject: 'file' }), 400, 'note');
    const asked = await api().post(url).set(bearer(tokens.provider)).send({ subject: `credential:${licenceId}`, note: 'My licence number is Z123457' }).expect(ok);
    const [correction] = asked.body.file.notice.corrections;
    expect(correction).toMatchObject({ subject: `credential:${licenceId}`, note: 'My licence number is Z123457', requestedBy: provider.userId, answer: null, answeredAt: null });
    await notification(tokens.credentialer, 'Correction requested');
    const answerUrl = `${url}/${correction.correctionId}/answer`;
    await expectError(await api().post(answerUrl).set(bearer(tokens.provider)).send({ answer: 'Done' }), 403);
    await expectError(await api().post(answerUrl).set(bearer(tokens.credentialer)).send({ answer: ' ' }), 400, 'answer');
    await expectError(await api().post(`${url}/${randomUUID()}/answer`).set(bearer(tokens.credentialer)).send({ answer: 'Done' }), 404);
    const answered = await api().post(answerUrl).set(bearer(tokens.credentialer)).send({ answer: 'Corrected from the board record' }).expect(ok);
    expect(answered.body.file.notice.corrections[0]).toMatchObject({ answer: 'Corrected from the board record', answeredBy: credentialer.userId, answeredAt: expect.any(String) });
    await expectError(await api().post(answerUrl).set(bearer(admin)).send({ answer: 'Again' }), 409);
    await notification(tokens.provider, 'Correction request answered');
  });
});

describe('integration events', () => {
  it('notices and decisions leave with ids, kinds and dates only (no reasons, statements or notes)', async () => {
    const { rows } = await pg.query<{ type: string; data: Record<string, unknown> }>(
      `SELECT type, data FROM credentialing.events WHERE stream_id = $1 AND type = 'CredentialingNoticeRaised' ORDER BY global_position`,
      [`credentialing-alerts-${provider.userId}`],
    );
    expect(rows.map((r) => r.data.kind)).toEqual(['decision-denied', 'appeal-requested', 'appeal-approved', 'correction-requested', 'correction-answered']);
    for (const r of rows) expect(Object.keys(r.data).sort()).toEqual(['kind', 'noticeId', 'onDate', 'providerId', 'providerName', 'raisedAt', 'recipients']);
  });
});
