/**
 * The signed-in user's own credentialing file through the gateway: before any cycle is started
 * `GET /api/v1/credentialing/files/{ownId}` answers 200 with `file: null` (the provider's
 * Credentialing section asks it, and a 404 there was an error in every provider's console); the
 * file once started; another provider's missing file stays a 404, a stranger's a 403.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { registerAccount, signIn, type TestAccount, uniqueMobile } from '../support/identity';
import { MASTER_ADMIN as ADMIN, bearer, ok, until } from '../support/http';
import { startTestSystem, type TestSystem } from '../support/system';

let sys: TestSystem;
let pg: Client;
let admin: string;
let provider: TestAccount & { token: string };
let staffer: TestAccount & { token: string };

const api = () => request(sys.baseUrl);
const file = (id: string) => `/api/v1/credentialing/files/${id}`;

beforeAll(async () => {
  sys = await startTestSystem({ label: 'ownfile', contexts: ['identity', 'directory', 'credentialing'] });
  pg = new Client({ connectionString: sys.db.url });
  await pg.connect();
  await until(async () => (await pg.query('SELECT 1 FROM identity.accounts WHERE is_master_admin')).rowCount === 1, 30_000);
  ({ token: admin } = await signIn(sys, ADMIN));
  const mobile = () => uniqueMobile('+1303556');
  const p = await registerAccount(sys, { mobile: mobile(), roles: { isAdmin: false, isProvider: true, isAuditor: false } });
  provider = { ...p, token: (await signIn(sys, p)).token };
  const s = await registerAccount(sys, { mobile: mobile(), roles: { isAdmin: false, isProvider: false, isAuditor: false } });
  staffer = { ...s, token: (await signIn(sys, s)).token };
  // Credentialing learns the provider's profile from the directory's events.
  await until(async () => (await pg.query('SELECT 1 FROM credentialing.credentialing_profiles WHERE id = $1', [provider.userId])).rowCount === 1, 30_000);
}, 240_000);

afterAll(async () => {
  await pg?.end();
  await sys?.stop();
});

describe("one's own file (GET /api/v1/credentialing/files/{ownId})", () => {
  it('is 200 with file null before a cycle is started, for a provider and for a user who is no provider', async () => {
    const own = await api().get(file(provider.userId)).set(bearer(provider.token)).expect(ok);
    expect(own.body).toEqual({ success: true, file: null });
    const notProvider = await api().get(file(staffer.userId)).set(bearer(staffer.token)).expect(ok);
    expect(notProvider.body).toEqual({ success: true, file: null });
  });

  it("another provider's missing file stays 404 (master admin) and 403 (a stranger); no token 401", async () => {
    const missing = await api().get(file(provider.userId)).set(bearer(admin));
    expect([missing.status, missing.body.success]).toEqual([404, false]);
    const unknown = await api().get(file(randomUUID())).set(bearer(admin));
    expect(unknown.status).toBe(404);
    const stranger = await api().get(file(provider.userId)).set(bearer(staffer.token));
    expect([stranger.status, stranger.body.success]).toEqual([403, false]);
    await api().get(file(provider.userId)).expect(401);
  });

  it('answers the file once the master admin has started it', async () => {
    await api().put('/api/v1/credentialing/files').set(bearer(admin)).send({ providerId: provider.userId }).expect(ok);
    const own = await api().get(file(provider.userId)).set(bearer(provider.token)).expect(ok);
    expect(own.body.file).toMatchObject({ providerId: provider.userId, cycle: 1, status: 'Not Started', can: { attest: true, start: false } });
  });
});
