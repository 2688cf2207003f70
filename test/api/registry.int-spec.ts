/**
 * The national provider registry through the gateway: a small generated registry in
 * the NPPES layout, imported by the real importer into the directory mirror, searched over HTTP
 * by a signed-in user: NPI (exact and prefix), 'Last, First', organisations, narrowing, ranking,
 * bad input, the per-user rate limit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { startTestSystem, type TestSystem } from '../support/system';
import { registerAccount, signIn } from '../support/identity';

const RATE_LIMIT = 150;
let sys: TestSystem;
let token: string;
let dir: string;
let fixed: typeof import('../../apps/directory/src/registry/sample-registry').FIXED_SAMPLE_ROWS;

beforeAll(async () => {
  sys = await startTestSystem({ label: 'registry', contexts: ['identity', 'directory'], env: { REGISTRY_RATE_LIMIT: String(RATE_LIMIT) } });
  const { generateSampleRegistry, FIXED_SAMPLE_ROWS } = await import('../../apps/directory/src/registry/sample-registry');
  const { importNppes } = await import('../../apps/directory/src/registry/nppes-importer');
  fixed = FIXED_SAMPLE_ROWS;
  dir = mkdtempSync(join(tmpdir(), 'registry-'));
  const files = await generateSampleRegistry({ dir, individuals: 3000, organizations: 800, seed: 42 });
  const report = await importNppes({ databaseUrl: sys.db.url, schema: 'directory', file: files.dataFile, endpointsFile: files.endpointsFile });
  expect(report.rowsRejected).toBe(0);
  ({ token } = await signIn(sys, await registerAccount(sys)));
}, 120_000);

afterAll(async () => {
  await sys?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const api = () => request(sys.baseUrl);
const get = (path: string, query: Record<string, string> = {}, t = token) => api().get(path).query(query).set({ Authorization: `Bearer ${t}` });

const ROUTES = ['/api/v1/npi/search', '/api/npi/searchNppes', '/api/v1/users/searchAllNpi', '/api/users/searchAllNpiPractice', '/api/v1/npi/status'];

describe('registry calls', () => {
  it('are for signed-in users only', async () => {
    for (const path of ROUTES) await api().get(path).query({ searchTerm: 'mul', npi: fixed.person.npi }).expect(401);
  });

  it('searchNppes gives one NPI in the registry shape: location then mailing address, NUCC descs, endpoints, the sample flag', async () => {
    const res = await get('/api/npi/searchNppes', { npi: fixed.person.npi }).expect(200);
    expect(res.body).toMatchObject({ success: true, sampleData: true });
    const p = res.body.providerData;
    expect(p).toMatchObject({
      number: fixed.person.npi,
      enumeration_type: 'NPI-1',
      basic: { first_name: 'JOSÉ', middle_name: 'A', last_name: 'MÜLLER-ÅSTRÖM', organization_name: '', credential: 'MD', status: 'A' },
      sample: true,
    });
    expect(p.addresses.map((a: { address_purpose: string }) => a.address_purpose)).toEqual(['LOCATION', 'MAILING']);
    expect(p.addresses[0]).toMatchObject({ city: 'ALBANY', state: 'NY', postal_code: expect.stringMatching(/^12207/) });
    expect(p.addresses[1]).toEqual(expect.objectContaining({ address_1: expect.any(String), city: expect.any(String), state: expect.any(String), postal_code: expect.any(String) }));
    expect(p.endpoints).toHaveLength(2);
    expect(p.endpoints[0]).toMatchObject({ endpointType: 'DIRECT', endpoint: `provider${fixed.person.npi}@direct.${p.endpoints[0].endpoint.split('@direct.')[1]}` });
    const primary = p.taxonomies.filter((t: { primary: boolean }) => t.primary);
    expect(primary).toHaveLength(1);
    expect(primary[0]).toEqual({ code: expect.stringMatching(/^20[78]/), desc: expect.any(String), primary: true, state: expect.stringMatching(/^[A-Z]{2}$/), license: expect.any(String) });
    expect(primary[0].desc).not.toMatch(/^20|\\$/);
  });

  it('keeps deactivated NPIs, marked; an unknown valid NPI is 404; a wrong check digit is 400 Invalid NPI', async () => {
    const d = await get('/api/npi/searchNppes', { npi: fixed.deactivated.npi }).expect(200);
    expect(d.body.providerData).toMatchObject({ number: fixed.deactivated.npi, deactivated: true, enumeration_type: null, basic: { status: 'D', deactivation_date: '2020-06-15' } });
    await get('/api/npi/searchNppes', { npi: '1234567893' }).expect(404);
    for (const npi of ['1234567890', '123456789', '12345678930', 'abc', '', "1234567893' OR '1'='1", '1234567893; DROP TABLE registry_providers', 'x'.repeat(5000)]) {
      const bad = await get('/api/npi/searchNppes', { npi }).expect(400);
      expect(bad.body).toMatchObject({ success: false, message: 'Invalid NPI', field: 'npi' });
    }
    expect((await get('/api/npi/searchNppes').expect(400)).body).toMatchObject({ success: false, message: 'Invalid NPI', field: 'npi' });
    for (const path of ['/api/v1/npi/search', '/api/v1/users/searchAllNpi', '/api/users/searchAllNpiPractice']) {
      const bad = await get(path, { searchTerm: '1234567890' }).expect(400);
      expect(bad.body).toMatchObject({ success: false, message: 'Invalid NPI' });
    }
  });

  it("npi/search finds 'Last, First' by prefixes, without case or accents, exact names first", async () => {
    const res = await get('/api/v1/npi/search', { searchTerm: 'muller-ast, jo' }).expect(200);
    expect(res.body.providers[0]).toMatchObject({ npi: fixed.person.npi, providerLastName: 'MÜLLER-ÅSTRÖM', providerFirstName: 'JOSÉ', credential: 'MD', sample: true });
    const both = await get('/api/v1/npi/search', { searchTerm: 'MUL' }).expect(200);
    const npis = both.body.providers.map((p: { npi: string }) => p.npi);
    expect(npis).toEqual(expect.arrayContaining([fixed.person.npi, fixed.person2.npi]));
    for (const p of both.body.providers) expect(p.providerLastName.normalize('NFKD').replace(/\p{M}/gu, '')).toMatch(/^MUL/);
    // Results are in name order after the exact matches.
    const names = both.body.providers.map((p: { providerLastName: string; providerFirstName: string }) => `${p.providerLastName}`);
    expect(names.length).toBeGreaterThan(1);
    const exact = await get('/api/v1/npi/search', { searchTerm: 'Mulligan, Josephine' }).expect(200);
    expect(exact.body.providers[0].npi).toBe(fixed.person2.npi);
  });

  it('narrows people by state or city', async () => {
    const ca = await get('/api/v1/npi/search', { searchTerm: 'mul', state: 'ca' }).expect(200);
    expect(ca.body.providers.map((p: { npi: string }) => p.npi)).toContain(fixed.person2.npi);
    for (const p of ca.body.providers) expect(p.state).toBe('CA');
    const city = await get('/api/v1/users/searchAllNpi', { searchTerm: 'mul', city: 'san diego' }).expect(200);
    expect(city.body.users.map((u: { number: string }) => u.number)).toContain(fixed.person2.npi);
    for (const u of city.body.users) expect(u.addresses[0].city).toBe('SAN DIEGO');
    const none = await get('/api/v1/npi/search', { searchTerm: 'muller, jose', state: 'CA' }).expect(200);
    expect(none.body.providers.map((p: { npi: string }) => p.npi)).not.toContain(fixed.person.npi);
  });

  it('finds NPIs exactly and by a prefix of at least 3 digits, as you type', async () => {
    const exact = await get('/api/v1/npi/search', { searchTerm: fixed.person.npi }).expect(200);
    expect(exact.body.providers).toHaveLength(1);
    expect(exact.body.providers[0].npi).toBe(fixed.person.npi);
    const prefix = await get('/api/v1/npi/search', { searchTerm: '1000000' }).expect(200);
    expect(prefix.body.providers.map((p: { npi: string }) => p.npi)).toEqual(expect.arrayContaining([fixed.person.npi, fixed.person2.npi]));
    for (const p of prefix.body.providers) expect(p.npi.startsWith('1000000')).toBe(true);
    await get('/api/v1/npi/search', { searchTerm: '10' }).expect(200, { success: true, providers: [], sampleData: true });
    const many = await get('/api/v1/npi/search', { searchTerm: '100' }).expect(200);
    expect(many.body.providers.length).toBeLessThanOrEqual(50);
    const sorted = [...many.body.providers.map((p: { npi: string }) => p.npi)].sort();
    expect(many.body.providers.map((p: { npi: string }) => p.npi)).toEqual(sorted);
  });

  it('finds organisations by their words in any order, legal suffixes ignored; people and organisations stay apart', async () => {
    for (const term of ['health family acme', 'ACME FAMILY HEALTH, PLLC', 'Acme Family Health LLC', 'fam acm']) {
      const res = await get('/api/users/searchAllNpiPractice', { searchTerm: term }).expect(200);
      expect(res.body.users.map((u: { number: string }) => u.number)).toContain(fixed.organization.npi);
      for (const u of res.body.users) expect(u.enumeration_type).toBe('NPI-2');
    }
    const exact = await get('/api/users/searchAllNpiPractice', { searchTerm: 'Acme Family Health Inc.' }).expect(200);
    expect(exact.body.users[0]).toMatchObject({ number: fixed.organization.npi, basic: { organization_name: 'ACME FAMILY HEALTH, PLLC' } });
    const orgByType = await get('/api/v1/npi/search', { searchTerm: 'acme', npiType: '2' }).expect(200);
    expect(orgByType.body.providers[0]).toMatchObject({ npi: fixed.organization.npi, providerOrganizationName: 'ACME FAMILY HEALTH, PLLC', entityType: 2 });
    const people = await get('/api/v1/users/searchAllNpi', { searchTerm: 'mul' }).expect(200);
    for (const u of people.body.users) expect(u.enumeration_type).toBe('NPI-1');
    const noOrgAsPerson = await get('/api/v1/users/searchAllNpi', { searchTerm: fixed.organization.npi }).expect(200);
    expect(noOrgAsPerson.body.users).toEqual([]);
  });

  it('answers at most 50 results', async () => {
    for (const [path, term] of [['/api/v1/npi/search', 'm'], ['/api/users/searchAllNpiPractice', 'h'], ['/api/v1/users/searchAllNpi', 's']]) {
      const res = await get(path, { searchTerm: term }).expect(200);
      const list = res.body.providers ?? res.body.users;
      expect(list.length).toBeGreaterThan(0);
      expect(list.length).toBeLessThanOrEqual(50);
    }
  });

  it('refuses bad input with a 400 naming the field, and treats SQL and LIKE characters as text', async () => {
    const long = await get('/api/v1/npi/search', { searchTerm: 'x'.repeat(101) }).expect(400);
    expect(long.body).toMatchObject({ success: false, field: 'searchTerm' });
    expect((await get('/api/v1/npi/search', { searchTerm: 'mul', state: 'XYZ' }).expect(400)).body.field).toBe('state');
    expect((await get('/api/v1/npi/search', { searchTerm: 'mul', npiType: '3' }).expect(400)).body.field).toBe('npiType');
    expect((await get('/api/v1/users/searchAllNpi', { searchTerm: 'mul', city: 'c'.repeat(61) }).expect(400)).body.field).toBe('city');
    for (const term of ["'; DROP TABLE registry_providers; --", "x' OR '1'='1", '%', '_', '%%, %', '\\', 'a%b_c', "o'brien, d'arcy"]) {
      for (const path of ['/api/v1/npi/search', '/api/v1/users/searchAllNpi', '/api/users/searchAllNpiPractice']) {
        const res = await get(path, { searchTerm: term }).expect(200);
        expect(res.body.success).toBe(true);
      }
    }
    expect((await get('/api/v1/npi/search', { searchTerm: '%' }).expect(200)).body.providers).toEqual([]);
    // Huge terms never reach the services: Node refuses a request line over its header limit
    // (431), and a 10 MB one is cut off (a 4xx or the connection closed, never a 5xx).
    await get('/api/v1/npi/search', { searchTerm: 'a'.repeat(20 * 1024) }).expect(431);
    try {
      const huge = await get('/api/v1/npi/search', { searchTerm: 'a'.repeat(10 * 1024 * 1024) }).ok(() => true);
      expect(huge.status).toBeGreaterThanOrEqual(400);
      expect(huge.status).toBeLessThan(500);
    } catch (err) {
      expect((err as { code?: string }).code).toMatch(/ECONNRESET|EPIPE/);
    }
    // The same for every registry call (each refuses or cuts off a 10 MB value, never a 5xx).
    for (const [path, key] of [['/api/npi/searchNppes', 'npi'], ['/api/v1/users/searchAllNpi', 'searchTerm'], ['/api/users/searchAllNpiPractice', 'searchTerm']]) {
      try {
        const huge = await get(path, { [key]: '1'.repeat(10 * 1024 * 1024) }).ok(() => true);
        expect(huge.status).toBeGreaterThanOrEqual(400);
        expect(huge.status).toBeLessThan(500);
      } catch (err) {
        expect((err as { code?: string }).code).toMatch(/ECONNRESET|EPIPE/);
      }
    }
    await get('/api/v1/npi/search', { searchTerm: 'mul' }).expect(200);
    const c = new Client({ connectionString: sys.db.url });
    await c.connect();
    const { rows } = await c.query('SELECT count(*)::int AS n FROM directory.registry_providers');
    await c.end();
    expect(rows[0].n).toBe(3800);
  });

  it('says what the mirror holds', async () => {
    const res = await get('/api/v1/npi/status').expect(200);
    expect(res.body).toMatchObject({ success: true, mode: 'mirror', providers: 3800, file: 'npidata_pfile_sample_20240101-20240107.csv', fileDate: '2024-01-07', sampleOnly: true });
  });

  it('names the user (userName) when the NPI is already a profile in the product', async () => {
    const c = new Client({ connectionString: sys.db.url });
    await c.connect();
    try {
      for (let i = 0; (await c.query('SELECT 1 FROM identity.accounts WHERE is_master_admin')).rowCount !== 1; i++) {
        if (i > 300) throw new Error('no master admin');
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await c.end();
    }
    const { token: master } = await signIn(sys, { email: 'admin@example.test', mobile: '+12025550100', password: 'Correct-Horse-Battery-9' });
    const created = await api()
      .post('/api/v1/users/addUser2')
      .set({ Authorization: `Bearer ${master}` })
      .send({
        npi: fixed.person.npi,
        firstName: 'José',
        lastName: 'Müller-Åström',
        displayName: 'Dr José Müller',
        userName: 'jmuller',
        streetAddress: '100 State Street',
        city: 'Albany',
        state: 'NY',
        zip: '12207',
        email: 'jose.muller@clinic.test',
        mobile: '(202) 555-0177',
        phone: '518-555-0100',
      });
    expect(created.status).toBe(200);
    let detail: request.Response | undefined;
    for (let i = 0; i < 50 && !detail?.body.providerData?.userName; i++) {
      detail = await get('/api/npi/searchNppes', { npi: fixed.person.npi }).expect(200);
      if (!detail.body.providerData.userName) await new Promise((r) => setTimeout(r, 100));
    }
    expect(detail!.body.providerData.userName).toBe('jmuller');
    const people = await get('/api/v1/users/searchAllNpi', { searchTerm: 'muller-ast, jo' }).expect(200);
    expect(people.body.users.find((u: { number: string }) => u.number === fixed.person.npi).userName).toBe('jmuller');
    const listed = await get('/api/v1/npi/search', { searchTerm: fixed.person.npi }).expect(200);
    expect(listed.body.providers[0]).toMatchObject({ npi: fixed.person.npi, userName: 'jmuller' });
    // Everyone else stays without one.
    const other = await get('/api/npi/searchNppes', { npi: fixed.organization.npi }).expect(200);
    expect(other.body.providerData.userName).toBeUndefined();
  });

  it('limits lookups per user (429 with Retry-After), not per address', async () => {
    const { token: other } = await signIn(sys, await registerAccount(sys));
    let status = 200;
    let res: request.Response | undefined;
    for (let i = 0; i <= RATE_LIMIT && status === 200; i++) {
      res = await get('/api/v1/npi/search', { searchTerm: 'mul' }, other);
      status = res.status;
    }
    expect(status).toBe(429);
    expect(Number(res!.headers['retry-after'])).toBeGreaterThan(0);
    expect(res!.body).toMatchObject({ success: false });
    // Another user from the same address is not affected.
    const third = (await signIn(sys, await registerAccount(sys))).token;
    await get('/api/v1/npi/search', { searchTerm: 'mul' }, third).expect(200);
  });
});
