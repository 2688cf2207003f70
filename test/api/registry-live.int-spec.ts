/**
 * NPPES_MODE=live: the same registry calls answered by the public NPPES API v2.1, here a local
 * fake server answering in the API's shape (no internet in tests): parameters sent, wildcards,
 * ranking, location-then-mailing addresses, retry with backoff, timeout, 503 when unreachable.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { startTestSystem, type TestSystem } from '../support/system';
import { registerAccount, signIn } from '../support/identity';

type Behaviour = 'ok' | 'fail-once' | 'down' | 'slow' | 'errors';
let behaviour: Behaviour = 'ok';
let hits: URL[] = [];
let server: Server;
let sys: TestSystem;
let token: string;

const PERSON = {
  created_epoch: '1117584000000',
  enumeration_type: 'NPI-1',
  last_updated_epoch: '1183939200000',
  number: '1234567893',
  addresses: [
    { country_code: 'US', country_name: 'United States', address_purpose: 'MAILING', address_type: 'DOM', address_1: 'PO BOX 1', address_2: '', city: 'DENVER', state: 'CO', postal_code: '802011234', telephone_number: '303-555-0100' },
    { country_code: 'US', country_name: 'United States', address_purpose: 'LOCATION', address_type: 'DOM', address_1: '100 MAIN ST', address_2: 'STE 2', city: 'DENVER', state: 'CO', postal_code: '80202', telephone_number: '303-555-0101' },
  ],
  practiceLocations: [],
  basic: { first_name: 'JANE', last_name: 'SMITH', middle_name: 'Q', credential: 'MD', sole_proprietor: 'NO', sex: 'F', enumeration_date: '2005-06-01', last_updated: '2007-07-09', status: 'A', name_prefix: 'DR.' },
  taxonomies: [
    { code: '207R00000X', taxonomy_group: '', desc: 'Internal Medicine', state: 'CO', license: '12345', primary: true },
    { code: '207RC0000X', taxonomy_group: '', desc: 'Internal Medicine, Cardiovascular Disease', state: 'CO', license: '12345', primary: false },
  ],
  identifiers: [],
  endpoints: [{ endpointType: 'DIRECT', endpointTypeDescription: 'Direct Messaging Address', endpoint: 'jane.smith@direct.example.org', affiliation: 'N', use: 'HIE', useDescription: 'Health Information Exchange (HIE)', contentType: 'OTHER', contentTypeDescription: 'Other', country_code: 'US', address_type: 'DOM' }],
  other_names: [],
};
const PERSON2 = { ...PERSON, number: '1000000004', basic: { ...PERSON.basic, last_name: 'SMITHERS', first_name: 'JANET' } };

function answer(url: URL) {
  if (url.searchParams.get('number') === '1234567893') return { result_count: 1, results: [PERSON] };
  if (url.searchParams.get('last_name')) return { result_count: 2, results: [PERSON2, PERSON] };
  return { result_count: 0, results: [] };
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    hits.push(url);
    if (behaviour === 'down' || (behaviour === 'fail-once' && hits.length === 1)) {
      res.writeHead(502).end('bad gateway');
      return;
    }
    if (behaviour === 'slow') return; // never answers
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(behaviour === 'errors' ? { Errors: [{ description: 'No valid search criteria provided', field: 'generic', number: '04' }] } : answer(url)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  sys = await startTestSystem({
    label: 'reglive',
    contexts: ['identity', 'directory'],
    env: { NPPES_MODE: 'live', NPPES_API_URL: `http://127.0.0.1:${port}/api/`, NPPES_API_TIMEOUT_MS: '300', NPPES_API_RETRIES: '2' },
  });
  ({ token } = await signIn(sys, await registerAccount(sys)));
}, 120_000);

afterAll(async () => {
  await sys?.stop();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
});

beforeEach(() => {
  behaviour = 'ok';
  hits = [];
});

const get = (path: string, query: Record<string, string>) => request(sys.baseUrl).get(path).query(query).set({ Authorization: `Bearer ${token}` });

describe('NPPES_MODE=live', () => {
  it('looks an NPI up on the API (version 2.1) and answers the registry shape, location address first', async () => {
    const res = await get('/api/npi/searchNppes', { npi: '1234567893' }).expect(200);
    expect(hits[0].pathname).toBe('/api/');
    expect(Object.fromEntries(hits[0].searchParams)).toMatchObject({ version: '2.1', number: '1234567893' });
    expect(res.body).toMatchObject({ success: true, sampleData: false });
    const p = res.body.providerData;
    expect(p).toMatchObject({ number: '1234567893', enumeration_type: 'NPI-1', basic: { first_name: 'JANE', last_name: 'SMITH', credential: 'MD' }, sample: false });
    expect(p.addresses.map((a: { address_purpose: string }) => a.address_purpose)).toEqual(['LOCATION', 'MAILING']);
    expect(p.taxonomies[0]).toEqual({ code: '207R00000X', desc: 'Internal Medicine', primary: true, state: 'CO', license: '12345' });
    expect(p.endpoints[0]).toMatchObject({ endpointType: 'DIRECT', endpoint: 'jane.smith@direct.example.org' });
    const status = await get('/api/v1/npi/status', {}).expect(200);
    expect(status.body.mode).toBe('live');
  });

  it("searches 'Last, First' with trailing wildcards, at most 50, ranked exact name first", async () => {
    const res = await get('/api/v1/users/searchAllNpi', { searchTerm: 'Smith, Jane', state: 'co' }).expect(200);
    expect(Object.fromEntries(hits[0].searchParams)).toMatchObject({ version: '2.1', last_name: 'Smith*', first_name: 'Jane*', enumeration_type: 'NPI-1', state: 'CO', limit: '50' });
    expect(res.body.users.map((u: { number: string }) => u.number)).toEqual(['1234567893', '1000000004']);
    // The practice search's own request (on a loaded machine the first may have been retried after its timeout).
    const before = hits.length;
    await get('/api/users/searchAllNpiPractice', { searchTerm: 'acme health llc' }).expect(200);
    expect(Object.fromEntries(hits[before].searchParams)).toMatchObject({ organization_name: 'acme health llc*', enumeration_type: 'NPI-2' });
  });

  it('refuses an invalid NPI before asking the API', async () => {
    const res = await get('/api/npi/searchNppes', { npi: '1234567890' }).expect(400);
    expect(res.body).toMatchObject({ message: 'Invalid NPI', field: 'npi' });
    expect(hits).toHaveLength(0);
  });

  it('retries a failing API with backoff', async () => {
    behaviour = 'fail-once';
    await get('/api/npi/searchNppes', { npi: '1234567893' }).expect(200);
    expect(hits).toHaveLength(2);
  });

  it('answers 503 when the API keeps failing, or does not answer within the timeout', async () => {
    behaviour = 'down';
    const down = await get('/api/v1/npi/search', { searchTerm: 'smith' }).expect(503);
    expect(down.body).toMatchObject({ success: false, message: 'The national provider registry is unreachable: try again in a moment' });
    expect(hits).toHaveLength(3);
    behaviour = 'slow';
    hits = [];
    const started = Date.now();
    await get('/api/npi/searchNppes', { npi: '1234567893' }).expect(503);
    expect(hits).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("treats the API's Errors answer as no results", async () => {
    behaviour = 'errors';
    const res = await get('/api/v1/npi/search', { searchTerm: 'x' }).expect(200);
    expect(res.body.providers).toEqual([]);
  });
});
