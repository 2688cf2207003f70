import { directory } from '@app/contracts';
import { isValidDisplayName, isValidEmail, isValidState, isValidUserName, isValidUsPhone, LIMITS, MESSAGES, normalizeAccountMobile } from '@app/validation';

/**
 * The field rules of the profile forms (spec §5 "Edit own profile" and "Create user"), the same
 * as the server's (libs/contracts/src/directory/profiles.ts). Each gives the message to show, or
 * null when the value is acceptable.
 */
export type Rule = (value: string) => string | null;

const trimmed = (value: string) => value.trim();

export const displayNameRule: Rule = (v) => (isValidDisplayName(v) ? null : MESSAGES.invalidDisplayName);
export const userNameRule: Rule = (v) => (isValidUserName(trimmed(v)) ? null : MESSAGES.invalidUserName);
export const streetRule: Rule = (v) => (trimmed(v).length > LIMITS.street.minExclusive ? null : directory.INVALID_STREET);
export const cityRule: Rule = (v) => (trimmed(v).length >= LIMITS.city.min ? null : directory.INVALID_CITY);
export const stateRule: Rule = (v) => (isValidState(v) ? null : directory.INVALID_STATE);
export const zipRule: Rule = (v) => (/^\d{5}(-?\d{4})?$/.test(trimmed(v)) ? null : directory.INVALID_ZIP);
export const phoneRule: Rule = (v) => (isValidUsPhone(trimmed(v)) ? null : MESSAGES.invalidPhone);
export const optionalPhoneRule: Rule = (v) => (trimmed(v) === '' ? null : phoneRule(v));
export const emailRule: Rule = (v) => (isValidEmail(trimmed(v)) ? null : MESSAGES.invalidEmail);
/** A valid US mobile (the create drawers; account mobiles may also be Pakistani, not here). */
export const usMobileRule: Rule = (v) => (normalizeAccountMobile(trimmed(v))?.startsWith('+1') ? null : MESSAGES.invalidMobile);
/** First and last name of a non-provider: more than 2 characters. */
export const personNameRule =
  (message: string): Rule =>
  (v) =>
    trimmed(v).length > 2 ? null : message;
export const requiredRule =
  (message: string): Rule =>
  (v) =>
    trimmed(v) ? null : message;

/** A web address: optional; http(s) only, the scheme may be left out. */
export const websiteRule: Rule = (v) => {
  const t = trimmed(v);
  if (!t) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(t) ? t : `https://${t}`);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.') ? null : directory.INVALID_WEBSITE;
  } catch {
    return directory.INVALID_WEBSITE;
  }
};

export type FormErrors<K extends string> = Partial<Record<K, string>>;

/** Runs every rule over the values; the messages of the failing fields. */
export function validate<K extends string>(values: Record<K, string>, rules: Partial<Record<K, Rule>>): FormErrors<K> {
  const errors: FormErrors<K> = {};
  for (const key of Object.keys(rules) as K[]) {
    const message = rules[key]?.(values[key] ?? '');
    if (message) errors[key] = message;
  }
  return errors;
}

/** Phone numbers shown as three-three-four (xxx-xxx-xxxx); anything else as it is. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const digits = value.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? `${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}` : value;
}

/** A maps search link for an address. */
export function mapsLink(parts: ReadonlyArray<string | null | undefined>): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(parts.filter(Boolean).join(' '))}`;
}

/** A website as a link (a scheme added when missing). */
export function websiteHref(value: string): string {
  return /^https?:\/\//i.test(value) ? value : `https://${value}`;
}
