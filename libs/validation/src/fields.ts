import { isUsStateCode } from './states';
import { parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';

/**
 * Field rules of the spec (§5 and §9), shared by the web forms and the server. Each check
 * returns true when the value is acceptable. Messages are spelled as the spec spells them.
 */
export const LIMITS = {
  userName: { min: 2, max: 20 },
  displayName: { min: 2, max: 40 },
  password: { min: 8, max: 128 },
  code: { length: 6 },
  street: { minExclusive: 5 },
  city: { min: 2 },
  state: { length: 2 },
  zip: { min: 5 },
  email: { max: 254 },
} as const;

export const MESSAGES = {
  incorrectLogin: 'Incorrect Log In Credentials',
  incorrectCode: 'Incorrect Code',
  emailNotInSystem: 'Email not in system',
  invalidPasswordReset: 'Invalid password',
  invalidPassword: 'Invalid Password',
  passwordMismatchReset: 'Password Does Not Match',
  passwordMismatch: 'Password does not match',
  invalidDisplayName: 'Invalid Display Name',
  invalidUserName: 'Invalid User Name',
  userNameTaken: 'User Name Taken',
  invalidEmail: 'Invalid Email',
  invalidEmailLower: 'Invalid email',
  emailInUse: 'Email already in use',
  accountEmailExists: 'Account with this email already exists',
  invalidMobile: 'Invalid Mobile #',
  invalidMobileLower: 'Invalid mobile #',
  mobileInUse: 'Mobile # already in use',
  accountMobileExists: 'Account with this mobile # already exists',
  invalidPhone: 'Invalid Phone #',
  invalidCode: 'Invalid Code',
  commonPassword: 'This password is too common: choose one that is harder to guess',
} as const;

const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isValidEmail(v: string): boolean {
  return typeof v === 'string' && v.length <= LIMITS.email.max && EMAIL.test(v);
}

export function isValidUserName(v: string): boolean {
  return typeof v === 'string' && v.length >= LIMITS.userName.min && v.length <= LIMITS.userName.max && !/\s/.test(v);
}

export function isValidDisplayName(v: string): boolean {
  const t = typeof v === 'string' ? v.trim() : '';
  return t.length >= LIMITS.displayName.min && t.length <= LIMITS.displayName.max;
}

/** Account password: at least 8 characters, no spaces (spec §5, §9). */
export function isValidPassword(v: string): boolean {
  return typeof v === 'string' && v.length >= LIMITS.password.min && v.length <= LIMITS.password.max && !/\s/.test(v);
}

export function isValidCode(v: string): boolean {
  return typeof v === 'string' && /^\d{6}$/.test(v);
}

function parse(v: string, countries: CountryCode[]) {
  if (typeof v !== 'string' || v.length > 40) return undefined;
  for (const c of countries) {
    const p = parsePhoneNumberFromString(v, c);
    if (p?.isValid() && countries.includes(p.country as CountryCode)) return p;
  }
  return undefined;
}

/** A valid US phone number (spec: en-US). */
export function isValidUsPhone(v: string): boolean {
  return !!parse(v, ['US']);
}

/** Pakistani numbers are recognised by their country code only: +92 or 0092 (spaces allowed after the +). */
const PAKISTAN_PREFIX = /^(?:\+\s*|00)92/;

/**
 * Account mobile (spec: 'Invalid mobile #' otherwise). A number is read as a US number unless
 * it starts with +92 or 0092; a US number must be valid and of type MOBILE or
 * FIXED_LINE_OR_MOBILE (the US numbering plan does not tell mobiles from landlines), a +92
 * number must be a valid Pakistani MOBILE. So a mistyped US number ('(555) 123-4567',
 * '212 555 014') is refused instead of becoming a Pakistani one, and so is a Pakistani
 * landline ('+92 21 12345678'). Uses libphonenumber-js with its full ("max") metadata, which
 * getType() needs.
 */
export function parseAccountMobile(v: string): PhoneNumber | undefined {
  if (typeof v !== 'string' || v.length > 40) return undefined;
  const t = v.trim();
  if (PAKISTAN_PREFIX.test(t)) {
    const p = parsePhoneNumberFromString(t.replace(/^00/, '+'));
    return p?.country === 'PK' && p.isValid() && p.getType() === 'MOBILE' ? p : undefined;
  }
  const p = parsePhoneNumberFromString(t, 'US');
  const type = p?.getType();
  return p?.country === 'US' && p.isValid() && (type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE') ? p : undefined;
}

/** Account mobile: see parseAccountMobile. */
export function isValidAccountMobile(v: string): boolean {
  return !!parseAccountMobile(v);
}

/** An account mobile in E.164 (+12025550123), the form used for storage and uniqueness; undefined when invalid. */
export function normalizeAccountMobile(v: string): string | undefined {
  return parseAccountMobile(v)?.number;
}

/**
 * E.164 form used for storage and uniqueness (+12025550123), or undefined when invalid.
 * Without `countries`, the account-mobile rule (normalizeAccountMobile); with them, any valid
 * number of those countries, tried in order.
 */
export function normalizePhone(v: string, countries?: CountryCode[]): string | undefined {
  return countries ? parse(v, countries)?.number : normalizeAccountMobile(v);
}

/** Last digits of a mobile number, for 'ending in {last digits}'. */
export function lastDigits(v: string, n = 4): string {
  return (v ?? '').replace(/\D/g, '').slice(-n);
}

export const isValidStreet = (v: string) => typeof v === 'string' && v.trim().length > LIMITS.street.minExclusive;
export const isValidCity = (v: string) => typeof v === 'string' && v.trim().length >= LIMITS.city.min;
/** A mailing address's state: a US state, DC, a territory or a military mail code (AA, AE, AP). */
export const isValidState = (v: string) => isUsStateCode(v, { military: true });
export const isValidZip = (v: string) => typeof v === 'string' && v.trim().length >= LIMITS.zip.min;
