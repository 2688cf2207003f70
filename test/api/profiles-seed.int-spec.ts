/**
 * `npm run seed` (scripts/seed.ts) against the running system: the demo users go through
 * directory.cmd.createUser (identity registers each account, the directory records each profile
 * as events), providers take their NPI, names, credential and specialty from the sample registry,
 * avatars are drawn locally and served by the gateway, a second run adds nothing, and
 * `--if-empty` leaves a non-empty directory alone. The bulk path (--profiles) appends
 * ProfileCreated events that the directory projects into the users grid.
 */
import { Client } from 'pg';
import sharp from 'sharp';
import request from 'supertest';
import { withNpiCheckDigit } from '@app/validation';
import { testNatsUrl } from '@app/testing';
import { bulkProfiles, seedDemo, waitForBulkProjection } from '../../scripts/seed';
import { startTestSystem, type TestSystem } from '../support/system';
import { signIn } from '../support/identity';

const ADMIN = { email: 'admin@example.test', mobile: '+12025550100', password: 'Correct-Horse-Battery-9' };
let sys: TestSystem;
let pg: Client;
let admin: string;
const lines: string[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const PEOPLE = [
  ['123450001', 'ADA', 'MARIE', 'OKONKWO', 'M.D.', 'Family Medicine', '1200 MAIN STREET', 'HOUSTON', 'TX', '770021234'],
  ['123450002', 'BRUNO', null, 'FERREIRA', 'D.O.', 'Internal Medicine', '45 ELM AVENUE', 'BOSTON', 'MA', '02110'],
  ['123450003', 'CHLOE', null, "O'BRIEN-SMITH", null, null, '9 OAK', 'X', '', ''],
  ['123450004', 'DMITRI', 'A', 'VOLKOV', 'NP', 'Nurse Practitioner, Family', '77 PINE ROAD', 'DENVER', 'CO', '80202'],
].map(([npi, ...rest]) => [withNpiCheckDigit(npi as string), ...rest]);

beforeAll(async () => {
  sys = await startTestSystem({ label: 'profseed', contexts: ['identity', 'directory'] });
  pg = new Client({ connectionString: sys.db.url });
  await pg.connect();
  for (const [npi, first, middle, last, credential, taxonomy, street, city, state, zip] of PEOPLE)
    await pg.query(
      `INSERT INTO directory.registry_providers (npi, entity_type, first_name, middle_name, last_name, credential, primary_taxonomy_desc, loc_address_1, loc_city, loc_state, loc_postal_code, sample)
       VALUES ($1, 1, $2, $3, $4, $5, $6, $7, $8, $9, $10, true)`,
      [npi, first, middle, last, credential, taxonomy, street, city, state, zip],
    );
  // Not sample data: never seeded.
  await pg.query(`INSERT INTO directory.registry_providers (npi, entity_type, first_name, last_name, sample) VALUES ($1, 1, 'REAL', 'PERSON', false)`, [withNpiCheckDigit('123450009')]);
  for (let i = 0; i < 150; i++) {
    if ((await pg.query('SELECT 1 FROM directory.profiles WHERE is_master_admin')).rowCount) break;
    await sleep(200);
  }
  ({ token: admin } = await signIn(sys, ADMIN));
}, 120_000);

afterAll(async () => {
  await pg?.end();
  await sys?.stop();
});

const seed = (over: Partial<Parameters<typeof seedDemo>[0]> = {}) =>
  seedDemo({
    databaseUrl: sys.db.url,
    natsUrl: testNatsUrl(),
    signingKey: sys.env.ACTOR_SIGNING_KEY,
    uploadDir: sys.env.UPLOAD_DIR,
    providers: 10,
    staff: 6,
    log: (l) => lines.push(l),
    ...over,
  });

describe('npm run seed (demo directory)', () => {
  it('creates providers from the sample registry and staff users through createUser, with local avatars', async () => {
    expect(await seed({ ifEmpty: true })).toBe(10); // 4 registry people + 6 staff
    expect(lines.join('\n')).toMatch(/sample registry has 4 people for 10 providers/);

    // Each create waits (bounded) for the read model; on a loaded machine it may still lag a little.
    const list = () => request(sys.baseUrl).post('/api/v1/users/getUsers').set({ Authorization: `Bearer ${admin}` }).send({ limit: 50 }).expect(200);
    let users = await list();
    for (let i = 0; i < 100 && users.body.count < 11; i++) users = (await sleep(200), await list());
    expect(users.body.count).toBe(11); // and the master admin
    const byNpi = new Map<string, Record<string, unknown>>(users.body.users.filter((u: { npi: string | null }) => u.npi).map((u: { npi: string }) => [u.npi, u]));
    expect([...byNpi.keys()].sort()).toEqual(PEOPLE.map((p) => p[0]).sort());
    expect(byNpi.get(PEOPLE[0][0] as string)).toEqual(
      expect.objectContaining({
        firstName: 'Ada',
        middleName: 'Marie',
        lastName: 'Okonkwo',
        credentials: 'M.D.',
        specialty: 'Family Medicine',
        mailingAddress: expect.objectContaining({ streetAddress1: '1200 Main Street', city: 'Houston', state: 'TX', zip: '77002' }),
      }),
    );
    // A registry address that breaks the §5 rules is replaced by a valid made-up one.
    const chloe = byNpi.get(PEOPLE[2][0] as string) as { lastName: string; mailingAddress: { streetAddress1: string; state: string; zip: string } };
    expect(chloe.lastName).toBe("O'Brien-Smith");
    expect(chloe.mailingAddress.streetAddress1.length).toBeGreaterThan(5);
    expect(chloe.mailingAddress.state).toMatch(/^[A-Z]{2}$/);
    expect(chloe.mailingAddress.zip).toMatch(/^\d{5}$/);
    expect(users.body.users.some((u: { npi: string | null }) => u.npi === withNpiCheckDigit('123450009'))).toBe(false);

    // Identity has every account (the user names are taken there), the profiles are events.
    for (const u of users.body.users) {
      const taken = await request(sys.baseUrl).get(`/api/v1/users/exists/username/${encodeURIComponent(u.userName)}`).expect(200);
      expect(taken.body.isDuplicate).toBe(true);
    }
    const { rows: events } = await pg.query(`SELECT type, count(*)::int AS n FROM directory.events WHERE type IN ('ProfileDrafted', 'ProfileCreated') GROUP BY 1 ORDER BY 1`);
    expect(events).toEqual([
      { type: 'ProfileCreated', n: 11 },
      { type: 'ProfileDrafted', n: 10 },
    ]);
    // Every fifth staff member administers (index 5 here): staff, not providers.
    const { rows: roles } = await pg.query('SELECT is_admin, is_provider, count(*)::int AS n FROM directory.profiles WHERE NOT is_master_admin GROUP BY 1, 2 ORDER BY 1, 2');
    expect(roles).toEqual([
      { is_admin: false, is_provider: false, n: 5 },
      { is_admin: false, is_provider: true, n: 4 },
      { is_admin: true, is_provider: false, n: 1 },
    ]);

    // Avatars: generated PNGs in the upload storage, served with their type.
    const avatar = users.body.users.find((u: { npi: string | null }) => u.npi === PEOPLE[0][0]).avatarImageUrl as string;
    expect(avatar).toMatch(/^\/api\/files\/[a-f0-9]{32}\.png$/);
    const file = await request(sys.baseUrl).get(avatar).buffer(true).expect(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(await sharp(file.body as Buffer).metadata()).toEqual(expect.objectContaining({ width: 256, height: 256, format: 'png' }));

    // No invitation emails for seeded users.
    const outbox = await request(sys.baseUrl).get('/api/dev/outbox').query({ to: users.body.users.find((u: { npi: string | null }) => u.npi === PEOPLE[1][0]).email }).expect(200);
    expect(outbox.body).toEqual([]);
  }, 120_000);

  it('a second run adds nothing; --if-empty skips a directory that has profiles', async () => {
    expect(await seed()).toBe(0);
    expect(await seed({ ifEmpty: true })).toBe(0);
    expect(lines.at(-1)).toMatch(/has profiles already/);
    const { rows } = await pg.query('SELECT count(*)::int AS n FROM directory.profiles');
    expect(rows[0].n).toBe(11);
  }, 120_000);
});

describe('npm run seed -- --profiles N (bulk)', () => {
  it('appends ProfileCreated events that the directory projects into the users grid; a re-run appends nothing twice', async () => {
    const r = await bulkProfiles({ databaseUrl: sys.db.url, profiles: 1200, batch: 500, writers: 2, log: () => undefined });
    expect(r.appended).toBe(1200);
    expect(await waitForBulkProjection(sys.db.url, 1200, 60_000, () => undefined)).toBe(true);
    await bulkProfiles({ databaseUrl: sys.db.url, profiles: 1200, batch: 500, writers: 2, log: () => undefined });
    // The slower path through the store's append gives the same events.
    await bulkProfiles({ databaseUrl: sys.db.url, profiles: 100, from: 1200, viaAppend: true, log: () => undefined });
    expect(await waitForBulkProjection(sys.db.url, 1300, 60_000, () => undefined)).toBe(true);
    const { rows } = await pg.query(`SELECT count(*)::int AS n, count(DISTINCT stream_id)::int AS streams FROM directory.events WHERE metadata->>'correlationId' = 'seed-bulk'`);
    expect(rows[0]).toEqual({ n: 1300, streams: 1300 });
    const { rows: one } = await pg.query(`SELECT email, name, zip_digits, is_provider FROM directory.profiles WHERE email LIKE '%@bulk.example.test' ORDER BY created_at DESC LIMIT 1`);
    expect(one[0]).toEqual({ email: expect.stringMatching(/^[a-z]+0@bulk\.example\.test$/), name: expect.stringMatching(/^\S.*, \S/), zip_digits: expect.stringMatching(/^\d{5}$/), is_provider: false });
    const grid = await request(sys.baseUrl)
      .post('/api/v1/users/getUsers')
      .set({ Authorization: `Bearer ${admin}` })
      .send({ limit: 10, filters: JSON.stringify({ name: { filterType: 'contains', value: 'a' } }), sorting: JSON.stringify({ name: 1 }) })
      .expect(200);
    expect(grid.body.count).toBeGreaterThan(100);
    expect(grid.body.users).toHaveLength(10);
  }, 120_000);
});
