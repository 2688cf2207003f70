import { MESSAGES } from '@app/validation';
import { formatPhone } from '../../format/phone';
import type { ProfileView, UpdateUserProfileBody } from '../api/profilesApi';
import {
  cityRule,
  displayNameRule,
  type FormErrors,
  optionalPhoneRule,
  phoneRule,
  type Rule,
  stateRule,
  streetRule,
  userNameRule,
  validate,
  websiteRule,
  zipRule,
} from './profileRules';

/** The fields of the 'Edit User Profile' drawer. */
export type EditProfileValues = {
  displayName: string;
  userName: string;
  organization: string;
  street: string;
  suite: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  fax: string;
  website: string;
  profileDescription: string;
};

export type EditProfileField = keyof EditProfileValues;

export const EDIT_PROFILE_RULES: Partial<Record<EditProfileField, Rule>> = {
  displayName: displayNameRule,
  userName: userNameRule,
  street: streetRule,
  city: cityRule,
  state: stateRule,
  zip: zipRule,
  phone: phoneRule,
  fax: optionalPhoneRule,
  website: websiteRule,
};

/** Opening the drawer copies the profile's current values. */
export function editValuesFrom(profile: ProfileView): EditProfileValues {
  const address = profile.mailingAddress;
  return {
    displayName: profile.displayName ?? '',
    userName: profile.userName,
    organization: profile.organization ?? '',
    street: address.streetAddress1 ?? '',
    suite: address.suite ?? '',
    city: address.city ?? '',
    state: address.state ?? '',
    zip: address.zip ?? '',
    phone: formatPhone(profile.phone),
    fax: formatPhone(profile.fax),
    website: profile.website ?? '',
    profileDescription: profile.profileDescription ?? '',
  };
}

/** The own-profile drawer ('user') or the admin profile's drawer ('admin'), whose display name must be longer than 2 characters (spec 000 §5). */
export type EditProfileVariant = 'user' | 'admin';

const ADMIN_EDIT_PROFILE_RULES = {
  ...EDIT_PROFILE_RULES,
  displayName: (v: string) => (v.trim().length > 2 ? displayNameRule(v) : MESSAGES.invalidDisplayName),
};

export function editProfileErrors(values: EditProfileValues, variant: EditProfileVariant = 'user'): FormErrors<EditProfileField> {
  return validate(values, variant === 'admin' ? ADMIN_EDIT_PROFILE_RULES : EDIT_PROFILE_RULES);
}

/**
 * Whether Save Changes may be pressed: every rule holds and the user name is not taken by
 * someone else (`userNameTaken` true), nor still being checked (null) when it changed.
 */
export function canSaveProfile(values: EditProfileValues, ownUserName: string, userNameTaken: boolean | null, variant: EditProfileVariant = 'user'): boolean {
  if (Object.keys(editProfileErrors(values, variant)).length > 0) return false;
  if (values.userName.trim() === ownUserName) return true;
  return userNameTaken === false;
}

export function updateBodyOf(userId: string, values: EditProfileValues): UpdateUserProfileBody {
  const t = (value: string) => value.trim();
  return {
    userId,
    displayName: t(values.displayName),
    userName: t(values.userName),
    organization: t(values.organization),
    streetAddress: t(values.street),
    suite: t(values.suite),
    city: t(values.city),
    state: t(values.state).toUpperCase(),
    zip: t(values.zip),
    phone: t(values.phone),
    fax: t(values.fax),
    website: t(values.website),
    profileDescription: values.profileDescription.trim(),
  };
}
