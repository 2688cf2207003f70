/**
 * Facilities through the gateway: admins only; a facility belongs to the signed-in
 * admin whatever adminEmail says (another admin neither sees nor changes it: 404); the create
 * payload's rules (400 naming the field, nothing stored); duplicate NPI per admin (409); the
 * grid contract (filters, sorting, paging, count); edit and delete; the integration events.
 */
import type { Client } from 'pg';
import request from 'supertest';
import { withNpiCheckDigit } from '@app/validation';
import { type ApiTestSystem, type PublishedEvent, startApiSystem } from '../support/api-system';
import type { TestSystem } from '../support/system';
import { registerAccount, signIn, type TestAccount } from '../support/identity';
import { MASTER_ADMIN as MASTER, bearer, ok, until as eventually } from '../support/http';

let sys: TestSystem;
let pg: Client;
let master: string;
let otherAdmin: TestAccount;
let other: string;
let provider: string;
let published: PublishedEvent[];
let started: ApiTestSystem | undefined;

const api = () => request(sys.baseUrl);

let n = 0;
/** A facility create payload with a fresh valid NPI. */
function facility(over: Record<string, unknown> = {}) {
  n++;
  return {
    adminEmail: 'someone.else@clinic.test',
    npi: withNpiCheckDigit(String(130_000_000 + n * 7)),
    contactPersonFirstName: 'Jane',
    contactPersonMiddleName: 'Q',
    contactPersonLastName: `Doe${n}`,
    mailingAddressOrgName: '',
    mailingAddressStreet: '100 Congress Avenue',
    mailingAddressSuite: 'Suite 2',
    mailingAddressCity: 'Austin',
    mailingAddressState: 'tx',
    mailingAddressZip: '78701',
    email: `front${n}@clinic.test`,
    mobile: '(202) 555-0142',
    phone: '512-555-0134',
    fax: '',
    ...over,
  };
}

const add = (body: Record<string, unknown>, t = master) => api().put('/api/v1/users/addFacility').set(bearer(t)).send(body);
const list = (query: Record<string, unknown> = {}, t = master) =>
  api()
    .get('/api/users/allFacilities')
    .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])))
    .set(bearer(t));
const count = (query: Record<string, unknown> = {}, t = master) =>
  api()
    .get('/api/users/facility/count')
    .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])))
    .set(bearer(t));

async function facilityRows(): Promise<number> {
  const { rows } = await pg.query('SELECT count(*)::int AS n FROM directory.facilities');
  return rows[0].n;
}

beforeAll(async () => {
  started = await startApiSystem({ label: 'facilities', contexts: ['identity', 'directory'], events: 'directory' });
  ({ sys, pg, published, adminToken: master } = started);
  otherAdmin = await registerAccount(sys, { roles: { isAdmin: true, isProvider: false, isAuditor: false } });
  ({ token: other } = await signIn(sys, otherAdmin));
  ({ token: provider } = await signIn(sys, await registerAccount(sys)));
  // Both admins' profiles exist in the directory before the tests start.
  await eventually(async () => (await pg.query('SELECT 1 FROM directory.profiles WHERE id = $1', [otherAdmin.userId])).rowCount === 1, 15_000);
}, 120_000);

afterAll(async () => {
  await started?.stop();
});

describe('who may call', () => {
  it('signed-in admins only: 401 without a token, 403 for a user who is not an admin', async () => {
    await api().get('/api/users/allFacilities').expect(401);
    await api().get('/api/users/facility/count').expect(401);
    await api().put('/api/v1/users/addFacility').send(facility()).expect(401);
    await api().delete('/api/v1/users/deleteFacility').send({ _id: '2b0f4a52-6a9b-4c51-9d7e-2e1b1b6f9b11' }).expect(401);
    expect((await list({}, provider)).status).toBe(403);
    expect((await count({}, provider)).status).toBe(403);
    expect((await add(facility(), provider)).status).toBe(403);
    expect(await facilityRows()).toBe(0);
  });
});

