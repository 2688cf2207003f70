/**
 * The grids' CSV exports through the gateway: every row the grid would show for the caller, with
 * its filters and sort, in the same order, streamed as CSV (quoted and escaped, formula-like cells
 * prefixed); authorization as the grid's own route (401 without a token, a caller sees only the
 * rows the grid shows them).
 */
import { Client } from 'pg';
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { givenFile, reviewedFile } from '../support/credentialing-files';
import { registerAccount, signIn, type TestAccount, uniqueMobile } from '../support/identity';
import { startTestSystem, type TestSystem } from '../support/system';
import { MASTER_ADMIN as ADMIN, bearer, ok, until } from '../support/http';

let sys: TestSystem;
let pg: Client;
let admin: string;
let stranger: string;
const providers: TestAccount[] = [];

const api = () => request(sys.baseUrl);

/** The CSV of a GET, as records (header first). */
async function csv(url: string, token: string, query: Record<string, string> = {}): Promise<string[][]> {
  const res = await api().get(url).query(query).set(bearer(token)).buffer(true).parse((r, cb) => {
    let text = '';
    r.setEncoding('utf8');
    r.on('data', (c: string) => (text += c));
    r.on('end', () => cb(null, text));
  });
  expect([res.status, res.headers['content-type']]).toEqual([200, 'text/csv; charset=utf-8']);
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
  return parse(res.body as string, { relax_column_count: false }) as string[][];
}

beforeAll(async () => {
  sys = await startTestSystem({ label: 'grid-export', contexts: ['identity', 'directory', 'practices', 'credentialing'] });
  pg = new Client({ connectionString: sys.db.url });
  await pg.connect();
  await until(async () => (await pg.query('SELECT 1 FROM identity.accounts WHERE is_master_admin')).rowCount === 1, 120_000);
  ({ token: admin } = await signIn(sys, ADMIN));
  const mobile = () => uniqueMobile('+1303558');
  const names: [string, string][] = [
    ['Ann', 'Comma, Jr'],
    ['Bea', 'Quote "Q"'],
    ['Cal', '=Formula'],
    ['Dee', 'Émond'],
    ['Eve', 'Plain'],
  ];
  for (const [firstName, lastName] of names) providers.push(await registerAccount(sys, { mobile: mobile(), firstName, lastName }));
  stranger = (await signIn(sys, await registerAccount(sys, { mobile: mobile() }))).token;
  const ids = providers.map((p) => p.userId);
  await until(async () => (await pg.query('SELECT 1 FROM credentialing.credentialing_profiles WHERE id = ANY($1) AND is_provider', [ids])).rowCount === ids.length, 120_000);
  // Four files in Committee Review, one decided (Approved).
  for (const p of providers) await givenFile(sys.db.url, p.userId, reviewedFile(p.userId));
  await api().post(`/api/v1/credentialing/files/${providers[4].userId}/decision`).set(bearer(admin)).send({ decision: 'Approved', note: 'ok' }).expect(ok);
}, 240_000);

afterAll(async () => {
  await pg?.end();
  await sys?.stop();
});

