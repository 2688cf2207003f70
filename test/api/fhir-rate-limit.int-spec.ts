/**
 * The FHIR API is public but limited per client IP like every other route (HTTP_RATE_LIMIT a
 * minute per IP and route): past the limit, 429 as an OperationOutcome (`throttled`) with
 * Retry-After; another client IP is not affected.
 */
import request from 'supertest';
import { startTestSystem, type TestSystem } from '../support/system';

let sys: TestSystem;

beforeAll(async () => {
  sys = await startTestSystem({ label: 'fhirrate', contexts: ['directory'], env: { HTTP_RATE_LIMIT: '5' } });
}, 120_000);

afterAll(async () => {
  await sys?.stop();
});

it('answers without sign-in, then 429 OperationOutcome past the per-IP limit; another IP still gets through', async () => {
  const get = (ip: string) => request(sys.baseUrl).get('/fhir/metadata').set('X-Forwarded-For', ip);
  for (let i = 0; i < 5; i++) {
    const res = await get('203.0.113.7');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
  }
  const limited = await get('203.0.113.7');
  expect(limited.status).toBe(429);
  expect(limited.headers['content-type']).toMatch(/^application\/fhir\+json/);
  expect(JSON.parse(limited.text)).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'throttled' }] });
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  expect((await get('198.51.100.9')).status).toBe(200);
});