describe('add facility', () => {
  it("stores the facility create payload as the signed-in admin's, whatever adminEmail says", async () => {
    const body = facility();
    const res = await add(body).expect(ok);
    expect(res.body).toEqual({
      success: true,
      facility: {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        npi: body.npi,
        entityTypeCode: '1',
        contactPersonFirstName: 'Jane',
        contactPersonMiddleName: 'Q',
        contactPersonLastName: body.contactPersonLastName,
        organizationName: null,
        mailingAddress: { street: '100 Congress Avenue', suite: 'Suite 2', city: 'Austin', state: 'TX', zip: '78701' },
        mobile: '+12025550142',
        phone: '+15125550134',
        fax: null,
        email: body.email,
        adminEmail: MASTER.email,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    await eventually(async () => (await list({ adminEmail: otherAdmin.email }).expect(ok)).body.facilities.some((f: { _id: string }) => f._id === res.body.facility._id));
    // The other admin, even naming the master admin's email, sees none of it.
    const theirs = await list({ adminEmail: MASTER.email }, other).expect(ok);
    expect(theirs.body).toEqual({ success: true, facilities: [], count: 0 });
    expect((await count({ adminEmail: MASTER.email }, other).expect(ok)).body).toEqual({ success: true, count: 0 });
  });

  it('takes an organisation (entity type 2) when only the organisation name is given, or as sent', async () => {
    const org = await add(facility({ contactPersonFirstName: '', contactPersonMiddleName: '', contactPersonLastName: '', mailingAddressOrgName: 'Lakeside Clinic LLC' })).expect(ok);
    expect(org.body.facility).toMatchObject({ entityTypeCode: '2', organizationName: 'Lakeside Clinic LLC', contactPersonLastName: null });
    const sent = await add(facility({ entityTypeCode: '2', mailingAddressOrgName: 'Hill Surgical PC' })).expect(ok);
    expect(sent.body.facility.entityTypeCode).toBe('2');
  });

  it('refuses a duplicate NPI of the same admin with 409 and a message; another admin may add the same NPI', async () => {
    const body = facility();
    await add(body).expect(ok);
    const before = await facilityRows();
    const again = await add({ ...body, contactPersonLastName: 'Other' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, message: 'A facility with this NPI is already in your list' });
    expect(await facilityRows()).toBe(before);
    await add(body, other).expect(ok);
  });

  it('refuses bad input with a 400 naming the field, storing nothing', async () => {
    const before = await facilityRows();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ npi: undefined }, 'npi', 'Invalid NPI'],
      [{ npi: '' }, 'npi', 'Invalid NPI'],
      [{ npi: '1234567890' }, 'npi', 'Invalid NPI'],
      [{ npi: "1' OR '1'='1" }, 'npi', 'Invalid NPI'],
      [{ npi: { $ne: null } }, 'npi', 'Invalid NPI'],
      [{ mailingAddressStreet: '1 Rd' }, 'mailingAddressStreet', 'Invalid Street'],
      [{ mailingAddressCity: 'A' }, 'mailingAddressCity', 'Invalid City'],
      [{ mailingAddressState: 'Texas' }, 'mailingAddressState', 'Invalid State'],
      [{ mailingAddressZip: '787' }, 'mailingAddressZip', 'Invalid Zip'],
      [{ phone: '555' }, 'phone', 'Invalid Phone #'],
      [{ mobile: '+44 20 7946 0958' }, 'mobile', 'Invalid Phone #'],
      [{ fax: 'fax me' }, 'fax', 'Invalid Phone #'],
      [{ email: 'not-an-email' }, 'email', 'Invalid Email'],
      [{ entityTypeCode: '3' }, 'entityTypeCode'],
      [{ contactPersonLastName: '', mailingAddressOrgName: '' }, 'contactPersonLastName', 'Invalid Last Name'],
      [{ contactPersonFirstName: 'x'.repeat(101) }, 'contactPersonFirstName'],
    ];
    for (const [over, field, message] of cases) {
      const res = await add(facility(over));
      expect([res.status, res.body.field, over]).toEqual([400, field, over]);
      if (message) expect(res.body.message).toBe(message);
    }
    // A 10 MB field never reaches the directory (the body limit answers first).
    const huge = await add(facility({ contactPersonLastName: 'x'.repeat(10 * 1024 * 1024) })).ok(() => true);
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    expect(await facilityRows()).toBe(before);
  });

  it('stores SQL and LIKE characters as plain text', async () => {
    const name = "O'Brien'); DROP TABLE facilities; --";
    const res = await add(facility({ contactPersonLastName: name, mailingAddressSuite: '%_\\' })).expect(ok);
    expect(res.body.facility).toMatchObject({ contactPersonLastName: name, mailingAddress: { suite: '%_\\' } });
    const found = await eventually(async () => {
      const r = await list({ filters: { contactPersonLastName: { filterType: 'startsWith', value: "o'brien'); drop" } } }).expect(ok);
      return r.body.count === 1 && r;
    });
    expect(found.body.facilities.map((f: { _id: string }) => f._id)).toEqual([res.body.facility._id]);
    expect((await list({ filters: { contactPersonLastName: { filterType: 'contains', value: '%' } } }).expect(ok)).body.count).toBe(0);
  });
});