describe('the files grid as CSV', () => {
  it('has the rows and order of the grid for its filters and sort, quoted and escaped', async () => {
    const filters = { status: { filterType: 'contains', value: 'review' } };
    const sorting = { provider: -1 };
    const grid = await api().post('/api/v1/credentialing/getFiles').set(bearer(admin)).send({ skip: 0, limit: 100, filters, sorting }).expect(ok);
    const files = grid.body.files as { provider: string; npi: string | null; status: string; openItems: number }[];
    expect(files).toHaveLength(4);
    const records = await csv('/api/v1/credentialing/files/export', admin, { format: 'csv', filters: JSON.stringify(filters), sorting: JSON.stringify(sorting) });
    expect(records[0]).toEqual(['Provider', 'NPI', 'Status', 'Open items', 'Next expiry', 'Recredentialing due', 'Last change', 'Exclusion', 'Monitoring']);
    const rows = records.slice(1);
    // Formula-like text is prefixed with ' (the grid's value otherwise).
    expect(rows.map((r) => r[0])).toEqual(files.map((f) => (/^[=+\-@]/.test(f.provider) ? `'${f.provider}` : f.provider)));
    expect(rows.map((r) => [r[2], r[3]])).toEqual(files.map((f) => [f.status, String(f.openItems)]));
    expect(rows.map((r) => r[0])).toEqual(expect.arrayContaining(['Comma, Jr, Ann', 'Quote "Q", Bea']));
    expect(rows.map((r) => r[0])).toContain("'=Formula, Cal");
  });

  it('without filters has every file the grid counts, unsorted in the grid order', async () => {
    const grid = await api().post('/api/v1/credentialing/getFiles').set(bearer(admin)).send({ skip: 0, limit: 100 }).expect(ok);
    const rows = (await csv('/api/v1/credentialing/files/export', admin)).slice(1);
    expect(rows.map((r) => r[0])).toEqual((grid.body.files as { provider: string }[]).map((f) => (/^[=+\-@]/.test(f.provider) ? `'${f.provider}` : f.provider)));
    expect(rows).toHaveLength(grid.body.count);
  });

  it('answers as the grid does: the rows the caller may see, 401 without a token, 400 naming a bad filter or format', async () => {
    const own = await csv('/api/v1/credentialing/files/export', (await signIn(sys, providers[0])).token);
    expect(own.slice(1).map((r) => r[0])).toEqual(['Comma, Jr, Ann']);
    expect((await csv('/api/v1/credentialing/files/export', stranger)).slice(1)).toEqual([]);
    expect((await api().get('/api/v1/credentialing/files/export')).status).toBe(401);
    const bad = await api().get('/api/v1/credentialing/files/export').query({ sorting: JSON.stringify({ nope: 1 }) }).set(bearer(admin));
    expect([bad.status, bad.body.field]).toEqual([400, 'sorting.nope']);
    const format = await api().get('/api/v1/credentialing/files/export').query({ format: 'xlsx' }).set(bearer(admin));
    expect([format.status, format.body.field]).toEqual([400, 'format']);
  });
});

describe('the administrators\' grids as CSV', () => {
  it('users: the rows and order of the grid for its filters and sort', async () => {
    const filters = { name: { filterType: 'contains', value: ',' } };
    const sorting = { name: 1 };
    const grid = await api().post('/api/v1/users/getUsers').set(bearer(admin)).send({ skip: 0, limit: 100, filters, sorting }).expect(ok);
    const users = grid.body.users as { firstName: string; lastName: string; email: string }[];
    expect(users.length).toBeGreaterThanOrEqual(5);
    const records = await csv('/api/v1/users/getUsers/export', admin, { filters: JSON.stringify(filters), sorting: JSON.stringify(sorting) });
    expect(records[0]).toEqual(['Name', 'Credentials', 'Specialty', 'Primary practice address', 'Mobile', 'Email', 'Last updated']);
    const rows = records.slice(1);
    expect(rows.map((r) => r[5])).toEqual(users.map((u) => u.email));
    expect(rows.map((r) => r[0])).toContain("'=Formula, Cal");
  });

  it('practices and facilities: the grid\'s rows; 403 for a caller the grid refuses', async () => {
    const grid = await api().post('/api/users/allPractices').set(bearer(admin)).send({ skip: 0, limit: 100, sorting: { practiceName: -1 } }).expect(ok);
    const rows = (await csv('/api/v1/users/allPractices/export', admin, { sorting: JSON.stringify({ practiceName: -1 }) })).slice(1);
    expect(rows.map((r) => r[0])).toEqual((grid.body.practices as { practiceName: string }[]).map((p) => p.practiceName));
    expect(await csv('/api/v1/users/allFacilities/export', admin)).toEqual([['NPI', 'Type', 'Contact last name', 'Contact first name', 'Organization', 'Street', 'Suite', 'City', 'State', 'ZIP', 'Mobile', 'Phone', 'Fax', 'Email', 'Created', 'Updated']]);
    for (const url of ['/api/v1/users/getUsers/export', '/api/v1/users/allPractices/export', '/api/v1/users/allFacilities/export']) {
      const refused = await api().get(url).set(bearer(stranger));
      expect([url, refused.status, refused.body.success]).toEqual([url, 403, false]);
      expect((await api().get(url)).status).toBe(401);
    }
  });
});

