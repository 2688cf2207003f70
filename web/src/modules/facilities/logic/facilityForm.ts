import { INVALID_NPI, isValidCity, isValidEmail, isValidNpi, isValidState, isValidStreet, isValidUsPhone, isValidZip, MESSAGES } from '@app/validation';
import { formatPhone } from '../../format';
import type { Facility, FacilityDraft, FacilityField, FacilityPayload, ProviderListItem, RegistryResult } from '../types/facility';

export const EMPTY_DRAFT: FacilityDraft = {
  npi: '',
  contactPersonFirstName: '',
  contactPersonMiddleName: '',
  contactPersonLastName: '',
  mailingAddressOrgName: '',
  mailingAddressStreet: '',
  mailingAddressSuite: '',
  mailingAddressCity: '',
  mailingAddressState: '',
  mailingAddressZip: '',
  email: '',
  mobile: '',
  phone: '',
  fax: '',
};

/** Messages of the facility form: the server's (libs/contracts directory/facilities), the spec's where it has them. */
export const FACILITY_MESSAGES = {
  npi: INVALID_NPI,
  lastName: 'Invalid Last Name',
  street: 'Invalid Street',
  city: 'Invalid City',
  state: 'Invalid State',
  zip: 'Invalid Zip',
  email: MESSAGES.invalidEmail,
  mobile: MESSAGES.invalidPhone,
  phone: MESSAGES.invalidPhone,
  fax: MESSAGES.invalidPhone,
} as const;

const title = (value: string): string =>
  value
    .toLowerCase()
    .replace(/(^|[\s'-])(\p{L})/gu, (_m, before: string, letter: string) => before + letter.toUpperCase());

/** 'Last, First (NPI)' for a person, 'Organization (NPI)' for an organisation (spec §2). */
export function registryLabel(item: ProviderListItem): string {
  if (item.entityType === 2 || (!item.providerLastName && item.providerOrganizationName)) {
    return `${item.providerOrganizationName} (${item.npi})`;
  }
  return `${item.providerLastName}, ${item.providerFirstName} (${item.npi})`;
}

/** A registry phone (digits only) as xxx-xxx-xxxx, or '' when it is not a valid US number (left for the user to fill). */
function phoneDigits(value: string | undefined): string {
  const text = formatPhone(value ?? '');
  return /^\d{3}-\d{3}-\d{4}$/.test(text) && isValidUsPhone(text) ? text : '';
}

/**
 * The drawer pre-filled from a registry record (spec §3): names, the organisation, the second
 * address (the mailing one; the first when there is only one), its phone and fax, and the first
 * endpoint as the email when it is one; phones that are not valid US numbers are left empty.
 */
export function draftFromRegistry(result: RegistryResult): FacilityDraft {
  const mailing = result.addresses[1] ?? result.addresses[0];
  const location = result.addresses[0];
  const endpoint = result.endpoints[0]?.endpoint ?? '';
  const email = endpoint.replace(/^mailto:/i, '');
  return {
    ...EMPTY_DRAFT,
    npi: result.number,
    contactPersonFirstName: title(result.basic.first_name ?? ''),
    contactPersonMiddleName: title(result.basic.middle_name ?? ''),
    contactPersonLastName: title(result.basic.last_name ?? ''),
    mailingAddressOrgName: result.basic.organization_name ?? '',
    mailingAddressStreet: mailing?.address_1 ?? '',
    mailingAddressSuite: mailing?.address_2 ?? '',
    mailingAddressCity: title(mailing?.city ?? ''),
    mailingAddressState: mailing?.state ?? '',
    mailingAddressZip: mailing?.postal_code ?? '',
    email: isValidEmail(email) ? email : '',
    phone: phoneDigits(mailing?.telephone_number) || phoneDigits(location?.telephone_number),
    fax: phoneDigits(mailing?.fax_number) || phoneDigits(location?.fax_number),
  };
}

/** The drawer filled with a listed facility (Edit Record). */
export function draftFromFacility(facility: Facility): FacilityDraft {
  return {
    npi: facility.npi ?? '',
    contactPersonFirstName: facility.contactPersonFirstName ?? '',
    contactPersonMiddleName: facility.contactPersonMiddleName ?? '',
    contactPersonLastName: facility.contactPersonLastName ?? '',
    mailingAddressOrgName: facility.organizationName ?? '',
    mailingAddressStreet: facility.mailingAddress?.street ?? '',
    mailingAddressSuite: facility.mailingAddress?.suite ?? '',
    mailingAddressCity: facility.mailingAddress?.city ?? '',
    mailingAddressState: facility.mailingAddress?.state ?? '',
    mailingAddressZip: facility.mailingAddress?.zip ?? '',
    email: facility.email ?? '',
    mobile: formatPhone(facility.mobile),
    phone: formatPhone(facility.phone),
    fax: formatPhone(facility.fax),
  };
}

/** The payload sent: every value trimmed, the state in capitals. */
export function payloadOf(draft: FacilityDraft, adminEmail?: string): FacilityPayload {
  const trimmed = Object.fromEntries(Object.entries(draft).map(([key, value]) => [key, value.trim()])) as FacilityDraft;
  return { ...(adminEmail ? { adminEmail } : {}), ...trimmed, mailingAddressState: trimmed.mailingAddressState.toUpperCase() };
}

/**
 * The form's errors by field, as the server checks them: the NPI is required with a valid
 * check digit; a contact last name or an organization name; the mailing address street (over 5
 * characters), city (2+), state (2 letters) and zip (5 or 9 digits); email and phones when given.
 */
export function draftErrors(draft: FacilityDraft): Partial<Record<FacilityField, string>> {
  const errors: Partial<Record<FacilityField, string>> = {};
  const v = payloadOf(draft);
  if (!isValidNpi(v.npi.replace(/[\s-]/g, ''))) errors.npi = FACILITY_MESSAGES.npi;
  if (!v.contactPersonLastName && !v.mailingAddressOrgName) errors.contactPersonLastName = FACILITY_MESSAGES.lastName;
  if (!isValidStreet(v.mailingAddressStreet)) errors.mailingAddressStreet = FACILITY_MESSAGES.street;
  if (!isValidCity(v.mailingAddressCity)) errors.mailingAddressCity = FACILITY_MESSAGES.city;
  if (!isValidState(v.mailingAddressState) || !/^[A-Z]{2}$/.test(v.mailingAddressState)) errors.mailingAddressState = FACILITY_MESSAGES.state;
  if (!isValidZip(v.mailingAddressZip) || !/^\d{5}(-?\d{4})?$/.test(v.mailingAddressZip)) errors.mailingAddressZip = FACILITY_MESSAGES.zip;
  if (v.email && !isValidEmail(v.email)) errors.email = FACILITY_MESSAGES.email;
  if (v.mobile && !isValidUsPhone(v.mobile)) errors.mobile = FACILITY_MESSAGES.mobile;
  if (v.phone && !isValidUsPhone(v.phone)) errors.phone = FACILITY_MESSAGES.phone;
  if (v.fax && !isValidUsPhone(v.fax)) errors.fax = FACILITY_MESSAGES.fax;
  return errors;
}

export function isDraftValid(draft: FacilityDraft): boolean {
  return Object.keys(draftErrors(draft)).length === 0;
}
