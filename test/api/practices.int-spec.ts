/**
 * Practices through the gateway: every call of spec practices §7 for practices, who
 * may call it (the master admin creates and deletes; a practice's Practice Owners and Practice
 * Managers edit it; a Member editing and a non-admin deleting answer 403), the §5 rules (400
 * naming the field, nothing created), unique NPI / user name / email (409), the last Practice
 * Owner (409), the directory's renames reaching the practice, uploads, each user's practices,
 * and the notifications of the users concerned.
 */
import { Client } from 'pg';
import sharp from 'sharp';
import request from 'supertest';
import { practices } from '@app/contracts';
import { withNpiCheckDigit } from '@app/validation';
import { startTestSystem, type TestSystem } from '../support/system';
import { filesUnder } from '../support/upload-dir';
import { registerAccount, signIn, type TestAccount, uniqueMobile } from '../support/identity';
import { MASTER_ADMIN as ADMIN, bearer, ok, until as eventually } from '../support/http';

let sys: TestSystem;
let pg: Client;
let admin: string;
let owner: TestAccount;
let ownerToken: string;
let member: TestAccount;
let memberToken: string;
let outsider: TestAccount;
let outsiderToken: string;
const published: { subject: string; data: Record<string, unknown> }[] = [];

const api = () => request(sys.baseUrl);

let n = 0;
function newPractice(over: Record<string, unknown> = {}) {
  n++;
  return {
    npi: withNpiCheckDigit(`15${String(1000000 + n * 7919).slice(-7)}`),
    practiceName: `Sunrise Family Medicine ${n}`,
    displayName: `Sunrise ${n}`,
    userName: `sunrise${n}x`,
    streetAddress: '100 Congress Avenue',
    suite: '200',
    city: 'Austin',
    state: 'tx',
    zip: '787011234',
    email: `office${n}@sunrise.test`,
    phone: '(512) 555-0100',
    fax: '512-555-0101',
    website: 'sunrise.example.com',
    profileDescription: 'A family practice.\nSince 1990.',
    practiceOwners: [
      { id: owner.userId, fullName: 'Owner', accessType: 'Practice Owner' },
      { id: member.userId, fullName: 'Member' },
    ],
    ...over,
  };
}

async function practiceCount(): Promise<number> {
  return Number((await pg.query('SELECT count(*) AS c FROM practices.practices')).rows[0].c);
}

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  sys = await startTestSystem({ label: 'practices', contexts: ['identity', 'directory', 'practices', 'notifications'] });
  pg = new Client({ connectionString: sys.db.url });
  await pg.connect();
  const sub = sys.nc.subscribe(`${sys.prefix}.events.practices.>`);
  void (async () => {
    for await (const m of sub) published.push({ subject: m.subject, data: m.json() });
  })();
  await eventually(async () => (await pg.query('SELECT 1 FROM identity.accounts WHERE is_master_admin')).rowCount === 1, 30_000);
  ({ token: admin } = await signIn(sys, ADMIN));
  // The owner has no first and last name: the practice shows the directory's display name.
  // Mobiles of this run only (sign-in codes are read from the development outbox by number).
  const mobile = () => uniqueMobile('+1303555');
  owner = await registerAccount(sys, { firstName: undefined, lastName: undefined, displayName: 'Olivia Owner', mobile: mobile() });
  member = await registerAccount(sys, { mobile: mobile() });
  outsider = await registerAccount(sys, { mobile: mobile() });
  ({ token: ownerToken } = await signIn(sys, owner));
  ({ token: memberToken } = await signIn(sys, member));
  ({ token: outsiderToken } = await signIn(sys, outsider));
  // The practices learn the users (and who is the master admin) from the directory's events.
  await eventually(async () => (await pg.query('SELECT 1 FROM practices.practice_people WHERE id = ANY($1)', [[owner.userId, member.userId, outsider.userId]])).rowCount === 3, 30_000);
  await eventually(async () => (await pg.query('SELECT 1 FROM practices.practice_people WHERE is_master_admin')).rowCount === 1, 30_000);
}, 180_000);

afterAll(async () => {
  await pg?.end();
  await sys?.stop();
});

