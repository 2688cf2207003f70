/**
 * Need to know: a person's account email and mobile go to the person themself, the
 * master admin and the Practice Owners and Managers of a practice the person belongs to; a
 * stranger reads every profile without them. And the directory learns practice registrations
 * from the practices service's events: searchAllNpiPractice names the practice holding an NPI.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startTestSystem, type TestSystem } from '../support/system';
import { registerAccount, signIn, type TestAccount, uniqueMobile } from '../support/identity';
import { MASTER_ADMIN as ADMIN, bearer, ok, until } from '../support/http';

let sys: TestSystem;
let dir: string;
let admin: string;
let alice: TestAccount;
let owner: TestAccount;
let stranger: TestAccount;
let plainAdmin: TestAccount;
const tokens: Record<string, string> = {};
let orgNpi: string;

const api = () => request(sys.baseUrl);
const mobile = () => uniqueMobile('+1303555');

beforeAll(async () => {
  sys = await startTestSystem({ label: 'needtoknow', contexts: ['identity', 'directory', 'practices'] });
  const { generateSampleRegistry, FIXED_SAMPLE_ROWS } = await import('../../apps/directory/src/registry/sample-registry');
  const { importNppes } = await import('../../apps/directory/src/registry/nppes-importer');
  orgNpi = FIXED_SAMPLE_ROWS.organization.npi;
  dir = mkdtempSync(join(tmpdir(), 'needtoknow-'));
  const files = await generateSampleRegistry({ dir, individuals: 50, organizations: 20, seed: 7 });
  await importNppes({ databaseUrl: sys.db.url, schema: 'directory', file: files.dataFile, endpointsFile: files.endpointsFile });
  ({ token: admin } = await until(() => signIn(sys, ADMIN), 30_000));
  alice = await registerAccount(sys, { mobile: mobile() });
  owner = await registerAccount(sys, { mobile: mobile() });
  stranger = await registerAccount(sys, { mobile: mobile() });
  plainAdmin = await registerAccount(sys, { mobile: mobile(), roles: { isAdmin: true, isProvider: false, isAuditor: false } });
  for (const a of [alice, owner, stranger, plainAdmin]) tokens[a.userId] = (await signIn(sys, a)).token;
}, 180_000);

afterAll(async () => {
  await sys?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const profileOf = (token: string, userId: string) => api().get('/api/users/getProviderProfile').query({ providerId: userId }).set(bearer(token));

describe('contact data on a need-to-know basis', () => {
  it('a stranger reads a profile without the account email and mobile; the person and the master admin with them', async () => {
    const seen = await until(async () => {
      const r = await profileOf(tokens[stranger.userId], alice.userId);
      return r.status === 200 && r;
    });
    expect(seen.body.user).toMatchObject({ _id: alice.userId, userName: alice.userName, email: '', mobile: null });
    expect(JSON.stringify(seen.body)).not.toContain(alice.email);
    const own = await profileOf(tokens[alice.userId], alice.userId).expect(ok);
    expect(own.body.user).toMatchObject({ email: alice.email, mobile: alice.mobile });
    const master = await profileOf(admin, alice.userId).expect(ok);
    expect(master.body.user).toMatchObject({ email: alice.email, mobile: alice.mobile });
  });

  it('an administrator who is not the master admin gets grid rows of strangers without them (their own row with them)', async () => {
    const grid = await api().post('/api/v1/users/getUsers').set(bearer(tokens[plainAdmin.userId])).send({ limit: 100 }).expect(ok);
    const rows = grid.body.users as { _id: string; email: string; mobile: string | null }[];
    const row = rows.find((u) => u._id === alice.userId);
    expect(row).toMatchObject({ email: '', mobile: null });
    expect(rows.find((u) => u._id === plainAdmin.userId)).toMatchObject({ email: plainAdmin.email });
    expect(JSON.stringify(rows)).not.toContain(alice.email);
    // Nor can a filter or a sort on the mobile tell which row holds a number.
    const digits = alice.mobile!.replace(/^\+1/, '').slice(0, 6);
    const probe = await api().post('/api/v1/users/getUsers').set(bearer(tokens[plainAdmin.userId])).send({ filters: { mobile: { filterType: 'contains', value: digits } } });
    expect(probe.status).toBe(403);
    await api().post('/api/v1/users/getUsers').set(bearer(tokens[plainAdmin.userId])).send({ sorting: { mobile: 1 } }).expect(403);
    await api().post('/api/v1/users/getUsers').set(bearer(admin)).send({ filters: { mobile: { filterType: 'contains', value: digits } } }).expect(ok);
  });

  it('search results carry no contact data', async () => {
    const found = await api().get('/api/users/searchUsers').query({ searchTerm: alice.userName }).set(bearer(tokens[stranger.userId])).expect(ok);
    expect(found.body.users.map((u: { _id: string }) => u._id)).toContain(alice.userId);
    expect(JSON.stringify(found.body)).not.toContain(alice.email);
    expect(JSON.stringify(found.body)).not.toContain(alice.mobile);
  });

  it("a Practice Owner of a practice the person belongs to sees them; a practice's plain member does not see the owner's", async () => {
    await until(async () => (await profileOf(tokens[owner.userId], owner.userId)).status === 200);
    const practice = await api()
      .put('/api/users/addPractice')
      .set(bearer(admin))
      .send({
        npi: orgNpi,
        practiceName: 'Acme Family Health',
        displayName: 'Acme Health',
        userName: 'acmehealth',
        streetAddress: '100 Congress Avenue',
        city: 'Austin',
        state: 'tx',
        zip: '78701',
        email: 'office@acme.test',
        phone: '(512) 555-0100',
        practiceOwners: [
          { id: owner.userId, fullName: 'Owner', accessType: 'Practice Owner' },
          { id: alice.userId, fullName: 'Alice', accessType: 'Member' },
        ],
      })
      .expect(ok);
    expect(practice.body.practice.npi).toBe(orgNpi);
    const seen = await until(async () => {
      const r = await profileOf(tokens[owner.userId], alice.userId);
      return r.status === 200 && r.body.user.email === alice.email && r;
    }, 30_000);
    expect(seen.body.user.mobile).toBe(alice.mobile);
    const member = await profileOf(tokens[alice.userId], owner.userId).expect(ok);
    expect(member.body.user).toMatchObject({ email: '', mobile: null });
    // Still nothing for a stranger.
    expect((await profileOf(tokens[stranger.userId], alice.userId).expect(ok)).body.user.email).toBe('');
  });

  it("searchAllNpiPractice names the practice that holds an organisation's NPI (learned from the practices' events)", async () => {
    const res = await until(async () => {
      const r = await api().get('/api/users/searchAllNpiPractice').query({ searchTerm: orgNpi }).set(bearer(tokens[stranger.userId]));
      const hit = r.body.users?.find((u: { number: string }) => u.number === orgNpi);
      return hit?.userName && hit;
    }, 30_000);
    expect(res.userName).toBe('acmehealth');
  });
});
