import type { Facility, ProviderListItem, RegistryResult } from '../types/facility';
import { draftErrors, draftFromFacility, draftFromRegistry, EMPTY_DRAFT, FACILITY_MESSAGES, isDraftValid, payloadOf, registryLabel } from './facilityForm';
import { FIXTURE_NPI, registryAddress, registryResult } from './registryResult.fixture';

const NPI = FIXTURE_NPI;
const address = registryAddress;

describe('registryLabel', () => {
  const item: ProviderListItem = {
    npi: NPI,
    providerLastName: 'SMITH',
    providerFirstName: 'ANNA',
    providerMiddleName: '',
    providerOrganizationName: '',
    credential: 'MD',
    entityType: 1,
    city: 'BOSTON',
    state: 'MA',
    specialty: 'Family Medicine',
    sample: true,
  };

  it("shows a person as 'Last, First (NPI)'", () => {
    expect(registryLabel(item)).toBe(`SMITH, ANNA (${NPI})`);
  });

  it("shows an organisation as 'Name (NPI)'", () => {
    expect(registryLabel({ ...item, providerLastName: '', providerFirstName: '', providerOrganizationName: 'ACME HEALTH LLC', entityType: 2 })).toBe(
      `ACME HEALTH LLC (${NPI})`,
    );
  });
});

describe('draftFromRegistry', () => {
  it('pre-fills names, the second (mailing) address with its phone and fax, and the NPI', () => {
    expect(draftFromRegistry(registryResult())).toEqual({
      ...EMPTY_DRAFT,
      npi: NPI,
      contactPersonFirstName: 'José',
      contactPersonMiddleName: 'Maria',
      contactPersonLastName: "O'Neil-Smith",
      mailingAddressStreet: '200 Mail Street',
      mailingAddressSuite: 'Suite 4',
      mailingAddressCity: 'Cambridge',
      mailingAddressState: 'MA',
      mailingAddressZip: '021391234',
      phone: '617-555-0111',
      fax: '617-555-0199',
    });
  });

  it('takes the first endpoint as the email when it is an address, and the location when there is no mailing address', () => {
    const endpoint = { ...({} as RegistryResult['endpoints'][number]), endpoint: 'mailto:front.desk@clinic.example' };
    const draft = draftFromRegistry(registryResult({ addresses: [address('LOCATION')], endpoints: [endpoint] }));
    expect(draft.email).toBe('front.desk@clinic.example');
    expect(draft.mailingAddressStreet).toBe('1 Clinic Plaza');
    expect(draft.phone).toBe('617-555-0100');
    expect(draft.fax).toBe('');
    const direct = draftFromRegistry(registryResult({ endpoints: [{ ...endpoint, endpoint: 'https://fhir.example/r4' }] }));
    expect(direct.email).toBe('');
  });

  it('leaves out registry phones that are not valid US numbers', () => {
    const draft = draftFromRegistry(registryResult({ addresses: [registryAddress('LOCATION'), registryAddress('MAILING', { telephone_number: '9443280071', fax_number: '12' })] }));
    expect(draft.phone).toBe('617-555-0100');
    expect(draft.fax).toBe('');
  });

  it('keeps an organisation name', () => {
    const org = registryResult({ enumeration_type: 'NPI-2', basic: { ...registryResult().basic, first_name: '', middle_name: '', last_name: '', organization_name: 'ACME HEALTH LLC' } });
    expect(draftFromRegistry(org).mailingAddressOrgName).toBe('ACME HEALTH LLC');
  });
});

describe('draftErrors', () => {
  const valid = draftFromRegistry(registryResult());

  it('accepts a complete registry pre-fill', () => {
    expect(draftErrors(valid)).toEqual({});
    expect(isDraftValid(valid)).toBe(true);
  });

  it("refuses a missing or wrong-check-digit NPI with 'Invalid NPI'", () => {
    expect(draftErrors({ ...valid, npi: '' }).npi).toBe('Invalid NPI');
    const wrong = NPI.slice(0, 9) + String((Number(NPI[9]) + 1) % 10);
    expect(draftErrors({ ...valid, npi: wrong }).npi).toBe(FACILITY_MESSAGES.npi);
  });

  it('needs a last name or an organization name', () => {
    expect(draftErrors({ ...valid, contactPersonLastName: ' ' }).contactPersonLastName).toBe('Invalid Last Name');
    expect(draftErrors({ ...valid, contactPersonLastName: '', mailingAddressOrgName: 'Acme' })).toEqual({});
  });

  it('checks the address as the spec says: street over 5, city 2+, state 2 letters, zip 5 or 9 digits', () => {
    const errors = draftErrors({ ...valid, mailingAddressStreet: '1 Ma', mailingAddressCity: 'B', mailingAddressState: 'M1', mailingAddressZip: '0213' });
    expect(errors).toEqual({
      mailingAddressStreet: 'Invalid Street',
      mailingAddressCity: 'Invalid City',
      mailingAddressState: 'Invalid State',
      mailingAddressZip: 'Invalid Zip',
    });
    expect(draftErrors({ ...valid, mailingAddressState: 'ma', mailingAddressZip: '02139-1234' })).toEqual({});
  });

  it('checks email and phones only when given', () => {
    expect(draftErrors({ ...valid, email: 'nope', mobile: '555', phone: '12', fax: 'x' })).toEqual({
      email: 'Invalid Email',
      mobile: 'Invalid Phone #',
      phone: 'Invalid Phone #',
      fax: 'Invalid Phone #',
    });
    expect(draftErrors({ ...valid, email: '', mobile: '', phone: '', fax: '' })).toEqual({});
  });
});

describe('payloadOf and draftFromFacility', () => {
  it('trims every value and capitalises the state', () => {
    const payload = payloadOf({ ...EMPTY_DRAFT, npi: ` ${NPI} `, mailingAddressState: 'ma', contactPersonLastName: ' Smith ' });
    expect(payload.npi).toBe(NPI);
    expect(payload.mailingAddressState).toBe('MA');
    expect(payload.contactPersonLastName).toBe('Smith');
    expect(payload).not.toHaveProperty('adminEmail');
  });

  it('fills the edit form from a listed facility, phones as xxx-xxx-xxxx', () => {
    const facility: Facility = {
      _id: '0b5a7f1e-8d1c-4f7e-9d55-4d2f1d1c0a01',
      npi: NPI,
      entityTypeCode: '1',
      contactPersonFirstName: 'Anna',
      contactPersonMiddleName: null,
      contactPersonLastName: 'Smith',
      organizationName: null,
      mailingAddress: { street: '200 Mail Street', suite: null, city: 'Cambridge', state: 'MA', zip: '02139' },
      mobile: '+16175550123',
      phone: null,
      fax: '+16175550199',
      email: 'anna@clinic.example',
      adminEmail: 'admin@credentialing.local',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(draftFromFacility(facility)).toEqual({
      ...EMPTY_DRAFT,
      npi: NPI,
      contactPersonFirstName: 'Anna',
      contactPersonLastName: 'Smith',
      mailingAddressStreet: '200 Mail Street',
      mailingAddressCity: 'Cambridge',
      mailingAddressState: 'MA',
      mailingAddressZip: '02139',
      email: 'anna@clinic.example',
      mobile: '617-555-0123',
      fax: '617-555-0199',
    });
  });
});
