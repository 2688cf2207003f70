import { directory } from '@app/contracts';
import type { AddUser2Body, AddUserBody, RegistryResult } from '../../profiles/api/profilesApi';
import {
  cityRule,
  displayNameRule,
  emailRule,
  type FormErrors,
  optionalPhoneRule,
  personNameRule,
  phoneRule,
  type Rule,
  stateRule,
  streetRule,
  usMobileRule,
  userNameRule,
  validate,
  websiteRule,
  zipRule,
} from '../../profiles/logic/profileRules';

/** The two create drawers: 'Create User Profile' (addUser2) and 'Create New Provider Profile' (addUser). */
export type CreateVariant = 'addUser2' | 'addUser';

export const CREATE_TITLES: Record<CreateVariant, { title: string; button: string }> = {
  addUser2: { title: 'Create User Profile', button: 'Create User Profile' },
  addUser: { title: 'Create New Provider Profile', button: 'Add Provider' },
};

export type CreateValues = {
  npi: string;
  firstName: string;
  middleName: string;
  lastName: string;
  credentials: string;
  specialty: string;
  displayName: string;
  userName: string;
  organization: string;
  street: string;
  suite: string;
  city: string;
  state: string;
  zip: string;
  email: string;
  mobile: string;
  phone: string;
  fax: string;
  website: string;
  profileDescription: string;
  avatarImageUrl: string;
  bannerImageUrl: string;
};

export type CreateField = keyof CreateValues;

export const EMPTY_CREATE_VALUES: CreateValues = {
  npi: '',
  firstName: '',
  middleName: '',
  lastName: '',
  credentials: '',
  specialty: '',
  displayName: '',
  userName: '',
  organization: '',
  street: '',
  suite: '',
  city: '',
  state: '',
  zip: '',
  email: '',
  mobile: '',
  phone: '',
  fax: '',
  website: '',
  profileDescription: '',
  avatarImageUrl: '',
  bannerImageUrl: '',
};

const npiRequired: Rule = (v) => (v.trim() ? null : 'Search and pick the provider by NPI');

/** The rules of a drawer (spec §5 "Create user"); names of a non-provider more than 2 characters. */
export function createRules(variant: CreateVariant, isProvider: boolean): Partial<Record<CreateField, Rule>> {
  const address = { street: streetRule, city: cityRule, state: stateRule, zip: zipRule };
  const contact = { email: emailRule, mobile: usMobileRule, phone: phoneRule, fax: optionalPhoneRule };
  if (variant === 'addUser') {
    return {
      npi: npiRequired,
      firstName: personNameRule(directory.INVALID_FIRST_NAME),
      lastName: personNameRule(directory.INVALID_LAST_NAME),
      ...address,
      ...contact,
    };
  }
  return {
    ...(isProvider
      ? { npi: npiRequired }
      : { firstName: personNameRule(directory.INVALID_FIRST_NAME), lastName: personNameRule(directory.INVALID_LAST_NAME) }),
    displayName: displayNameRule,
    userName: userNameRule,
    ...address,
    ...contact,
    website: websiteRule,
  };
}

export function createErrors(variant: CreateVariant, isProvider: boolean, values: CreateValues): FormErrors<CreateField> {
  return validate(values, createRules(variant, isProvider));
}

/** Answers of the duplicate checks: true taken, false free, null not known yet. */
export type DuplicateAnswers = { userName: boolean | null; email: boolean | null; mobile: boolean | null };

/** The create button is enabled only when every rule holds and the checks said free. */
export function canCreate(variant: CreateVariant, isProvider: boolean, values: CreateValues, duplicates: DuplicateAnswers): boolean {
  if (Object.keys(createErrors(variant, isProvider, values)).length > 0) return false;
  if (variant === 'addUser2' && duplicates.userName !== false) return false;
  return duplicates.email === false && duplicates.mobile === false;
}

/** What picking a registry result fills in: NPI, names, display name, credentials and specialty (the first taxonomy). */
export function prefillFromRegistry(result: RegistryResult): Partial<CreateValues> {
  const b = result.basic;
  const title = (v: string) => v.toLowerCase().replace(/(^|[\s'-])\p{L}/gu, (m) => m.toUpperCase());
  const firstName = title(b.first_name ?? '');
  const lastName = title(b.last_name ?? '');
  const displayName = `${firstName} ${lastName}`.trim().slice(0, 40);
  return {
    npi: result.number,
    firstName,
    middleName: title(b.middle_name ?? ''),
    lastName,
    displayName,
    credentials: b.credential ?? '',
    specialty: result.taxonomies[0]?.desc ?? '',
  };
}

/** Registry results not yet registered in the product (a result with a user name, or a registered NPI, is ignored). */
export function unregisteredResults(results: readonly RegistryResult[], registeredNpis: ReadonlySet<string>): RegistryResult[] {
  return results.filter((r) => !r.userName && !registeredNpis.has(r.number));
}

const t = (v: string) => v.trim();

export function addUser2BodyOf(values: CreateValues, isProvider: boolean, requestId: string): AddUser2Body {
  return {
    requestId,
    isProvider,
    npi: isProvider ? t(values.npi) : '',
    firstName: t(values.firstName),
    middleName: t(values.middleName),
    lastName: t(values.lastName),
    displayName: t(values.displayName),
    userName: t(values.userName),
    streetAddress: t(values.street),
    suite: t(values.suite),
    city: t(values.city),
    state: t(values.state).toUpperCase(),
    zip: t(values.zip),
    email: t(values.email),
    mobile: t(values.mobile),
    phone: t(values.phone),
    fax: t(values.fax),
    website: t(values.website),
    profileDescription: values.profileDescription.trim(),
    avatarImageUrl: values.avatarImageUrl,
    bannerImageUrl: values.bannerImageUrl,
    credentials: isProvider ? t(values.credentials) : '',
    specialty: isProvider ? t(values.specialty) : '',
  };
}

export function addUserBodyOf(values: CreateValues, requestId: string): AddUserBody {
  return {
    requestId,
    npi: t(values.npi),
    firstName: t(values.firstName),
    middleName: t(values.middleName),
    lastName: t(values.lastName),
    mailingAddressOrgName: t(values.organization),
    mailingAddressStreet: t(values.street),
    mailingAddressSuite: t(values.suite),
    mailingAddressCity: t(values.city),
    mailingAddressState: t(values.state).toUpperCase(),
    mailingAddressZip: t(values.zip),
    email: t(values.email),
    mobile: t(values.mobile),
    phone: t(values.phone),
    fax: t(values.fax),
  };
}