describe('create a practice (PUT /api/users/addPractice)', () => {
  it('the master admin creates it with its owners; a new owner without an access type starts as Member', async () => {
    const body = newPractice();
    const res = await api().put('/api/users/addPractice').set(bearer(admin)).send(body).expect(ok);
    expect(res.body).toMatchObject({
      success: true,
      practice: {
        npi: body.npi,
        practiceName: body.practiceName,
        displayName: body.displayName,
        userName: body.userName,
        email: body.email,
        phone: '+15125550100',
        fax: '+15125550101',
        website: 'https://sunrise.example.com',
        profileDescription: 'A family practice.\nSince 1990.',
        mailingAddress: { streetAddress1: '100 Congress Avenue', suite: '200', city: 'Austin', state: 'TX', zip: '787011234' },
        users: [
          { id: owner.userId, accessType: 'Practice Owner', fullName: 'Olivia Owner' },
          { id: member.userId, accessType: 'Member' },
        ],
      },
    });
    const profile = await api().get('/api/users/getPracticeProfile').query({ npi: body.npi }).set(bearer(outsiderToken)).expect(ok);
    expect(profile.body.practice._id).toBe(res.body.practice._id);
    // Also on /api/v1.
    const v1 = await api().put('/api/v1/users/addPractice').set(bearer(admin)).send(newPractice()).expect(ok);
    expect(v1.body.practice.users).toHaveLength(2);
  });

  it('publishes events.practices.PracticeCreated and PracticeUserAdded per user', async () => {
    const body = newPractice();
    const res = await api().put('/api/users/addPractice').set(bearer(admin)).send(body).expect(ok);
    const id = res.body.practice._id;
    await eventually(async () => published.filter((e) => e.data.data && (e.data.data as { practiceId?: string }).practiceId === id).length >= 3);
    const mine = published.filter((e) => (e.data.data as { practiceId?: string }).practiceId === id);
    expect(mine.map((e) => e.subject.split('.').pop())).toEqual(['PracticeCreated', 'PracticeUserAdded', 'PracticeUserAdded']);
    expect(mine[1].data).toMatchObject({ type: 'practices.PracticeUserAdded.v1', data: { userId: owner.userId, accessType: 'Practice Owner', practiceName: body.practiceName } });
  });

  it('every §5 rule answers 400 naming the field, and nothing is created', async () => {
    const before = await practiceCount();
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ displayName: 'x' }, 'displayName', 'Invalid Display Name'],
      [{ displayName: 'x'.repeat(41) }, 'displayName', 'Invalid Display Name'],
      [{ userName: 'a b' }, 'userName', 'Invalid User Name'],
      [{ userName: 'x'.repeat(21) }, 'userName', 'Invalid User Name'],
      [{ email: 'not-an-email' }, 'email', 'Invalid Email'],
      [{ email: undefined }, 'email', 'Invalid Email'],
      [{ phone: '123' }, 'phone', 'Invalid Phone #'],
      [{ streetAddress: '12 Ab' }, 'streetAddress', 'Invalid Street'],
      [{ city: 'A' }, 'city', 'Invalid City'],
      [{ state: 'Texas' }, 'state', 'Invalid State'],
      [{ zip: '7870' }, 'zip', 'Invalid Zip'],
      [{ npi: '1234567890' }, 'npi', 'Invalid NPI'],
      [{ practiceName: '' }, 'practiceName', practices.INVALID_PRACTICE_NAME],
      [{ practiceOwners: [] }, 'practiceOwners', practices.NEEDS_AN_OWNER],
      [{ practiceOwners: [{ id: owner.userId, accessType: 'Boss' }] }, 'practiceOwners', /Invalid Access Type/],
      [{ practiceOwners: [{ id: 'nope' }] }, 'practiceOwners', /user id/],
      [{ website: 'javascript:alert(1)' }, 'website', 'Invalid Website'],
      [{ avatarImageUrl: 'https://evil.test/a.png' }, 'avatarImageUrl', 'Invalid image'],
    ];
    for (const [over, field, message] of cases) {
      const res = await api().put('/api/users/addPractice').set(bearer(admin)).send(newPractice(over));
      expect({ over, status: res.status, field: res.body.field }).toEqual({ over, status: 400, field: expect.stringMatching(new RegExp(`^${field}`)) });
      expect(res.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    }
    // No owner with the access type Practice Owner (both start as Member): 400 too.
    const noOwner = await api()
      .put('/api/users/addPractice')
      .set(bearer(admin))
      .send(newPractice({ practiceOwners: [{ id: owner.userId }, { id: member.userId }] }));
    expect(noOwner.status).toBe(400);
    expect(noOwner.body).toMatchObject({ field: 'practiceOwners', message: practices.NEEDS_A_PRACTICE_OWNER });
    // A user the directory does not know.
    const unknown = await api()
      .put('/api/users/addPractice')
      .set(bearer(admin))
      .send(newPractice({ practiceOwners: [{ id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', accessType: 'Practice Owner' }] }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toBe('practiceOwners');
    expect(await practiceCount()).toBe(before);
  });

  it('form data works too (practiceOwners as JSON text)', async () => {
    const body = newPractice();
    const form = { ...body, practiceOwners: JSON.stringify(body.practiceOwners) };
    const res = await api().put('/api/users/addPractice').set(bearer(admin)).type('form').send(form).expect(ok);
    expect(res.body.practice.users.map((u: { accessType: string }) => u.accessType)).toEqual(['Practice Owner', 'Member']);
  });

  it('NPI, user name and email are unique among practices (409 naming the field); the checks and the suggestion agree', async () => {
    const first = newPractice();
    await api().put('/api/users/addPractice').set(bearer(admin)).send(first).expect(ok);
    const before = await practiceCount();
    const dupNpi = await api().put('/api/users/addPractice').set(bearer(admin)).send(newPractice({ npi: first.npi }));
    expect(dupNpi.status).toBe(409);
    expect(dupNpi.body).toMatchObject({ field: 'npi', message: practices.NPI_TAKEN });
    const dupName = await api().put('/api/users/addPractice').set(bearer(admin)).send(newPractice({ userName: first.userName.toUpperCase() }));
    expect(dupName.status).toBe(409);
    expect(dupName.body).toMatchObject({ field: 'userName', message: 'User Name Taken' });
    const dupEmail = await api().put('/api/users/addPractice').set(bearer(admin)).send(newPractice({ email: first.email.toUpperCase() }));
    expect(dupEmail.status).toBe(409);
    expect(dupEmail.body).toMatchObject({ field: 'email', message: 'Email already in use' });
    expect(await practiceCount()).toBe(before);

    expect((await api().get('/api/users/isPracticeUserNameExists').query({ userName: first.userName }).set(bearer(admin)).expect(ok)).body).toEqual({ isDuplicate: true });
    expect((await api().get('/api/users/isPracticeUserNameExists').query({ userName: 'freename42' }).set(bearer(admin)).expect(ok)).body).toEqual({ isDuplicate: false });
    expect((await api().get('/api/users/isPracticeEmailExists').query({ email: first.email }).set(bearer(admin)).expect(ok)).body).toEqual({ isDuplicate: true });
    expect((await api().get('/api/users/isPracticeEmailExists').query({ email: 'free@sunrise.test' }).set(bearer(admin)).expect(ok)).body).toEqual({ isDuplicate: false });
    expect((await api().get('/api/users/isPracticeUserNameExists').query({ userName: 'a b' }).set(bearer(admin))).status).toBe(400);
    expect((await api().get('/api/users/isPracticeEmailExists').query({ email: 'x' }).set(bearer(admin))).status).toBe(400);

    // The suggestion from an organisation name: the derived name, then a free one.
    const org = 'LAKESIDE PEDIATRICS, P.L.L.C.';
    const s1 = await api().get('/api/users/getPracticeUsername').query({ organizationName: org }).set(bearer(admin)).expect(ok);
    expect(s1.body).toEqual({ userName: 'lakesidepediatric' });
    await api().put('/api/users/addPractice').set(bearer(admin)).send(newPractice({ userName: s1.body.userName })).expect(ok);
    const s2 = await api().get('/api/users/getPracticeUsername').query({ organizationName: org }).set(bearer(admin)).expect(ok);
    expect(s2.body).toEqual({ userName: 'lakesidepediatric2' });
    expect((await api().get('/api/users/getPracticeUsername').query({ organizationName: 'x' }).set(bearer(admin))).status).toBe(400);

    const byNpi = await api().get('/api/v1/practices/byNpi').query({ npis: `${first.npi},1234567893` }).set(bearer(admin)).expect(ok);
    expect(byNpi.body.practices).toEqual([{ npi: first.npi, userName: first.userName, _id: expect.any(String) }]);
  });
});

describe('who may do what', () => {
  let practice: { _id: string; npi: string };
  beforeAll(async () => {
    practice = (await api().put('/api/users/addPractice').set(bearer(admin)).send(newPractice()).expect(ok)).body.practice;
  });

  const update = (over: Record<string, unknown> = {}) => ({
    practiceId: practice._id,
    displayName: 'Edited Name',
    userName: `edited${practice.npi.slice(-6)}`,
    streetAddress: '200 Lamar Boulevard',
    suite: '',
    city: 'Austin',
    state: 'TX',
    zip: '78704',
    phone: '512-555-0199',
    fax: '',
    website: '',
    profileDescription: 'Edited',
    practiceOwners: [
      { id: owner.userId, accessType: 'Practice Owner' },
      { id: member.userId, accessType: 'Member' },
    ],
    deletedOwners: [],
    ...over,
  });

  it('without a token: 401', async () => {
    expect((await api().post('/api/users/allPractices').send({})).status).toBe(401);
    expect((await api().put('/api/users/addPractice').send(newPractice())).status).toBe(401);
    expect((await api().get('/api/users/getPracticeProfile').query({ npi: practice.npi })).status).toBe(401);
  });

  it('a non-admin creating, deleting or listing all practices: 403', async () => {
    const before = await practiceCount();
    expect((await api().put('/api/users/addPractice').set(bearer(ownerToken)).send(newPractice())).status).toBe(403);
    expect(await practiceCount()).toBe(before);
    const del = await api().delete('/api/users/deletePractice').set(bearer(ownerToken)).send({ _id: practice._id });
    expect(del.status).toBe(403);
    await api().get('/api/users/getPracticeProfile').query({ npi: practice.npi }).set(bearer(admin)).expect(ok);
    expect((await api().post('/api/users/allPractices').set(bearer(memberToken)).send({})).status).toBe(403);
  });

  it('a Member or an outsider editing the practice: 403, nothing changes', async () => {
    for (const token of [memberToken, outsiderToken]) {
      const res = await api().post('/api/users/updatePracticeProfile').set(bearer(token)).send(update());
      expect(res.status).toBe(403);
    }
    const profile = (await api().get('/api/users/getPracticeProfile').query({ npi: practice.npi }).set(bearer(admin)).expect(ok)).body.practice;
    expect(profile.displayName).not.toBe('Edited Name');
  });

  it('a Practice Owner edits it (JSON on /api/v1); email is not editable; the edit rules answer 400', async () => {
    const res = await api().post('/api/v1/users/updatePracticeProfile').set(bearer(ownerToken)).send(update({ email: 'other@x.test' })).expect(ok);
    expect(res.body.practice).toMatchObject({
      displayName: 'Edited Name',
      mailingAddress: { streetAddress1: '200 Lamar Boulevard', suite: null, city: 'Austin', state: 'TX', zip: '78704' },
      phone: '+15125550199',
      email: expect.stringMatching(/@sunrise\.test$/),
    });
    for (const [over, field] of [
      [{ displayName: 'x' }, 'displayName'],
      [{ streetAddress: 'short' }, 'streetAddress'],
      [{ practiceOwners: [] }, 'practiceOwners'],
      [{ practiceId: 'nope' }, 'practiceId'],
    ] as [Record<string, unknown>, string][]) {
      const bad = await api().post('/api/users/updatePracticeProfile').set(bearer(ownerToken)).send(update(over));
      expect({ status: bad.status, field: bad.body.field }).toEqual({ status: 400, field });
    }
    const missing = await api().post('/api/users/updatePracticeProfile').set(bearer(admin)).send(update({ practiceId: '7c9e6679-7425-40de-944b-e07fc1f90ae7' }));
    expect(missing.status).toBe(404);
  });

  it('the last Practice Owner cannot be demoted or removed: 409 with a message', async () => {
    const demote = await api()
      .post('/api/users/updatePracticeProfile')
      .set(bearer(ownerToken))
      .send(update({ practiceOwners: [{ id: owner.userId, accessType: 'Member' }, { id: member.userId }] }));
    expect(demote.status).toBe(409);
    expect(demote.body).toMatchObject({ success: false, message: practices.LAST_PRACTICE_OWNER });
    const remove = await api()
      .post('/api/users/updatePracticeProfile')
      .set(bearer(admin))
      .send(update({ practiceOwners: [{ id: member.userId }], deletedOwners: [owner.userId] }));
    expect(remove.status).toBe(409);
    const users = (await api().get('/api/users/getPracticeProfile').query({ npi: practice.npi }).set(bearer(admin)).expect(ok)).body.practice.users;
    expect(users.map((u: { accessType: string }) => u.accessType)).toEqual(['Practice Owner', 'Member']);
  });

  it('changing an access type and removing a user notify that user (category Practice)', async () => {
    await api()
      .post('/api/users/updatePracticeProfile')
      .set(bearer(ownerToken))
      .send(update({ practiceOwners: [{ id: owner.userId, accessType: 'Practice Owner' }, { id: member.userId, accessType: 'Practice Manager' }] }))
      .expect(ok);
    // Now a Practice Manager: the member may edit.
    await api().post('/api/users/updatePracticeProfile').set(bearer(memberToken)).send(update({ displayName: 'By the Manager', practiceOwners: [{ id: owner.userId, accessType: 'Practice Owner' }, { id: member.userId, accessType: 'Practice Manager' }] })).expect(ok);
    const notes = await eventually(async () => {
      const r = await api().post('/api/users/getNotifications').set(bearer(memberToken)).send({});
      const list = r.body.notifications as { heading: string; body: string; category: string }[];
      return list?.some((x) => x.body.includes('is now Practice Manager')) && list;
    });
    expect(notes.find((x) => x.body.includes('is now Practice Manager'))).toMatchObject({ category: 'Practice', heading: 'Your practice access type changed' });
    expect(notes.some((x) => x.heading === 'You were added to a practice')).toBe(true);
  });
});

describe("reads: grid, profile, providers, each user's practices", () => {
  it('allPractices: the grid contract, with the users and their access types', async () => {
    const res = await api().post('/api/users/allPractices').set(bearer(admin)).send({ skip: 0, limit: 10, filters: { practiceName: { filterType: 'startsWith', value: 'sunrise' } }, sorting: { practiceName: 1 } }).expect(ok);
    expect(res.body.count).toBeGreaterThan(1);
    expect(res.body.practices.length).toBeLessThanOrEqual(10);
    expect(res.body.practices[0]).toMatchObject({ _id: expect.any(String), practiceName: expect.stringMatching(/^Sunrise/), npi: expect.stringMatching(/^\d{10}$/), mailingAddress: { city: 'Austin' } });
    expect(res.body.practices[0].users.some((u: { accessType: string }) => u.accessType === 'Practice Owner')).toBe(true);
    const names = res.body.practices.map((p: { practiceName: string }) => p.practiceName.toLowerCase());
    expect(names).toEqual([...names].sort());
    const bad = await api().post('/api/users/allPractices').set(bearer(admin)).send({ filters: { nope: { filterType: 'contains', value: 'x' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('filters.nope');
    // Form data: filters and sorting as JSON text.
    await api().post('/api/users/allPractices').set(bearer(admin)).type('form').send({ skip: '0', limit: '10', filters: '{}', sorting: '{"phone":-1}' }).expect(ok);
  });

  it('getProviderPractices answers from the practices (one user, or the caller)', async () => {
    const theirs = await api().get('/api/users/getProviderPractices').query({ providerId: owner.userId }).set(bearer(outsiderToken)).expect(ok);
    expect(theirs.body.practices.length).toBeGreaterThan(0);
    expect(theirs.body.practices[0]).toMatchObject({ practiceName: expect.any(String), npi: expect.any(String), users: expect.any(Array) });
    const own = await api().get('/api/users/getProviderPractices').set(bearer(ownerToken)).expect(ok);
    expect(own.body.practices.map((p: { _id: string }) => p._id).sort()).toEqual(theirs.body.practices.map((p: { _id: string }) => p._id).sort());
    expect((await api().get('/api/users/getProviderPractices').set(bearer(outsiderToken)).expect(ok)).body.practices).toEqual([]);
    expect((await api().get('/api/users/getProviderPractices').query({ providerId: 'x' }).set(bearer(outsiderToken))).status).toBe(400);
  });

  it('getPracticeProviders: the users with their access types; a directory rename shows in the practice', async () => {
    const practice = (await api().put('/api/users/addPractice').set(bearer(admin)).send(newPractice()).expect(ok)).body.practice;
    const res = await api().get('/api/users/getPracticeProviders').query({ practiceId: practice._id }).set(bearer(memberToken)).expect(ok);
    expect(res.body.providers).toEqual([
      expect.objectContaining({ _id: owner.userId, accessType: 'Practice Owner', fullName: 'Olivia Owner' }),
      expect.objectContaining({ _id: member.userId, accessType: 'Member', firstName: 'Test' }),
    ]);
    const byOwners = await api().get('/api/users/getPracticeProviders').query({ ownerIds: `${owner.userId},${member.userId}` }).set(bearer(memberToken)).expect(ok);
    expect(byOwners.body.providers).toHaveLength(2);
    expect((await api().get('/api/users/getPracticeProviders').set(bearer(memberToken))).status).toBe(400);

    // The master admin renames the owner in the directory: the practice follows its events.
    await api()
      .post('/api/users/updateUserProfile')
      .set(bearer(admin))
      .send({ userId: owner.userId, displayName: 'Olivia Renamed', userName: owner.userName, streetAddress: '300 Main Street', city: 'Austin', state: 'TX', zip: '78701', phone: '512-555-0111', website: '' })
      .expect(ok);
    const renamed = await eventually(async () => {
      const p = (await api().get('/api/users/getPracticeProfile').query({ npi: practice.npi }).set(bearer(admin))).body.practice;
      return p?.users?.[0]?.fullName === 'Olivia Renamed' && p;
    });
    expect(renamed.users[0]).toMatchObject({ id: owner.userId, fullName: 'Olivia Renamed' });
  });
});

describe('images and deletion', () => {
  it('a Practice Owner replaces the avatar and banner; a Member may not (403)', async () => {
    const practice = (await api().put('/api/users/addPractice').set(bearer(admin)).send(newPractice()).expect(ok)).body.practice;
    const file = await png(60, 60);
    const res = await api().post('/api/v1/users/updatePracticeAvatar').set(bearer(ownerToken)).field('practiceId', practice._id).attach('file', file, 'a.png').expect(ok);
    expect(res.body.fileUrl).toMatch(/^\/api\/files\/[a-f0-9]{32}\.png$/);
    expect(res.body.practice.avatarImageUrl).toBe(res.body.fileUrl);
    const banner = await api().post('/api/v1/users/updatePracticeBanner').set(bearer(ownerToken)).field('practiceId', practice._id).attach('file', await png(600, 100), 'b.png').expect(ok);
    expect(banner.body.practice.bannerImageUrl).toBe(banner.body.fileUrl);
    const before = filesUnder(sys.env.UPLOAD_DIR);
    const denied = await api().post('/api/v1/users/updatePracticeAvatar').set(bearer(memberToken)).field('practiceId', practice._id).attach('file', file, 'a.png');
    expect(denied.status).toBe(403);
    // The file arrives before the practice id in this body: still nothing is kept.
    const deniedBanner = await api().post('/api/v1/users/updatePracticeBanner').set(bearer(outsiderToken)).attach('file', file, 'b.png').field('practiceId', practice._id);
    expect(deniedBanner.status).toBe(403);
    expect(filesUnder(sys.env.UPLOAD_DIR)).toEqual(before);
    const noId = await api().post('/api/v1/users/updatePracticeAvatar').set(bearer(ownerToken)).attach('file', file, 'a.png');
    expect(noId.status).toBe(400);
    expect(noId.body.field).toBe('practiceId');
  });

  it('the master admin deletes a practice: gone from every read, its NPI and user name free again', async () => {
    const body = newPractice();
    const practice = (await api().put('/api/users/addPractice').set(bearer(admin)).send(body).expect(ok)).body.practice;
    expect((await api().delete('/api/users/deletePractice').set(bearer(admin)).send({ _id: 'nope' })).status).toBe(400);
    await api().delete('/api/users/deletePractice').set(bearer(admin)).type('form').send({ _id: practice._id }).expect(ok);
    expect((await api().get('/api/users/getPracticeProfile').query({ npi: body.npi }).set(bearer(admin))).status).toBe(404);
    expect((await api().delete('/api/users/deletePractice').set(bearer(admin)).send({ _id: practice._id })).status).toBe(404);
    expect((await api().get('/api/users/isPracticeUserNameExists').query({ userName: body.userName }).set(bearer(admin)).expect(ok)).body).toEqual({ isDuplicate: false });
    await api().put('/api/users/addPractice').set(bearer(admin)).send(body).expect(ok);
  });

  it('DELETE /api/users/deleteUser from the grids: admins only', async () => {
    const victim = await registerAccount(sys, { mobile: uniqueMobile('+1303555') });
    await eventually(async () => (await api().get('/api/users/getProviderProfile').query({ providerId: victim.userId }).set(bearer(admin))).status === 200);
    expect((await api().delete('/api/users/deleteUser').set(bearer(ownerToken)).send({ _id: victim.userId })).status).toBe(403);
    await api().delete('/api/users/deleteUser').set(bearer(admin)).send({ _id: victim.userId }).expect(ok);
    await eventually(async () => (await api().get('/api/users/getProviderProfile').query({ providerId: victim.userId }).set(bearer(admin))).status === 404);
  });
});
