import { MESSAGES } from '@app/validation';
import type { RegistryResult } from '../../profiles/api/profilesApi';
import { sampleProfile } from '../../profiles/testing/profile.fixture';
import {
  addUser2BodyOf,
  canCreate,
  createErrors,
  EMPTY_CREATE_VALUES,
  prefillFromRegistry,
  unregisteredResults,
  type CreateValues,
} from './createUserForm';
import { addressLine, nameLines, storedProviderId, storeProvider } from './usersGrid';

const registry = (npi: string, userName?: string): RegistryResult =>
  ({
    number: npi,
    enumeration_type: 'NPI-1',
    basic: { first_name: 'JOSEPHINE', middle_name: 'ANN', last_name: 'MULLIGAN', credential: 'NP', organization_name: '' },
    taxonomies: [
      { code: '363LF0000X', desc: 'Nurse Practitioner, Family', primary: false, state: null, license: null },
      { code: '363L00000X', desc: 'Nurse Practitioner', primary: true, state: null, license: null },
    ],
    addresses: [],
    endpoints: [],
    deactivated: false,
    sample: true,
    ...(userName ? { userName } : {}),
  }) as unknown as RegistryResult;

const complete: CreateValues = {
  ...EMPTY_CREATE_VALUES,
  firstName: 'Sam',
  lastName: 'Reed',
  displayName: 'Sam Reed',
  userName: 'sreed',
  street: '12 Harbor Drive',
  city: 'San Diego',
  state: 'ca',
  zip: '92101',
  email: 'sam@example.com',
  mobile: '310-555-0111',
  phone: '619-555-0142',
};
const free = { userName: false, email: false, mobile: false };

describe('create user form', () => {
  it('prefills names, display name, credentials and the first taxonomy as specialty', () => {
    expect(prefillFromRegistry(registry('1000000028'))).toEqual({
      npi: '1000000028',
      firstName: 'Josephine',
      middleName: 'Ann',
      lastName: 'Mulligan',
      displayName: 'Josephine Mulligan',
      credentials: 'NP',
      specialty: 'Nurse Practitioner, Family',
    });
  });

  it('ignores results already registered', () => {
    const results = [registry('1000000010'), registry('1000000028', 'jmulligan'), registry('1000000036')];
    expect(unregisteredResults(results, new Set(['1000000036'])).map((r) => r.number)).toEqual(['1000000010']);
  });

  it('enables Create only when valid and the checks said free', () => {
    expect(canCreate('addUser2', false, complete, free)).toBe(true);
    expect(canCreate('addUser2', false, complete, { ...free, email: null })).toBe(false);
    expect(canCreate('addUser2', false, complete, { ...free, mobile: true })).toBe(false);
    expect(canCreate('addUser2', false, { ...complete, firstName: 'Al' }, free)).toBe(false);
    // A provider needs the NPI (picked from the search), not typed names.
    expect(canCreate('addUser2', true, { ...complete, firstName: '' }, free)).toBe(false);
    expect(canCreate('addUser2', true, { ...complete, firstName: '', npi: '1000000028' }, free)).toBe(true);
    // addUser has no user name (the server suggests one).
    expect(canCreate('addUser', true, { ...complete, userName: '', npi: '1000000028' }, { ...free, userName: null })).toBe(true);
  });

  it('names the broken rules', () => {
    expect(createErrors('addUser2', false, { ...complete, email: 'nope', mobile: '123', phone: '1', displayName: 'x', userName: 'a b' })).toEqual({
      email: MESSAGES.invalidEmail,
      mobile: MESSAGES.invalidMobile,
      phone: MESSAGES.invalidPhone,
      displayName: MESSAGES.invalidDisplayName,
      userName: MESSAGES.invalidUserName,
    });
  });

  it('sends no NPI, credentials or specialty for a non-provider', () => {
    const body = addUser2BodyOf({ ...complete, npi: '1000000028', credentials: 'MD' }, false, 'request-12345');
    expect(body).toMatchObject({ isProvider: false, npi: '', credentials: '', state: 'CA', requestId: 'request-12345' });
  });
});

describe('users grid helpers', () => {
  it('shows Last, First and the NPI, or the id without one', () => {
    expect(nameLines(sampleProfile)).toEqual({ name: 'Doe, Jane', id: 'NPI 1234567893' });
    expect(nameLines({ ...sampleProfile, npi: null })).toEqual({ name: 'Doe, Jane', id: sampleProfile._id });
    expect(addressLine(sampleProfile.mailingAddress)).toBe('100 Main Street, Springfield, IL 62701');
  });

  it('keeps the clicked provider in local storage', () => {
    const store = new Map<string, string>();
    const storage = { setItem: (k: string, v: string) => void store.set(k, v), getItem: (k: string) => store.get(k) ?? null };
    expect(storedProviderId(storage)).toBeNull();
    storeProvider(sampleProfile, storage);
    expect(JSON.parse(store.get('provider')!).email).toBe('jane@example.com');
    expect(storedProviderId(storage)).toBe(sampleProfile._id);
  });
});
