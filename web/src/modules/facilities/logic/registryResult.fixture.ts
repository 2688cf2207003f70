import { withNpiCheckDigit } from '@app/validation';
import type { RegistryResult } from '../types/facility';

/** A valid NPI for the specs. */
export const FIXTURE_NPI = withNpiCheckDigit('123456789');

export function registryAddress(purpose: 'LOCATION' | 'MAILING', overrides: Partial<RegistryResult['addresses'][number]> = {}): RegistryResult['addresses'][number] {
  return {
    address_purpose: purpose,
    address_type: 'DOM',
    address_1: purpose === 'LOCATION' ? '1 Clinic Plaza' : '200 Mail Street',
    address_2: purpose === 'LOCATION' ? '' : 'Suite 4',
    city: purpose === 'LOCATION' ? 'BOSTON' : 'CAMBRIDGE',
    state: 'MA',
    postal_code: purpose === 'LOCATION' ? '02110' : '021391234',
    country_code: 'US',
    telephone_number: purpose === 'LOCATION' ? '6175550100' : '617-555-0111',
    fax_number: purpose === 'LOCATION' ? '' : '6175550199',
    ...overrides,
  };
}

/** A registry result as the gateway answers it (a person, location then mailing address). */
export function registryResult(overrides: Partial<RegistryResult> = {}): RegistryResult {
  return {
    number: FIXTURE_NPI,
    enumeration_type: 'NPI-1',
    basic: {
      first_name: 'JOSÉ',
      middle_name: 'MARIA',
      last_name: "O'NEIL-SMITH",
      organization_name: '',
      credential: 'MD',
      name_prefix: '',
      name_suffix: '',
      sex: 'M',
      enumeration_date: '2010-01-01',
      last_updated: '2020-01-01',
      status: 'A',
      deactivation_date: null,
    },
    taxonomies: [{ code: '207Q00000X', desc: 'Family Medicine', primary: true, state: 'MA', license: 'X1' }],
    addresses: [registryAddress('LOCATION'), registryAddress('MAILING')],
    endpoints: [],
    deactivated: false,
    sample: true,
    ...overrides,
  };
}