describe('the facilities grid', () => {
  let ids: string[] = [];
  beforeAll(async () => {
    // A fresh admin with a known set of facilities.
    const acct = await registerAccount(sys, { roles: { isAdmin: true, isProvider: false, isAuditor: false } });
    const { token } = await signIn(sys, acct);
    await eventually(async () => (await pg.query('SELECT 1 FROM directory.profiles WHERE id = $1', [acct.userId])).rowCount === 1, 15_000);
    gridToken = token;
    const rows = [
      { contactPersonLastName: 'Adams', mailingAddressCity: 'Austin', mailingAddressState: 'TX', mailingAddressZip: '78701' },
      { contactPersonLastName: 'Baker', mailingAddressCity: 'Boston', mailingAddressState: 'MA', mailingAddressZip: '02110-1234' },
      { contactPersonLastName: 'Çelik', mailingAddressCity: 'Albany', mailingAddressState: 'NY', mailingAddressZip: '12207' },
      { contactPersonFirstName: '', contactPersonLastName: '', mailingAddressOrgName: 'Zeta Health Inc', mailingAddressCity: 'Dallas', mailingAddressState: 'TX', mailingAddressZip: '75201' },
    ];
    ids = [];
    for (const r of rows) ids.push((await add(facility(r), token).expect(ok)).body.facility._id);
    await eventually(async () => (await count({}, token).expect(ok)).body.count === 4);
  });
  let gridToken = '';
  const names = (res: request.Response) => res.body.facilities.map((f: { contactPersonLastName: string | null; organizationName: string | null }) => f.contactPersonLastName ?? f.organizationName);

  it('pages (skip, limit) with the total count', async () => {
    const first = await list({ limit: '2', sorting: { contactPersonLastName: 1 } }, gridToken).expect(ok);
    expect(first.body.count).toBe(4);
    expect(names(first)).toEqual(['Adams', 'Baker']);
    const second = await list({ skip: '2', limit: '2', sorting: { contactPersonLastName: 1 } }, gridToken).expect(ok);
    expect(names(second)).toEqual(['Çelik', 'Zeta Health Inc']);
    expect((await count({}, gridToken).expect(ok)).body).toEqual({ success: true, count: 4 });
  });

  it('filters by the npiType switch (entityTypeCode), by address (city, state or ZIP) and by name without accents', async () => {
    const orgs = await list({ filters: { entityTypeCode: { filterType: 'exactMatch', value: '2' } } }, gridToken).expect(ok);
    expect(names(orgs)).toEqual(['Zeta Health Inc']);
    const people = await list({ filters: { entityTypeCode: { filterType: 'exactMatch', value: '1' } }, sorting: { contactPersonLastName: -1 } }, gridToken).expect(ok);
    expect(names(people)).toEqual(['Çelik', 'Baker', 'Adams']);
    expect((await count({ filters: { entityTypeCode: { filterType: 'exactMatch', value: '1' } } }, gridToken).expect(ok)).body.count).toBe(3);
    const zip = await list({ filters: { primaryPracticeAddress: { filterType: 'startsWith', value: '021' } } }, gridToken).expect(ok);
    expect(names(zip)).toEqual(['Baker']);
    const state = await list({ filters: { primaryPracticeAddress: { filterType: 'startsWith', value: 'tx' } }, sorting: { name: 1 } }, gridToken).expect(ok);
    expect(names(state)).toEqual(['Adams', 'Zeta Health Inc']);
    const accent = await list({ filters: { contactPersonLastName: { filterType: 'startsWith', value: 'cel' } } }, gridToken).expect(ok);
    expect(names(accent)).toEqual(['Çelik']);
    const phone = await list({ filters: { phone: { filterType: 'startsWith', value: '512-555' } } }, gridToken).expect(ok);
    expect(phone.body.count).toBe(4);
  });

  it('refuses unknown fields, bad filter types and bad paging, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ filters: { ownerId: { filterType: 'contains', value: 'x' } } }, 'filters.ownerId'],
      [{ filters: { 'npi"; DROP TABLE facilities; --': { filterType: 'contains', value: 'x' } } }, 'filters.npi"; DROP TABLE facilities; --'],
      [{ filters: { npi: { filterType: 'advancedFilters', value: 'x' } } }, 'filters.npi'],
      [{ filters: '{not json' }, 'filters'],
      [{ sorting: { owner_id: 1 } }, 'sorting.owner_id'],
      [{ limit: '101' }, 'limit'],
      [{ skip: '-1' }, 'skip'],
    ];
    for (const [q, field] of cases) {
      const res = await list(q, gridToken);
      expect([res.status, res.body.field]).toEqual([400, field]);
      const c = await count(q, gridToken);
      if (!('limit' in q) && !('skip' in q) && !('sorting' in q)) expect([c.status, c.body.field]).toEqual([400, field]);
    }
  });

  it('edit record: the owner changes a facility; another admin gets 404 for every call on it', async () => {
    const id = ids[0];
    const one = await api().get('/api/users/facility').query({ facilityId: id }).set(bearer(gridToken)).expect(ok);
    const current = one.body.facility;
    const body = {
      facilityId: id,
      npi: current.npi,
      contactPersonFirstName: 'Ann',
      contactPersonLastName: 'Adams',
      mailingAddressStreet: '200 Lavaca Street',
      mailingAddressCity: 'Austin',
      mailingAddressState: 'TX',
      mailingAddressZip: '78702',
      phone: '512 555 0199',
    };
    const res = await api().post('/api/v1/users/updateFacility').set(bearer(gridToken)).send(body).expect(ok);
    expect(res.body.facility).toMatchObject({ _id: id, contactPersonFirstName: 'Ann', contactPersonMiddleName: null, phone: '+15125550199', mobile: null, entityTypeCode: '1', mailingAddress: { street: '200 Lavaca Street', zip: '78702' } });
    const listed = await eventually(async () => {
      const r = await list({ filters: { primaryPracticeAddress: { filterType: 'startsWith', value: '78702' } } }, gridToken).expect(ok);
      return r.body.count === 1 && r;
    });
    expect(listed.body.facilities).toEqual([res.body.facility]);

    expect((await api().get('/api/users/facility').query({ facilityId: id }).set(bearer(other))).status).toBe(404);
    expect((await api().post('/api/v1/users/updateFacility').set(bearer(other)).send({ ...body, contactPersonLastName: 'Hacked' })).status).toBe(404);
    expect((await api().delete('/api/v1/users/deleteFacility').set(bearer(other)).send({ _id: id })).status).toBe(404);
    expect((await api().get('/api/users/facility').query({ facilityId: id }).set(bearer(gridToken)).expect(ok)).body.facility.contactPersonLastName).toBe('Adams');
    expect((await api().post('/api/v1/users/updateFacility').set(bearer(gridToken)).send({ ...body, facilityId: 'nope' })).body.field).toBe('facilityId');
  });

  it("edit record to another of the admin's NPIs is a 409", async () => {
    const theirs = (await api().get('/api/users/facility').query({ facilityId: ids[1] }).set(bearer(gridToken)).expect(ok)).body.facility;
    const mine = (await api().get('/api/users/facility').query({ facilityId: ids[2] }).set(bearer(gridToken)).expect(ok)).body.facility;
    const res = await api()
      .post('/api/v1/users/updateFacility')
      .set(bearer(gridToken))
      .send({
        facilityId: mine._id,
        npi: theirs.npi,
        contactPersonLastName: mine.contactPersonLastName,
        mailingAddressStreet: mine.mailingAddress.street,
        mailingAddressCity: mine.mailingAddress.city,
        mailingAddressState: mine.mailingAddress.state,
        mailingAddressZip: mine.mailingAddress.zip,
      });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A facility with this NPI is already in your list');
  });

  it('delete record: gone from the list and the count, and its NPI may be added again', async () => {
    const id = ids[3];
    const npi = (await api().get('/api/users/facility').query({ facilityId: id }).set(bearer(gridToken)).expect(ok)).body.facility.npi;
    await api().delete('/api/v1/users/deleteFacility').set(bearer(gridToken)).send({ _id: id }).expect(ok);
    // The call waits (bounded) for the read model; on a very loaded machine it may still lag a moment.
    await eventually(async () => (await count({}, gridToken).expect(ok)).body.count === 3);
    expect((await api().get('/api/users/facility').query({ facilityId: id }).set(bearer(gridToken))).status).toBe(404);
    expect((await api().delete('/api/v1/users/deleteFacility').set(bearer(gridToken)).query({ facilityId: id })).status).toBe(404);
    await add(facility({ npi, contactPersonLastName: 'Again' }), gridToken).expect(ok);
    expect((await api().delete('/api/v1/users/deleteFacility').set(bearer(gridToken)).send({})).body.field).toBe('facilityId');
  });
});

describe('integration events', () => {
  it('publishes FacilityCreated, FacilityUpdated and FacilityDeleted on events.directory', async () => {
    await eventually(async () => {
      const types = new Set(published.map((p) => p.subject.split('.').pop()));
      return types.has('FacilityCreated') && types.has('FacilityUpdated') && types.has('FacilityDeleted');
    }, 15_000);
    const created = published.find((p) => p.subject.endsWith('.events.directory.FacilityCreated'));
    const body = (created!.data.data ?? created!.data) as Record<string, unknown>;
    expect(body).toMatchObject({ facilityId: expect.any(String), ownerId: expect.any(String), details: { npi: expect.stringMatching(/^\d{10}$/) } });
  });
});
