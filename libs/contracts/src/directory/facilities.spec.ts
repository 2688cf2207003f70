import { AddFacilityRequest, AllFacilitiesRequest, FacilityIdRequest, UpdateFacilityRequest } from './facilities';

const good = {
  adminEmail: 'someone-else@example.com',
  npi: '1000000038',
  contactPersonFirstName: 'Jane',
  contactPersonLastName: 'Doe',
  mailingAddressOrgName: 'Acme Family Health, PLLC',
  mailingAddressStreet: '100 Congress Ave',
  mailingAddressCity: 'Austin',
  mailingAddressState: 'tx',
  mailingAddressZip: '78701',
  email: 'Front.Desk@Acme.example',
  phone: '512-555-0134',
};

function failure(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, input: unknown) {
  const r = schema.safeParse(input);
  if (r.success) throw new Error(`expected a failure for ${JSON.stringify(input)}`);
  const issue = r.error!.issues[0];
  return { field: issue.path.join('.'), message: issue.message };
}

describe('AddFacilityRequest', () => {
  it('reads the facility create payload, normalising state, email and phones', () => {
    const v = AddFacilityRequest.parse(good);
    expect(v).toMatchObject({
      npi: '1000000038',
      entityTypeCode: null,
      contactPersonFirstName: 'Jane',
      contactPersonMiddleName: null,
      mailingAddressState: 'TX',
      email: 'front.desk@acme.example',
      phone: '+15125550134',
      mobile: null,
      fax: null,
    });
  });

  it('requires a check-digit valid NPI', () => {
    expect(failure(AddFacilityRequest, { ...good, npi: undefined })).toEqual({ field: 'npi', message: 'Invalid NPI' });
    expect(failure(AddFacilityRequest, { ...good, npi: '1000000039' })).toEqual({ field: 'npi', message: 'Invalid NPI' });
    expect(failure(AddFacilityRequest, { ...good, npi: "1' OR 1=1 --" })).toEqual({ field: 'npi', message: 'Invalid NPI' });
    expect(AddFacilityRequest.parse({ ...good, npi: 1000000038 }).npi).toBe('1000000038');
  });

  it('applies the address and phone rules, naming the field', () => {
    expect(failure(AddFacilityRequest, { ...good, mailingAddressStreet: '1 Rd' })).toEqual({ field: 'mailingAddressStreet', message: 'Invalid Street' });
    expect(failure(AddFacilityRequest, { ...good, mailingAddressState: 'Texas' })).toEqual({ field: 'mailingAddressState', message: 'Invalid State' });
    expect(failure(AddFacilityRequest, { ...good, mailingAddressZip: '787' })).toEqual({ field: 'mailingAddressZip', message: 'Invalid Zip' });
    expect(failure(AddFacilityRequest, { ...good, phone: '123' })).toEqual({ field: 'phone', message: 'Invalid Phone #' });
    expect(failure(AddFacilityRequest, { ...good, mobile: 'x'.repeat(10_000) })).toMatchObject({ field: 'mobile' });
    expect(failure(AddFacilityRequest, { ...good, email: 'nope' })).toEqual({ field: 'email', message: 'Invalid Email' });
    expect(failure(AddFacilityRequest, { ...good, entityTypeCode: '3' }).field).toBe('entityTypeCode');
  });

  it('needs a last name or an organization name', () => {
    expect(failure(AddFacilityRequest, { ...good, contactPersonLastName: '', mailingAddressOrgName: '' })).toEqual({
      field: 'contactPersonLastName',
      message: 'Invalid Last Name',
    });
    expect(AddFacilityRequest.parse({ ...good, contactPersonLastName: '' }).mailingAddressOrgName).toBe('Acme Family Health, PLLC');
  });
});

describe('UpdateFacilityRequest and FacilityIdRequest', () => {
  it('name the facility id', () => {
    expect(failure(UpdateFacilityRequest, { ...good, facilityId: 'x' })).toEqual({ field: 'facilityId', message: 'facilityId must be a facility id' });
    expect(FacilityIdRequest.parse({ _id: '2b0f4a52-6a9b-4c51-9d7e-2e1b1b6f9b11' })).toEqual({ facilityId: '2b0f4a52-6a9b-4c51-9d7e-2e1b1b6f9b11' });
    expect(failure(FacilityIdRequest, {})).toEqual({ field: 'facilityId', message: 'facilityId must be a facility id' });
  });
});

describe('AllFacilitiesRequest', () => {
  it('is the grid contract, adminEmail accepted and dropped', () => {
    expect(AllFacilitiesRequest.parse({ adminEmail: 'x@y.z', skip: '10', filters: '{"entityTypeCode":{"filterType":"exactMatch","value":"2"}}' })).toEqual({
      skip: 10,
      limit: 10,
      filters: { entityTypeCode: { filterType: 'exactMatch', value: '2' } },
      sorting: {},
    });
  });
});
